// Templates (grouping, filtering, secrets masked), escaping of what the service sends, and the
// details page's HTML.
import * as assert from 'node:assert/strict';
import { DEMO_TEMPLATES } from '../../../dev/demo/fixtures';
import { escapeHtml, escapeMarkdownCell, noIcons, oneLine, stripControls } from '../../../src/model/escape';
import { MASK, isSecretField, maskedTemplate } from '../../../src/model/secrets';
import { filterTemplates, groupByImageType, isDefaultTemplate, templateImage, templatePublicRows } from '../../../src/model/templates';
import { renderDetailsHtml } from '../../../src/webview/detailsHtml';
import { parseWebviewRequest } from '../../../src/webview/protocol';
import { machineRecord, templateRecord } from '../../support/records';

describe('templates model', () => {

  it('orders a group default first, then by name naturally, then by id; labels fields for tooltips', () => {
    const [group] = groupByImageType([templateRecord({ id: 9, image_type: 0, name: 'b' }), templateRecord({ id: 8, image_type: 0, name: 'B' }), templateRecord({ id: 7, image_type: 0, name: 'a10' }), templateRecord({ id: 6, image_type: 0, name: 'a9' }), DEMO_TEMPLATES[0], templateRecord({ id: 5, image_type: 0, name: 'b' })]);
    assert.deepEqual(group.templates.map((x) => x.id), [0, 6, 7, 8, 5, 9]);
    assert.equal(group.imageType, 0);
    assert.ok(isDefaultTemplate(DEMO_TEMPLATES[0]));
    assert.ok(!isDefaultTemplate(templateRecord({ id: 0, image_type: 1 })) && !isDefaultTemplate(templateRecord({ id: 1, image_type: 0 })));
    const rows = templatePublicRows(templateRecord({ id: 42, public_port: null, options: { a: 1 }, name: 'n' }));
    assert.deepEqual(rows.map((r) => r.field), ['name', 'description', 'image_name', 'image_tag', 'image_label', 'docker_username', 'docker_registry', 'public_port', 'onstart', 'options', 'image_type', 'id']);
    const value = (field: string) => rows.find((r) => r.field === field)?.value;
    assert.equal(value('id'), '42');
    assert.equal(value('public_port'), '—');
    assert.equal(value('options'), '{"a":1}');
    assert.equal(value('name'), 'n');
  });

  it('groups by image type in ascending order, the platform default first', () => {
    const groups = groupByImageType([templateRecord({ id: 3, image_type: 2, name: 'b' }), templateRecord({ id: 1, image_type: 0, name: 'a' }), DEMO_TEMPLATES[0], templateRecord({ id: 2, image_type: 2, name: 'a' })]);
    assert.deepEqual(groups.map((g) => g.label), ['Type 0', 'Type 2']);
    assert.equal(groups[0].templates[0].id, 0);
    assert.deepEqual(groups[1].templates.map((x) => x.id), [2, 3]);
  });

  it('filters by every word in name, image and label, ignoring case and _ versus space', () => {
    const torch = templateRecord({ name: 'PyTorch_2 Lab', image_name: 'pytorch/pytorch', image_tag: '2.4.0', image_label: 'ML', description: 'secret sauce' });
    const tf = templateRecord({ name: 'TensorFlow', image_name: 'tensorflow/tensorflow', image_tag: '', image_label: 'ml' });
    const list = [torch, tf];
    assert.deepEqual(filterTemplates(list, 'pytorch 2'), [torch]);
    assert.deepEqual(filterTemplates(list, '  ML  '), [torch, tf]);
    assert.deepEqual(filterTemplates(list, 'pytorch:2.4.0'), [torch]);
    assert.deepEqual(filterTemplates(list, 'PYTORCH_2 lab'), [torch]);
    assert.deepEqual(filterTemplates(list, 'pytorch tensorflow'), []);
    assert.deepEqual(filterTemplates(list, 'sauce'), [], 'the description is not searched');
    assert.deepEqual(filterTemplates(list, 'pt'), [], 'a word matches as a whole, not letter by letter');
    const all = filterTemplates(list, ' _ ');
    assert.deepEqual(all, list);
    assert.notEqual(all, list, 'a new array, so the caller may sort it');
    assert.equal(templateImage(tf), 'tensorflow/tensorflow');
    assert.equal(templateImage(torch), 'pytorch/pytorch:2.4.0');
  });

  it('never exposes docker_passwd in tooltip rows or copied JSON', () => {
    const custom = templateRecord({ docker_passwd: 'hunter2', docker_username: 'me' });
    const rows = templatePublicRows(custom);
    assert.ok(!rows.some((r) => r.field === 'docker_passwd'));
    assert.ok(!JSON.stringify(rows).includes('hunter2'));
    assert.equal(maskedTemplate(custom).docker_passwd, MASK);
    assert.equal(MASK, '••••');
    assert.equal(maskedTemplate(templateRecord({ docker_passwd: null })).docker_passwd, null);
    assert.ok(isSecretField('api_token') && isSecretField('docker_passwd') && !isSecretField('docker_username'));
    for (const name of ['Password', 'client_secret', 'apiKey', 'api-key', 'api_key', 'private_key', 'credentials', 'TOKEN']) {
      assert.ok(isSecretField(name), name);
    }
    for (const name of ['image_name', 'public_port', 'options', 'api', 'key']) {
      assert.ok(!isSecretField(name), name);
    }
    assert.deepEqual(maskedTemplate(custom), { ...custom, docker_passwd: MASK });
  });
});

