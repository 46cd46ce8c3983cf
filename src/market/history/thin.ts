// Keeping the history bounded in SQLite, as downsample.ts says: lists older
// than RAW_MS merged into one row an hour, older than HOURLY_MS one a day,
// none older than the days kept; machines gone longer than `goneDays`
// forgotten. Runs in the caller's transaction, on the buckets that need it
// only (a bucket already merged is one row at its start and is left alone),
// so it costs what the last ten minutes added, not the year.
import type { SqlDatabase } from './database';
import { DAY_MS, HOUR_MS, HOURLY_MS, mergePoints, RAW_MS, type StoredPoint } from './downsample';
import { REPRICE_DAYS } from './listingSpecs';
import { COUNT_SCALE, PRICE_SCALE } from './schema';

interface Writer {
  insertPoint(point: StoredPoint): number;
}

/** The lists (with their groups) of [from, to), and their ids. */
function pointsBetween(db: SqlDatabase, from: number, to: number): { ids: number[]; points: StoredPoint[] } {
  const lists = db.prepare('SELECT id, t, n FROM lists WHERE t >= ? AND t < ? ORDER BY t').all(from, to);
  const byId = new Map<number, StoredPoint>();
  for (const l of lists) byId.set(Number(l.id), { t: Number(l.t), n: Number(l.n), groups: [] });
  const groups = db.prepare(
    'SELECT g.list AS list, m.name AS gpu, g.gpu_count AS count, g.machines AS machines, g.gpus AS gpus, g.low AS low, g.p25 AS p25, g.median AS median FROM groups g JOIN models m ON m.id = g.model WHERE g.list IN (SELECT id FROM lists WHERE t >= ? AND t < ?)',
  );
  for (const g of groups.all(from, to)) {
    byId.get(Number(g.list))?.groups.push({
      gpu: g.gpu as string,
      count: Number(g.count),
      machines: Number(g.machines) / COUNT_SCALE,
      gpus: Number(g.gpus) / COUNT_SCALE,
      low: Number(g.low) / PRICE_SCALE,
      p25: Number(g.p25) / PRICE_SCALE,
      median: Number(g.median) / PRICE_SCALE,
    });
  }
  return { ids: [...byId.keys()], points: [...byId.values()] };
}

function deleteLists(db: SqlDatabase, where: string, ...params: number[]): void {
  db.prepare(`DELETE FROM groups WHERE list IN (SELECT id FROM lists WHERE ${where})`).run(...params);
  db.prepare(`DELETE FROM lists WHERE ${where}`).run(...params);
}

/** Merges each bucket of `size` in [from, to) that is not already one row at its start. */
function mergeBuckets(db: SqlDatabase, writer: Writer, from: number, to: number, size: number): void {
  const buckets = db.prepare('SELECT t / CAST(? AS INTEGER) AS b FROM lists WHERE t >= ? AND t < ? GROUP BY b HAVING count(*) > 1 OR min(t) % ? != 0').all(size, from, to, size);
  for (const { b } of buckets) {
    const start = Number(b) * size;
    const { points } = pointsBetween(db, start, start + size);
    deleteLists(db, 't >= ? AND t < ?', start, start + size);
    writer.insertPoint(mergePoints(points, start));
  }
}

/** A listing's price changes: one row a listing and day (its last time, its lowest price) once older than RAW_MS; none older than REPRICE_DAYS. */
function thinReprices(db: SqlDatabase, now: number, rawFrom: number): void {
  db.prepare('DELETE FROM reprices WHERE t < ? OR spec NOT IN (SELECT id FROM specs)').run(now - REPRICE_DAYS * DAY_MS);
  const days = db.prepare('SELECT spec, t / CAST(? AS INTEGER) AS d, max(t) AS t, min(price) AS price FROM reprices WHERE t < ? GROUP BY spec, d HAVING count(*) > 1').all(DAY_MS, rawFrom);
  const drop = db.prepare('DELETE FROM reprices WHERE spec = ? AND t >= ? AND t < ?');
  const put = db.prepare('INSERT INTO reprices (spec, t, price) VALUES (?, ?, ?)');
  for (const { spec, d, t, price } of days) {
    drop.run(spec, Number(d) * DAY_MS, Number(d) * DAY_MS + DAY_MS);
    put.run(spec, t, price);
  }
}

export function thinHistory(writer: Writer, db: SqlDatabase, now: number, keepDays: number, goneDays: number): void {
  deleteLists(db, 't < ?', now - keepDays * DAY_MS);
  const rawFrom = Math.floor((now - RAW_MS) / HOUR_MS) * HOUR_MS;
  const hourlyFrom = Math.floor((now - HOURLY_MS) / DAY_MS) * DAY_MS;
  mergeBuckets(db, writer, hourlyFrom, rawFrom, HOUR_MS);
  mergeBuckets(db, writer, 0, hourlyFrom, DAY_MS);
  const forgotten = now - Math.min(keepDays, goneDays) * DAY_MS;
  // The specs that only forgotten listings use go with them (a machine's listings share its spec).
  db.prepare(
    'DELETE FROM specs WHERE id IN (SELECT l.spec FROM listings l WHERE l.until IS NOT NULL AND l.until < ? AND l.spec IS NOT NULL AND NOT EXISTS (SELECT 1 FROM listings k WHERE k.node = l.node AND k.spec = l.spec AND (k.until IS NULL OR k.until >= ?)))',
  ).run(forgotten, forgotten);
  db.prepare('DELETE FROM listings WHERE until IS NOT NULL AND until < ?').run(forgotten);
  thinReprices(db, now, rawFrom);
  db.prepare('DELETE FROM models WHERE id NOT IN (SELECT DISTINCT model FROM groups)').run();
}
