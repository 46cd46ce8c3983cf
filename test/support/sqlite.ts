// Whether the runtime the tests run in has node:sqlite: the suites that need
// the market history run only there, and their counterparts only where it is missing.
import { loadSqlite } from '../../src/node/historyFile';

export function hasSqlite(): boolean {
  try {
    loadSqlite();
    return true;
  } catch {
    return false;
  }
}
