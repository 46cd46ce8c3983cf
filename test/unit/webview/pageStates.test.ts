// The machine details and Compare Machines pages beyond a fresh machine
// (src/webview/details/content.ts, src/webview/compare/content.ts): what they
// say of a machine gone from the list or a failed refresh, a panel brought
// back before its list is loaded, and the places in their shells that the
// page scripts write the notice and the time into.
import * as assert from 'node:assert/strict';
import { compareContent, compareShell, compareWithoutMachines, freshColumns } from '../../../src/webview/compare/content';
import { detailsContent, detailsShell, detailsWithoutMachine } from '../../../src/webview/details/content';
import { machineRecord } from '../../support/records';

const frame = { nonce: 'n0nce', cspSource: 'https://webview.test', styleUris: ['https://webview.test/p.css'], scriptUri: 'https://webview.test/p.js' };
const GONE = 'This machine is no longer in the list of available machines. The values below are the last ones seen.';
const STALE = 'The last refresh failed: these values may be out of date.';

describe('details and compare pages: gone, stale, brought back, and their shells', () => {
  it('details: says when the machine is gone from the list or the last refresh failed (gone wins), and nothing otherwise', () => {
    const machine = machineRecord();
    assert.equal(detailsContent({ machine, missing: true }).notice, GONE);
    assert.equal(detailsContent({ machine, stale: true }).notice, STALE);
    assert.equal(detailsContent({ machine, missing: true, stale: true }).notice, GONE);
    assert.equal(detailsContent({ machine }).notice, '');
  });

  it('details: a listing without a known start says how long, with no empty part after it', () => {
    const machine = machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price: '2.10' });
    const history = detailsContent({ machine, history: { week: undefined, listing: { since: NaN, hours: 5, fromStart: false }, lowestNow: NaN } }).history!;
    assert.deepEqual(history.rows.at(-1), { label: 'Listed', value: 'listed for 5 hours' });
  });

  it('details: a panel brought back before its machine is known shows its node ID and why there is nothing else', () => {
    assert.deepEqual(detailsWithoutMachine('node-7', false), { title: 'node-7', nodeId: 'node-7', values: {}, notice: 'Waiting for the list of machines…', asOf: '' });
    assert.equal(detailsWithoutMachine('node-7', true).notice, 'This machine is not in the list of available machines.');
  });

  it('details: its shell has the notice and time lines the page writes into, and the title "Machine details"', () => {
    const html = detailsShell(frame);
    assert.match(html, /<title>Machine details<\/title>/);
    assert.match(html, /<p id="notice" class="notice" role="status" hidden><\/p>/);
    assert.match(html, /<p id="as-of" class="meta" hidden><\/p>/);
  });

  it('compare: names each column to remove, says which are gone, and a failed refresh first', () => {
    const [a, b] = [machineRecord({ gpu_name: 'H100', gpu_count: 8 }), machineRecord({ gpu_name: 'A100', gpu_count: 4 })];
    const fresh = compareContent({ columns: freshColumns([a, b]) });
    assert.deepEqual(
      fresh.columns.map((c) => [c.removeLabel, c.status]),
      [
        ['Remove 8× H100 from the comparison', ''],
        ['Remove 4× A100 from the comparison', ''],
      ],
    );
    assert.equal(fresh.notice, '');
    assert.deepEqual(
      freshColumns([a]).map((c) => [c.missing, c.nodeId, c.baseline === a]),
      [[false, a.node_name, true]],
      'as they are now: listed, their own baseline',
    );
    const gone = [{ ...freshColumns([a])[0], missing: true }, ...freshColumns([b])];
    assert.equal(compareContent({ columns: gone }).notice, 'Machines marked "No longer listed" are gone from the service\'s list; their columns show the last values seen and are never marked best.');
    assert.deepEqual(
      compareContent({ columns: gone }).columns.map((c) => c.status),
      ['No longer listed', ''],
    );
    assert.equal(compareContent({ columns: gone, stale: true }).notice, STALE);
  });

  it('compare: a comparison brought back before its machines are known: an empty table and why', () => {
    const waiting = compareWithoutMachines(3, false);
    assert.deepEqual(
      { title: waiting.title, columns: waiting.columns, rows: waiting.rows, notice: waiting.notice, asOf: waiting.asOf },
      { title: 'Compare 3 machines', columns: [], rows: [], notice: 'Waiting for the list of machines…', asOf: '' },
    );
    assert.equal(compareWithoutMachines(3, true).notice, 'None of these machines is in the list of available machines.');
    assert.equal(compareWithoutMachines(3, true).labels.best, 'best');
  });

  it('compare: its shell has the difference toggle, the legend, the caption, and the notice and time lines', () => {
    const html = compareShell(frame);
    assert.match(html, /<title>Machines side by side<\/title>/);
    assert.match(html, /<label><input type="checkbox" id="only-differences"> Only differences<\/label>/);
    assert.match(html, /<span class="icon-best" aria-hidden="true"><\/span> best value in the row · <span class="icon-changed" aria-hidden="true"><\/span> changed since the comparison opened/);
    assert.match(html, /<table id="compare">\s*<caption>Machines side by side<\/caption>/);
    assert.match(html, /<p id="notice" class="notice" role="status" hidden><\/p>/);
    assert.match(html, /<p id="as-of" class="meta" hidden><\/p>/);
  });
});
