// What the history says of a machine's comings and goings, as the query fields
// read it (listed_hours, flaps_7d): a machine that goes and comes back is
// counted once per return, whichever windows saw it and whether they recorded
// whole lists or the market's diffs; a list that arrives late makes no return.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Machine } from '../../../../src/api/types';
import { diffMachines } from '../../../../src/market/diff';
import { DAY_MS, HOUR_MS } from '../../../../src/market/history/downsample';
import type { HistoryStore } from '../../../../src/market/history/store';
import { historyFolder, historyOf, openTestHistory } from '../../../support/history';
import { machineRecord } from '../../../support/records';

const IDS = Array.from({ length: 12 }, (_, i) => `node-${i}`);
const VARIANTS = [
  { gpu_name: 'H100', gpu_count: 8, price: '16.00' },
  { gpu_name: 'H100', gpu_count: 1, price: '2.10' },
  { gpu_name: 'A100', gpu_count: 2, price: '3.00' },
];
const machine = (id: string, variant = 0) => machineRecord({ ...VARIANTS[variant], node_name: id });
const listOf = (ids: readonly string[]) => ids.map((id) => machine(id));

/** A machine's listed_hours and flaps_7d as the store answers (NaN: not known). */
const facts = (store: HistoryStore, id: string) => ({ hours: store.listedHours(id), flaps: store.flaps7d(id) });

