// One successful load of a listing, frozen: what was fetched, when, what was
// left out, and whether the service sent all of it. A refresh makes a new
// snapshot; nothing ever changes one, so anything derived from it can be
// cached against its identity.

export interface Snapshot<T> {
  readonly items: readonly T[];
  readonly fetchedAt: Date;
  /** Items left out because they were malformed or repeated an id. */
  readonly skipped: number;
  /** Why the list may be incomplete (paging stopped early); undefined when complete. */
  readonly incomplete?: string;
}

export function snapshotOf<T>(items: readonly T[], fetchedAt: Date, skipped = 0, incomplete?: string): Snapshot<T> {
  return Object.freeze({ items, fetchedAt, skipped, incomplete });
}

/**
 * A lookup by id, built on first use and kept as long as the snapshot lives:
 * most snapshots are never looked up in, and a hover or a panel asks many times.
 */
export function indexBy<T, K>(snapshot: Snapshot<T>, keyOf: (item: T) => K, cache: WeakMap<Snapshot<T>, Map<K, T>>): Map<K, T> {
  let index = cache.get(snapshot);
  if (!index) {
    index = new Map();
    for (const item of snapshot.items) {
      index.set(keyOf(item), item);
    }
    cache.set(snapshot, index);
  }
  return index;
}
