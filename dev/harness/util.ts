// Small helpers of the harness. File system and timers only: logFiles.ts,
// which runs inside the extension host, imports this too.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../repoRoot';

export type Log = (line: string) => void;

export function readdir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readJson(file: string): any {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function displayPath(p: string): string {
  const relative = path.relative(repoRoot, p);
  return relative.startsWith('..') ? p : relative;
}

export function once(fn: () => Promise<void>): () => Promise<void> {
  let promise: Promise<void> | undefined;
  return () => (promise ??= fn());
}

/** undefined when `promise` did not settle in time; unlike a race with sleep(), leaves no timer behind to hold the process open. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let cancel = () => {};
  const timeout = new Promise<undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    cancel = () => clearTimeout(timer);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    cancel();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}
