// The hostile payload matrix through the compare and template pages: every
// value escaped, the CSP with its nonce, one script, and never the value of
// docker_passwd.
import * as assert from 'node:assert/strict';
import type { Json, Template } from '../../../src/api/types';
import { renderCompareHtml, freshColumns, compareContent } from '../../../src/webview/compareHtml';
import { renderTemplateHtml, templateContent } from '../../../src/webview/templateHtml';
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

function templatePage(template: Template): string {
  return renderTemplateHtml({ ...base, template, styleUris: ['https://webview.test/d.css', 'https://webview.test/t.css'] });
}

describe('hostile data in the compare and template pages', () => {
  for (const [name, payload] of Object.entries(HOSTILE)) {
    for (const field of MACHINE_STRINGS) {
      it(`compare page: "${name}" in machine.${field}`, () => {
        const machines = [machineRecord({ [field]: payload }), machineRecord(), machineRecord({ price: '0.10' })];
        const html = renderCompareHtml({ ...base, styleUri: 'https://webview.test/c.css', columns: freshColumns(machines) });
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
        const html = templatePage(template);
        assertInert(html);
        assert.ok(!html.includes('SECRET-9931'), 'no docker_passwd value in the page');
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
    const html = templatePage(template);
    assert.ok(html.includes('echo &quot;&lt;b&gt;hi&lt;/b&gt;&quot;\npip install x'));
    assert.equal(templateContent({ template }).badge, '');
    assert.equal(templateContent({ template: templateRecord({ id: 0, image_type: 0 }) }).badge, 'Platform default template');
  });
});