describe('market history: comings and goings', () => {
  let folder: ReturnType<typeof historyFolder>;
  const open: HistoryStore[] = [];
  /** Another window on the same file. */
  const window = () => {
    const store = openTestHistory(folder.file);
    open.push(store);
    return store;
  };
  beforeEach(() => (folder = historyFolder()));
  afterEach(() => {
    for (const store of open.splice(0)) store.close();
    folder.cleanup();
  });

  it('counts a machine that goes and comes back once per return; listed_hours runs from its latest return', () => {
    const store = historyOf();
    const steps: [number, string[]][] = [
      [1, ['a', 'b']],
      [2, ['a']],
      [3, ['a']],
      [4, ['a', 'b']],
      [5, ['a', 'b']],
    ];
    for (const [h, ids] of steps) store.record(h * HOUR_MS, listOf(ids));
    assert.deepEqual(facts(store, 'b'), { hours: 1, flaps: 1 });
    assert.deepEqual(facts(store, 'a'), { hours: 4, flaps: 0 });
    store.record(6 * HOUR_MS, listOf(['a']));
    assert.deepEqual(facts(store, 'b'), { hours: NaN, flaps: 1 }, 'gone again: not listed, its return still counted');
    assert.equal(store.listing('b'), undefined);
    assert.deepEqual(store.listing('a'), { since: HOUR_MS, hours: 5, fromStart: true });
    store.close();
  });

  it('a machine\'s listing read alone (a slice of rows asks before anything reads every listing) is the one read with them all', () => {
    const store = historyOf();
    // Days apart, so that the oldest lists are thinned to their hour and day (the listing's fromStart reads that slack).
    const steps: [number, string[]][] = [
      [1, IDS.slice(0, 6)],
      [2, IDS.slice(2, 8)],
      [30, IDS.slice(0, 4).concat(IDS.slice(8))],
      [80, IDS.slice(1, 10)],
      [81, IDS.slice(1, 11)],
    ];
    for (const [h, ids] of steps) store.record(h * HOUR_MS, listOf(ids));
    const alone = IDS.map((id) => store.listing(id));
    store.listedHours(IDS[0]); // reads every open listing
    assert.deepEqual(IDS.map((id) => store.listing(id)), alone);
    assert.ok(alone.some((l) => l?.fromStart) && alone.some((l) => l && !l.fromStart) && alone.includes(undefined), 'every kind of answer was compared');
    store.close();
  });

  it('two windows seeing the same return count it once; each seeing its part of the story still counts it', () => {
    const [a, b] = [window(), window()];
    a.record(10 * HOUR_MS, listOf(['x']));
    a.record(15 * HOUR_MS, []); // gone
    b.record(18 * HOUR_MS, []); // already gone, nothing new
    a.record(25 * HOUR_MS, listOf(['x'])); // back
    b.record(28 * HOUR_MS, listOf(['x'])); // already back
    for (const w of [a, b]) w.poll();
    assert.deepEqual(facts(a, 'x'), { hours: 3, flaps: 1 });
    assert.deepEqual(facts(b, 'x'), { hours: 3, flaps: 1 });

    // A second history: B records rarely; it saw x at 8 and at 30, A saw it go at 15; B's list at 30 brings it back.
    for (const store of open.splice(0)) store.close();
    folder.cleanup();
    folder = historyFolder();
    const [c, d] = [window(), window()];
    d.record(8 * HOUR_MS, listOf(['x']));
    c.record(15 * HOUR_MS, []);
    d.record(30 * HOUR_MS, listOf(['x']));
    c.poll();
    assert.deepEqual(facts(c, 'x'), { hours: 0, flaps: 1 });
  });

  it('a list that reaches the history after a later one is out of date: no return is made of it', () => {
    const store = historyOf([
      [10, listOf(['x'])],
      [100, []],
      [99, listOf(['x'])], // listed at 99, but recorded after the list of 100
    ]);
    assert.deepEqual(facts(store, 'x'), { hours: NaN, flaps: NaN }, 'not listed, and no return');
    store.close();
  });

  it('forgets returns older than 7 days, and machines gone for 30 days (back again, they are new)', () => {
    const store = historyOf([
      [0, listOf(['a', 'b'])],
      [DAY_MS, []],
      [2 * DAY_MS, listOf(['a'])],
    ]);
    assert.equal(store.flaps7d('a'), 1);
    store.record(10 * DAY_MS, listOf(['a']));
    assert.deepEqual(facts(store, 'a'), { hours: 8 * 24, flaps: 0 }, 'the return is 8 days old');
    store.record(40 * DAY_MS, listOf(['a']));
    store.record(40 * DAY_MS + HOUR_MS, listOf(['a', 'b']));
    assert.deepEqual(facts(store, 'b'), { hours: 0, flaps: 0 }, 'b was gone 39 days: forgotten, so no return');
    store.close();
  });

  it('property: returns are the absent-to-present steps of the lists, recorded whole or by the diff, by two windows, a list recorded twice counting once', () => {
    const step = fc.record({
      window: fc.integer({ min: 0, max: 1 }),
      list: fc.array(fc.integer({ min: -1, max: VARIANTS.length - 1 }), { minLength: IDS.length, maxLength: IDS.length }),
      // A list not recorded (paging stopped early): the next diff starts from it all the same.
      recorded: fc.boolean(),
      twice: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 20 }), (steps) => {
        folder.cleanup();
        folder = historyFolder();
        const windows = [window(), window()].map((store) => ({ store, last: undefined as Machine[] | undefined }));
        const expected = new Map<string, number>();
        const seen = new Set<string>();
        let before = new Set<string>();
        steps.forEach((s, i) => {
          const machines: Machine[] = [];
          s.list.forEach((v, k) => v >= 0 && machines.push(machine(IDS[k], v)));
          const w = windows[s.window];
          const change = w.last ? { before: w.last, diff: diffMachines(w.last, machines) } : undefined;
          w.last = machines;
          if (!s.recorded) return;
          const t = (i + 1) * HOUR_MS;
          w.store.record(t, machines, change);
          if (s.twice) w.store.record(t, machines);
          const ids = new Set(machines.map((m) => m.node_name));
          for (const id of ids) {
            if (!before.has(id) && seen.has(id)) expected.set(id, (expected.get(id) ?? 0) + 1);
            seen.add(id);
          }
          before = ids;
        });
        for (const { store } of windows) {
          store.poll();
          for (const id of IDS) {
            const listed = before.has(id);
            assert.equal(Number.isNaN(store.listedHours(id)), !listed, `${id} listed`);
            const flaps = store.flaps7d(id);
            assert.equal(Number.isNaN(flaps) ? 0 : flaps, expected.get(id) ?? 0, `${id} returns`);
          }
        }
        for (const store of open.splice(0)) store.close();
      }),
      { numRuns: 100 },
    );
  });
});
