// A group's first rows without sorting the group (issue 38: opening a group of
// 11,765 machines sorted all of them for the 200 it shows): the head is the
// sorted list's head, for every sort, direction, tie and count.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { arrangeMachines, type Arrangement } from '../../../src/model/arrange';
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
