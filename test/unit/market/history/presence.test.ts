// The flap counter: a machine that goes and comes back is counted once per
// return, whichever windows saw it, and the questions the query fields ask.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { HOUR_MS } from '../../../../src/market/history/downsample';
import { MarketMemory, weightedMedian } from '../../../../src/market/history/memory';
import { Presence } from '../../../../src/market/history/presence';
import { machineRecord } from '../../../support/records';

function observe(p: Presence, t: number, ids: string[]): void {
  p.apply(t, p.changes(ids));
}

describe('market history: presence and flaps', () => {
  it('counts a machine that goes and comes back once per return, and remembers when it was first and last seen', () => {
    const p = new Presence();
    observe(p, 1, ['a', 'b']);
    observe(p, 2, ['a']);
    observe(p, 3, ['a']);
    observe(p, 4, ['a', 'b']);
    observe(p, 5, ['a', 'b']);
    observe(p, 6, ['a']);
    const b = p.tracks.get('b')!;
    assert.deepEqual(b, { first: 1, since: 4, last: 5, present: false, returns: 1, recent: [4], at: 6 });
    assert.deepEqual(p.tracks.get('a'), { first: 1, since: 1, last: 1, present: true, returns: 0, recent: [], at: 1 });
    assert.equal(p.lastSeen(p.tracks.get('a')!), 6);
    assert.equal(p.presentCount, 1);
  });

  it('two windows seeing the same return count it once; each seeing its part of the story still counts it', () => {
    const shared = new Presence();
    observe(shared, 10, ['x']); // window A
    observe(shared, 15, []); // window A: gone
    observe(shared, 18, []); // window B: already gone, nothing new
    observe(shared, 25, ['x']); // window A: back
    observe(shared, 28, ['x']); // window B: already back
    assert.equal(shared.tracks.get('x')!.returns, 1);
    // B polls rarely: it saw x at 8 and at 30, A saw it go at 15; B's list at 30 brings it back.
    const p = new Presence();
    observe(p, 8, ['x']);
    observe(p, 15, []);
    observe(p, 30, ['x']);
    assert.equal(p.tracks.get('x')!.returns, 1);
  });

  it('a change that reaches the history after a later one is out of date: no return is made of it', () => {
    const p = new Presence();
    observe(p, 10, ['x']);
    p.apply(100, { appeared: [], gone: ['x'] });
    p.apply(99, { appeared: ['x'], gone: [] }); // listed at 99, but written after the list of 100
    assert.equal(p.tracks.get('x')!.present, false);
    assert.equal(p.tracks.get('x')!.returns, 0);
  });

  it('property: returns are the absent-to-present steps of the merged lists, and applying a change twice changes nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.subarray(['a', 'b', 'c', 'd']), { minLength: 1, maxLength: 30 }), (lists) => {
        const p = new Presence();
        const expected = new Map<string, number>();
        let before = new Set<string>();
        const seen = new Set<string>();
        lists.forEach((ids, i) => {
          const change = p.changes(ids);
          p.apply(i + 1, change);
          p.apply(i + 1, change);
          for (const id of ids) {
            if (!before.has(id) && seen.has(id)) expected.set(id, (expected.get(id) ?? 0) + 1);
            seen.add(id);
          }
          before = new Set(ids);
          assert.equal(p.presentCount, before.size);
        });
        for (const id of seen) assert.equal(p.tracks.get(id)!.returns, expected.get(id) ?? 0, id);
      }),
    );
  });

  it('forgets returns older than 7 days and machines gone before the days kept', () => {
    const p = new Presence();
    const day = 24 * HOUR_MS;
    observe(p, 0, ['a', 'b']);
    observe(p, day, []);
    observe(p, 2 * day, ['a']);
    observe(p, 10 * day, ['a']);
    p.trim(1.5 * day);
    assert.deepEqual(p.tracks.get('a')!.recent, []);
    assert.equal(p.tracks.get('a')!.returns, 1);
    assert.equal(p.tracks.has('b'), false);
  });
});

describe('market history: what the query fields read', () => {
  it('listed_hours, flaps_7d and below_median from the lists seen so far; NaN for what the history does not know', () => {
    const memory = new MarketMemory();
    const cheap = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '1.80' });
    const dear = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '2.20' });
    const flappy = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '2.00' });
    memory.apply(memory.observe(0, [cheap, dear, flappy]));
    memory.apply(memory.observe(HOUR_MS, [cheap, dear]));
    memory.apply(memory.observe(3 * HOUR_MS, [cheap, dear, flappy]));
    assert.equal(memory.listedHours(cheap.node_name), 3);
    assert.equal(memory.listedHours(flappy.node_name), 0);
    assert.equal(memory.flaps7d(flappy.node_name), 1);
    assert.equal(memory.flaps7d(cheap.node_name), 0);
    assert.ok(Number.isNaN(memory.listedHours('never-seen')));
    assert.ok(Number.isNaN(memory.flaps7d('never-seen')));
    // Medians 2.00, 2.00 (two machines: 1.80, 2.20) and 2.00: the model's 7-day median is 2.00.
    assert.equal(memory.modelWeek('H100')!.median, 2);
    assert.equal(memory.modelWeek('H100')!.low, 1.8);
    assert.ok(Math.abs(memory.belowMedian(cheap) - 0.1) < 1e-12);
    assert.ok(Math.abs(memory.belowMedian(dear) + 0.1) < 1e-12);
    assert.ok(Number.isNaN(memory.belowMedian(machineRecord({ gpu_name: 'never-listed' }))));
  });

  it('the weighted median is the least value reaching half the weight', () => {
    assert.ok(Number.isNaN(weightedMedian([])));
    assert.equal(weightedMedian([{ value: 3, weight: 1 }]), 3);
    assert.equal(weightedMedian([{ value: 1, weight: 1 }, { value: 5, weight: 60 }, { value: 2, weight: 1 }]), 5);
    assert.equal(weightedMedian([{ value: 1, weight: 1 }, { value: 2, weight: 1 }]), 1);
  });
});
