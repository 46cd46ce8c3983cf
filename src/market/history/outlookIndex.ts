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
import type { Query } from '../../model/query';
import { OutlookWork } from '../../model/outlookWork';
import { Column } from './column';
import { rowArrayIterator, rowArrays, type SqlDatabase } from './database';
import { DAY_MS, HOUR_MS, HOURLY_MS, RAW_MS } from './downsample';
import { LISTING_PRICE_SCALE } from './listingSpecs';
import { mayPass, pricePasses, type PriceBounds } from './priceBounds';
import { ROWS_PER_STEP, type Steps } from './steps';

/** The longest window an outlook reads: machines gone longer are forgotten (store.ts, GONE_DAYS). */
export const OUTLOOK_DAYS = 30;

/** A place per spec ID (specs are the store's row IDs, so they stay small), −1 for none. */
function withSpec(places: Int32Array, spec: number): Int32Array {
  if (spec < places.length) return places;
  const grown = new Int32Array(Math.max(spec + 1, places.length * 2)).fill(-1);
  grown.set(places);
  return grown;
}

export interface OutlookIndex {
  latest: number;
  /** The latest list when the index was read: it follows the lists of its store and of other writers for an hour, then is read again. */
  loadedAt: number;
  /** The changes' stamp and the last list's row ID it has followed up to (see listingChanges.ts and outlookFollow.ts). */
  stamp: number;
  lastList: number;
  /** The oldest list kept, and how far after it its lists may lie (a thinned list stands for an hour or a day). */
  oldest: number;
  oldestSlack: number;
  /** The times of the lists of the window, in order (where the record has gaps). */
  lists: number[];
  /** Per listing of the window: since, until (NaN while listed), its machine's spec and GPU count, its price now (× LISTING_PRICE_SCALE). */
  since: Column;
  until: Column;
  specs: Column;
  gpus: Column;
  price: Column;
  /** The open listings by node ID, and the node ID of each listing open when it was read or came (null for the rest). */
  open: Map<string, number>;
  nodes: (string | null)[];
  /**
   * The repricings: when, and what the listing cost until then (× LISTING_PRICE_SCALE). A spec's are a
   * chain in time order, from `first[spec]` through `next` (−1 ends it; `last[spec]` is its end, for the
   * ones that come later). Read in spec order, a spec's lie together.
   */
  reprices: { t: Column; price: Column; next: Column; first: Int32Array; last: Int32Array };
  /**
   * Per spec: its first listing read with the window, −1 for none. They are read in spec order, so a
   * spec's lie together from there: a filter walks the columns in order, not an array of indexes per spec.
   */
  firstOf: Int32Array;
  /** Listings read with the window (those after it came from the store's own lists since), and the specs they list. */
  read: number;
  specsRead: number;
  /** Per spec: its listings that came since the window was read. */
  later: Map<number, number[]>;
  /**
   * Per spec: the lowest and highest price (× LISTING_PRICE_SCALE) its listings had in the window, now or
   * before a repricing (Infinity and −Infinity for none): a filter's price clauses pass over a spec none of
   * whose prices can pass them (mayPass) without walking its listings.
   */
  low: Float64Array;
  high: Float64Array;
  /** Working arrays its outlooks reuse while it lives: their records' columns, and the arithmetic's (see OutlookWork). */
  recordColumns?: Spans;
  work: OutlookWork;
  /** The specs a filter without its price clauses matches (cached per filter by the store: specs never change). */
  matching(key: string, query: Query, check: () => void): ArrayLike<number>;
}

/**
 * Reads the index in slices (see steps.ts), in the caller's read transaction (one snapshot across the slices).
 * The listings are read in table order and sorted by spec here: SQLite's ORDER BY sorted them all before the
 * first row came, one step of 100-150 ms at 100k machines.
 */
