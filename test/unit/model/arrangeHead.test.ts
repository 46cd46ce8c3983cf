// A group's first rows without sorting the group (issue 38: opening a group of
// 11,765 machines sorted all of them for the 200 it shows): the head is the
// sorted list's head, for every sort, direction, tie and count. The same for a
// quick pick's rows, with and without a typed text, across the groups.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Machine } from '../../../src/api/types';
import { arrangeMachines, firstInGroups, firstMatchingInGroups, type Arrangement } from '../../../src/model/arrange';
import { machineRecord } from '../../support/records';

const SORTS = ['pricePerGpu', 'price', 'gpuMemory', 'gpuCount', 'onlineRate', 'upTime'] as const;

/** Machines of a few models whose keys tie often: few prices, counts and memories, some node IDs in another case. */
const machinesArb = fc
  .array(
    fc.record({
      gpu: fc.constantFrom('H100', 'A100'),
      price: fc.constantFrom('1', '2.5', '2.50', '8', '16'),
      count: fc.constantFrom(1, 2, 8),
      memory: fc.constantFrom(24, 80),
      online: fc.constantFrom(0.9, 0.99),
      up: fc.nat(3),
    }),
    { maxLength: 120 },
  )
  .map((rows) => rows.map((r, i) => machineRecord({ node_name: `${i % 3 ? 'n' : 'N'}${(i * 7919) % 1000}-${i}`, gpu_name: r.gpu, price: r.price, gpu_count: r.count, gpu_memory: r.memory, online_rate: r.online, up_time: r.up })));

describe("a group's head", () => {
  it('is the sorted group’s head, for every sort, direction and count, and asked again for more', () => {
    fc.assert(
      fc.property(machinesArb, fc.constantFrom(...SORTS), fc.constantFrom('ascending' as const, 'descending' as const), fc.oneof(fc.nat(8), fc.nat(130)), fc.oneof(fc.nat(8), fc.nat(130)), (machines, sortBy, order, count, more) => {
        const arrangement: Arrangement = { groupBy: 'gpu', sortBy, order };
        const sorted = arrangeMachines(machines, arrangement);
        const chosen = arrangeMachines(machines, arrangement);
        sorted.forEach((group, g) => {
          const names = (list: readonly { node_name: string }[]) => list.map((m) => m.node_name);
          assert.deepEqual(names(chosen[g].head(count)), names(group.machines.slice(0, count)));
          assert.deepEqual(names(chosen[g].head(more)), names(group.machines.slice(0, more)), 'asked again, for more or fewer');
          assert.deepEqual(names(chosen[g].machines), names(group.machines), 'then sorted whole, the same order');
        });
      }),
      { numRuns: 300 },
    );
  });

  it('of a group over eight times larger (chosen apart, not sorted): the cheapest first; none for a count of 0', () => {
    const machines = Array.from({ length: 2000 }, (_, i) => machineRecord({ node_name: `m${i}`, gpu_name: 'H100', price: String(2000 - i) }));
    const [group] = arrangeMachines(machines, { groupBy: 'gpu', sortBy: 'price', order: 'ascending' });
    assert.deepEqual(group.head(3).map((m) => m.price), ['1', '2', '3']);
    assert.deepEqual(group.head(0), []);
    assert.deepEqual(group.machines.slice(0, 3).map((m) => m.price), ['1', '2', '3']);
  });
});

describe("the groups' first rows (a quick pick's)", () => {
  const names = (list: readonly { node_name: string }[]) => list.map((m) => m.node_name);

  it('with a typed text: the first matches of the sorted groups, and how many match, whether a group was sorted before or not', () => {
    fc.assert(
      fc.property(machinesArb, fc.constantFrom(...SORTS), fc.constantFrom('ascending' as const, 'descending' as const), fc.nat(130), fc.nat(4), fc.boolean(), (machines, sortBy, order, limit, mod, sortedFirst) => {
        const arrangement: Arrangement = { groupBy: 'gpu', sortBy, order };
        const matches = (m: Machine) => Number(/\d+$/.exec(m.node_name)?.[0]) % (mod + 1) === 0;
        const expected = arrangeMachines(machines, arrangement).flatMap((g) => g.machines.filter(matches));
        const groups = arrangeMachines(machines, arrangement);
        if (sortedFirst) for (const g of groups) void g.machines;
        const { items, total } = firstMatchingInGroups(groups, matches, limit);
        assert.deepEqual(names(items), names(expected.slice(0, limit)));
        assert.equal(total, expected.length);
        assert.deepEqual(names(groups.flatMap((g) => g.machines)), names(arrangeMachines(machines, arrangement).flatMap((g) => g.machines)), 'the groups keep their order');
      }),
      { numRuns: 300 },
    );
  });

  it('without a typed text: the groups\' heads in order, asking each for no more than is left', () => {
    const asked: number[] = [];
    const group = (ids: string[]) => ({ head: (count: number) => (asked.push(count), ids.slice(0, count).map((node_name) => ({ node_name }) as Machine)) });
    assert.deepEqual(names(firstInGroups([group(['a', 'b', 'c']), group(['d', 'e']), group(['f'])], 4)), ['a', 'b', 'c', 'd']);
    assert.deepEqual(asked, [4, 1], 'the third group is not asked');
    assert.deepEqual(names(firstInGroups([group(['a']), group([])], 5)), ['a']);
    assert.deepEqual(firstInGroups([group(['a'])], 0), []);
  });
});
