// How a market's list changes between two snapshots, for property tests: runs
// of items gone, runs of new items, blocks moved, prices changed, and now and
// then a full shuffle. Shared by the diff's and the client's property tests.
import fc from 'fast-check';
import { mulberry32 } from '../../dev/demo/fixtures';

export const listEdit = fc.record({
  size: fc.integer({ min: 0, max: 300 }),
  gone: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 20 })), { maxLength: 6 }),
  fresh: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 20 })), { maxLength: 6 }),
  moves: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 15 })), { maxLength: 3 }),
  repriced: fc.array(fc.nat(), { maxLength: 20 }),
  shuffle: fc.option(fc.integer(), { freq: 5 }),
});

export type ListEdit = typeof listEdit extends fc.Arbitrary<infer E> ? E : never;

/**
 * The list after the edit: `before` is the start of `pool`, new items are
 * taken from the pool after it, and a repriced item is a copy at 0.01.
 */
export function applyEdit<T extends object>(pool: readonly T[], before: readonly T[], edit: Omit<ListEdit, 'size'>): T[] {
  let after = [...before];
  for (const [at, n] of edit.gone) after.splice(at % (after.length + 1), n);
  let next = before.length;
  for (const [at, n] of edit.fresh) {
    const added = pool.slice(next, Math.min(pool.length, next + n));
    next += added.length;
    after.splice(at % (after.length + 1), 0, ...added);
  }
  for (const [from, to, n] of edit.moves) {
    const block = after.splice(from % (after.length + 1), n);
    after.splice(to % (after.length + 1), 0, ...block);
  }
  for (const at of edit.repriced) {
    if (after.length) after[at % after.length] = { ...after[at % after.length], price: '0.01' };
  }
  if (edit.shuffle !== null) {
    const rng = mulberry32(edit.shuffle);
    after = after.map((m) => [rng(), m] as const).sort((x, y) => x[0] - y[0]).map(([, m]) => m);
  }
  return after;
}
