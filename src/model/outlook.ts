// Rent now or wait (issue 36): what the market's record says of one filter.
// Supply (how often matching machines appeared, how long they stayed, how
// many match now), price (the typical daily best and where the best now
// sits) and waiting (how often something cheaper turned up, and how long one
// waited for it from a random moment: outlookWaiting.ts), each only as far as the record
// carries it: with too few days or appearances the numbers it cannot back
// are left undefined and a flag says why. Days are the 24-hour stretches back
// from the latest list, not calendar days: a time zone or a clock change moves
// no figure. Pure: the history gives the record (src/market/history/outlookIndex.ts),
// outlookText.ts says it in words.
import type { OutlookWork } from './outlookWork';
import { dayBack, DAY_MS, HOUR_MS, rank } from './outlookUnits';
import { waitingOf, type Segments, type Waiting, type Work } from './outlookWaiting';


/** Days recorded before a typical price is called (and daily bests it needs). */
export const MIN_DAYS = 3;
/** Appearances (or ended listings) before "about every" (or how long they stay) is said. */
export const MIN_APPEARANCES = 3;
/** Two lists further apart than this leave a gap in the record: what happened between is unknown. */
export const GAP_MS = 3 * HOUR_MS;

/**
 * The stretches of listings during which they matched the filter, as
 * columns (a broad filter has tens of thousands; an object each cost more
 * than all the arithmetic on them, bench:history's outlook figures). Stretch
 * k starts at `start[k]` and ends at `end[k]` (gone, or repriced out; NaN
 * while it matches); its prices per GPU are `perGpu[i]` from `t[i]` on, for
 * i from `first[k]` up to the next stretch's first, in time order, the first
 * at its start.
 */
export interface MatchSpans {
  start: ArrayLike<number>;
  end: ArrayLike<number>;
  first: ArrayLike<number>;
  t: ArrayLike<number>;
  perGpu: ArrayLike<number>;
}

/** What the history recorded of a filter. */
export interface OutlookRecord {
  /** The latest list. */
  now: number;
  /** Where the record begins: a stretch that starts here was there already, not an appearance. */
  start: number;
  /** The lists' times (at least the window asked), in order: far-apart ones are gaps. */
  lists: readonly number[];
  spans: MatchSpans;
  /** Working arrays to reuse (without: new ones). */
  work?: OutlookWork;
}

export type OutlookLevel = 'low' | 'typical' | 'high';

export interface Quartiles {
  q1: number;
  median: number;
  q3: number;
}

export interface Outlook {
  /** The latest list (epoch ms): the window ends here. */
  latest: number;
  /** The window asked (days back from the latest list). */
  days: number;
  /** Hours of the window the record covers (no gaps, after its start). */
  recordedHours: number;
  /** Whole days of that. */
  recordedDays: number;
  supply: {
    /** Appearances in the last 7 days (also when the window is shorter) and in the window. */
    week: number;
    window: number;
    /** Recorded hours per appearance; undefined under MIN_APPEARANCES. */
    everyHours: number | undefined;
    /** How long the listings that ended stayed (hours); undefined under MIN_APPEARANCES of them. */
    listedHours: Quartiles | undefined;
    /** Matches listed now. */
    now: number;
    /** Appearances per recorded day of the window, oldest first (days as in `price.daily`). */
    daily: { day: number; appeared: number }[];
  };
  price: {
    /** Per recorded day with a match, oldest first: where the day starts and its best price per GPU. */
    daily: { day: number; best: number }[];
    /** The 25th and 75th percentile of the daily bests; undefined with fewer than MIN_DAYS days. */
    typical: { low: number; high: number } | undefined;
    /** The best price per GPU among the matches now. */
    now: number | undefined;
    level: OutlookLevel | undefined;
  };
  waiting: Waiting;
  flags: {
    /** Fewer than MIN_DAYS days recorded: no typical price. */
    fewDays: boolean;
    /** Fewer than MIN_APPEARANCES appearances: no "about every". */
    fewAppearances: boolean;
    /** Hours of the window that fall in gaps of the record. */
    gapHours: number;
  };
}

/**
 * The quartiles, in hours, of how long the ended appearances stayed, from their milliseconds. Whole
 * milliseconds under 2^32 (a record's are: lists come at whole milliseconds, and 30 days are 2.6e9) are
 * sorted as 32-bit integers, which V8 sorts in about half the time of doubles (bench:history's broadest
 * filter, about 100k stays). Each is divided into hours as it is read, so the answer is the same to the bit.
 */
function stayQuartiles(ms: Float64Array, whole: Uint32Array): Quartiles {
  const sorted: ArrayLike<number> = fitsWhole(ms) ? (whole.set(ms), whole.sort()) : ms.sort();
  return { q1: rank(sorted, 0.25, HOUR_MS), median: rank(sorted, 0.5, HOUR_MS), q3: rank(sorted, 0.75, HOUR_MS) };
}

