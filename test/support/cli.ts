// Runs the built command-line tool (dist/cli.js) as a real child process,
// as a script or a person would, without blocking this process (the demo
// API it talks to runs here).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_TOKEN } from '../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../dev/demo/server';

export const ROOT = path.join(__dirname, '..', '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');

export function requireBuiltCli(): void {
  if (!fs.existsSync(CLI)) {
    throw new Error('dist/cli.js is missing: run `npm run build` first (npm test does)');
  }
}

/**
 * Call in a describe block: the demo API, started before its tests and reset
 * after each, the tool's environment for it and a scratch folder; all gone after.
 */
export function demoForCli(): { server: DemoServer; env: NodeJS.ProcessEnv; dir: string } {
  const demo = {} as { server: DemoServer; env: NodeJS.ProcessEnv; dir: string };
  before(async () => {
    requireBuiltCli();
    demo.server = await startDemoServer();
    demo.env = cliEnv({ GPU_RENTAL_BASE_URL: demo.server.url, GPU_RENTAL_TOKEN: DEMO_TOKEN });
    demo.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-cli-'));
  });
  afterEach(() => demo.server.reset());
  after(async () => {
    await demo.server.close();
    fs.rmSync(demo.dir, { recursive: true, force: true });
  });
  return demo;
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment of a run: only what the tool reads, plus PATH. */
export function cliEnv(vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, ...vars };
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<Run> {
  return runCommand(process.execPath, [...nodeArgs, CLI, ...args], env);
}

export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
