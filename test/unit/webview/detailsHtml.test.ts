// The machine details page: its HTML (data as text, a strict CSP with a nonce, a real table)
// and the messages it may send.
import * as assert from 'node:assert/strict';
import { renderDetailsHtml } from '../../../src/webview/detailsHtml';
import { parseWebviewRequest } from '../../../src/webview/protocol';
import { machineRecord } from '../../support/records';

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
