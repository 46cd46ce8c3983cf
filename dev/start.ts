// `npm start`: the demo API plus a real VS Code (server + web workbench) with
// this extension installed and pointed at the demo API. Prints the URL to
// open; Ctrl-C stops both. The demo market runs: a few machines appear, go
// or change price every 5 s (`npm start -- --market-interval-ms 2000 --seed 7`).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_MACHINES, DEMO_TOKEN } from './demo/fixtures';
import { parseArgs } from './demo/main';
import { startDemoServer } from './demo/server';
import { fastForward, recordWithSqliteNode, serverHistoryFile } from './demo/fastForward';
import { preferredOrFreePort, startVSCodeServer } from './harness/server';
import { VERBOSE } from './harness/settings';
import { repoRoot } from './repoRoot';

// Fixed when free, so the browser tab and its history survive a restart.
const DEMO_PORT = 8787;
const VSCODE_PORT = 8080;

/**
 * Installs the repo folder as an extension by symlinking it into a fresh
 * extensions folder: the server registers it at start, so a plain URL shows
 * it (no `payload` URL, no "Extension Development Host" window). Removing
 * the extension in the UI deletes only the link.
 */
function extensionsDirWithRepoLinked(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
    version: string;
  };
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'extension.js'))) {
    throw new Error('dist/extension.js is missing: run `npm run build` first (npm start does)');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-extensions-'));
  fs.symlinkSync(repoRoot, path.join(dir, `${pkg.publisher}.${pkg.name}-${pkg.version}`), 'dir');
  return dir;
}

async function main(): Promise<void> {
  const running = new Running();
  process.on('SIGINT', () => void running.stop('SIGINT'));
  process.on('SIGTERM', () => void running.stop('SIGTERM'));
  try {
    const args = parseArgs(process.argv.slice(2));
    const market = args.market ?? {};
    // `npm start -- --days 14`: two weeks of a drifting market before now, recorded into the history below.
    const steps = args.days === undefined ? undefined : fastForward(DEMO_MACHINES, { days: args.days, end: Date.now(), seed: market.seed });
    const demo = await startDemoServer({ port: await preferredOrFreePort(DEMO_PORT), token: DEMO_TOKEN, market, machines: steps?.at(-1)?.machines });
    await running.add(() => demo.close());
    console.log(`Demo API: ${demo.url}`);

    const extensionsDir = extensionsDirWithRepoLinked();
    await running.add(async () => fs.rmSync(extensionsDir, { recursive: true, force: true }));
    const vscode = await startVSCodeServer({
      port: await preferredOrFreePort(VSCODE_PORT),
      extensionsDir,
      userSettings: { 'gpuRental.baseUrl': demo.url },
      serverOutput: VERBOSE ? (line) => console.log(`server| ${line}`) : undefined,
    });
    if (steps) {
      const origin = new URL(demo.url).origin;
      try {
        recordWithSqliteNode(vscode.node, serverHistoryFile(vscode, origin), origin, steps);
        console.log(`Market history: ${steps.length} lists of ${args.days} days fast-forwarded (GPU Rental: Show Market Trends)`);
      } catch (err) {
        console.log(`Market history: not fast-forwarded (${err instanceof Error ? err.message : String(err)}); VS Code ${vscode.vscodeVersion} may have no SQLite`);
      }
    }
    if (await running.add(() => vscode.close())) {
      printInstructions(vscode.url, vscode.vscodeVersion, demo.url, vscode.logsDir);
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
    await running.stop(undefined);
  }
}

/** What npm start started, stopped in reverse order on Ctrl-C, even when that comes during start-up. */
class Running {
  private readonly cleanups: (() => Promise<void>)[] = [];
  private stopping = false;

  /** false when already stopping: then the cleanup ran at once. */
  async add(cleanup: () => Promise<void>): Promise<boolean> {
    if (this.stopping) {
      await cleanup().catch((err: unknown) => console.error(err));
      return false;
    }
    this.cleanups.unshift(cleanup);
    return true;
  }

  async stop(signal: NodeJS.Signals | undefined): Promise<void> {
    if (this.stopping) {
      // A second Ctrl-C: exit now (exit handlers still kill the VS Code server).
      if (signal) process.exit(130);
      return;
    }
    this.stopping = true;
    if (signal) console.log(`\n${signal}: stopping the demo API and VS Code`);
    for (const cleanup of this.cleanups.splice(0)) {
      await cleanup().catch((err: unknown) => console.error(err));
    }
  }
}

function printInstructions(url: string, vscodeVersion: string, demoUrl: string, logsDir: string | undefined): void {
  console.log(`
GPU Rental is running in VS Code ${vscodeVersion}. Open in a browser:

    ${url}

The extension talks to the demo API at ${demoUrl} (setting gpuRental.baseUrl).
Click the GPU Rental icon in the activity bar, choose "Set API Token" and enter:

    ${DEMO_TOKEN}

The demo market changes a few machines every few seconds: filter the Machines
view, watch the filter, and an alert comes within a minute. To list a matching
machine at once: ${demoUrl}/__demo/market/add?gpu=H100_SXM5_80GB&gpus=8&price=12.00
Fault injection and market controls: ${demoUrl}/__demo/
Log files (the "GPU Rental" channel is exthost*/gpu-rental.gpu-rental/GPU Rental.log):
    ${logsDir ?? '(none: the log writer could not be built)'}

Ctrl-C stops the demo API and VS Code.`);
}

void main();
