// What the Show Market Trends panel draws, from the market history's points:
// per GPU model (over every GPU count), its lowest, 25th-percentile and median
// price per GPU and the GPUs listed, over a range before the latest list; the
// rows of its table (one per hour over a day, one per day over longer ranges);
// and each line thinned to the chart's width (the lowest and highest value of
// each pixel column, with the first and last, so a year of hourly points draws
// as the whole series would at that width). Pure.
import { ALL_COUNTS, type GroupStat } from './aggregate';
import { DAY_MS, HOUR_MS, type StoredPoint } from './downsample';

export const TREND_RANGES = ['day', 'week', 'month', 'all'] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

/** How far back each range reaches from the latest list. */
export const RANGE_MS: Record<TrendRange, number> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS, all: Infinity };

/** The numbers a chart draws, one of them per line. */
export const TREND_METRICS = ['low', 'p25', 'median', 'gpus'] as const;
export type TrendMetric = (typeof TREND_METRICS)[number];

/** One point of one model: its group over every GPU count at time `t`, and how many lists the point stands for. */
export interface TrendSample {
  t: number;
  n: number;
  low: number;
  p25: number;
  median: number;
  machines: number;
  gpus: number;
}

export interface TrendSeries {
  gpu: string;
  /** In time order. */
  samples: TrendSample[];
}

function sampleOf(t: number, n: number, g: GroupStat): TrendSample {
  return { t, n, low: g.low, p25: g.p25, median: g.median, machines: g.machines, gpus: g.gpus };
}

/** The points within `range` before `end` (the latest point's time unless given), in time order. */
export function pointsInRange(points: readonly StoredPoint[], range: TrendRange, end = points.at(-1)?.t ?? 0): StoredPoint[] {
  const from = end - RANGE_MS[range];
  return points.filter((p) => p.t >= from && p.t <= end).sort((a, b) => a.t - b.t);
}

/** Each model's samples among `points` (already in range), in the order the models are given; a model without points has none. */
export function trendSeries(points: readonly StoredPoint[], gpus: readonly string[]): TrendSeries[] {
  const byModel = new Map<string, TrendSample[]>(gpus.map((gpu) => [gpu, []]));
  for (const p of points) {
    for (const g of p.groups) {
      if (g.count === ALL_COUNTS) byModel.get(g.gpu)?.push(sampleOf(p.t, p.n, g));
    }
  }
  return gpus.map((gpu) => ({ gpu, samples: byModel.get(gpu) ?? [] }));
}

/** The table's step for a range: an hour over a day, a day over longer ones. */
export function tableStepMs(range: TrendRange): number {
  return range === 'day' ? HOUR_MS : DAY_MS;
}

/**
 * The table's rows of one model: its samples merged per step (UTC hours or
 * days, as the history downsamples: the lowest of the lows, the rest means
 * weighted by the lists each point stands for). The same arithmetic as
 * downsample's on points, in the same order, on the samples themselves: made
 * into points of their own first, they were a third of the trends panel's question.
 */
export function tableRows(series: TrendSeries, stepMs: number): TrendSample[] {
  const buckets = new Map<number, TrendSample[]>();
  for (const s of series.samples) {
    const start = Math.floor(s.t / stepMs) * stepMs;
    const list = buckets.get(start);
    if (list) list.push(s);
    else buckets.set(start, [s]);
  }
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([start, list]) => (list.length === 1 && list[0].t === start ? copyOf(list[0]) : merged(list, start)));
}

function copyOf(s: TrendSample): TrendSample {
  return { t: s.t, n: s.n, low: s.low, p25: s.p25, median: s.median, machines: s.machines, gpus: s.gpus };
}

/** Samples of one model as one, starting at `t` (mergePoints' arithmetic for one group). */
function merged(list: readonly TrendSample[], t: number): TrendSample {
  const first = list[0];
  let n = first.n;
  let machines = first.machines * first.n;
  let gpus = first.gpus * first.n;
  let low = first.low;
  let p25 = first.p25 * first.n;
  let median = first.median * first.n;
  for (let i = 1; i < list.length; i++) {
    const s = list[i];
    n += s.n;
    machines += s.machines * s.n;
    gpus += s.gpus * s.n;
    low = Math.min(low, s.low);
    p25 += s.p25 * s.n;
    median += s.median * s.n;
  }
  return { t, n, low, p25: p25 / n, median: median / n, machines: machines / n, gpus: gpus / n };
}

/**
 * Each of a series' lines, (t, value) pairs thinned to `buckets` columns between `from` and `to`: per column
 * the first, lowest, highest and last pair, in time order (M4), so the line drawn at that width looks the same
 * as the whole series, its extremes included. Values that are not finite numbers are left out. At most
 * 4 × buckets pairs; a line that has fewer is returned whole. Read from the samples: no pair is made for a
 * value left out.
 */
export function thinSeries(series: TrendSeries, buckets: number, from: number, to: number): Record<TrendMetric, [number, number][]> {
  const { samples } = series;
  const ts = new Float64Array(samples.length);
  const vs = new Float64Array(samples.length);
  const thin = (metric: TrendMetric): [number, number][] => {
    let n = 0;
    for (const s of samples) {
      const v = s[metric];
      if (!Number.isFinite(s.t) || !Number.isFinite(v)) continue;
      ts[n] = s.t;
      vs[n++] = v;
    }
    return thinPairs(ts, vs, n, buckets, from, to);
  };
  return { low: thin('low'), p25: thin('p25'), median: thin('median'), gpus: thin('gpus') };
}

/** The first n pairs (finite) thinned (see thinSeries): per run of pairs in one column, its first, its first lowest, its first highest and its last, in order. */
function thinPairs(ts: Float64Array, vs: Float64Array, n: number, buckets: number, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  if (n <= 4 * buckets || buckets < 1) {
    for (let i = 0; i < n; i++) out.push([ts[i], vs[i]]);
    return out;
  }
  const span = Math.max(1, to - from);
  const columnOf = (t: number) => Math.min(buckets - 1, Math.max(0, Math.floor(((t - from) / span) * buckets)));
  for (let g0 = 0; g0 < n; ) {
    const column = columnOf(ts[g0]);
    let lo = g0;
    let hi = g0;
    let g1 = g0 + 1;
    for (; g1 < n && columnOf(ts[g1]) === column; g1++) {
      if (vs[g1] < vs[lo]) lo = g1;
      if (vs[g1] > vs[hi]) hi = g1;
    }
    // The four in order, each once (the first may be the lowest, and so on): g0 ≤ lo, hi ≤ the last.
    let prev = g0;
    out.push([ts[g0], vs[g0]]);
    for (const i of [Math.min(lo, hi), Math.max(lo, hi), g1 - 1]) {
      if (i > prev) out.push([ts[i], vs[i]]);
      prev = Math.max(prev, i);
    }
    g0 = g1;
  }
  return out;
}
