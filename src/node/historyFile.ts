// The market history's file on this computer, for the market worker, the
// command line and the MCP server alike: where it is (one SQLite database per
// service under a per-user data folder), opening it with Node's built-in
// `node:sqlite` (WAL, a busy timeout, owner-only), setting aside a file that
// is damaged or not ours, and importing the history an older version kept
// under the editor's storage. See docs/history.md.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDamaged, type SqlDatabase } from '../market/history/database';
import { decodeObservation, decodeState, StateError, type Observation, type State } from '../market/history/legacyFormat';
import type { LegacyHistory } from '../market/history/legacy';
import { SchemaError } from '../market/history/schema';
import { HistoryStore } from '../market/history/store';
import type { OpenHistory } from '../market/worker/historyHandlers';

/** How long a writer waits for another before giving up on a list (ms). */
export const BUSY_TIMEOUT_MS = 5_000;

/** Why there is no history here, in a sentence a person can act on. */
export class HistoryUnavailable extends Error {}

interface SqliteModule {
  DatabaseSync: new (file: string) => SqlDatabase;
}

let sqlite: SqliteModule | undefined;

/** Node's SQLite, without its "experimental" warning on stderr; HistoryUnavailable on a runtime without it. */
export function loadSqlite(): SqliteModule {
  if (sqlite) return sqlite;
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (!String(typeof warning === 'string' ? warning : warning.message).includes('SQLite')) (emit as (...a: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    sqlite = require('node:sqlite') as SqliteModule;
    return sqlite;
  } catch {
    throw new HistoryUnavailable(`this runtime's Node.js (${process.version}) has no SQLite (node:sqlite, in Node.js 22.13 and later, as in VS Code 1.101 and later); everything else works without it.`);
  } finally {
    process.emitWarning = emit;
  }
}

function openDatabase(file: string, checkpointLater = false): SqlDatabase {
  const { DatabaseSync } = loadSqlite();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Created owner-only; SQLite gives its -wal and -shm files the same mode. Only when missing: closing
  // a descriptor of the file drops every POSIX lock this process holds on it, another connection's too.
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
  const db = new DatabaseSync(file);
  try {
    // An 8 MB page cache (2 MB by default): a list's listings land at random places of the table keyed by node ID (docs/history.md).
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -8192;`);
    // The writer that checkpoints when idle (HistoryStore.checkpoint) does not at each commit: 12 of a list's 27-46 ms at 100k.
    if (checkpointLater) db.exec('PRAGMA wal_autocheckpoint = 0;');
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/** Renames a history file (and its WAL) out of the way; the new name. */
function setAsideFile(file: string): string {
  const aside = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(file, aside);
  for (const suffix of ['-wal', '-shm']) {
    try {
      fs.renameSync(file + suffix, aside + suffix);
    } catch {
      // Not there.
    }
  }
  return aside;
}

/**
 * Opens (creating, migrating, importing) the history of one service; a file that is not ours is set aside and a new one
 * started. `legacyDir`, an older version's folder of this service, is imported once, then deleted; `setAside` sets the
 * file aside first (it was found damaged while in use); `onProblem` is told, in a sentence, what was set aside, imported or skipped.
 */
export function openHistory(options: Parameters<OpenHistory>[0]): HistoryStore {
  const problem = (message: string) => options.onProblem?.(message);
  if (options.setAside && fs.existsSync(options.file)) {
    problem(`The market history ${options.file} is damaged; it was moved to ${setAsideFile(options.file)} and recording starts again.`);
  }
  let store: HistoryStore;
  try {
    store = new HistoryStore({ db: openDatabase(options.file, options.checkpointLater), origin: options.origin, keepDays: options.keepDays });
  } catch (err) {
    if (!(err instanceof SchemaError) && !isDamaged(err)) throw err;
    const why = err instanceof SchemaError ? err.message : 'it is damaged';
    problem(`The market history ${options.file} could not be read (${why}); it was moved to ${setAsideFile(options.file)} and recording starts again.`);
    store = new HistoryStore({ db: openDatabase(options.file, options.checkpointLater), origin: options.origin, keepDays: options.keepDays });
  }
  if (options.legacyDir) importLegacyFolder(store, options.legacyDir, options.origin, problem);
  return store;
}

/** Imports an older version's folder, if there is one, then deletes it (only once the import committed). */
function importLegacyFolder(store: HistoryStore, dir: string, origin: string, problem: (message: string) => void): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const legacy = readLegacy(dir, names, origin, problem);
  const lists = store.importLegacy(legacy);
  fs.rmSync(dir, { recursive: true, force: true });
  problem(`The market history of ${origin} kept by an older version (${lists} lists) was imported into ${path.basename(dir)} → SQLite, and the old files were removed.`);
}

function readLegacy(dir: string, names: readonly string[], origin: string, problem: (message: string) => void): LegacyHistory {
  let state: State | undefined;
  try {
    state = decodeState(fs.readFileSync(path.join(dir, 'state.json'), 'utf8'));
    if (state.origin !== origin) state = undefined;
  } catch (err) {
    if (err instanceof StateError) problem(`The old market history's state could not be read (${err.message}); its logs are imported without it.`);
  }
  const observations: Observation[] = [];
  let damaged = 0;
  for (const name of names.filter((n) => /^log-[\w.-]+\.jsonl$/.test(n))) {
    const text = fs.readFileSync(path.join(dir, name)).subarray(state?.consumed[name] ?? 0).toString('utf8');
    const lines = text.split('\n');
    lines.pop(); // after the last newline: nothing, or a line cut short
    for (const line of lines) {
      const o = decodeObservation(line);
      if (o) observations.push(o);
      else damaged++;
    }
  }
  if (damaged > 0) problem(`${damaged} damaged lines of the old market history were skipped.`);
  return { state, observations };
}