export function* readOutlookSteps(db: SqlDatabase, latest: number, marks: Pick<OutlookIndex, 'stamp' | 'lastList'>, machineOf: (spec: number) => Machine | undefined, matching: OutlookIndex['matching']): Steps<OutlookIndex> {
  const from = latest - OUTLOOK_DAYS * DAY_MS;
  const oldestRow = db.prepare('SELECT t, n FROM lists ORDER BY t LIMIT 1').get();
  const oldest = Number(oldestRow?.t ?? latest);
  const age = latest - oldest;
  const oldestSlack = Number(oldestRow?.n ?? 1) > 1 || age > HOURLY_MS ? DAY_MS : age > RAW_MS ? HOUR_MS : 0;
  // From a day before the window: a thinned list stands at the start of its hour or day, before the window's start.
  const lists = rowArrays(db.prepare('SELECT t FROM lists WHERE t >= ? ORDER BY t'), from - DAY_MS).map(([t]) => Number(t));
  const read: ReadListings = { since: new Column(), until: new Column(), spec: new Column(), price: new Column(), gpus: new Column() };
  const nodes: (string | null)[] = [];
  let lastSpec = -1;
  for (const [s, u, spec, p, node] of rowArrayIterator(db.prepare('SELECT since, until, spec, price, CASE WHEN until IS NULL THEN node END FROM listings WHERE spec IS NOT NULL AND price IS NOT NULL AND (until IS NULL OR until >= ?)'), from)) {
    const machine = machineOf(Number(spec));
    if (!machine) continue;
    read.gpus.push(machine.gpu_count);
    read.since.push(Number(s));
    read.until.push(u === null ? NaN : Number(u));
    read.spec.push(Number(spec));
    read.price.push(Number(p));
    nodes.push(node as string | null);
    lastSpec = Math.max(lastSpec, Number(spec));
    if (nodes.length % ROWS_PER_STEP === 0) yield;
  }
  const index = emptyIndex({ latest, ...marks, oldest, oldestSlack, lists }, nodes.length, lastSpec, matching);
  yield* placeBySpec(index, read, nodes);
  let n = 0;
  for (const [spec, t, p] of rowArrayIterator(db.prepare('SELECT spec, t, price FROM reprices WHERE t >= ? ORDER BY spec, t'), from)) {
    addReprice(index, Number(spec), Number(t), Number(p));
    if (++n % ROWS_PER_STEP === 0) yield;
  }
  return index;
}

/**
 * An index with room for `listings` read and specs up to `lastSpec`, none placed yet. One literal for every
 * index (the window's, and the practice's: outlookPractice.ts), so V8 gives them one shape and the code it
 * optimised on one stays optimised on the other.
 */
export function emptyIndex(at: Pick<OutlookIndex, 'latest' | 'stamp' | 'lastList' | 'oldest' | 'oldestSlack' | 'lists'>, listings: number, lastSpec: number, matching: OutlookIndex['matching']): OutlookIndex {
  const none = (size = 1024) => new Int32Array(size).fill(-1);
  const column = () => new Column(listings + 1024);
  return {
    latest: at.latest, loadedAt: at.latest, stamp: at.stamp, lastList: at.lastList, oldest: at.oldest, oldestSlack: at.oldestSlack, lists: at.lists,
    since: column(), until: column(), specs: column(), gpus: column(), price: column(), open: new Map(), nodes: new Array<string | null>(listings).fill(null),
    reprices: { t: new Column(), price: new Column(), next: new Column(), first: none(), last: none() },
    firstOf: none(lastSpec + 1), read: listings, specsRead: 0, later: new Map(), matching, work: new OutlookWork(),
    low: new Float64Array(lastSpec + 1).fill(Infinity), high: new Float64Array(lastSpec + 1).fill(-Infinity),
  };
}

export type ReadListings = Record<'since' | 'until' | 'spec' | 'price' | 'gpus', Column>;