describe('escaping', () => {
  it('escapes HTML', () => {
    assert.equal(escapeHtml(`<img src=x onerror="a('b')">&`), '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
  });

  it('escapes Markdown so data can neither link nor break a table', () => {
    const cell = escapeMarkdownCell('[click](command:evil) | *b*\n<b>x</b>');
    assert.ok(!/(^|[^\\])[[\]()|*<>]/.test(cell), cell);
    assert.ok(!cell.includes('\n'));
  });

  // Exact outputs: a check that bad text is absent also passes for an escaper that deletes everything.
  it('keeps every visible character, escaped', () => {
    assert.equal(
      escapeMarkdownCell('[click me](javascript:alert(1)) <a href="javascript:alert(1)">x</a>'),
      '\\[click me\\]\\(javascript\\:alert\\(1\\)\\) \\<a href="javascript\\:alert\\(1\\)"\\>x\\</a\\>',
    );
    assert.equal(escapeMarkdownCell('# Title\n**bold** | `code` ~x~ {a} +-!&_'), '\\# Title \\*\\*bold\\*\\* \\| \\`code\\` \\~x\\~ \\{a\\} \\+\\-\\!\\&\\_');
    assert.equal(escapeMarkdownCell('a\\b  \n  c'), 'a\\\\b c');
    assert.equal(escapeMarkdownCell('plain text 42'), 'plain text 42');
  });

  it('makes one readable line of hostile text', () => {
    assert.equal(oneLine('a\u0000b\u0007c\u001bd\r\ne\u007ff'), 'abcd ef');
    assert.equal(oneLine('safe\u202Egnp.exe\u202C \u2066x\u2069'), 'safe' + 'gnp.exe x');
    assert.equal(oneLine('  one\n\n two \u2028three  '), 'one two three');
    assert.equal(oneLine('abc', 3), 'abc');
    assert.equal(oneLine('abcd', 3), 'ab…');
    assert.equal(oneLine('x'.repeat(300)), `${'x'.repeat(199)}…`);
    assert.equal(stripControls('\u0009tab\u000anl\u009f\u00a0'), 'tab\nnl\u00a0');
  });

  it('keeps codicon syntax as text in quick picks', () => {
    assert.equal(noIcons('[run](command:x) $(alert) $(sync~spin) $x'), '[run](command:x) $\u200b(alert) $\u200b(sync~spin) $x');
  });
});

describe('details page', () => {
  const hostile = machineRecord({ gpu_name: '<script>alert(1)</script>', cpu_name: '"><img src=x onerror=alert(1)>', node_name: 'node-1</code>' });
  const html = renderDetailsHtml({ machine: hostile, nonce: 'abc123', cspSource: 'https://webview.test', styleUri: 'https://webview.test/details.css', scriptUri: 'https://webview.test/details.js' });

  it('renders data as text, never as markup', () => {
    assert.ok(!html.includes('<script>alert'));
    assert.ok(!html.includes('<img'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(!html.includes('node-1</code>'));
  });

  it('has a strict CSP with the nonce, and only the nonce-bearing script', () => {
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src https:\/\/webview.test; script-src &#39;nonce-abc123&#39;/);
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, ['<script nonce="abc123" src="https://webview.test/details.js">']);
  });

  it('is a real table with headers', () => {
    assert.match(html, /<th scope="col">Field<\/th>/);
    assert.equal((html.match(/<th scope="row">/g) ?? []).length, 22);
  });

  it('accepts only known messages from the page', () => {
    assert.deepEqual(parseWebviewRequest({ type: 'copyNodeId', nodeId: 'evil' }), { type: 'copyNodeId' });
    assert.equal(parseWebviewRequest({ type: 'runCommand' }), undefined);
    assert.equal(parseWebviewRequest('copyNodeId'), undefined);
    assert.equal(parseWebviewRequest(null), undefined);
  });
});
