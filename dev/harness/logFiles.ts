// Runs inside the extension host (test/integration/secrets.test.ts reads the
// extension's log file back): file system only, no processes or signals, so
// that importing it changes nothing in the editor it runs in.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readdir } from './util';

/**
 * Set in the environment of every server started here, and so of its
 * extension host: the server's user data folder, whose `logs/` holds the log
 * files of the run (see findExtensionLogFile).
 */
export const USER_DATA_DIR_ENV = 'GPU_RENTAL_VSCODE_USER_DATA_DIR';

/**
 * The file a LogOutputChannel writes to:
 * `USER_DATA_DIR/logs/<session>/exthost<N>/<extension id>/<channel name>.log`.
 * Usable from a suite in the extension host (which has USER_DATA_DIR_ENV).
 * The newest one when the extension host was restarted; undefined when there
 * is none (for example when the spdlog binding could not be built).
 */
export function findExtensionLogFile(
  extensionId: string,
  channelName: string,
  userDataDir: string | undefined = process.env[USER_DATA_DIR_ENV],
): string | undefined {
  return findExtensionLogFiles(extensionId, channelName, userDataDir)[0];
}

/** Every such file, one per extension host that wrote one (each window of a web server has its own), newest first. */
export function findExtensionLogFiles(
  extensionId: string,
  channelName: string,
  userDataDir: string | undefined = process.env[USER_DATA_DIR_ENV],
): string[] {
  if (!userDataDir) return [];
  const found: string[] = [];
  const logs = path.join(userDataDir, 'logs');
  for (const session of readdir(logs)) {
    for (const host of readdir(path.join(logs, session)).filter((name) => name.startsWith('exthost'))) {
      const dir = path.join(logs, session, host);
      const ext = readdir(dir).find((name) => name.toLowerCase() === extensionId.toLowerCase());
      const file = ext && path.join(dir, ext, `${channelName}.log`);
      if (file && fs.existsSync(file)) found.push(file);
    }
  }
  return found.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
}
