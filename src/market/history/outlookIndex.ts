// The outlook's question asked of the SQLite history: the listings of the
// last OUTLOOK_DAYS with the machine each listed and its price over time, read
// once per change of the data; then, per filter, which of them matched it
// when, and at what price per GPU (src/model/outlook.ts makes the answer).
// A listing matches while its machine, at the price of the moment, passes the
// filter: a repricing can bring it in or take it out. The filter is asked in
// two: once per machine without its price clauses (cached, see ListingSpecs),
// then its price clauses at each price, on numbers.
import type { Machine } from '../../api/types';
import type { MatchSpans, OutlookRecord } from '../../model/outlook';
import { rowArrays, type SqlDatabase } from './database';
import { DAY_MS, HOUR_MS, HOURLY_MS, RAW_MS } from './downsample';
import { LISTING_PRICE_SCALE } from './listingSpecs';

/** The longest window an outlook reads: machines gone longer are forgotten (store.ts, GONE_DAYS). */
export const OUTLOOK_DAYS = 30;

export interface OutlookIndex {
  latest: number;
  /** The latest list when the index was read: it follows its store's own lists for an hour, then is read again. */
  loadedAt: number;
  /** The oldest list kept, and how far after it its lists may lie (a thinned list stands for an hour or a day). */
  oldest: number;
  oldestSlack: number;
  /** The times of the lists of the window, in order (where the record has gaps). */
  lists: number[];
  /** Per listing of the window: since, until (NaN while listed), its machine, its price now (× LISTING_PRICE_SCALE). */
  since: number[];
  until: number[];
  machines: Machine[];
  /** Its machine's GPU count (read for every listing a filter walks: a column, not the machine object). */
  gpus: number[];
  price: number[];
  specs: number[];
  /** The open listings by node ID. */
  open: Map<string, number>;
  /** Per spec: the times of its repricings and what it cost until each (× LISTING_PRICE_SCALE), in time order. */
  reprices: Map<number, { t: number[]; price: number[] }>;
  /**
   * Per spec: its first listing read with the window. They are read in spec order, so a spec's lie
   * together from there: a filter walks the columns in order, not an array of indexes per spec.
   */
  firstOf: Map<number, number>;
  /** Listings read with the window (those after it came from the store's own lists since). */
  read: number;
  /** Per spec: its listings that came since the window was read. */
  later: Map<number, number[]>;
  /** The specs a filter without its price clauses matches (cached per filter by the store: specs never change). */
  matching(key: string, test: (m: Machine) => boolean, check: () => void): ReadonlySet<number>;
}

export function readOutlookIndex(db: SqlDatabase, latest: number, machineOf: (spec: number) => Machine | undefined, matching: OutlookIndex['matching']): OutlookIndex {
  const from = latest - OUTLOOK_DAYS * DAY_MS;
  const oldestRow = db.prepare('SELECT t, n FROM lists ORDER BY t LIMIT 1').get();
  const oldest = Number(oldestRow?.t ?? latest);
  const age = latest - oldest;
  const oldestSlack = Number(oldestRow?.n ?? 1) > 1 || age > HOURLY_MS ? DAY_MS : age > RAW_MS ? HOUR_MS : 0;
  // From a day before the window: a thinned list stands at the start of its hour or day, before the window's start.
  const lists = rowArrays(db.prepare('SELECT t FROM lists WHERE t >= ? ORDER BY t'), from - DAY_MS).map(([t]) => Number(t));
  const rows = rowArrays(db.prepare('SELECT since, until, spec, price, CASE WHEN until IS NULL THEN node END FROM listings WHERE spec IS NOT NULL AND price IS NOT NULL AND (until IS NULL OR until >= ?) ORDER BY spec'), from);
  const index: OutlookIndex = { latest, loadedAt: latest, oldest, oldestSlack, lists, since: [], until: [], machines: [], gpus: [], price: [], specs: [], open: new Map(), reprices: new Map(), firstOf: new Map(), read: 0, later: new Map(), matching };
  for (const [s, u, spec, p, node] of rows) {
    const machine = machineOf(Number(spec));
    if (!machine) continue;
    const i = addListing(index, Number(s), u === null ? NaN : Number(u), Number(spec), Number(p), machine, node as string | null);
    if (!index.firstOf.has(Number(spec))) index.firstOf.set(Number(spec), i);
  }
  index.read = index.since.length;
  for (const [spec, t, p] of rowArrays(db.prepare('SELECT spec, t, price FROM reprices WHERE t >= ? ORDER BY spec, t'), from)) addReprice(index, Number(spec), Number(t), Number(p));
  return index;
}

