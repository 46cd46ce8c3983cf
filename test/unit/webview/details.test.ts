// The machine details page: its shell (our words only, a strict CSP with a nonce, a real table),
// its content (the machine's text, for textContent) and the messages it may send.
import * as assert from 'node:assert/strict';
import { detailsContent, detailsShell } from '../../../src/webview/details/content';
import { parseDetailsRequest } from '../../../src/webview/details/protocol';
import { machineRecord } from '../../support/records';

describe('details page', () => {
  const hostile = machineRecord({ gpu_name: '<script>alert(1)</script>', cpu_name: '"><img src=x onerror=alert(1)>', node_name: 'node-1</code>' });
  // The shell is the same for every machine; the machine's text comes as content, which the page writes with textContent.
  const html = detailsShell({ nonce: 'abc123', cspSource: 'https://webview.test', styleUris: ['https://webview.test/details.css'], scriptUri: 'https://webview.test/details.js' });
  const content = detailsContent({ machine: hostile });

  it('renders data as text, never as markup', () => {
    assert.ok(!html.includes('<script>alert'));
    assert.ok(!html.includes('<img'));
    assert.ok(!html.includes('alert(1)'), 'no value of the machine in the HTML');
    assert.ok(!html.includes('node-1'));
    assert.equal(content.values.gpu_name, '<script>alert(1)</script>', 'the content is the text itself, for textContent');
    assert.equal(content.nodeId, 'node-1</code>');
  });

  it('has a strict CSP with the nonce, and only the nonce-bearing script', () => {
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src https:\/\/webview.test; script-src &#39;nonce-abc123&#39;/);
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, ['<script nonce="abc123" src="https://webview.test/details.js">']);
  });

  it('is a real table with headers', () => {
    assert.match(html, /<th scope="col">Field<\/th>/);
    assert.equal((html.match(/<th scope="row">/g) ?? []).length, 23);
    assert.deepEqual([...html.matchAll(/<td data-field="([a-z_]+)"><\/td>/g)].map((m) => m[1]), Object.keys(content.values), 'one empty cell per value, in order');
  });

  it('accepts only known messages from the page', () => {
    assert.deepEqual(parseDetailsRequest({ type: 'copyNodeId', nodeId: 'evil' }), { type: 'copyNodeId' });
    assert.equal(parseDetailsRequest({ type: 'runCommand' }), undefined);
    assert.equal(parseDetailsRequest('copyNodeId'), undefined);
    assert.equal(parseDetailsRequest(null), undefined);
  });
});