/** Puts the listings read into the index's columns in spec order (a counting sort: specs are small row IDs), a spec's together from `firstOf[spec]`. */
export function* placeBySpec(index: OutlookIndex, read: ReadListings, nodes: readonly (string | null)[]): Steps<void> {
  const { firstOf } = index;
  const next = new Int32Array(firstOf.length);
  const specs = read.spec.values;
  for (let i = 0; i < nodes.length; i++) next[specs[i]]++;
  for (let spec = 0, at = 0; spec < next.length; spec++) {
    const count = next[spec];
    if (count > 0) {
      firstOf[spec] = at;
      index.specsRead++;
    }
    next[spec] = at;
    at += count;
  }
  for (const c of [index.since, index.until, index.specs, index.gpus, index.price]) c.length = nodes.length;
  for (let i = 0; i < nodes.length; i++) {
    const spec = specs[i];
    const k = next[spec]++;
    index.since.values[k] = read.since.values[i];
    index.until.values[k] = read.until.values[i];
    index.specs.values[k] = spec;
    index.price.values[k] = read.price.values[i];
    index.gpus.values[k] = read.gpus.values[i];
    widen(index, spec, read.price.values[i]);
    const node = nodes[i];
    if (node !== null && Number.isNaN(read.until.values[i])) {
      index.open.set(node, k);
      index.nodes[k] = node;
    }
    if ((i + 1) % ROWS_PER_STEP === 0) yield;
  }
}

/** Adds a listing's columns; returns its index. */
function addListing(index: OutlookIndex, since: number, until: number, spec: number, price: number, machine: Machine, node: string | null): number {
  const i = index.since.push(since);
  index.until.push(until);
  index.specs.push(spec);
  index.price.push(price);
  index.gpus.push(machine.gpu_count);
  index.nodes.push(node);
  widen(index, spec, price);
  if (node !== null && Number.isNaN(until)) index.open.set(node, i);
  return i;
}

/** The node ID of a spec's listing that is open in the index, if one is. */
export function openNodeOf(index: OutlookIndex, spec: number): string | undefined {
  const first = spec < index.firstOf.length ? index.firstOf[spec] : -1;
  const listings = first < 0 ? [] : [first];
  for (let i = first + 1; first >= 0 && i < index.read && index.specs.values[i] === spec; i++) listings.push(i);
  for (const i of [...listings, ...(index.later.get(spec) ?? [])]) {
    const node = index.nodes[i];
    if (node !== null && index.open.get(node) === i) return node;
  }
  return undefined;
}

/** Adds a repricing at the end of its spec's chain (they come in time order). */
export function addReprice(index: OutlookIndex, spec: number, t: number, price: number): void {
  const r = index.reprices;
  const k = r.t.push(t);
  r.price.push(price);
  r.next.push(-1);
  r.first = withSpec(r.first, spec);
  r.last = withSpec(r.last, spec);
  if (r.last[spec] < 0) r.first[spec] = k;
  else r.next.values[r.last[spec]] = k;
  r.last[spec] = k;
  widen(index, spec, price);
}

/** Widens a spec's price range (OutlookIndex.low and high) to `price`. */
function widen(index: OutlookIndex, spec: number, price: number): void {
  if (spec >= index.low.length) {
    const size = Math.max(spec + 1, index.low.length * 2);
    const grow = (a: Float64Array, fill: number) => {
      const grown = new Float64Array(size).fill(fill);
      grown.set(a);
      return grown;
    };
    index.low = grow(index.low, Infinity);
    index.high = grow(index.high, -Infinity);
  }
  if (price < index.low[spec]) index.low[spec] = price;
  if (price > index.high[spec]) index.high[spec] = price;
}

/**
 * What lists changed of the listings the outlook reads: at `at`, or at the list's time. Its store's own
 * list says it from the list; another writer's are read back from the listings (outlookFollow.ts).
 */
export type OutlookChange =
  | { kind: 'open'; node: string; spec: number; price: number; at?: number }
  | { kind: 'close'; node: string; at?: number; price?: number }
  | { kind: 'reprice'; node?: string; spec: number; was: number; price: number; at?: number };

/**
 * The index after `lists` (their times, in order, none older than the index's
 * latest: its store's own list, or other writers'): the changes applied rather
 * than the window read again, which at 100k machines costs most of a second.
 * False when a change does not fit (the caller then reads it again).
 */
