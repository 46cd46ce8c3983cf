// The market history's tables, as SQLite keeps them (see docs/history.md):
// one row per recorded list (a downsampled row stands for `n` lists), one per
// GPU model and count of each list, and one per time a machine was listed.
// Prices per GPU are kept as integers in 1/10,000 and counts in 1/100, the
// same precision as before: a year of 100k machines stays small. The view
// `prices` reads them back as plain numbers for sqlite3 and pandas. Each
// schema change is a migration, run in the transaction that opens the file.
import type { SqlDatabase } from './database';

export const FORMAT = 'gpu-rental-market-history';
/** Prices per GPU are stored times this. */
export const PRICE_SCALE = 10_000;
/** Machine and GPU counts (means, once downsampled) are stored times this. */
export const COUNT_SCALE = 100;

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE lists (id INTEGER PRIMARY KEY AUTOINCREMENT, t INTEGER NOT NULL, n INTEGER NOT NULL);
   CREATE INDEX lists_by_time ON lists (t);
   CREATE TABLE models (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
   CREATE TABLE groups (
     model INTEGER NOT NULL, gpu_count INTEGER NOT NULL, list INTEGER NOT NULL,
     machines INTEGER NOT NULL, gpus INTEGER NOT NULL, low INTEGER NOT NULL, p25 INTEGER NOT NULL, median INTEGER NOT NULL,
     PRIMARY KEY (model, gpu_count, list)) WITHOUT ROWID;
   CREATE INDEX groups_by_list ON groups (list);
   CREATE TABLE listings (node TEXT NOT NULL, since INTEGER NOT NULL, until INTEGER, comeback INTEGER NOT NULL, PRIMARY KEY (node, since)) WITHOUT ROWID;
   CREATE TABLE changes (stamp INTEGER NOT NULL, node TEXT NOT NULL, listed INTEGER NOT NULL);
   CREATE INDEX changes_by_stamp ON changes (stamp);
   CREATE VIEW prices AS
     SELECT strftime('%Y-%m-%dT%H:%M:%SZ', l.t / 1000, 'unixepoch') AS time, l.t AS t, l.n AS lists, m.name AS gpu, g.gpu_count AS gpu_count,
            g.machines / 100.0 AS machines, g.gpus / 100.0 AS gpus,
            g.low / 10000.0 AS low_per_gpu, g.p25 / 10000.0 AS p25_per_gpu, g.median / 10000.0 AS median_per_gpu
     FROM groups g JOIN lists l ON l.id = g.list JOIN models m ON m.id = g.model;`,
  // 2: what the outlook (src/model/outlook.ts) reads of any filter: each listing's machine as it was listed
  // (its filterable fields, shared by the listings of one machine while they do not change; text fields by
  // number from `words`), its price now and, in `reprices`, what it cost before each change.
  `CREATE TABLE words (id INTEGER PRIMARY KEY AUTOINCREMENT, word TEXT NOT NULL UNIQUE);
   CREATE TABLE specs (id INTEGER PRIMARY KEY AUTOINCREMENT, gpu_name INTEGER, gpu_count INTEGER, gpu_memory INTEGER, cpu_name INTEGER, cpu_count INTEGER,
     cpu_per_gpu INTEGER, memory_per_gpu INTEGER, memory_total INTEGER, disk_per_gpu INTEGER, disk_total INTEGER, region INTEGER,
     network_upload_speed INTEGER, network_download_speed INTEGER, online_rate INTEGER, driver_version INTEGER,
     cuda_version INTEGER, nvlink_status INTEGER, labels TEXT);
   ALTER TABLE listings ADD COLUMN spec INTEGER;
   ALTER TABLE listings ADD COLUMN price INTEGER;
   CREATE TABLE reprices (spec INTEGER NOT NULL, t INTEGER NOT NULL, price INTEGER NOT NULL, PRIMARY KEY (spec, t)) WITHOUT ROWID;`,
];

/** The schema version this code writes (PRAGMA user_version). */
export const SCHEMA_VERSION = MIGRATIONS.length;

export class SchemaError extends Error {}

/**
 * Brings a database to SCHEMA_VERSION, in the caller's transaction, and checks
 * it is a history of `origin`. Throws SchemaError saying why when it is not
 * ours (another format, another service) or was written by a newer version.
 */
export function migrate(db: SqlDatabase, origin: string): void {
  const version = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
  if (version > SCHEMA_VERSION) {
    throw new SchemaError(`it was written by a newer GPU Rental (schema ${version}, this one reads up to ${SCHEMA_VERSION})`);
  }
  if (version === 0) {
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get()?.n;
    if (Number(tables) > 0) throw new SchemaError('it is not a GPU Rental market history');
  } else {
    const format = db.prepare("SELECT value FROM meta WHERE key = 'format'").get()?.value;
    const theirs = db.prepare("SELECT value FROM meta WHERE key = 'origin'").get()?.value;
    if (format !== FORMAT) throw new SchemaError('it is not a GPU Rental market history');
    if (theirs !== origin) throw new SchemaError(`it is the history of ${String(theirs)}`);
  }
  for (let v = version; v < SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v]);
  if (version === 0) {
    const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    put.run('format', FORMAT);
    put.run('origin', origin);
    put.run('presence', '0');
  }
  if (version !== SCHEMA_VERSION) db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
}
