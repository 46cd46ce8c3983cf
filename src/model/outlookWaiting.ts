// Waiting, in the outlook of a filter (src/model/outlook.ts): on how many days
// one came under the best now (or any, with none listed now), and the median
// wait for one from a random moment of the record. Said as a record, never a
// promise. Pure.
import { dayBack, DAY_MS, HOUR_MS, rank } from './outlookUnits';

/** The random moments of the median wait are this far apart. */
const MOMENT_MS = 10 * 60_000;

export interface Waiting {
  /** What one waits for: a match cheaper than the best now, or any match when none is listed. */
  for: 'cheaper' | 'any';
  /** Recorded days of the window on which one came (appeared, or was repriced under the best now). */
  days: number;
  /** The median wait for one from a random recorded moment (hours); undefined when over half the moments saw none before the latest list. */
  medianHours: number | undefined;
}

/** A working array of `length` values (see OutlookWork). */
export type Work = (name: string, length: number) => Float64Array;

/**
 * Each price of the spans with the time it held until, as three columns: a
 * broad filter has tens of thousands of them, and an object each cost more
 * than all the arithmetic on them (bench:history, the outlook's figures).
 */
export interface Segments {
  from: Float64Array;
  to: Float64Array;
  perGpu: Float64Array;
  /** 1 where a segment is the first of its stretch (the listing appeared), 0 where it is a change of price. */
  opens: Float64Array;
  length: number;
}

export function waitingOf(all: Segments, nowBest: number | undefined, start: number, begin: number, now: number, cover: [number, number][], days: number, work: Work): Waiting {
  const below = nowBest === undefined ? Infinity : nowBest - 1e-6;
  const merged = unionOf(all, below, work);
  const seen = daysCameBelow(all, below, start, now, days);
  let moments = 0;
  // One more a stretch: the moments are added up one at a time, and a sum of doubles can pass one more.
  for (const [a, b] of cover) moments += Math.max(0, Math.ceil((b - Math.max(a, begin)) / MOMENT_MS)) + 1;
  // Typed, as the daily bests: a wait is 0 (a small integer) or a double.
  // Stryker disable next-line StringLiteral: a working array's name only keeps it apart from the others
  const waits = work('waits', moments);
  let n = 0;
  let next = 0;
  for (const [a, b] of cover) {
    for (let t = Math.max(a, begin); t < b && n < moments; t += MOMENT_MS) {
      while (next < merged.length && merged[next][1] < t) next++;
      const s = merged[next];
      waits[n++] = !s ? Infinity : s[0] <= t ? 0 : s[0] - t;
    }
  }
  const sorted = waits.subarray(0, n).sort();
  const median = n > 0 ? rank(sorted, 0.5) : Infinity;
  return { for: nowBest === undefined ? 'any' : 'cheaper', days: seen, medianHours: Number.isFinite(median) ? median / HOUR_MS : undefined };
}

/**
 * On how many of the `days` one came under `below`: appeared at such a price, or was repriced under it; the
 * record's start aside. Each counts, also while another was listed under it: a match listed for days
 * hid the ones that came meanwhile, and a record of a match every day said it came on a few (a loop in a
 * function of its own: see unionOf).
 */
function daysCameBelow(all: Segments, below: number, start: number, now: number, days: number): number {
  const seen = new Uint8Array(days);
  let count = 0;
  let under = false;
  for (let j = 0; j < all.length; j++) {
    // Under it already: the same listing's price before this one was.
    const already = under && all.opens[j] === 0;
    under = all.perGpu[j] < below;
    const a = all.from[j];
    if (!under || already || a <= start || a < now - days * DAY_MS) continue;
    // Its day as the supply counts it (the window's first moment is in its first day).
    const day = dayBack(now, a);
    if (seen[day] === 0) count++;
    seen[day] = 1;
  }
  return count;
}

/**
 * The stretches during which a price under `below` was listed, merged where
 * they touch or overlap, in time order. Starts and ends are sorted apart
 * (numbers in typed arrays, no comparator): where the count of stretches
 * open drops to none, a merged stretch ends.
 */
function unionOf(all: Segments, below: number, work: Work): [number, number][] {
  // Each loop in a function of its own: V8 replaces a long loop's code while it runs (on-stack replacement),
  // and that code threw itself away at the first statement after its loop it had not seen run yet.
  const n = countBelow(all, below);
  // Stryker disable next-line StringLiteral: a working array's name only keeps it apart from the others
  const starts = work('starts', n);
  // Stryker disable next-line StringLiteral: a working array's name only keeps it apart from the others
  const ends = work('ends', n);
  copyBelow(all, below, starts, ends);
  starts.sort();
  ends.sort();
  return mergeSorted(starts, ends);
}

function countBelow(all: Segments, below: number): number {
  let n = 0;
  for (let j = 0; j < all.length; j++) if (all.perGpu[j] < below) n++;
  return n;
}

function copyBelow(all: Segments, below: number, starts: Float64Array, ends: Float64Array): void {
  for (let j = 0, k = 0; j < all.length; j++) {
    if (!(all.perGpu[j] < below)) continue;
    starts[k] = all.from[j];
    ends[k++] = all.to[j];
  }
}

/** The stretches from sorted starts and ends: where the count of stretches open drops to none, a merged stretch ends. */
function mergeSorted(starts: Float64Array, ends: Float64Array): [number, number][] {
  const merged: [number, number][] = [];
  let open = 0;
  let s = 0;
  let e = 0;
  while (s < starts.length) {
    // A start at the very time of an end joins the stretch (touching ones merge).
    if (starts[s] <= ends[e]) {
      if (open++ === 0) merged.push([starts[s], starts[s]]);
      s++;
    } else {
      if (--open === 0) merged[merged.length - 1][1] = ends[e];
      e++;
    }
  }
  if (merged.length > 0) merged[merged.length - 1][1] = ends[ends.length - 1];
  return merged;
}
