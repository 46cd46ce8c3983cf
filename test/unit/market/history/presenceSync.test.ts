// What a list changes in the listings from its diff and what other writers
// changed since: the same as comparing the whole list with the listings.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { diffMachines } from '../../../../src/market/diff';
import { comparedWithOpen, presenceChanges } from '../../../../src/market/history/presenceSync';
import { machineRecord } from '../../../support/records';

describe('market history: presence from the diff and the changes of others', () => {
  const pool = Array.from({ length: 12 }, (_, i) => machineRecord({ node_name: `m${i}` }));
  const listOf = (mask: number) => pool.filter((_, i) => mask & (1 << i));

  it('gives what comparing the new list with the listings gives, whatever others changed', () => {
    fc.assert(
      fc.property(fc.nat(4095), fc.nat(4095), fc.nat(4095), (beforeMask, afterMask, othersMask) => {
        const before = listOf(beforeMask);
        const after = listOf(afterMask);
        // The listings: the window's last list, with what other writers flipped since.
        const moved = new Map(pool.filter((_, i) => othersMask & (1 << i)).map((m) => [m.node_name, !(beforeMask & (1 << Number(m.node_name.slice(1))))]));
        const listed = new Set(pool.filter((m, i) => (moved.has(m.node_name) ? moved.get(m.node_name)! : !!(beforeMask & (1 << i)))).map((m) => m.node_name));
        const got = presenceChanges(diffMachines(before, after), after, moved);
        const ids = new Set(after.map((m) => m.node_name));
        assert.deepEqual(new Set(got.appeared), new Set([...ids].filter((id) => !listed.has(id))));
        assert.deepEqual(new Set(got.gone), new Set([...listed].filter((id) => !ids.has(id))));
      }),
    );
  });

  it('a whole list against the open listings: what appeared (once, though listed twice) and went, and each open listing by node', () => {
    fc.assert(
      fc.property(fc.nat(4095), fc.nat(4095), (openMask, listMask) => {
        const open = pool.filter((_, i) => openMask & (1 << i)).map((m, k) => [m.node_name, k, 1000 + k]);
        const list = listOf(listMask);
        const got = comparedWithOpen(open, [...list, ...list]);
        const listed = new Set(open.map(([node]) => node));
        const ids = list.map((m) => m.node_name);
        assert.deepEqual(got.appeared, ids.filter((id) => !listed.has(id)), "in the list's order, each once");
        assert.deepEqual(got.gone, [...listed].filter((id) => !ids.includes(id as string)), "in the listings' order");
        for (const [node, spec, price] of open) assert.deepEqual(got.listing(node as string), [spec, price]);
        assert.equal(got.listing('none'), undefined);
      }),
    );
  });
});
