// The same extension-host suite in a desktop VS Code, through
// @vscode/test-electron, for machines that have one:
//
//   VSCODE_EXECUTABLE=/usr/share/code/code node out/test/runElectron.js
//
// Without VSCODE_EXECUTABLE, test-electron downloads the newest stable VS Code
// from update.code.visualstudio.com into .vscode-test/. Machines that reach
// only the npm registry and Debian's packages (like the CI machines) cannot
// do that and fail here; they use `npm run test:integration`
// (test/runIntegration.ts), which needs no download from Microsoft.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { runMain } from '../dev/harness/main';
import { repoRoot } from '../dev/repoRoot';

async function main(): Promise<number> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-electron-'));
  // As test/runIntegration.ts: the suite expects an empty folder of its own to be open.
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-workspace-'));
  try {
    return await runTests({
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: path.join(repoRoot, 'out', 'test', 'integration', 'index.js'),
      // A fresh profile without other extensions, so only this one is tested.
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--user-data-dir', userDataDir],
    });
  } finally {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

runMain(main, { label: 'runElectron failed:' });
