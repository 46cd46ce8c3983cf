// The trends panel's question asked of the SQLite history: only the points
// of the range, of the models asked, over every GPU count (the index on
// groups starts with the model and count, so this reads what it returns).
import { ALL_COUNTS } from './aggregate';
import { rowArrays, type SqlDatabase } from './database';
import { COUNT_SCALE, PRICE_SCALE } from './schema';
import { RANGE_MS, type TrendRange, type TrendSample, type TrendSeries } from './trends';
import { seriesView, trendsView, type TrendsView } from './trendsView';

/** Every GPU model the history has, sorted. */
export function readModels(db: SqlDatabase): string[] {
  return db
    .prepare('SELECT name FROM models')
    .all()
    .map((r) => r.name as string)
    .sort();
}

/**
 * Each model's samples over every GPU count from `from` to `to`, in time order, in the order the models are
 * given (as trendSeries makes them of the points of the lists). Read straight into samples: a point per list with a
 * group per model, made only to be taken apart again, was most of the trends panel's question and its garbage.
 */
export function readSeries(db: SqlDatabase, models: readonly string[], from: number, to: number): TrendSeries[] {
  const read = db.prepare(
    'SELECT l.t, l.n, g.machines, g.gpus, g.low, g.p25, g.median FROM groups g JOIN lists l ON l.id = g.list WHERE g.model = (SELECT id FROM models WHERE name = ?) AND g.gpu_count = ? AND l.t >= ? AND l.t <= ? ORDER BY l.t, l.id',
  );
  const asked = new Map<string, number>();
  for (const gpu of models) asked.set(gpu, (asked.get(gpu) ?? 0) + 1);
  const byModel = new Map<string, TrendSample[]>();
  for (const [gpu, times] of asked) {
    const samples: TrendSample[] = [];
    // Rows as arrays: a month of one-minute lists is thousands of rows per model.
    for (const [t, n, machines, gpus, low, p25, median] of rowArrays(read, gpu, ALL_COUNTS, Number.isFinite(from) ? from : -1e15, to)) {
      const sample = { t: Number(t), n: Number(n), low: Number(low) / PRICE_SCALE, p25: Number(p25) / PRICE_SCALE, median: Number(median) / PRICE_SCALE, machines: Number(machines) / COUNT_SCALE, gpus: Number(gpus) / COUNT_SCALE };
      // A model asked twice has each sample twice, as trendSeries gives it of points with its group twice.
      for (let k = 0; k < times; k++) samples.push(sample);
    }
    byModel.set(gpu, samples);
  }
  return models.map((gpu) => ({ gpu, samples: byModel.get(gpu) ?? [] }));
}

export function readTrends(db: SqlDatabase, latest: number, range: TrendRange, models: readonly string[], options: { columns?: number; samples?: boolean }): TrendsView {
  const all = readModels(db);
  if (all.length === 0) return trendsView({ points: [], models: [], defaults: [], latest: undefined }, range, models, options);
  const series = readSeries(db, models, range === 'all' ? -Infinity : latest - RANGE_MS[range], latest);
  const top = db
    .prepare('SELECT m.name AS name FROM groups g JOIN models m ON m.id = g.model WHERE g.list = (SELECT id FROM lists ORDER BY t DESC LIMIT 1) AND g.gpu_count = ? ORDER BY g.gpus DESC, m.name LIMIT 1')
    .get(ALL_COUNTS);
  const first = Math.min(...series.map((x) => x.samples[0]?.t ?? Infinity));
  return seriesView(series, { models: all, defaults: top ? [top.name as string] : [], latest }, range, options, Number.isFinite(first) ? first : undefined);
}
