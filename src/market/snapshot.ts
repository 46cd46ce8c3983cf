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

/** Lookups in a snapshot answered by walking its items, before its index is built: most snapshots see one or two. */
const SCANS_BEFORE_INDEX = 2;

/**
 * A lookup by id per snapshot. The first SCANS_BEFORE_INDEX walk the items
 * (4-26 ms at 100k machines in a fresh Node); the next one builds a map, kept
 * as long as the snapshot lives, for a panel or a watch that asks many times.
 * Building the map at the first lookup (88-112 ms there) had a machine's
 * details wait for it after each new list (bench:workbench's profile).
 */
export class ItemIndex<T, K> {
  private readonly entries = new WeakMap<Snapshot<T>, { scans: number; map?: Map<K, T> }>();

  constructor(private readonly keyOf: (item: T) => K) {}

  get(snapshot: Snapshot<T>, key: K): T | undefined {
    let entry = this.entries.get(snapshot);
    if (!entry) this.entries.set(snapshot, (entry = { scans: 0 }));
    if (!entry.map && entry.scans < SCANS_BEFORE_INDEX) {
      entry.scans++;
      return snapshot.items.find((item) => this.keyOf(item) === key);
    }
    if (!entry.map) {
      entry.map = new Map();
      // The first of a repeated id wins, as in the walk.
      for (let i = snapshot.items.length - 1; i >= 0; i--) entry.map.set(this.keyOf(snapshot.items[i]), snapshot.items[i]);
    }
    return entry.map.get(key);
  }

  /** Whether the snapshot's lookups go through a map now. */
  indexed(snapshot: Snapshot<T>): boolean {
    return this.entries.get(snapshot)?.map !== undefined;
  }
}
