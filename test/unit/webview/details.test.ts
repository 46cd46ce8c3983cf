// The machine details page: its shell (our words only, a strict CSP with a nonce, a real table),
// its content (the machine's text, for textContent) and the messages it may send.
import * as assert from 'node:assert/strict';
import { detailsContent, detailsShell, detailsTabTitle, detailsWithoutMachine } from '../../../src/webview/details/content';
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

  it('has a market history section: the model\'s week, this machine\'s place in it, since when it is listed, the trend as values', () => {
    assert.match(html, /<section id="history" aria-labelledby="history-heading" hidden>/, 'hidden until the content says something');
    assert.match(html, /<svg id="trend" role="img" viewBox="0 0 \d+ \d+"/);
    const machine = machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price: '2.10' });
    const week = { low: 1.95, median: 2.39, coveredMs: 3.2 * 86_400_000, trend: [2.2, NaN, 1.95] };
    const memory = detailsContent({ machine, history: { week, listing: { since: 0, hours: 50, fromStart: false }, lowestNow: 2 } }).history!;
    assert.equal(memory.heading, 'Market history of H100 SXM5 80GB');
    assert.deepEqual(memory.rows.slice(0, 3), [
      { label: 'Lowest price per GPU now', value: '2.00' },
      { label: '7-day low', value: '1.95 (3 days of history)' },
      { label: '7-day median', value: '2.39 (3 days of history)' },
    ]);
    assert.deepEqual(memory.rows[3], { label: 'This machine', value: '12% below the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95 (3 days of history)' });
    assert.equal(memory.rows[4].label, 'Listed');
    assert.match(memory.rows[4].value, /^listed for 2 days, since /);
    assert.deepEqual(memory.trend, [2.2, null, 1.95], 'NaN is sent as null: a message is JSON');
    assert.equal(memory.trendText, 'Lowest per GPU over 7 days: from 2.20 to 1.95, between 1.95 and 2.20');
    const none = detailsContent({ machine, history: { week: undefined, listing: undefined, lowestNow: NaN } }).history!;
    assert.deepEqual(none.rows, [{ label: 'Market history', value: 'none yet for this GPU model' }]);
    assert.deepEqual(none.trend, []);
    assert.equal(none.trendText, '');
    assert.equal(content.history, undefined, 'no history given: no section');
  });

  it("names its editor tab after the machine and the start of its node ID, so that two alike are told apart", () => {
    const h100 = (node_name: string) => detailsContent({ machine: machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 8, node_name }) });
    assert.equal(detailsTabTitle(h100('9d32cc50-aff9-416a-b832-2e2d7205082d')), '8× H100 SXM5 80GB · 9d32cc50');
    assert.equal(detailsTabTitle(h100('76644094-9396-4c5b-9c76-d1bd4ac82b66')), '8× H100 SXM5 80GB · 76644094');
    // A short node ID whole; one of astral characters cut between characters, not inside one.
    assert.equal(detailsTabTitle(h100('node-7')), '8× H100 SXM5 80GB · node-7');
    assert.equal(detailsTabTitle(h100('😀'.repeat(13))), `8× H100 SXM5 80GB · ${'😀'.repeat(8)}`);
    // Before the machine is known, the node ID alone (it is the title then).
    assert.equal(detailsTabTitle(detailsWithoutMachine('9d32cc50-aff9-416a-b832-2e2d7205082d', false)), '9d32cc50-aff9-416a-b832-2e2d7205082d');
  });

  it('accepts only known messages from the page', () => {
    assert.deepEqual(parseDetailsRequest({ type: 'copyNodeId', nodeId: 'evil' }), { type: 'copyNodeId' });
    assert.equal(parseDetailsRequest({ type: 'runCommand' }), undefined);
    assert.equal(parseDetailsRequest('copyNodeId'), undefined);
    assert.equal(parseDetailsRequest(null), undefined);
  });
});
