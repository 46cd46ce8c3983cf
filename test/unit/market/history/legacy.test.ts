// Importing the history kept before 0.2: each machine's listings as the old
// state stood for them, its points, and the logs' lists in time order, whose
// comings and goings count only after the state's last list.
import * as assert from 'node:assert/strict';
import type { StoredPoint } from '../../../../src/market/history/downsample';
import { importLegacy, listingsOf, type ListingRow } from '../../../../src/market/history/legacy';
import type { MachineTrack, Observation } from '../../../../src/market/history/legacyFormat';

const track = (t: Partial<MachineTrack>): MachineTrack => ({ first: 100, since: 100, last: 100, present: true, returns: 0, recent: [], at: 0, ...t });

describe('legacy history: the listings of an old machine track', () => {
  it('gives its first listing, its returns and its current listing, in time order', () => {
    assert.deepEqual(listingsOf('n1', track({ first: 100, since: 400, last: 500, recent: [300, 200] })), [
      { node: 'n1', since: 100, until: 100, comeback: false },
      { node: 'n1', since: 200, until: 200, comeback: true },
      { node: 'n1', since: 300, until: 300, comeback: true },
      { node: 'n1', since: 400, until: null, comeback: true },
    ]);
  });

  it('ends a machine no longer listed at its last sighting', () => {
    assert.deepEqual(listingsOf('n1', track({ first: 100, since: 300, last: 350, present: false })).at(-1), { node: 'n1', since: 300, until: 350, comeback: true });
  });

  it('a return at the moment of its first sighting is that first listing, not a comeback', () => {
    assert.deepEqual(listingsOf('n1', track({ first: 100, since: 300, last: 300, recent: [100] }))[0], { node: 'n1', since: 100, until: 100, comeback: false });
  });

  it('a machine listed since its first sighting has one listing, not a comeback', () => {
    assert.deepEqual(listingsOf('n1', track({ first: 100, since: 100, recent: [100] })), [{ node: 'n1', since: 100, until: null, comeback: false }]);
  });
});

describe('legacy history: the import', () => {
  function recorder() {
    const calls: { points: StoredPoint[]; listings: ListingRow[]; presence: [number, readonly string[], readonly string[]][] } = { points: [], listings: [], presence: [] };
    const writer = {
      insertPoint: (p: StoredPoint) => calls.points.push(p),
      insertListing: (r: ListingRow) => void calls.listings.push(r),
      applyPresence: (t: number, appeared: readonly string[], gone: readonly string[]) => calls.presence.push([t, appeared, gone]),
    };
    return { calls, writer };
  }
  const observation = (t: number, appeared: string[], gone: string[] = []): Observation => ({ t, appeared, gone, groups: [] });

  it("writes the state's points and listings, then the logs' lists oldest first; counts every list", () => {
    const { calls, writer } = recorder();
    const points: StoredPoint[] = [{ t: 10, n: 3, groups: [] } as unknown as StoredPoint, { t: 20, n: 2, groups: [] } as unknown as StoredPoint];
    const lists = importLegacy(writer, {
      state: { origin: 'https://gpu.example', lastT: 20, consumed: {}, points, tracks: [['a', track({ first: 10, since: 10 })]] },
      observations: [observation(40, ['c']), observation(15, ['old']), observation(20, ['b'], ['a'])],
    });
    assert.equal(lists, 3 + 2 + 3);
    assert.deepEqual(
      calls.points.map((p) => [p.t, p.n]),
      [[10, 3], [20, 2], [15, 1], [20, 1], [40, 1]],
    );
    assert.deepEqual(calls.listings, [{ node: 'a', since: 10, until: null, comeback: false }]);
    assert.deepEqual(calls.presence, [[20, ['b'], ['a']], [40, ['c'], []]], 'lists before the state ended are in it already');
  });

  it('without a state, imports every list of the logs with its comings and goings', () => {
    const { calls, writer } = recorder();
    assert.equal(importLegacy(writer, { state: undefined, observations: [observation(5, ['x']), observation(1, ['y'])] }), 2);
    assert.deepEqual(calls.presence.map(([t]) => t), [1, 5]);
    assert.deepEqual(calls.listings, []);
  });
});
