// The market model in plain Node: snapshots, loads that fail or are
// superseded, queries and lookups, and the diff between snapshots.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ApiError } from '../../src/api/errors';
import { MACHINE_FIELDS, type MachineRecord } from '../../src/api/types';
import { diffMachines, diffTemplates, sameValue } from '../../src/market/diff';
import { Emitter } from '../../src/market/events';
import { Market, type MarketChange } from '../../src/market/market';
import { machinesInOrder } from '../../src/market/views';
import { parseQuery, type Query } from '../../src/model/query';
import type { Arrangement } from '../../src/model/arrange';
import { machineRecord, templateRecord } from '../support/records';

const byPrice: Arrangement = { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' };

function query(text: string): Query {
  const result = parseQuery(text);
  assert.ok(result.ok);
  return result.query;
}

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
  let market: Market;
  let changes: MarketChange[];

  beforeEach(() => {
    market = new Market({ now: () => clock.now });
    changes = [];
    market.onDidChange((change) => changes.push(change));
  });
  afterEach(() => market.dispose());

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
    assert.ok(market.machines.stale);
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
    const slow = deferred<{ items: MachineRecord[]; skipped: number }>();
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
    assert.deepEqual(market.machines.items, fresh);
  });

  it('change events carry the diff of a new snapshot, and none for load-state changes', async () => {
    const a = machineRecord({ price: '2.00' });
    const b = machineRecord();
    await market.loadMachines(async () => ({ items: [a, b], skipped: 0 }));
    assert.deepEqual(changes.map((c) => c.diff === undefined), [true, false], 'started (no diff), then loaded');
    assert.equal(changes[1].diff?.initial, true);
    changes = [];
    const c = machineRecord();
    await market.loadMachines(async () => ({ items: [{ ...a, price: '1.50', priceValue: 1.5, pricePerGpu: 1.5 / a.gpu_count }, c], skipped: 0 }));
    const last = changes.at(-1)!;
    assert.ok(last.which === 'machines' && last.diff);
    const diff = last.diff;
    assert.equal(diff.initial, false);
    assert.deepEqual(diff.appeared.map((m) => m.node_name), [c.node_name]);
    assert.deepEqual(diff.disappeared.map((m) => m.node_name), [b.node_name]);
    assert.deepEqual(diff.changed.map((x) => [x.after.node_name, x.fields]), [[a.node_name, ['price']]]);
  });

  it('reset drops both snapshots (announcing what went away) but remembers what was asked for', async () => {
    await market.loadMachines(async () => ({ items: [machineRecord()], skipped: 0 }));
    await market.loadTemplates(async () => ({ items: [templateRecord()], skipped: 0 }));
    changes = [];
    market.reset();
    assert.equal(market.machines.snapshot, undefined);
    assert.equal(market.templates.snapshot, undefined);
    assert.ok(market.machines.requested && market.templates.requested);
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
    const q = { filter: query('gpu=rtx_4090'), arrangement: byPrice };
    const view = market.machineView(q);
    assert.equal(view.total, 3);
    assert.equal(view.filterText, 'gpu=rtx_4090');
    assert.deepEqual(machinesInOrder(view).map((m) => m.node_name), [cheap.node_name, dear.node_name]);
    assert.equal(market.machineView(q), view, 'cached');
    assert.equal(market.machineView({ ...q }), view, 'equal inputs give the cached answer');
    const all = market.machineView({ filter: query(''), arrangement: byPrice });
    assert.deepEqual(all.groups.map((g) => g.label), ['A100', 'RTX 4090']);
    assert.equal(all.filterText, '');
    await market.loadMachines(async () => ({ items: [dear], skipped: 0 }));
    assert.deepEqual(machinesInOrder(market.machineView(q)).map((m) => m.node_name), [dear.node_name], 'a new snapshot, a new answer');
  });

  it('with nothing loaded, a query answers empty and keeps the filter text', () => {
    const view = market.machineView({ filter: query('gpus>=2'), arrangement: byPrice });
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

describe('market diff', () => {
  it('finds appeared, disappeared and changed machines, naming the changed fields', () => {
    const a = machineRecord();
    const b = machineRecord();
    const c = machineRecord();
    const d = machineRecord();
    const bChanged = { ...b, online_rate: 0.5, labels: ['spot'] };
    const diff = diffMachines([a, b, c], [bChanged, a, d]);
    assert.equal(diff.initial, false);
    assert.deepEqual(diff.appeared, [d]);
    assert.deepEqual(diff.disappeared, [c]);
    assert.deepEqual(diff.changed, [{ before: b, after: bChanged, fields: ['labels', 'online_rate'] }]);
  });

  it('notices a change in any one field of a machine, and only that field', () => {
    const a = machineRecord({ labels: ['x'] });
    const other: Record<string, unknown> = { price: '99.99', labels: ['y'], nvlink_status: !a.nvlink_status };
    for (const field of MACHINE_FIELDS) {
      if (field === 'node_name') continue; // the key: a new node ID is another machine
      const value = other[field] ?? (typeof a[field] === 'number' ? (a[field] as number) + 1 : `${String(a[field])}-changed`);
      const diff = diffMachines([a], [{ ...a, [field]: value }]);
      assert.deepEqual(diff.changed.map((c) => c.fields), [[field]], field);
    }
    assert.deepEqual(diffMachines([a], [{ ...a }]).changed, [], 'a copy is no change');
  });

  it('a repeated node ID in the newer list counts once as kept and once as new', () => {
    const a = machineRecord();
    const diff = diffMachines([a], [a, { ...a }]);
    assert.deepEqual([diff.appeared.length, diff.disappeared.length, diff.changed.length], [1, 0, 0]);
  });

  it('sees no change in equal values parsed twice (labels with objects, nested JSON)', () => {
    const a = machineRecord({ labels: [{ k: [1, 'x'] }, 'y'] });
    const again = JSON.parse(JSON.stringify(a)) as MachineRecord;
    assert.deepEqual(diffMachines([a], [again]).changed, []);
    assert.deepEqual(diffMachines([a], [{ ...again, labels: [{ k: [1, 'z'] }, 'y'] }]).changed[0].fields, ['labels']);
  });

  it('a first snapshot is all new and says it is the first', () => {
    const a = machineRecord();
    assert.deepEqual(diffMachines(undefined, [a]), { initial: true, appeared: [a], disappeared: [], changed: [] });
  });

  it('diffs templates by id, secrets included in what counts as a change', () => {
    const t = templateRecord({ docker_passwd: 'one' });
    const diff = diffTemplates([t], [{ ...t, docker_passwd: 'two' }]);
    assert.deepEqual(diff.changed[0].fields, ['docker_passwd']);
  });

  it('sameValue is JSON equality', () => {
    assert.ok(sameValue(null, null));
    assert.ok(!sameValue(null, {}));
    assert.ok(!sameValue([], {}));
    assert.ok(!sameValue({}, []));
    assert.ok(!sameValue({ a: 1 }, { b: 1 }));
    assert.ok(!sameValue({ a: 1 }, { a: 1, b: 2 }));
    assert.ok(!sameValue([1, 2], [1]));
    assert.ok(!sameValue(1, '1'));
    assert.ok(sameValue({ a: [1, { b: null }] }, { a: [1, { b: null }] }));
  });

  it('property: applying the diff to the old list gives the new one (by node ID), and nothing is counted twice', () => {
    const pool = Array.from({ length: 12 }, (_, i) => machineRecord({ node_name: `n${i}` }));
    const listOf = fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { maxLength: 12 }).chain((ids) =>
      fc.tuple(...ids.map((i) => fc.boolean().map((cheaper) => (cheaper ? { ...pool[i], price: '0.01' } : pool[i])))),
    );
    fc.assert(
      fc.property(listOf, listOf, (before, after) => {
        const diff = diffMachines(before, after);
        const names = (list: readonly MachineRecord[]) => list.map((m) => m.node_name);
        const rebuilt = new Set(names(before));
        for (const m of diff.disappeared) rebuilt.delete(m.node_name);
        for (const m of diff.appeared) rebuilt.add(m.node_name);
        assert.deepEqual([...rebuilt].sort(), names(after).sort());
        const changedNames = diff.changed.map((c) => c.after.node_name);
        for (const c of diff.changed) assert.deepEqual(c.fields, ['price']);
        const expectChanged = after.filter((m) => before.some((o) => o.node_name === m.node_name && o.price !== m.price));
        assert.deepEqual(changedNames.sort(), names(expectChanged).sort());
        assert.equal(new Set([...names(diff.appeared), ...names(diff.disappeared), ...changedNames]).size, diff.appeared.length + diff.disappeared.length + changedNames.length);
      }),
      { seed: 9, numRuns: 200 },
    );
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
