// What a list changes in the history's listings, from the market's diff
// alone: the diff says what changed since this window's last list, and the
// history's `changes` say which machines other writers (windows, the command
// line) marked listed or gone since then. Together they give what comparing
// the whole list with the listings gives, at the cost of the changes, not of
// 100k node IDs; and what the views read of the listings (Presence), followed
// after the store's own list. Pure.
import type { Machine } from '../../api/types';
import type { MachineDiff } from '../diff';
import type { SqlValue } from './database';

/** Appeared and gone against the listings, for a list whose diff starts from the list the listings held, less `moved` (node → listed now, as others left it). */
export function presenceChanges(diff: Pick<MachineDiff, 'appeared' | 'disappeared'>, machines: readonly Machine[], moved: ReadonlyMap<string, boolean>): { appeared: string[]; gone: string[] } {
  const appeared: string[] = [];
  const gone: string[] = [];
  for (const m of diff.appeared) if (!moved.has(m.node_name)) appeared.push(m.node_name);
  for (const m of diff.disappeared) if (!moved.has(m.node_name)) gone.push(m.node_name);
  if (moved.size > 0) {
    const listed = new Set<string>();
    for (const m of machines) listed.add(m.node_name);
    for (const [node, wasListed] of moved) {
      if (listed.has(node) && !wasListed) appeared.push(node);
      else if (!listed.has(node) && wasListed) gone.push(node);
    }
  }
  return { appeared, gone };
}

/**
 * What appeared and went, a whole list against the open listings (`open`: node, spec, price); and each open
 * listing's spec and price by node, for the repricings. One lookup a machine: the sets of 100k node IDs this
 * took before (listed, open, then gone), and a second read of the open listings for the prices, made a
 * whole list's record at 100k machines 425-619 ms against 301-385 ms now (medians, three alternating runs).
 */
export function comparedWithOpen(open: readonly SqlValue[][], machines: readonly Machine[]): { appeared: string[]; gone: string[]; listing: OpenListing } {
  const { at, listing } = openListings(open);
  const seen = new Uint8Array(open.length);
  const appeared = new Set<string>();
  for (const m of machines) {
    const k = at.get(m.node_name);
    if (k === undefined) appeared.add(m.node_name);
    else seen[k] = 1;
  }
  const gone: string[] = [];
  for (let k = 0; k < open.length; k++) if (seen[k] === 0) gone.push(open[k][0] as string);
  return { appeared: [...appeared], gone, listing };
}

/** Every open listing: its node, spec and price (NULL for one recorded before the outlook kept them). */
export const OPEN_LISTINGS = 'SELECT node, spec, price FROM listings WHERE until IS NULL';

/** A node's open listing's spec and price, as read before the list changed the listings; undefined for none. */
export type OpenListing = (node: string) => SqlValue[] | undefined;

/** The rows of OPEN_LISTINGS by node: each one's place, and its spec and price. */
export function openListings(open: readonly SqlValue[][]): { at: Map<string, number>; listing: OpenListing } {
  const at = new Map<string, number>();
  open.forEach(([node], k) => at.set(node as string, k));
  return { at, listing: (node) => open[at.get(node) ?? -1]?.slice(1) };
}

/** What the views read of machines' listings, loaded once per change of the data. */
export interface Presence {
  /** The latest list's time when it was read. */
  loadedAt: number;
  lastT: number;
  oldestT: number;
  /** How far the oldest list's lists may lie after its time (it stands for an hour or a day once thinned). */
  oldestSlack: number;
  /** Listed machines: since when. */
  open: Map<string, number>;
  /** Returns within the week before lastT, per machine that had one: read only when flaps_7d is first asked (a scan of every listing). */
  returns: Map<string, number> | undefined;
}

/** The machines of `ids` in a list, by node ID (a pass over the list only when some appeared). */
export function machinesOf(machines: readonly Machine[], ids: readonly string[]): Map<string, Machine> {
  const found = new Map<string, Machine>();
  if (ids.length === 0) return found;
  const wanted = new Set(ids);
  for (const m of machines) if (wanted.has(m.node_name)) found.set(m.node_name, m);
  return found;
}

/** The presence after this store's own list: no need to read the listings again. */
export function followPresence(p: Presence, t: number, change: { appeared: readonly string[]; gone: readonly string[]; comebacks: Set<string> }): Presence {
  for (const id of change.gone) p.open.delete(id);
  for (const id of change.appeared) p.open.set(id, t);
  for (const id of change.comebacks) p.returns?.set(id, (p.returns.get(id) ?? 0) + 1);
  return { ...p, lastT: Math.max(p.lastT, t), oldestT: p.lastT === 0 ? t : p.oldestT };
}
