// Recording at the cost of what changed: the groups kept up to date by the
// market's diff, and what appeared and went read from the diff, give what
// the whole list gives, whichever windows record into the same history and
// whatever they record in between.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Machine } from '../../../../src/api/types';
import { diffMachines } from '../../../../src/market/diff';
import { aggregateMachines, GroupTally } from '../../../../src/market/history/aggregate';
import { ListFollower } from '../../../../src/market/history/follow';
import { MarketMemory } from '../../../../src/market/history/memory';
import { machineRecord } from '../../../support/records';

const VARIANTS = [
  { gpu_name: 'H100', gpu_count: 8, price: '16.00' },
  { gpu_name: 'H100', gpu_count: 8, price: '14.40' },
  { gpu_name: 'H100', gpu_count: 1, price: '2.10' },
  { gpu_name: 'A100', gpu_count: 2, price: '3.00' },
  { gpu_name: 'A100', gpu_count: 1, price: '1.50' },
];
const IDS = Array.from({ length: 12 }, (_, i) => `node-${i}`);

/** A list: per node ID, absent (-1) or one of the variants; a fresh record each time, as each refresh parses anew. */
const list = fc.array(fc.integer({ min: -1, max: VARIANTS.length - 1 }), { minLength: IDS.length, maxLength: IDS.length });
function machinesOf(variants: number[]): Machine[] {
  const machines: Machine[] = [];
  variants.forEach((v, i) => v >= 0 && machines.push(machineRecord({ ...VARIANTS[v], node_name: IDS[i] })));
  return machines;
}

const sorted = (ids: readonly string[]) => [...ids].sort();

describe('market history: recording by the diff', () => {
  it('property: a tally moved along by the diffs has the groups of the list it reached', () => {
    fc.assert(
      fc.property(fc.array(list, { minLength: 1, maxLength: 8 }), (lists) => {
        let before = machinesOf(lists[0]);
        const tally = new GroupTally(before);
        for (const variants of lists.slice(1)) {
          const after = machinesOf(variants);
          assert.equal(tally.apply(diffMachines(before, after)), true);
          assert.deepEqual(tally.groups(), aggregateMachines(after));
          before = after;
        }
      }),
    );
  });

  it('a tally refuses a diff that is not of its list', () => {
    const held = machineRecord({ gpu_name: 'H100', gpu_count: 8, price: '16.00' });
    const tally = new GroupTally([held]);
    assert.equal(tally.apply({ appeared: [], disappeared: [machineRecord({ gpu_name: 'L4' })], changed: [] }), false, 'a model it never held');
    assert.equal(new GroupTally([held]).apply({ appeared: [], disappeared: [{ ...held, price: '8.00' }], changed: [] }), false, 'a price it never held');
    assert.equal(new GroupTally([held]).apply({ appeared: [], disappeared: [held, held], changed: [] }), false, 'gone twice');
  });

  it('property: two windows recording into one history, each with its diff, observe what the whole lists say', () => {
    const step = fc.record({
      window: fc.integer({ min: 0, max: 1 }),
      list,
      // A list not recorded (paging stopped early): the next diff starts from it all the same.
      recorded: fc.boolean(),
      // Lists reach the history out of order now and then.
      late: fc.integer({ min: -25, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const memory = new MarketMemory();
        const windows = [0, 1].map(() => ({ follower: new ListFollower(), last: undefined as Machine[] | undefined }));
        steps.forEach((s, i) => {
          const t = 100 + i * 10 + s.late;
          const w = windows[s.window];
          const machines = machinesOf(s.list);
          const change = w.last ? { before: w.last, diff: diffMachines(w.last, machines) } : undefined;
          w.last = machines;
          if (!s.recorded) return;
          const expected = memory.observe(t, machines);
          const observed = w.follower.observe(t, machines, memory.presence, change);
          assert.deepEqual(observed.groups, expected.groups);
          assert.deepEqual(sorted(observed.appeared), sorted(expected.appeared), `step ${i}: appeared`);
          assert.deepEqual(sorted(observed.gone), sorted(expected.gone), `step ${i}: gone`);
          w.follower.applied(memory.presence, machines, memory.apply(observed));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('goes by the diff when it starts from the list recorded last, and compares the whole list otherwise', () => {
    const a = machineRecord();
    const b = machineRecord();
    // A diff that says nothing changed although b is new: believed only when it starts from the list recorded last.
    const silent = diffMachines([a], [a]);
    const memory = new MarketMemory();
    const follower = new ListFollower();
    const first = [a];
    follower.applied(memory.presence, first, memory.apply(follower.observe(1, first, memory.presence)));
    assert.deepEqual(follower.observe(2, [a, b], memory.presence, { before: first, diff: silent }).appeared, [], 'by the diff');
    assert.deepEqual(follower.observe(2, [a, b], memory.presence, { before: [a], diff: silent }).appeared, [b.node_name], 'another list: compared whole');
    // Another window's list moved b in: what it changed is noted, and the diff is still used, corrected.
    memory.apply({ t: 3, groups: [], appeared: [b.node_name], gone: [] });
    assert.deepEqual(follower.observe(4, [a], memory.presence, { before: first, diff: silent }).gone, [b.node_name]);
    // A history read again from disk (or a list whose changes did not all take effect) is compared whole.
    memory.load([], [], 0);
    assert.deepEqual(follower.observe(5, [a, b], memory.presence, { before: first, diff: silent }).appeared.length, 2);
  });
});
