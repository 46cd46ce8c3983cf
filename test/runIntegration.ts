// `npm run test:integration`: the extension-host suite (out/test/integration)
// inside real VS Code builds, served by the VS Code server and opened in
// Chromium (see dev/harness/). The newest VS Code first, then the oldest one
// package.json's engines.vscode accepts, each in a process of its own at the
// same time (one version alone left a core idle: 140 s one after the other,
// about 115 s together); each version's output is printed whole when it ends.
// Each run opens a fresh, empty workspace folder, as a user opens a
// repository: tests can write into it (`.vscode/settings.json`, say) and find
// it gone on the next run.
//
// GPU_RENTAL_VSCODE_VERSIONS: comma-separated code-server releases to run on
// instead, e.g. `4.139.1` for a quicker run on the newest only.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureVSCodeServer } from '../dev/harness/install';
import { runMain } from '../dev/harness/main';
import { runExtensionTestsInBrowser } from '../dev/harness/runTests';
import { onAbruptExit } from '../dev/harness/server';
import { TESTED_VERSIONS } from '../dev/harness/settings';
import { repoRoot } from '../dev/repoRoot';

function versions(): string[] {
  const fromEnv = process.env.GPU_RENTAL_VSCODE_VERSIONS?.split(',').map((v) => v.trim()).filter(Boolean);
  return fromEnv?.length ? fromEnv : TESTED_VERSIONS;
}

/** Fails early and plainly when the build steps `npm test` runs first were skipped. */
function checkBuilt(suite: string): void {
  for (const file of [path.join(repoRoot, 'dist', 'extension.js'), suite]) {
    if (!fs.existsSync(file)) {
      throw new Error(`${path.relative(repoRoot, file)} is missing: run \`npm run compile && npm run build\` first`);
    }
  }
  // The suite needs the development build (its entry is test/integration/extensionEntry.ts); `npm run package` leaves the product's.
  if (!fs.readFileSync(path.join(repoRoot, 'dist', 'extension.js'), 'utf8').includes('answerNextModal')) {
    throw new Error('dist/extension.js is the package build, which hands the tests nothing: run `npm run build` first');
  }
}

/** Test counts of all runs, read from the suite's own closing line as it is printed. */
const totals = { passed: 0, failed: 0 };

function countResults<T>(run: () => Promise<T>): Promise<T> {
  const write = process.stdout.write;
  process.stdout.write = function (this: typeof process.stdout, chunk: unknown, ...rest: unknown[]) {
    const match = /integration: (\d+) passed, (\d+) failed/.exec(String(chunk));
    if (match) {
      totals.passed += Number(match[1]);
      totals.failed += Number(match[2]);
    }
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof process.stdout.write;
  return run().finally(() => {
    process.stdout.write = write;
  });
}

async function runOn(version: string, suite: string): Promise<number> {
  const { vscodeVersion } = await ensureVSCodeServer(version);
  console.log(`\n=== Integration tests on VS Code ${vscodeVersion} (code-server ${version}) ===`);
  const started = Date.now();
  // The name is what test/integration/workspace.test.ts recognises.
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-workspace-'));
  const removeWorkspace = () => fs.rmSync(workspace, { recursive: true, force: true });
  const forget = onAbruptExit(removeWorkspace);
  let code: number;
  try {
    code = await countResults(() =>
      runExtensionTestsInBrowser({ extensionDevelopmentPath: repoRoot, extensionTestsPath: suite, workspacePath: workspace, version }),
    );
  } finally {
    forget();
    removeWorkspace();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`=== VS Code ${vscodeVersion}: ${code === 0 ? 'passed' : `FAILED (exit code ${code})`} in ${seconds} s ===`);
  return code;
}

/** The closing line a run prints (see report): its counts, or none when it ended before it. */
const CLOSING = /^(\d+) passed, (\d+) failed$/gm;

/** This script on one version, in a child process; its output printed whole once it ends. */
function runChild(version: string): Promise<{ code: number; passed: number; failed: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [__filename], { env: { ...process.env, GPU_RENTAL_VSCODE_VERSIONS: version }, stdio: ['ignore', 'pipe', 'pipe'] });
    // Ended with us (a signal to this process alone does not reach it); it stops its own server then.
    const forget = onAbruptExit(() => child.kill('SIGTERM'));
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      forget();
      const text = Buffer.concat(output).toString();
      process.stdout.write(text);
      const counts = [...text.matchAll(CLOSING)].at(-1);
      resolve({ code: code ?? 1, passed: Number(counts?.[1] ?? 0), failed: Number(counts?.[2] ?? 1) });
    });
  });
}

async function main(): Promise<number> {
  const suite = path.join(repoRoot, 'out', 'test', 'integration', 'index.js');
  checkBuilt(suite);
  const list = versions();
  if (list.length > 1) {
    // Installed one after the other first: two versions may share the Node that runs them.
    for (const version of list) await ensureVSCodeServer(version);
    const runs = await Promise.all(list.map(runChild));
    return report(list, list.filter((_, i) => runs[i].code !== 0), runs.reduce((n, r) => n + r.passed, 0), runs.reduce((n, r) => n + r.failed, 0));
  }
  const [version] = list;
  const code = await runOn(version, suite);
  return report(list, code === 0 ? [] : [version], totals.passed, totals.failed + (code !== 0 && !totals.failed ? 1 : 0));
}

/** Which versions passed, then the closing line CI reads (and a run of several versions adds up); the exit code. */
function report(all: string[], failed: string[], passedTests: number, failedTests: number): number {
  console.log(failed.length === 0 ? `\nIntegration tests passed on code-server ${all.join(', ')}` : `\nIntegration tests FAILED on code-server ${failed.join(', ')}`);
  console.log(`${passedTests} passed, ${failedTests} failed`);
  return failed.length === 0 ? 0 : 1;
}

runMain(main);
