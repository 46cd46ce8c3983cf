// The market history from the command line and the MCP server: the same
// SQLite file the editor's windows record into (src/node/historyFile.ts),
// found the same way (GPU_RENTAL_DATA_DIR, else the per-user data folder).
// Needs a Node with node:sqlite; the rest of the CLI runs without it.
import * as path from 'node:path';
import { checkBaseUrl } from '../api/baseUrl';
import type { HistoryStore } from '../market/history/store';
import { HistoryUnavailable, openHistory } from '../node/historyFile';
import { historyDirectory, historyFileName } from '../node/historyLocation';
import { CliError, EXIT, setupError } from './errors';
import { terminalText } from './output';
import type { Env } from './setup';

/** Days kept when the command line records, as the editor's default (gpuRental.history.days). */
export const CLI_KEEP_DAYS = 365;

/** Opens the service's history, or a CliError (exit 2) saying why it cannot be; problems (a file set aside) are said on `stderr` when given. */
function openCliHistory(origin: string, env: Env, stderr?: NodeJS.WritableStream): HistoryStore {
  try {
    return openHistory({ file: path.join(historyDirectory('', env), historyFileName(origin)), origin, keepDays: CLI_KEEP_DAYS, onProblem: (message) => stderr?.write(`gpu-rental: ${terminalText(message)}\n`) });
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new CliError('history', err instanceof HistoryUnavailable ? `the market history needs SQLite: ${why}` : `the market history could not be opened: ${why}`, EXIT.usage);
  }
}

/** The history when this Node can open it, else undefined (the query fields then read nothing). */
export function historyIfAvailable(origin: string, env: Env, stderr?: NodeJS.WritableStream): HistoryStore | undefined {
  try {
    return openCliHistory(origin, env, stderr);
  } catch {
    return undefined;
  }
}

/** Opens the service's history for `use`, and closes it once `use` is done. */
export async function withCliHistory<T>(origin: string, io: { env: Env; stderr: NodeJS.WritableStream }, use: (store: HistoryStore) => T | Promise<T>): Promise<T> {
  const store = openCliHistory(origin, io.env, io.stderr);
  try {
    return await use(store);
  } finally {
    store.close();
  }
}

/** The service whose history `history` and `outlook` read: GPU_RENTAL_BASE_URL says which (no token needed). */
export function historyOrigin(env: Env): string {
  const check = checkBaseUrl(env.GPU_RENTAL_BASE_URL ?? '');
  if (!check.ok) throw setupError("GPU_RENTAL_BASE_URL is not set or not a URL: it says which service's history to read");
  return check.url.origin;
}
