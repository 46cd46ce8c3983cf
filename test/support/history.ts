// Market histories for tests that need one: the real store over Node's SQLite
// (these tests run on a Node that has it: see test/runHistory.ts), in a
// temporary file that another connection or process can open too.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Machine } from '../../src/api/types';
import { HistoryStore } from '../../src/market/history/store';
import { loadSqlite, openHistory } from '../../src/node/historyFile';

export const TEST_ORIGIN = 'http://127.0.0.1:8787';

/** A fresh folder for history files, removed by `cleanup`. */
export function historyFolder(): { dir: string; file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-history-'));
  return { dir, file: path.join(dir, 'history.sqlite'), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A history in memory (nobody else reads it), with `lists` recorded in order. */
export function historyOf(lists: readonly (readonly [number, readonly Machine[]])[] = [], keepDays = 36_500): HistoryStore {
  const { DatabaseSync } = loadSqlite();
  const store = new HistoryStore({ db: new DatabaseSync(':memory:'), origin: TEST_ORIGIN, keepDays });
  for (const [t, machines] of lists) store.record(t, machines);
  return store;
}

/** Opens the history file as a window would; its problems are pushed to `problems`. */
export function openTestHistory(file: string, problems: string[] = [], keepDays = 36_500): HistoryStore {
  return openHistory({ file, origin: TEST_ORIGIN, keepDays, onProblem: (m) => problems.push(m) });
}

/** A plain connection to a history file, to read it as sqlite3 would. */
export function readHistory<T>(file: string, fn: (db: { prepare(sql: string): { all(...p: unknown[]): Record<string, unknown>[]; get(...p: unknown[]): Record<string, unknown> | undefined } }) => T): T {
  const { DatabaseSync } = loadSqlite();
  const db = new DatabaseSync(file) as unknown as { prepare(sql: string): { all(...p: unknown[]): Record<string, unknown>[]; get(...p: unknown[]): Record<string, unknown> | undefined }; close(): void };
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
