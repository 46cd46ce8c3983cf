// The trends panel's question asked of the SQLite history: only the points
// of the range, of the models asked, over every GPU count (the index on
// groups starts with the model and count, so this reads what it returns).
import { ALL_COUNTS } from './aggregate';
import { rowArrays, type SqlDatabase } from './database';
import type { StoredPoint } from './downsample';
import { COUNT_SCALE, PRICE_SCALE } from './schema';
import { RANGE_MS, type TrendRange } from './trends';
import { trendsView, type TrendsView } from './trendsView';

/** Every GPU model the history has, sorted. */
export function readModels(db: SqlDatabase): string[] {
  return db
    .prepare('SELECT name FROM models')
    .all()
    .map((r) => r.name as string)
    .sort();
}

/** The lists of [from, to] with only the groups of `models` over every GPU count, in time order. */
export function readPoints(db: SqlDatabase, models: readonly string[], from: number, to: number): StoredPoint[] {
  const byList = new Map<number, StoredPoint>();
  const read = db.prepare(
    'SELECT l.id, l.t, l.n, g.machines, g.gpus, g.low, g.p25, g.median FROM groups g JOIN lists l ON l.id = g.list WHERE g.model = (SELECT id FROM models WHERE name = ?) AND g.gpu_count = ? AND l.t >= ? AND l.t <= ?',
  );
  for (const gpu of models) {
    // Rows as arrays: a month of one-minute lists is thousands of rows per model.
    for (const [id, t, n, machines, gpus, low, p25, median] of rowArrays(read, gpu, ALL_COUNTS, Number.isFinite(from) ? from : -1e15, to)) {
      let point = byList.get(Number(id));
      if (!point) byList.set(Number(id), (point = { t: Number(t), n: Number(n), groups: [] }));
      point.groups.push({ gpu, count: ALL_COUNTS, machines: Number(machines) / COUNT_SCALE, gpus: Number(gpus) / COUNT_SCALE, low: Number(low) / PRICE_SCALE, p25: Number(p25) / PRICE_SCALE, median: Number(median) / PRICE_SCALE });
    }
  }
  return [...byList.values()].sort((a, b) => a.t - b.t);
}

export function readTrends(db: SqlDatabase, latest: number, range: TrendRange, models: readonly string[], options: { columns?: number; samples?: boolean }): TrendsView {
  const all = readModels(db);
  if (all.length === 0) return trendsView({ points: [], models: [], defaults: [], latest: undefined }, range, models, options);
  const points = readPoints(db, models, range === 'all' ? -Infinity : latest - RANGE_MS[range], latest);
  const top = db
    .prepare('SELECT m.name AS name FROM groups g JOIN models m ON m.id = g.model WHERE g.list = (SELECT id FROM lists ORDER BY t DESC LIMIT 1) AND g.gpu_count = ? ORDER BY g.gpus DESC, m.name LIMIT 1')
    .get(ALL_COUNTS);
  return trendsView({ points, models: all, defaults: top ? [top.name as string] : [], latest }, range, models, options);
}
