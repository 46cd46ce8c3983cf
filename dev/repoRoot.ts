import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The checkout's root folder, whether this runs compiled from out/dev/... or from source in dev/.
 * out/ has a package.json of its own (tsc copies the one src/vscode/services/config.ts imports), no lock file.
 */
export const repoRoot = findRepoRoot(__dirname);

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'package-lock.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}
