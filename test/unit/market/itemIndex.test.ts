// A snapshot's lookup by id (src/market/snapshot.ts ItemIndex): the first
// lookups walk the items, the next builds a map; the answers are the same.
import * as assert from 'node:assert/strict';
import { ItemIndex, snapshotOf } from '../../../src/market/snapshot';

const items = Array.from({ length: 2_000 }, (_, i) => ({ id: `n${i}`, i }));
type Item = (typeof items)[number];

describe('ItemIndex', () => {
  it('answers the first two lookups of a snapshot without a map, and builds one at the third', () => {
    const snapshot = snapshotOf(items, new Date(0));
    const index = new ItemIndex<Item, string>((item) => item.id);
    assert.equal(index.get(snapshot, 'n1999')?.i, 1_999);
    assert.equal(index.get(snapshot, 'none'), undefined);
    assert.equal(index.indexed(snapshot), false, 'two lookups: no map');
    assert.equal(index.get(snapshot, 'n0')?.i, 0);
    assert.equal(index.indexed(snapshot), true, 'the third builds it');
    assert.equal(index.get(snapshot, 'n1234')?.i, 1_234);
    assert.equal(index.get(snapshot, 'none'), undefined);
  });

  it('the walk and the map agree on every id, a repeated one included (the first wins)', () => {
    const repeated = [...items.slice(0, 10), { id: 'n3', i: -1 }];
    const snapshot = snapshotOf(repeated, new Date(0));
    const index = new ItemIndex<Item, string>((item) => item.id);
    const walked = ['n3', 'n9'].map((id) => index.get(snapshot, id)?.i);
    const mapped = ['n3', 'n9'].map((id) => index.get(snapshot, id)?.i);
    assert.equal(index.indexed(snapshot), true);
    assert.deepEqual(walked, [3, 9]);
    assert.deepEqual(mapped, walked);
  });

  it('each snapshot has its own lookups', () => {
    const index = new ItemIndex<Item, string>((item) => item.id);
    const older = snapshotOf(items.slice(0, 10), new Date(0));
    const newer = snapshotOf(items.slice(10, 20), new Date(1));
    for (let n = 0; n < 3; n++) assert.equal(index.get(older, 'n5')?.i, 5);
    assert.equal(index.indexed(older), true);
    assert.equal(index.indexed(newer), false);
    assert.equal(index.get(newer, 'n5'), undefined);
    assert.equal(index.get(newer, 'n15')?.i, 15);
  });
});