/** Whether every value is a whole number under 2^32 (a loop in a function of its own: see unionOf in outlookWaiting.ts). */
// Stryker disable all: which sort the stays take changes only the speed: a record's are whole milliseconds under 2^32, sorted alike either way
function fitsWhole(ms: Float64Array): boolean {
  for (let i = 0; i < ms.length; i++) if (!(Number.isInteger(ms[i]) && ms[i] >= 0 && ms[i] < 2 ** 32)) return false;
  return true;
}
// Stryker restore all

/** The stretches [from, to) the record covers within [from, to): between lists at most GAP_MS apart. */
function covered(lists: readonly number[], from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < lists.length; i++) {
    const a = Math.max(lists[i], from);
    const b = Math.min(lists[i + 1], to);
    if (lists[i + 1] - lists[i] <= GAP_MS && b > a) {
      const last = out[out.length - 1];
      if (last && last[1] >= a) last[1] = Math.max(last[1], b);
      else out.push([a, b]);
    }
  }
  return out;
}

const overlap = (ranges: readonly [number, number][], from: number, to: number) => ranges.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, to) - Math.max(a, from)), 0);

/** The outlook of a filter over the `days` before the record's latest list. */
export function computeOutlook(record: OutlookRecord, days = 30): Outlook {
  const now = record.now;
  const from = now - days * DAY_MS;
  const lists = [...record.lists].filter((t) => t <= now).sort((a, b) => a - b);
  // The record covers from its first list on (`start` may lie after it: that is for appearances).
  const begin = Math.max(from, lists[0] ?? now);
  const cover = covered(lists, begin, now);
  const recordedMs = overlap(cover, begin, now);
  const recordedHours = recordedMs / HOUR_MS;
  const recordedDays = Math.floor(recordedMs / DAY_MS + 1e-9);

  const { start: starts, t: times } = record.spans;
  const work: Work = (name, length) => record.work?.array(name, length) ?? new Float64Array(length);
  const tally: Tally = {
    now,
    from,
    recordStart: record.start,
    days,
    appeared: 0,
    week: 0,
    listed: 0,
    best: Infinity,
    ended: 0,
    // Appearances per day; a day is [its start, its end), as for the daily best.
    counts: new Int32Array(days),
    // How long each ended appearance stayed (ms), at most one a stretch: filled in place, not pushed to an array of tens of thousands.
    // Stryker disable next-line StringLiteral: a working array's name only keeps it apart from the others
    endedMs: work('ended', starts.length),
    // At most one segment a price: typed arrays of that size, not arrays grown a push at a time.
    // Stryker disable next-line StringLiteral: a working array's name only keeps it apart from the others
    all: { from: work('from', times.length), to: work('to', times.length), perGpu: work('perGpu', times.length), opens: work('opens', times.length), length: 0 },
  };
  for (let k = 0; k < starts.length; k += SLICE) tallyStretches(record.spans, k, Math.min(starts.length, k + SLICE), tally);
  const { appeared, week, listed, best, ended: endedCount, counts, endedMs, all } = tally;
  const nowBest = listed > 0 ? best : undefined;

  // The best price of each day: the lowest of the prices that held in it, on days the record covers.
  const daily: { day: number; best: number }[] = [];
  const recordedDay = Array.from({ length: days }, (_, k) => overlap(cover, now - (k + 1) * DAY_MS, now - k * DAY_MS) > 0);
  const bests = dailyBests(all, now, recordedDay);
  for (let k = days - 1; k >= 0; k--) if (Number.isFinite(bests[k])) daily.push({ day: now - (k + 1) * DAY_MS, best: bests[k] });
  const appearedDaily: { day: number; appeared: number }[] = [];
  for (let k = days - 1; k >= 0; k--) if (recordedDay[k] || counts[k] > 0) appearedDaily.push({ day: now - (k + 1) * DAY_MS, appeared: counts[k] });
  const fewDays = recordedDays < MIN_DAYS;
  // Typed: an array of numbers is of small integers or of doubles as the prices fall, and V8 threw away
  // computeOutlook's optimised code each time that changed (bench:history, a filter asked for the first time).
  const sortedBests = Float64Array.from(daily, (d) => d.best).sort();
  const typical = !fewDays && daily.length >= MIN_DAYS ? { low: rank(sortedBests, 0.25), high: rank(sortedBests, 0.75) } : undefined;

  return {
    latest: now,
    days,
    recordedHours,
    recordedDays,
    supply: {
      week,
      window: appeared,
      everyHours: appeared >= MIN_APPEARANCES && recordedHours > 0 ? recordedHours / appeared : undefined,
      // Stryker disable next-line StringLiteral: a working array's name only keeps it apart from the others
      listedHours: endedCount >= MIN_APPEARANCES ? stayQuartiles(endedMs.subarray(0, endedCount), record.work?.whole('stays', endedCount) ?? new Uint32Array(endedCount)) : undefined,
      now: listed,
      daily: appearedDaily,
    },
    price: { daily, typical, now: nowBest, level: nowBest === undefined ? undefined : levelOf(nowBest, typical) },
    waiting: waitingOf(all, nowBest, record.start, begin, now, cover, days, work),
    flags: { fewDays, fewAppearances: appeared < MIN_APPEARANCES, gapHours: Math.max(0, (now - begin) / HOUR_MS - recordedHours) },
  };
}

