// The market model in plain Node: snapshots, loads that fail or are
// superseded, queries and lookups, and the diff between snapshots.
import * as assert from 'node:assert/strict';
import { CancellationToken } from 'vscode-jsonrpc';
import fc from 'fast-check';
import { ApiError } from '../../../src/api/errors';
import { type Machine } from '../../../src/api/types';
import { diffMachines } from '../../../src/market/diff';
import { Emitter } from '../../../src/market/events';
import { Market, type MarketChange } from '../../../src/market/market';
import { REMEMBERED_QUESTIONS, type MachineView } from '../../../src/market/views';
import { templateHandlers } from '../../../src/market/worker/templateHandlers';
import type { Arrangement } from '../../../src/model/arrange';
import { applyEdit, listEdit } from '../../support/listEdits';
import { marketPerTest } from '../../support/marketModel';
import { machineRecord, templateRecord } from '../../support/records';
import { parsed } from '../../support/query';

/** Every machine of a view in its order: groups in order, machines in order. */
const machinesInOrder = (view: MachineView) => view.groups.flatMap((g) => g.machines);

const byPrice: Arrangement = { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' };


function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('market model', () => {
  const clock = { now: new Date('2026-11-23T10:00:00Z') };
  const { market, changes } = marketPerTest(clock);

  it('a load makes a snapshot with its time, skipped count and completeness', async () => {
    const machines = [machineRecord(), machineRecord()];
    const error = await market.loadMachines(async () => ({ items: machines, skipped: 3 }));
    assert.equal(error, undefined);
    const snapshot = market.machines.snapshot!;
    assert.deepEqual(snapshot.items, machines);
    assert.equal(snapshot.fetchedAt, clock.now);
    assert.equal(snapshot.skipped, 3);
    assert.equal(snapshot.incomplete, undefined);
    assert.ok(Object.isFrozen(snapshot));
    assert.equal(market.status('machines'), '3 items skipped, see log.');
  });

  it('a failed load keeps the last good snapshot and says it is stale', async () => {
    await market.loadMachines(async () => ({ items: [machineRecord()], skipped: 0 }));
    const good = market.machines.snapshot;
    const error = await market.loadMachines(async () => {
      throw new ApiError('http', 'The service answered 500 Internal Server Error when asked for the machine list.', 500);
    });
    assert.equal(error?.status, 500);
    assert.equal(market.machines.snapshot, good);
    assert.equal(market.status('machines'), 'Stale: showing data from ' + good!.fetchedAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' }) + '. Refresh failed: The service answered 500 Internal Server Error when asked for the machine list.');
  });

  it('an unexpected exception becomes a clear error, not a crash', async () => {
    const error = await market.loadTemplates(async () => {
      throw new TypeError('x is undefined');
    });
    assert.equal(error?.kind, 'network');
    assert.match(error!.message, /Loading the templates failed unexpectedly; see the log\./);
  });

  it('a newer load supersedes an older one, whose answer is dropped', async () => {
    const slow = deferred<{ items: Machine[]; skipped: number }>();
    let aborted = false;
    const first = market.loadMachines((signal) => {
      signal.addEventListener('abort', () => (aborted = true));
      return slow.promise;
    });
    const fresh = [machineRecord({ gpu_name: 'H100' })];
    await market.loadMachines(async () => ({ items: fresh, skipped: 0 }));
    slow.resolve({ items: [machineRecord({ gpu_name: 'OLD' })], skipped: 0 });
    assert.equal(await first, undefined);
    assert.ok(aborted, 'the older request was cancelled');
    assert.deepEqual(market.machines.snapshot?.items, fresh);
  });

  it('change events carry the diff of a new snapshot, and none for load-state changes', async () => {
    const a = machineRecord({ price: '2.00' });
    const b = machineRecord();
    await market.loadMachines(async () => ({ items: [a, b], skipped: 0 }));
    assert.deepEqual(changes.map((c) => c.diff === undefined), [true, false], 'started (no diff), then loaded');
    assert.equal(changes[1].diff?.initial, true);
    changes.length = 0;
    const c = machineRecord();
    const first = market.machines.snapshot;
    await market.loadMachines(async () => ({ items: [{ ...a, price: '1.50' }, c], skipped: 0 }));
    const last = changes.at(-1)!;
    assert.ok(last.which === 'machines' && last.diff);
    assert.ok(last.before === first && last.after === market.machines.snapshot, 'the snapshots the diff is between');
    const diff = last.diff;
    assert.equal(diff.initial, false);
    assert.deepEqual(diff.appeared.map((m) => m.node_name), [c.node_name]);
    assert.deepEqual(diff.disappeared.map((m) => m.node_name), [b.node_name]);
    assert.deepEqual(diff.changed.map((x) => [x.after.node_name, x.fields]), [[a.node_name, ['price']]]);
  });

  it('reset drops both snapshots, announcing what went away', async () => {
    await market.loadMachines(async () => ({ items: [machineRecord()], skipped: 0 }));
    await market.loadTemplates(async () => ({ items: [templateRecord()], skipped: 0 }));
    changes.length = 0;
    market.reset();
    assert.equal(market.machines.snapshot, undefined);
    assert.equal(market.templates.snapshot, undefined);
    assert.deepEqual(changes.map((c) => [c.which, c.diff?.disappeared.length]), [['machines', 1], ['templates', 1]]);
  });

  it('a listener that throws is reported and the others still hear the change', async () => {
    const errors: unknown[] = [];
    const guarded = new Market({ onListenerError: (err) => errors.push(err) });
    let heard = 0;
    guarded.onDidChange(() => {
      throw new Error('broken listener');
    });
    guarded.onDidChange(() => heard++);
    await guarded.loadMachines(async () => ({ items: [], skipped: 0 }));
    assert.equal(heard, 2);
    assert.equal(errors.length, 2);
    guarded.dispose();
  });

  it('answers queries with groups and rows, and the same answer while nothing changed', async () => {
    const cheap = machineRecord({ gpu_name: 'RTX_4090', gpu_count: 2, price: '2.00' });
    const dear = machineRecord({ gpu_name: 'RTX_4090', gpu_count: 1, price: '3.00' });
    const other = machineRecord({ gpu_name: 'A100', gpu_count: 1, price: '0.90' });
    await market.loadMachines(async () => ({ items: [dear, other, cheap], skipped: 0 }));
    const q = { filter: parsed('gpu=rtx_4090'), arrangement: byPrice };
    const view = market.machineView(q);
    assert.equal(view.total, 3);
    assert.equal(view.filterText, 'gpu=rtx_4090');
    assert.deepEqual(machinesInOrder(view).map((m) => m.node_name), [cheap.node_name, dear.node_name]);
    assert.equal(market.machineView(q), view, 'cached');
    assert.equal(market.machineView({ ...q }), view, 'equal inputs give the cached answer');
    const all = market.machineView({ filter: parsed(''), arrangement: byPrice });
    assert.deepEqual(all.groups.map((g) => g.label), ['A100', 'RTX 4090']);
    assert.equal(all.filterText, '');
    await market.loadMachines(async () => ({ items: [dear], skipped: 0 }));
    assert.deepEqual(machinesInOrder(market.machineView(q)).map((m) => m.node_name), [dear.node_name], 'a new snapshot, a new answer');
  });

  it('keeps one answer per question: a chat tool asking its own does not evict the tree\'s', async () => {
    await market.loadMachines(async () => ({ items: [machineRecord({ gpu_count: 1 }), machineRecord({ gpu_count: 2 })], skipped: 0 }));
    const tree = { filter: parsed('gpus>=2'), arrangement: byPrice };
    const view = market.machineView(tree);
    const tool = market.machineView({ filter: parsed('gpus>=1'), arrangement: { ...byPrice, groupBy: 'none' } });
    assert.equal(tool.matching.length, 2);
    assert.equal(market.machineView(tree), view, 'the tree\'s answer survived the tool\'s question');
    const templates = market.templateView('pytorch');
    market.templateView('tensorflow');
    assert.equal(market.templateView('pytorch'), templates);
    for (let i = 0; i < REMEMBERED_QUESTIONS; i++) market.machineView({ filter: parsed(`gpus>=${i + 3}`), arrangement: byPrice });
    assert.notEqual(market.machineView(tree), view, 'past REMEMBERED_QUESTIONS other questions, the least recently asked answer goes');
    assert.deepEqual(market.machineView(tree).matching, view.matching, 'and is computed again, the same');
  });

  it('with nothing loaded, a query answers empty and keeps the filter text', () => {
    const view = market.machineView({ filter: parsed('gpus>=2'), arrangement: byPrice });
    assert.deepEqual([view.total, view.matching.length, view.groups.length, view.filterText], [0, 0, 0, 'gpus>=2']);
  });

  it('looks machines up by node ID and templates by id in the last snapshot', async () => {
    const m = machineRecord();
    const t = templateRecord({ id: 42 });
    await market.loadMachines(async () => ({ items: [machineRecord(), m], skipped: 0 }));
    await market.loadTemplates(async () => ({ items: [t], skipped: 0 }));
    assert.equal(market.machine(m.node_name), m);
    assert.equal(market.machine('not-listed'), undefined);
    assert.equal(market.template(42), t);
    assert.equal(market.template(43), undefined);
    await market.loadMachines(async () => ({ items: [], skipped: 0 }));
    assert.equal(market.machine(m.node_name), undefined, 'the lookup follows the snapshot');
  });

  it('filters templates by text and groups them by type', async () => {
    await market.loadTemplates(async () => ({
      items: [templateRecord({ name: 'PyTorch 2.4', image_type: 1 }), templateRecord({ name: 'TensorFlow', image_type: 2 }), templateRecord({ name: 'pytorch nightly', image_type: 2 })],
      skipped: 0,
    }));
    const view = market.templateView(' pytorch ');
    assert.equal(view.total, 3);
    assert.equal(view.filterText, 'pytorch');
    assert.deepEqual(view.groups.map((g) => [g.label, g.templates.map((t) => t.name)]), [['Type 1', ['PyTorch 2.4']], ['Type 2', ['pytorch nightly']]]);
    assert.equal(market.templateView('pytorch'), view);
  });
});

describe('emitter', () => {
  it('stops telling a listener once disposed, and tells each subscription once', () => {
    const emitter = new Emitter<number>();
    const heard: number[] = [];
    const listener = (n: number) => heard.push(n);
    const one = emitter.event(listener);
    emitter.event(listener);
    emitter.fire(1);
    one.dispose();
    emitter.fire(2);
    emitter.dispose();
    emitter.fire(3);
    assert.deepEqual(heard, [1, 1, 2]);
  });
});

describe('market model: load state', () => {
  it('is loading while a load runs, and not after; progress shows only while loading', async () => {
    const market = new Market();
    const listing = market.machines;
    assert.deepEqual([listing.loading, listing.snapshot?.items], [false, undefined]);
    listing.setProgress('too early');
    assert.equal(listing.progress, undefined, 'no progress note outside a load');
    const gate = deferred<{ items: Machine[]; skipped: number }>();
    const done = market.loadMachines(() => gate.promise);
    assert.equal(listing.loading, true);
    listing.setProgress('Rate limited, retrying in 5 s (1 of 3)…');
    assert.equal(market.status('machines'), 'Rate limited, retrying in 5 s (1 of 3)…');
    gate.resolve({ items: [machineRecord()], skipped: 0 });
    await done;
    assert.deepEqual([listing.loading, listing.progress], [false, undefined]);
    market.dispose();
  });

  it('a failure with nothing loaded is not "stale": the view says the list could not be loaded', async () => {
    const market = new Market();
    await market.loadMachines(async () => {
      throw new ApiError('timeout', 'The service did not answer within 15 s when asked for the machine list.');
    });
    assert.equal(market.status('machines'), 'Could not load the machines. The service did not answer within 15 s when asked for the machine list.');
    assert.equal(market.status('templates'), undefined);
    market.dispose();
  });

  it('a cancelled load is no error; cancel and dispose abort the request in flight', async () => {
    const market = new Market();
    const cancelled = await market.loadMachines(async () => {
      throw new ApiError('cancelled', 'The request was cancelled.');
    });
    assert.equal(cancelled, undefined);
    assert.equal(market.machines.error, undefined);
    let aborted = 0;
    const hang = (signal: AbortSignal) =>
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => (aborted++, reject(new ApiError('cancelled', 'cancelled')))));
    const first = market.loadMachines(hang);
    market.machines.cancel();
    await first;
    const second = market.loadTemplates(hang);
    market.dispose();
    await second;
    assert.equal(aborted, 2);
  });

  it('reset during a load drops the load: nothing arrives later', async () => {
    const market = new Market();
    const gate = deferred<{ items: Machine[]; skipped: number }>();
    const load = market.loadMachines(() => gate.promise);
    market.reset();
    assert.equal(market.machines.loading, false);
    gate.resolve({ items: [machineRecord()], skipped: 0 });
    await load;
    assert.equal(market.machines.snapshot, undefined);
    market.dispose();
  });

  it('template snapshots are diffed by id in the change events, and the listing names its nouns', async () => {
    const market = new Market();
    const events: MarketChange[] = [];
    market.onDidChange((c) => events.push(c));
    const t = templateRecord({ id: 1 });
    await market.loadTemplates(async () => ({ items: [t], skipped: 0, incomplete: 'the service repeated page 1 (marker 5)' }));
    await market.loadTemplates(async () => ({ items: [{ ...t, name: 'renamed' }, templateRecord({ id: 2 })], skipped: 0 }));
    const last = events.at(-1)!;
    assert.ok(last.which === 'templates' && last.diff);
    assert.deepEqual([last.diff.appeared.map((x) => x.id), last.diff.changed.map((c) => c.fields)], [[2], [['name']]]);
    assert.equal(market.listing('templates'), market.templates);
    assert.equal(market.listing('machines'), market.machines);
    assert.deepEqual([market.machines.noun, market.templates.noun], ['machine', 'template']);
    market.dispose();
    const after = events.length;
    await market.loadTemplates(async () => ({ items: [], skipped: 0 }));
    assert.equal(events.length, after, 'no events after dispose');
  });

  it('says when the template list may be incomplete, and stamps snapshots with the clock', async () => {
    const market = new Market();
    const before = Date.now();
    await market.loadTemplates(async () => ({ items: [templateRecord()], skipped: 2, incomplete: 'stopped after 1000 pages' }));
    assert.equal(market.status('templates'), '2 items skipped, see log. The list may be incomplete: stopped after 1000 pages.');
    const at = market.templates.snapshot!.fetchedAt.getTime();
    assert.ok(at >= before && at <= Date.now());
    market.dispose();
  });

  it('views: the filter text with nothing loaded is empty, a new arrangement or template text gives a new answer, and templates list in order', async () => {
    const market = new Market();
    assert.equal(market.machineView({ filter: parsed(''), arrangement: byPrice }).filterText, '');
    const a = machineRecord({ gpu_name: 'A', price: '1.00', gpu_count: 1 });
    const b = machineRecord({ gpu_name: 'A', price: '2.00', gpu_count: 1 });
    await market.loadMachines(async () => ({ items: [a, b], skipped: 0 }));
    const q = { filter: parsed(''), arrangement: byPrice };
    const up = machinesInOrder(market.machineView(q)).map((m) => m.price);
    const down = machinesInOrder(market.machineView({ ...q, arrangement: { ...byPrice, order: 'descending' } })).map((m) => m.price);
    assert.deepEqual([up, down], [['1.00', '2.00'], ['2.00', '1.00']]);
    await market.loadTemplates(async () => ({ items: [templateRecord({ id: 5, name: 'qqb', image_type: 2 }), templateRecord({ id: 6, name: 'qqa', image_type: 1 })], skipped: 0 }));
    // In the order the Image Templates tree and its quick picks show them: the groups of the market's templateView answer, in turn.
    assert.deepEqual((await templateHandlers(market).templateView({ filter: '' }, CancellationToken.None)).groups.flatMap((g) => g.templates.map((t) => t.id)), [6, 5]);
    assert.equal(market.templateView('qqb').matching.length, 1);
    market.dispose();
  });
  it('property: a long list edited in place (runs gone, runs new, blocks moved, prices changed, or shuffled) diffs as a plain map would', () => {
    const pool = Array.from({ length: 400 }, (_, i) => machineRecord({ node_name: `p${i}` }));
    fc.assert(
      fc.property(listEdit, (edit) => {
        const before = pool.slice(0, edit.size);
        const after = applyEdit(pool, before, edit);
        const diff = diffMachines(before, after);
        const old = new Map(before.map((m) => [m.node_name, m]));
        const now = new Set(after.map((m) => m.node_name));
        const names = (list: readonly Machine[]) => list.map((m) => m.node_name).sort();
        assert.deepEqual(names(diff.appeared), names(after.filter((m) => !old.has(m.node_name))));
        assert.deepEqual(names(diff.disappeared), names(before.filter((m) => !now.has(m.node_name))));
        const changed = after.filter((m) => old.has(m.node_name) && old.get(m.node_name) !== m);
        assert.deepEqual(names(diff.changed.map((c) => c.after)), names(changed));
        for (const c of diff.changed) assert.equal(c.before, old.get(c.after.node_name));
      }),
      { seed: 12, numRuns: 400 },
    );
  });
});
