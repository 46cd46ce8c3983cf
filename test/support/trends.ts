// A trends view's source from points held in memory, as a unit test gives
// them (the product reads its source from SQLite: trendsQuery.ts).
import { ALL_COUNTS } from '../../src/market/history/aggregate';
import type { StoredPoint } from '../../src/market/history/downsample';
import { thinSeries, type TrendMetric, type TrendSeries } from '../../src/market/history/trends';
import type { TrendSource } from '../../src/market/history/trendsView';

export function sourceOf(points: readonly StoredPoint[]): TrendSource {
  const models = [...new Set(points.flatMap((p) => p.groups.filter((g) => g.count === ALL_COUNTS).map((g) => g.gpu)))].sort();
  return { points, models, defaults: models.slice(0, 1), latest: points.at(-1)?.t };
}

/** One metric of a series as (t, value) pairs. */
export function lineOf(series: TrendSeries, metric: TrendMetric): [number, number][] {
  return series.samples.map((s) => [s.t, s[metric]]);
}

/** A line of (t, value) pairs thinned as the trends view thins its lines (thinSeries): the pairs as one metric of a series. */
export function thinLine(line: readonly (readonly [number, number])[], buckets: number, from: number, to: number): [number, number][] {
  const samples = line.map(([t, v]) => ({ t, n: 1, low: v, p25: NaN, median: NaN, machines: NaN, gpus: NaN }));
  return thinSeries({ gpu: '', samples }, buckets, from, to).low;
}
