// What the Show Market Trends panel draws of a range and some models, worked
// out where the history is (the editor's thread, or the market worker) so
// that only this crosses: each model's lines thinned to the chart's width,
// its table's rows, the models the history has, never its points (a year of
// hourly points when a year is kept). The samples behind it come along only
// when asked (Export CSV). Pure.
import type { StoredPoint } from './downsample';
import { pointsInRange, RANGE_MS, tableRows, tableStepMs, thinSeries, trendSeries, type TrendRange, type TrendSample, type TrendSeries } from './trends';

/** Columns of pixels a chart is thinned to: wider than it is drawn on most screens. */
export const CHART_COLUMNS = 640;

export interface ModelTrendView {
  gpu: string;
  lines: { low: [number, number][]; p25: [number, number][]; median: [number, number][]; gpus: [number, number][] };
  rows: TrendSample[];
  /** Every sample in the range (only when asked: the CSV export). */
  samples?: TrendSample[];
}

export interface TrendsView {
  /** Every model the history has, sorted. */
  models: string[];
  /** The model with the most GPUs listed in the latest point, or none: what the panel opens on. */
  defaults: string[];
  trends: ModelTrendView[];
  from: number;
  end: number;
  /** The latest point's time; undefined without points. */
  latest: number | undefined;
  stepMs: number;
  /** The history could not be opened here (no SQLite in this runtime, or a file it cannot use): nothing will be recorded. */
  off?: boolean;
}

/** What a trends view is drawn from: the points (at least those of the range, for the models asked), every model the history has, and its latest time. */
export interface TrendSource {
  points: readonly StoredPoint[];
  models: string[];
  defaults: string[];
  /** The latest list's time; undefined without lists. */
  latest: number | undefined;
}

/** The trends of `models` over `range` before the latest point, thinned to `columns`. */
export function trendsView(source: TrendSource, range: TrendRange, models: readonly string[], options: { columns?: number; samples?: boolean } = {}): TrendsView {
  const inRange = pointsInRange(source.points, range, source.latest ?? 0);
  return seriesView(trendSeries(inRange, models), source, range, options, inRange[0]?.t);
}

/**
 * The same of each model's samples over the range (trendSeries, or as the history reads them); `first` is
 * the time of the range's first point, where 'all' begins (without: the latest point's).
 */
export function seriesView(series: readonly TrendSeries[], source: Omit<TrendSource, 'points'>, range: TrendRange, options: { columns?: number; samples?: boolean } = {}, first?: number): TrendsView {
  const end = source.latest ?? 0;
  const from = range === 'all' ? (first ?? end) : end - RANGE_MS[range];
  const stepMs = tableStepMs(range);
  const columns = options.columns ?? CHART_COLUMNS;
  const trends = series.map((s) => ({
    gpu: s.gpu,
    lines: thinSeries(s, columns, from, end),
    rows: tableRows(s, stepMs),
    ...(options.samples ? { samples: s.samples } : {}),
  }));
  return { models: source.models, defaults: source.defaults, trends, from, end, latest: source.latest, stepMs };
}
