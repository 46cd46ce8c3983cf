// Recording at the cost of what changed: the groups kept up to date by the
// market's diff give what the whole list gives (what appeared and went, by
// the diff, against the store: test/history/market/history/store.presence.test.ts).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Machine } from '../../../../src/api/types';
import { diffMachines } from '../../../../src/market/diff';
import { aggregateMachines, GroupTally } from '../../../../src/market/history/aggregate';
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

describe('market history: the groups followed by the diff', () => {
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
});
