// The market history from the command line and the MCP server: the same
// SQLite file the editor's windows record into (src/node/historyFile.ts),
// found the same way (GPU_RENTAL_DATA_DIR, else the per-user data folder).
// Needs a Node with node:sqlite; the rest of the CLI runs without it.
import * as path from 'node:path';
import type { HistoryStore } from '../market/history/store';
import { HistoryUnavailable, openHistory } from '../node/historyFile';
import { historyDirectory, historyFileName } from '../node/historyLocation';
import { CliError, EXIT } from './errors';

/** Days kept when the command line records, as the editor's default (gpuRental.history.days). */
export const CLI_KEEP_DAYS = 365;

/** Opens the service's history, or a CliError (exit 2) saying why it cannot be; problems (a file set aside) go to `warn`. */
export function openCliHistory(origin: string, env: Record<string, string | undefined>, warn: (message: string) => void): HistoryStore {
  try {
    return openHistory({ file: path.join(historyDirectory('', env), historyFileName(origin)), origin, keepDays: CLI_KEEP_DAYS, onProblem: warn });
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new CliError('history', err instanceof HistoryUnavailable ? `the market history needs SQLite: ${why}` : `the market history could not be opened: ${why}`, EXIT.usage);
  }
}

/** The history when this Node can open it, else undefined (the query fields then read nothing). */
export function historyIfAvailable(origin: string, env: Record<string, string | undefined>, warn: (message: string) => void): HistoryStore | undefined {
  try {
    return openCliHistory(origin, env, warn);
  } catch {
    return undefined;
  }
}