/** What the stretches of a record add up to, a slice at a time (tallyStretches). */
interface Tally {
  readonly now: number;
  readonly from: number;
  readonly recordStart: number;
  readonly days: number;
  appeared: number;
  week: number;
  listed: number;
  best: number;
  ended: number;
  readonly counts: Int32Array;
  readonly endedMs: Float64Array;
  readonly all: Segments;
}

/**
 * Stretches (or segments) per call of the functions that walk them: V8 optimises a function after its first
 * calls, and a loop run once an outlook only by replacing it mid-run, at each outlook again, and then threw the
 * code away where the rest of the function had not run yet (bench:history, a filter asked for the first time).
 */
const SLICE = 4096;

/** Stretches k0 up to k1 of `spans` added to `t`: appearances, how long the ended ones stayed, the matches now and their best, each price's segment. */
function tallyStretches(spans: MatchSpans, k0: number, k1: number, t: Tally): void {
  const { start: starts, end: ends, first, t: times, perGpu } = spans;
  const { now, from, days, all } = t;
  // Read once, before the loop: read in it only for the last stretch, V8 threw its optimised code away there.
  const stretches = starts.length;
  const prices = times.length;
  for (let k = k0; k < k1; k++) {
    const start = starts[k];
    const ended = !Number.isNaN(ends[k]);
    const p0 = first[k];
    const p1 = k + 1 < stretches ? first[k + 1] : prices;
    // A clock set back can leave a stretch that ends before it starts: it says nothing.
    if (p1 === p0 || (ended && ends[k] < start) || start > now) continue;
    const came = start > t.recordStart;
    // The last 7 days whatever the window: a window of a day has the week's count beside its own.
    if (came && start >= now - 7 * DAY_MS) t.week++;
    if (came && start >= from) {
      t.appeared++;
      if (ended) t.endedMs[t.ended++] = ends[k] - start;
      t.counts[Math.min(days - 1, dayBack(now, start))]++;
    }
    if (!ended) {
      t.listed++;
      t.best = Math.min(t.best, perGpu[p1 - 1]);
    }
    const end = Math.min(ended ? ends[k] : now, now);
    let opens = 1;
    for (let i = p0; i < p1; i++) {
      const to = Math.min(i + 1 < p1 ? times[i + 1] : end, end);
      if (to < times[i] || !Number.isFinite(perGpu[i])) continue;
      all.from[all.length] = times[i];
      all.to[all.length] = to;
      all.opens[all.length] = opens;
      all.perGpu[all.length++] = perGpu[i];
      opens = 0;
    }
  }
}

/** The lowest price per GPU that held on each recorded day (Infinity: none), the latest day first, a SLICE at a time. */
function dailyBests(all: Segments, now: number, recordedDay: readonly boolean[]): Float64Array {
  const bests = new Float64Array(recordedDay.length).fill(Infinity);
  for (let j = 0; j < all.length; j += SLICE) dailyBestsOf(all, j, Math.min(all.length, j + SLICE), now, recordedDay, bests);
  return bests;
}

/** Segments j0 up to j1 into `bests` (see dailyBests). */
function dailyBestsOf(all: Segments, j0: number, j1: number, now: number, recordedDay: readonly boolean[], bests: Float64Array): void {
  const days = recordedDay.length;
  const { from, to, perGpu } = all;
  for (let j = j0; j < j1; j++) {
    for (let k = Math.max(0, Math.floor((now - to[j]) / DAY_MS)); k < days; k++) {
      // A day is [its start, its end): a price from the end on belongs to the next (the latest list's to today).
      if (k > 0 && from[j] >= now - k * DAY_MS) break;
      if (recordedDay[k] || k === 0) bests[k] = Math.min(bests[k], perGpu[j]);
    }
  }
}

/** Where a price per GPU sits against the typical band (undefined without one). */
export function levelOf(perGpu: number, typical: { low: number; high: number } | undefined): OutlookLevel | undefined {
  if (!typical || !Number.isFinite(perGpu)) return undefined;
  // Prices are kept to 1/10,000: closer than that is the same price.
  if (perGpu < typical.low - 1e-6) return 'low';
  if (perGpu > typical.high + 1e-6) return 'high';
  return 'typical';
}
