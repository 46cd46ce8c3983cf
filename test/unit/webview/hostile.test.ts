// The hostile payload matrix through the compare and template pages: the
// shell with the CSP and its nonce, one script and no data; the content sent
// without control characters; and never the value of docker_passwd.
import * as assert from 'node:assert/strict';
import type { Json, Template } from '../../../src/api/types';
import { compareShell, freshColumns, compareContent } from '../../../src/webview/compare/content';
import { templateShell, templateContent } from '../../../src/webview/template/content';
import { machineRecord, templateRecord } from '../../support/records';
import { HOSTILE } from '../../support/hostile';

const BIDI_OR_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const MACHINE_STRINGS = ['gpu_name', 'cpu_name', 'region', 'node_name', 'driver_version', 'cuda_version'] as const;
const TEMPLATE_STRINGS = ['name', 'description', 'image_name', 'image_tag', 'image_label', 'docker_username', 'docker_registry', 'public_port', 'onstart'] as const;
const PASSWORD = 'pw-<script>-SECRET-9931';
const CSP = "default-src 'none'; style-src https://webview.test; script-src 'nonce-N0NCE'; img-src https://webview.test; font-src https://webview.test";

const base = { nonce: 'N0NCE', cspSource: 'https://webview.test', scriptUri: 'https://webview.test/x.js' };

function assertInert(html: string): void {
  assert.deepEqual(html.match(/<script[^>]*>/g), ['<script nonce="N0NCE" src="https://webview.test/x.js">']);
  assert.ok(html.includes(`content="${CSP.replace(/'/g, '&#39;')}"`), 'the CSP with the nonce');
  assert.ok(!/<img|<a |<\/style>|<style|javascript:alert\(1\)">/i.test(html.replace(/&lt;|&gt;|&quot;/g, '')), 'markup from data in the page');
  assert.ok(!BIDI_OR_CONTROL.test(html.replace(/\n/g, '')), 'control or bidi characters in the page');
}

/** The template page: its shell (the same for every template) and the content it is sent, as JSON. */
function templatePage(template: Template): string {
  return `${templateShell({ ...base, styleUris: ['https://webview.test/d.css', 'https://webview.test/t.css'] })}\n${JSON.stringify(templateContent({ template }))}`;
}

describe('hostile data in the compare and template pages', () => {
  for (const [name, payload] of Object.entries(HOSTILE)) {
    for (const field of MACHINE_STRINGS) {
      it(`compare page: "${name}" in machine.${field}`, () => {
        const machines = [machineRecord({ [field]: payload }), machineRecord(), machineRecord({ price: '0.10' })];
        const html = compareShell({ ...base, styleUris: ['https://webview.test/c.css'] });
        assertInert(html);
        const content = compareContent({ columns: freshColumns(machines) });
        for (const text of [...content.columns.flatMap((c) => [c.title, c.nodeId]), ...content.rows.flatMap((r) => r.cells.map((c) => c.text))]) {
          assert.ok(!BIDI_OR_CONTROL.test(text.replace(/\n/g, '')), 'content is sent without control characters');
        }
      });
    }
    for (const field of TEMPLATE_STRINGS) {
      it(`template page: "${name}" in template.${field}, with a password set`, () => {
        const template = templateRecord({ [field]: payload, docker_passwd: PASSWORD });
        const html = templateShell({ ...base, styleUris: ['https://webview.test/d.css', 'https://webview.test/t.css'] });
        assertInert(html);
        assert.ok(!templatePage(template).includes('SECRET-9931'), 'no docker_passwd value in the page');
        for (const row of templateContent({ template }).rows) {
          assert.ok(!BIDI_OR_CONTROL.test(row.value.replace(/\n/g, '')), `content is sent without control characters: ${row.field}`);
        }
        assert.ok(!JSON.stringify(templateContent({ template })).includes('SECRET-9931'), 'nor in its content messages');
      });
    }
  }

  it('template page: docker_passwd is only "set" / "not set", whatever it holds', () => {
    const values: Json[] = [PASSWORD, { password: PASSWORD }, [PASSWORD], 12345, true];
    for (const value of values) {
      const template = templateRecord({ docker_passwd: value });
      const row = templateContent({ template }).rows.find((r) => r.field === 'docker_passwd')!;
      assert.equal(row.value, 'set');
      const html = templatePage(template);
      assert.ok(!html.includes('SECRET-9931') && !html.includes('12345'), JSON.stringify(value));
    }
    for (const value of [null, '']) {
      assert.equal(templateContent({ template: templateRecord({ docker_passwd: value }) }).rows.find((r) => r.field === 'docker_passwd')!.value, 'not set');
    }
  });

  it('template page: onstart as a block of text, options as formatted JSON, public_port as is, the default marked', () => {
    const template = templateRecord({ onstart: 'echo "<b>hi</b>"\npip install x', options: { env: ['A=1'], gpu: true }, public_port: '8888/tcp' });
    const rows = Object.fromEntries(templateContent({ template }).rows.map((r) => [r.field, r]));
    assert.deepEqual([rows.onstart.kind, rows.onstart.value], ['code', 'echo "<b>hi</b>"\npip install x']);
    assert.deepEqual([rows.options.kind, rows.options.value], ['json', '{\n  "env": [\n    "A=1"\n  ],\n  "gpu": true\n}']);
    assert.deepEqual([rows.public_port.kind, rows.public_port.value], ['text', '8888/tcp']);
    assert.equal(templateContent({ template: templateRecord({ public_port: 22 }) }).rows.find((r) => r.field === 'public_port')!.value, '22');
    // The shell holds no value: onstart reaches the page only in the content, as text for textContent.
    assert.ok(!templateShell({ ...base, styleUris: [] }).includes('echo'));
    assert.equal(templateContent({ template }).badge, '');
    assert.equal(templateContent({ template: templateRecord({ id: 0, image_type: 0 }) }).badge, 'Platform default template');
  });
});