export function followIndex(index: OutlookIndex, lists: readonly number[], changes: readonly OutlookChange[], machineOf: (spec: number) => Machine | undefined): boolean {
  if (lists.length === 0 || lists[0] < index.latest) return false;
  const t = lists[lists.length - 1];
  for (const c of changes) {
    if (c.kind === 'open') {
      const machine = machineOf(c.spec);
      if (!machine) return false;
      const i = addListing(index, c.at ?? t, NaN, c.spec, c.price, machine, c.node);
      const later = index.later.get(c.spec);
      if (later) later.push(i);
      else index.later.set(c.spec, [i]);
    } else if (c.kind === 'reprice') {
      // The chain is the spec's, whatever became of its listing; its price now, where it is still listed.
      addReprice(index, c.spec, c.at ?? t, c.was);
      widen(index, c.spec, c.price);
      const i = c.node === undefined ? undefined : index.open.get(c.node);
      if (i !== undefined) index.price.values[i] = c.price;
    } else {
      const i = index.open.get(c.node);
      if (i === undefined) continue;
      index.until.values[i] = c.at ?? t;
      if (c.price !== undefined) {
        index.price.values[i] = c.price;
        widen(index, index.specs.values[i], c.price);
      }
      index.open.delete(c.node);
    }
  }
  index.latest = t;
  index.lists.push(...lists);
  return true;
}

/**
 * Specs per call of recordSpecs, and per look at the cancel flag: V8 optimises a function after its first
 * calls, and a loop run once an outlook only by replacing it mid-run, at each outlook again (bench:history).
 */
const SLICE = 2048;

/**
 * The record of a filter over the index: each stretch of a listing during
 * which it matched, with its prices per GPU. `specs` are the machines the
 * filter matches but for its price clauses; `priced` tests those at the
 * price of the moment. `check` throws when the asker cancelled.
 */
export function outlookRecord(index: OutlookIndex, specs: ArrayLike<number>, priced: PriceBounds, check: () => void = () => undefined): OutlookRecord {
  // Room for as many listings as the specs have on average: growing five columns from small cost more than the
  // walk the first time a filter was asked (V8 deoptimised the pushes when a column first grew; bench:history).
  const room = Math.ceil((specs.length * index.read) / Math.max(1, index.specsRead));
  const spans = recordColumns(index, room);
  for (let s = 0; s < specs.length; s += SLICE) {
    check();
    recordSpecs(spans, index, specs, s, Math.min(specs.length, s + SLICE), priced);
  }
  const { start, end, first, t, perGpu } = spans;
  return { now: index.latest, start: index.oldest + index.oldestSlack, lists: index.lists, spans: { start: start.view(), end: end.view(), first: first.view(), t: t.view(), perGpu: perGpu.view() }, work: index.work };
}

/** The stretches of the listings of specs[s0] up to specs[s1] (see outlookRecord). */
function recordSpecs(spans: Spans, index: OutlookIndex, specs: ArrayLike<number>, s0: number, s1: number, priced: PriceBounds): void {
  const { firstOf, read } = index;
  const specOf = index.specs.values;
  for (let s = s0; s < s1; s++) {
    const spec = specs[s];
    const first = spec < firstOf.length ? firstOf[spec] : -1;
    const later = index.later.get(spec);
    if (first < 0 && later === undefined) continue;
    if (!mayPass(priced, index.low[spec], index.high[spec], index.gpus.values[first >= 0 ? first : later![0]])) continue;
    const r = spec < index.reprices.first.length ? index.reprices.first[spec] : -1;
    for (let i = first < 0 ? read : first; i < read && specOf[i] === spec; i++) addSpans(spans, index, i, r, priced);
    if (later !== undefined) for (let j = 0; j < later.length; j++) addSpans(spans, index, later[j], r, priced);
  }
}

/** Values a reused column keeps room for: a broader filter's record gets columns of its own, let go after it. */
const RECORD_KEPT = 1 << 18;

