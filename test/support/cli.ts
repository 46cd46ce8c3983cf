// Runs the built command-line tool (dist/cli.js) as a real child process,
// as a script or a person would, without blocking this process (the demo
// API it talks to runs here).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.join(__dirname, '..', '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');

export function requireBuiltCli(): void {
  if (!fs.existsSync(CLI)) {
    throw new Error('dist/cli.js is missing: run `npm run build` first (npm test does)');
  }
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
