// TopMachines keeps the first N of an arrangement's order while a list
// goes by: whatever the list, N and sort, exactly the first N of sorting
// the whole list at once.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { generateMachines } from '../../../dev/demo/fixtures';
import { arrangeMachines, SORT_KEYS } from '../../../src/model/arrange';
import { TopMachines } from '../../../src/model/topMachines';

describe('TopMachines: the first N of a sort, holding few', () => {
  const pool = generateMachines(5_000, 11);

  it('equals the first N of the whole list sorted, for every sort key and order, N and length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 1, max: 1_500 }), fc.constantFrom(...SORT_KEYS), fc.constantFrom('ascending' as const, 'descending' as const), (length, limit, sortBy, order) => {
        const list = pool.slice(0, length);
        const top = new TopMachines(limit, sortBy, order);
        for (const m of list) top.add(m);
        const [all] = arrangeMachines(list, { groupBy: 'none', sortBy, order });
        assert.deepEqual(top.first(), all ? all.machines.slice(0, limit) : []);
        assert.equal(top.count, length);
      }),
      { numRuns: 60 },
    );
  });

  it('ties (the same price and key) keep the node ID order, as a whole sort does', () => {
    const same = pool.slice(0, 3_000).map((m) => ({ ...m, price: '8.00', gpu_count: 4 }));
    const top = new TopMachines(5, 'price', 'ascending');
    for (const m of same) top.add(m);
    assert.deepEqual(top.first(), arrangeMachines(same, { groupBy: 'none', sortBy: 'price', order: 'ascending' })[0].machines.slice(0, 5));
    top.clear();
    assert.deepEqual([top.first(), top.count], [[], 0]);
  });
});
