// The template details page (src/webview/template/content.ts): what it says
// of a template (title, the default badge, the image reference, every field
// with the password as "set" or "not set"), of a template gone from the list
// or a failed refresh, and of a panel brought back before its list is loaded.
import * as assert from 'node:assert/strict';
import { templateContent, templateShell, templateWithoutTemplate } from '../../../src/webview/template/content';
import { templateRecord } from '../../support/records';

const FETCHED = new Date(2026, 10, 23, 14, 2, 11);

describe('template page', () => {
  it('titles the template, gives its image reference and every field, the password only as set or not', () => {
    const template = templateRecord({ id: 7, name: 'PyTorch 2.4', image_name: 'pytorch/pytorch', image_tag: '2.4', docker_passwd: 'hunter2', image_type: 1 });
    const content = templateContent({ template, fetchedAt: FETCHED });
    assert.equal(content.title, 'PyTorch 2.4');
    assert.equal(content.badge, '', 'not the platform default');
    assert.equal(content.reference, 'pytorch/pytorch:2.4');
    assert.equal(content.notice, '');
    assert.equal(content.asOf, 'Data as of 14:02:11');
    const row = (field: string) => content.rows.find((r) => r.field === field)!;
    assert.equal(row('docker_passwd').value, 'set');
    assert.ok(!JSON.stringify(content).includes('hunter2'), 'the password never reaches the page');
    assert.equal(row('id').value, '7');
    assert.equal(templateContent({ template: templateRecord({ docker_passwd: '' }) }).rows.find((r) => r.field === 'docker_passwd')!.value, 'not set');
    assert.equal(templateContent({ template }).asOf, '', 'no time when the list has none');
  });

  it('marks the platform default template', () => {
    const content = templateContent({ template: templateRecord({ id: 0, image_type: 0, name: 'Default' }) });
    assert.equal(content.badge, 'Platform default template');
  });

  it('drops control characters from every value and the image reference, keeping the lines of a script', () => {
    const template = templateRecord({ onstart: 'apt-get update\n\u001b[31mpip install torch\u0007', name: 'Py\u0000Torch', image_name: 'img\u001b', image_tag: 'tag' });
    const content = templateContent({ template });
    const onstart = content.rows.find((r) => r.field === 'onstart')!;
    assert.equal(onstart.kind, 'code');
    assert.equal(onstart.value.split('\n').length, 2, onstart.value);
    assert.ok(!/[\u0000-\u0009\u000b-\u001f]/.test(onstart.value), JSON.stringify(onstart.value));
    assert.ok(onstart.value.startsWith('apt-get update\n') && onstart.value.includes('pip install torch'), onstart.value);
    const name = content.rows.find((r) => r.field === 'name')!;
    assert.ok(!/[\u0000-\u001f]/.test(name.value), JSON.stringify(name.value));
    assert.ok(!/[\u0000-\u001f]/.test(content.reference), JSON.stringify(content.reference));
  });

  it('says when the template is gone from the list, or the last refresh failed; gone wins', () => {
    const template = templateRecord();
    assert.equal(templateContent({ template, missing: true }).notice, 'This template is no longer in the list of image templates. The values below are the last ones seen.');
    assert.equal(templateContent({ template, stale: true }).notice, 'The last refresh failed: these values may be out of date.');
    assert.equal(templateContent({ template, missing: true, stale: true }).notice, templateContent({ template, missing: true }).notice);
  });

  it('a panel brought back before its template is known: its ID, and whether the list is loading or lacks it', () => {
    assert.deepEqual(templateWithoutTemplate(12, false), { title: 'Template 12', badge: '', reference: '', rows: [], notice: 'Waiting for the list of image templates…', asOf: '' });
    assert.equal(templateWithoutTemplate(12, true).notice, 'This template is not in the list of image templates.');
  });

  it('has one labelled row per field, the copy buttons, the notice and time lines and the title "Template details"', () => {
    const html = templateShell({ nonce: 'n0nce', cspSource: 'https://webview.test', styleUris: ['https://webview.test/t.css'], scriptUri: 'https://webview.test/t.js' });
    assert.match(html, /<title>Template details<\/title>/);
    assert.match(html, /<th scope="row">Registry password <code class="field">docker_passwd<\/code><\/th><td><div data-field="docker_passwd" class="value kind-text"><\/div><\/td>/);
    assert.equal((html.match(/<th scope="row">/g) ?? []).length, 13);
    assert.match(html, /<button id="copy-image-reference" type="button">Copy Image Reference<\/button>/);
    assert.match(html, /<button id="copy-template-json" type="button" class="secondary">Copy as JSON<\/button>/);
    // The places the page script (template/page.ts, dom.ts' setFrame) writes into, empty and hidden until it does.
    assert.match(html, /<p id="notice" class="notice" role="status" hidden><\/p>/);
    assert.match(html, /<p id="as-of" class="meta" hidden><\/p>/);
    assert.match(html, /<table>\s*<caption>Template details<\/caption>/);
  });
});
