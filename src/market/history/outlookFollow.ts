// Another writer's lists (a window, `gpu-rental record`), for the outlook's
// index to follow rather than read the window again (issue 36: most of a
// second at 100k machines, at each list of the other window): which machines
// they marked listed or gone (listingChanges.ts), those machines' listings
// since the index's latest list, and the repricings since. Plain TypeScript
// over the store's statements.
import { rowArrays, type SqlDatabase, type SqlStatement } from './database';
import type { ListingChanges } from './listingChanges';
import type { ListingSpecs } from './listingSpecs';
import { followIndex, openNodeOf, type OutlookChange, type OutlookIndex } from './outlookIndex';

/** `index` after other writers' lists, in one read of the file; false when they cannot be followed (see othersLists). */
export function followOthers(db: SqlDatabase, sql: (text: string) => SqlStatement, changes: ListingChanges, specs: ListingSpecs, index: OutlookIndex): boolean {
  db.exec('BEGIN');
  try {
    const others = othersLists(sql, changes, index);
    if (!others) return false;
    specs.load();
    // Changes come with a list; without one, nothing changed that the outlook reads (or something it cannot place).
    if (others.lists.length === 0 ? others.changes.length > 0 : !followIndex(index, others.lists, others.changes, (id) => specs.machine(id))) return false;
    index.stamp = others.stamp;
    index.lastList = others.lastList;
    return true;
  } finally {
    db.exec('COMMIT');
  }
}

/** What other writers' lists since the index's marks changed: their times, the changes, and the marks after them. */
export interface OthersLists {
  lists: number[];
  changes: OutlookChange[];
  stamp: number;
  lastList: number;
}

/**
 * Other writers' lists since `index` was read or followed; undefined when
 * they cannot be followed and the window is read again: the changes kept no
 * longer reach back (or a Clear), a list is older than the index's latest (a
 * late list, or one thinned into an hour or a day), or a machine listed in
 * the index has a listing it does not know.
 */
export function othersLists(sql: (text: string) => SqlStatement, changes: ListingChanges, index: OutlookIndex): OthersLists | undefined {
  const stamp = changes.stamp();
  const moved = changes.movedSince(index.stamp, stamp);
  if (!moved) return undefined;
  const rows = rowArrays(sql('SELECT id, t FROM lists WHERE id > ? ORDER BY id -- arrays'), index.lastList);
  const lists = rows.map(([, t]) => Number(t)).sort((a, b) => a - b);
  if (lists.some((t) => t < index.latest)) return undefined;
  const out: OutlookChange[] = [];
  const listingsOf = sql('SELECT since, until, spec, price FROM listings WHERE node = ? AND (until IS NULL OR until > ?) ORDER BY since -- arrays');
  for (const node of moved.keys()) {
    const open = index.open.get(node);
    let known = open === undefined;
    for (const [since, until, spec, price] of rowArrays(listingsOf, node, index.latest)) {
      // As the window's read: a listing recorded before the outlook kept machines says nothing.
      if (spec === null || price === null) continue;
      const same = open !== undefined && Number(since) === index.since.values[open];
      known ||= same;
      if (!same) out.push({ kind: 'open', node, spec: Number(spec), price: Number(price), at: Number(since) });
      if (until !== null) out.push({ kind: 'close', node, at: Number(until), price: Number(price) });
    }
    if (!known) return undefined;
  }
  // A repriced machine's listing is found by its node (listings has no index by spec: a scan each).
  const priceNow = sql('SELECT price FROM listings WHERE node = ? AND until IS NULL -- arrays');
  for (const [spec, t, was] of rowArrays(sql('SELECT spec, t, price FROM reprices WHERE t > ? ORDER BY spec, t -- arrays'), index.latest)) {
    const node = openNodeOf(index, Number(spec));
    const [now] = node === undefined ? [] : rowArrays(priceNow, node);
    out.push({ kind: 'reprice', node, spec: Number(spec), was: Number(was), price: Number(now?.[0] ?? NaN), at: Number(t) });
  }
  return { lists, changes: out, stamp, lastList: rows.length > 0 ? Number(rows[rows.length - 1][0]) : index.lastList };
}
