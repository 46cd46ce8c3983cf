// What the Show Market Trends panel draws, from the market history's points:
// per GPU model (over every GPU count), its lowest, 25th-percentile and median
// price per GPU and the GPUs listed, over a range before the latest list; the
// rows of its table (one per hour over a day, one per day over longer ranges);
// and each line thinned to the chart's width (the lowest and highest value of
// each pixel column, with the first and last, so a year of hourly points draws
// as the whole series would at that width). Pure.
import { ALL_COUNTS, type GroupStat } from './aggregate';
import { DAY_MS, downsample, HOUR_MS, type StoredPoint } from './downsample';

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
 * weighted by the lists each point stands for).
 */
export function tableRows(series: TrendSeries, stepMs: number): TrendSample[] {
  const points: StoredPoint[] = series.samples.map((s) => ({ t: s.t, n: s.n, groups: [{ gpu: series.gpu, count: ALL_COUNTS, machines: s.machines, gpus: s.gpus, low: s.low, p25: s.p25, median: s.median }] }));
  return downsample(points, stepMs).flatMap((p) => p.groups.filter((g) => g.count === ALL_COUNTS).map((g) => sampleOf(p.t, p.n, g)));
}

/**
 * A line of (t, value) pairs thinned to `buckets` columns between `from` and
 * `to`: per column the first, lowest, highest and last pair, in time order
 * (M4), so the line drawn at that width looks the same as the whole series,
 * its extremes included. Values that are not finite numbers are left out.
 * At most 4 × buckets pairs; a line that has fewer is returned whole.
 */
export function thinLine(line: readonly (readonly [number, number])[], buckets: number, from: number, to: number): [number, number][] {
  const finite = line.filter(([t, v]) => Number.isFinite(t) && Number.isFinite(v));
  if (finite.length <= 4 * buckets || buckets < 1) {
    return finite.map(([t, v]) => [t, v]);
  }
  const span = Math.max(1, to - from);
  const out: [number, number][] = [];
  let column = -1;
  let group: (readonly [number, number])[] = [];
  const flush = (): void => {
    if (group.length === 0) return;
    let lo = group[0];
    let hi = group[0];
    for (const p of group) {
      if (p[1] < lo[1]) lo = p;
      if (p[1] > hi[1]) hi = p;
    }
    const keep = new Set([group[0], lo, hi, group[group.length - 1]]);
    for (const p of group) if (keep.has(p)) out.push([p[0], p[1]]);
    group = [];
  };
  for (const p of finite) {
    const c = Math.min(buckets - 1, Math.max(0, Math.floor(((p[0] - from) / span) * buckets)));
    if (c !== column) {
      flush();
      column = c;
    }
    group.push(p);
  }
  flush();
  return out;
}

/** One metric of a series as (t, value) pairs. */
export function lineOf(series: TrendSeries, metric: TrendMetric): [number, number][] {
  return series.samples.map((s) => [s.t, s[metric]]);
}
