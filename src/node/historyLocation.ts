// Where the market history lives on this computer: one SQLite database per
// service under a per-user data folder (see docs/history.md), and where an
// older version kept it under the editor's storage. Node's path and crypto
// only: the extension host reads this too, without the store.
import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The folder of the histories: `override` (the setting), else
 * GPU_RENTAL_DATA_DIR, else the platform's per-user data folder; each with
 * `history` under it.
 */
export function historyDirectory(override = '', env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = os.homedir()): string {
  const root = override.trim() || env.GPU_RENTAL_DATA_DIR?.trim() || defaultDataDir(env, platform, home);
  return path.join(root, 'history');
}

function defaultDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'gpu-rental');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'gpu-rental');
  return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'gpu-rental');
}

/** The database of one service: its host and port, readable, and a hash of the whole origin (the scheme too). */
export function historyFileName(origin: string): string {
  const host = new URL(origin).host.replace(/[^A-Za-z0-9.-]/g, '-');
  return `${host}.${createHash('sha256').update(origin).digest('hex').slice(0, 8)}.sqlite`;
}

/** The folder an older version kept a service's history in, under `<globalStorage>/market-history`. */
export function legacyFolder(root: string, origin: string): string {
  return path.join(root, createHash('sha256').update(origin).digest('hex').slice(0, 16));
}