/**
 * The columns a filter's record is written in, emptied, with room for `room` stretches: the index's own,
 * the same at each outlook while it lives. A broad filter's record took 5-8 MB of new typed arrays, and at
 * that rate V8 collected the whole heap (35-40 ms with the market of 100k held) every few outlooks, in the
 * middle of one. A record is summed up (computeOutlook) before the next is asked, in one thread. The room
 * is at most RECORD_KEPT: `room` counts the listings walked, and the price clauses leave out about half of
 * the broadest filter's (bench:history: 325k listings, 175k stretches), which then took new columns at
 * every outlook. A record past RECORD_KEPT grows its columns, and they are let go at the next.
 */
function recordColumns(index: OutlookIndex, room: number): Spans {
  const kept = Math.min(room, RECORD_KEPT);
  const held = index.recordColumns && index.recordColumns.all().every((c) => c.values.length <= RECORD_KEPT) ? index.recordColumns : undefined;
  const columns = held ?? new Spans(kept);
  for (const c of columns.all()) {
    c.length = 0;
    if (c.values.length < kept) c.values = new Float64Array(kept);
  }
  index.recordColumns = columns;
  return columns;
}

/**
 * The columns of a record being written (see MatchSpans). A class, not a literal: a literal of the same keys
 * shares its shape with the record's spans of typed arrays, and V8 threw away addSpans' optimised code when
 * the record's were made (bench:history, a filter asked for the first time; --trace-deopt: "dependent field
 * type changed").
 */
class Spans implements Record<keyof MatchSpans, Column> {
  readonly start: Column;
  readonly end: Column;
  readonly first: Column;
  readonly t: Column;
  readonly perGpu: Column;

  constructor(room: number) {
    this.start = new Column(room);
    this.end = new Column(room);
    this.first = new Column(room);
    this.t = new Column(room);
    this.perGpu = new Column(room);
  }

  all(): Column[] {
    return [this.start, this.end, this.first, this.t, this.perGpu];
  }
}

/**
 * The stretches of listing `i` during which its machine, at the price of the moment, passes `priced`.
 * `k` is its spec's first repricing (−1: none): the chain spans all its listings, in time order.
 */
function addSpans(spans: Spans, index: OutlookIndex, i: number, k: number, priced: PriceBounds): void {
  const { t: repricedAt, price: cost, next } = index.reprices;
  const gpus = index.gpus.values[i];
  const since = index.since.values[i];
  const until = index.until.values[i];
  const listed = Number.isNaN(until);
  while (k >= 0 && repricedAt.values[k] <= since) k = next.values[k];
  // The listing's prices: what each repricing within it says it cost until then, then its price now.
  let at = since;
  let open = false;
  let now = false;
  for (;;) {
    const t = at;
    let whole: number;
    if (k >= 0 && (listed || repricedAt.values[k] <= until)) {
      whole = cost.values[k];
      at = repricedAt.values[k];
      k = next.values[k];
    } else if (!now) {
      whole = index.price.values[i];
      now = true;
    } else {
      break;
    }
    const price = whole / LISTING_PRICE_SCALE;
    if (pricePasses(priced, price, gpus)) {
      // Written here rather than by push: a call per value was a tenth of a filter's first record, before V8 inlines it.
      // A stretch's three columns grow together, and a price's two (recordColumns makes them alike).
      if (!open) {
        const s = spans.start.length;
        if (s === spans.start.values.length) for (const c of [spans.start, spans.end, spans.first]) c.grow();
        spans.start.values[s] = t;
        spans.end.values[s] = until;
        spans.first.values[s] = spans.t.length;
        spans.start.length = spans.end.length = spans.first.length = s + 1;
        open = true;
      }
      const p = spans.t.length;
      if (p === spans.t.values.length) for (const c of [spans.t, spans.perGpu]) c.grow();
      spans.t.values[p] = t;
      spans.perGpu.values[p] = price / gpus;
      spans.t.length = spans.perGpu.length = p + 1;
    } else if (open) {
      spans.end.values[spans.end.length - 1] = t;
      open = false;
    }
  }
}
