import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { IdSet } from '../../../src/api/idSet';

describe('IdSet: the node IDs a response has shown', () => {
  /** Adds every id to an IdSet and a native Set, checking after each add that both hold as many. */
  function assertLikeSet(ids: readonly string[], set: IdSet): void {
    const native = new Set<string>();
    for (const id of ids) {
      assert.equal(set.add(id), set);
      native.add(id);
      assert.equal(set.size, native.size, `after adding ${JSON.stringify(id)}`);
    }
  }

  it('counts an id once, as a Set does, however the ids look and however long the probes', () => {
    const ids = fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.uuid(), fc.constantFrom('a', 'b', 'node-1', '')), { maxLength: 300 });
    fc.assert(fc.property(ids, fc.nat(40), fc.constantFrom(0, 1, 3, 128), (list, expected, maxProbe) => assertLikeSet(list, new IdSet(expected, maxProbe))), { numRuns: 300 });
  });

  it('grows past the size it was made for, and keeps telling repeats apart', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => `node-${i}`);
    const set = new IdSet(10);
    assertLikeSet([...ids, ...ids.slice(0, 500)], set);
    assert.equal(set.size, 20_000);
  });

  it('tells apart ids whose hashes are equal', () => {
    // FNV-1a's known 32-bit collisions; the finaliser after it is one-to-one, so they still collide.
    const set = new IdSet();
    assertLikeSet(['costarring', 'liquid', 'declinate', 'macallums', 'liquid', 'costarring'], set);
    assert.equal(set.size, 4);
  });

  it('keeps working when the table gives way to a native Set mid-list', () => {
    // A probe limit of 0 gives way at the first collision; repeats before and after must still be caught.
    const set = new IdSet(4, 0);
    const ids = Array.from({ length: 200 }, (_, i) => `id${i % 150}`);
    assertLikeSet(ids, set);
    assert.equal(set.size, 150);
  });
});