/** Adds a listing's columns; returns its index. */
function addListing(index: OutlookIndex, since: number, until: number, spec: number, price: number, machine: Machine, node: string | null): number {
  const i = index.since.length;
  index.since.push(since);
  index.until.push(until);
  index.specs.push(spec);
  index.price.push(price);
  index.machines.push(machine);
  index.gpus.push(machine.gpu_count);
  if (node !== null && Number.isNaN(until)) index.open.set(node, i);
  return i;
}

function addReprice(index: OutlookIndex, spec: number, t: number, price: number): void {
  let r = index.reprices.get(spec);
  if (!r) index.reprices.set(spec, (r = { t: [], price: [] }));
  r.t.push(t);
  r.price.push(price);
}

/** What one of its store's lists changed of the listings the outlook reads. */
export type OutlookChange =
  | { kind: 'open'; node: string; spec: number; price: number }
  | { kind: 'close'; node: string }
  | { kind: 'reprice'; node: string; spec: number; was: number; price: number };

/**
 * The index after its store's own list at `t` (newer than the index's
 * latest): the changes applied rather than the window read again, which at
 * 100k machines costs seconds. False when a change does not fit (the caller
 * then reads it again).
 */
export function followIndex(index: OutlookIndex, t: number, changes: readonly OutlookChange[], machineOf: (spec: number) => Machine | undefined): boolean {
  if (t < index.latest) return false;
  for (const c of changes) {
    if (c.kind === 'open') {
      const machine = machineOf(c.spec);
      if (!machine) return false;
      const i = addListing(index, t, NaN, c.spec, c.price, machine, c.node);
      const later = index.later.get(c.spec);
      if (later) later.push(i);
      else index.later.set(c.spec, [i]);
    } else {
      const i = index.open.get(c.node);
      if (i === undefined) continue;
      if (c.kind === 'close') {
        index.until[i] = t;
        index.open.delete(c.node);
      } else {
        addReprice(index, c.spec, t, c.was);
        index.price[i] = c.price;
      }
    }
  }
  index.latest = t;
  index.lists.push(t);
  return true;
}

/** Listings per look at the cancel flag. */
const SLICE = 8192;

/**
 * The record of a filter over the index: each stretch of a listing during
 * which it matched, with its prices per GPU. `specs` are the machines the
 * filter matches but for its price clauses; `priced` tests those at the
 * price of the moment. `check` throws when the asker cancelled.
 */
export function outlookRecord(index: OutlookIndex, specs: Iterable<number>, priced: PriceTest, check: () => void = () => undefined): OutlookRecord {
  const spans: MatchSpans = { start: [], end: [], first: [], t: [], perGpu: [] };
  let seen = 0;
  const { specs: specOf, read } = index;
  for (const spec of specs) {
    const first = index.firstOf.get(spec);
    const later = index.later.get(spec);
    if (first === undefined && later === undefined) continue;
    const r = index.reprices.get(spec);
    for (let i = first ?? read; i < read && specOf[i] === spec; i++) {
      if (++seen % SLICE === 0) check();
      addSpans(spans, index, i, r, priced);
    }
    for (const i of later ?? []) addSpans(spans, index, i, r, priced);
  }
  return { now: index.latest, start: index.oldest + index.oldestSlack, lists: index.lists, spans };
}

/** Whether a whole price (and its price per GPU, for `gpus`) passes a filter's price clauses. */
export type PriceTest = (price: number, gpus: number) => boolean;

/** The stretches of listing `i` during which its machine, at the price of the moment, passes `priced`. */
function addSpans(spans: MatchSpans, index: OutlookIndex, i: number, r: { t: number[]; price: number[] } | undefined, priced: PriceTest): void {
  const gpus = index.gpus[i];
  const since = index.since[i];
  const until = Number.isNaN(index.until[i]) ? undefined : index.until[i];
  // The listing's prices: what each repricing within it says it cost until then, then its price now. No
  // array of them: a broad filter walks hundreds of thousands of listings. The spec's repricings are in time
  // order and span all its listings: found from the listing's start by halving.
  let k = !r || r.t[0] > since ? 0 : firstAfter(r.t, since);
  const n = r ? r.t.length : 0;
  let at = since;
  let open = false;
  for (;;) {
    const t = at;
    let whole: number;
    if (k < n && (until === undefined || r!.t[k] <= until)) {
      whole = r!.price[k];
      at = r!.t[k++];
    } else if (k <= n) {
      whole = index.price[i];
      k = n + 1;
    } else {
      break;
    }
    const price = whole / LISTING_PRICE_SCALE;
    if (priced(price, gpus)) {
      if (!open) {
        spans.start.push(t);
        spans.end.push(until ?? NaN);
        spans.first.push(spans.t.length);
        open = true;
      }
      spans.t.push(t);
      spans.perGpu.push(price / gpus);
    } else if (open) {
      spans.end[spans.end.length - 1] = t;
      open = false;
    }
  }
}

/** The index of the first time in `times` (ascending) after `t`. */
function firstAfter(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
