// The part of a SQLite connection the market history uses: what Node's
// `node:sqlite` DatabaseSync offers (and any other synchronous SQLite binding
// could), so the history's code stays plain TypeScript and the Node side
// (src/node/historyFile.ts) opens the file. The SQLite error codes the
// history tells apart are here too.

export type SqlValue = null | number | bigint | string | Uint8Array;

export interface SqlStatement {
  run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): Record<string, SqlValue> | undefined;
  all(...params: SqlValue[]): Record<string, SqlValue>[];
  /** The rows one by one, the statement holding its read until the last or `return()`. */
  iterate(...params: SqlValue[]): IterableIterator<Record<string, SqlValue>>;
  /** Rows as arrays from now on (node:sqlite from Node 22.16 and 24): a third of the cost for 100k rows. */
  setReturnArrays?(enabled: boolean): void;
}

/** Every row of a statement as an array of its columns, the cheap way where the binding has one. */
export function rowArrays(statement: SqlStatement, ...params: SqlValue[]): SqlValue[][] {
  if (statement.setReturnArrays) {
    statement.setReturnArrays(true);
    return statement.all(...params) as unknown as SqlValue[][];
  }
  return statement.all(...params).map((row) => Object.values(row));
}

/** The rows of a statement as arrays, one by one (see rowArrays); `return()` ends the statement's read early. */
export function rowArrayIterator(statement: SqlStatement, ...params: SqlValue[]): IterableIterator<SqlValue[]> {
  if (!statement.setReturnArrays) return valuesOf(statement.iterate(...params));
  statement.setReturnArrays(true);
  return statement.iterate(...params) as unknown as IterableIterator<SqlValue[]>;
}

function* valuesOf(rows: IterableIterator<Record<string, SqlValue>>): Generator<SqlValue[]> {
  for (const row of rows) yield Object.values(row);
}

export interface SqlDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  close(): void;
}

/** The primary result code of a SQLite error (node:sqlite puts the extended one in `errcode`), or undefined for another error. */
export function sqliteCode(err: unknown): number | undefined {
  const code = (err as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
}

/** SQLITE_CORRUPT and SQLITE_NOTADB: the file is not a database we can read. */
export function isDamaged(err: unknown): boolean {
  const code = sqliteCode(err);
  return code === 11 || code === 26;
}

/** SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_PERM: the disk will not take what we write. */
export function isUnwritable(err: unknown): boolean {
  const code = sqliteCode(err);
  return code === 8 || code === 10 || code === 13 || code === 14 || code === 3;
}

/** SQLITE_BUSY and SQLITE_LOCKED: another writer held the database past the busy timeout. */
export function isBusy(err: unknown): boolean {
  const code = sqliteCode(err);
  return code === 5 || code === 6;
}
