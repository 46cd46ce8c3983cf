// The demo market fast-forwarded: `days` of a drifting market before `end`,
// so that the market history has something to show the moment a demo starts.
// Each step (an hour by default) is one tick of the demo market (machines
// appear, go, change price) and a slow drift of each GPU model's prices (a
// few days' swing and a gentle fall, different per model); the list at `end`
// is what the demo then serves and the live market goes on from. Pure: the
// same seed, start list and times give the same steps. recordFastForward
// writes the steps into a market history as the extension would have recorded
// them at those times (the extension's own store, dev/demo/main.ts --days).
// One 8× H100 keeps a rhythm instead of drifting (RHYTHM): the outlook of
// issue 36 has something to find.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Machine } from '../../src/api/types';
import { openHistory } from '../../src/node/historyFile';
import { historyDirectory, historyFileName } from '../../src/node/historyLocation';
import { mulberry32, randomMachine } from './fixtures';
import { marketTick } from './market';

export interface FastForwardOptions {
  days: number;
  /** Minutes between two lists; default 60. */
  stepMinutes?: number;
  /** The time of the last list (epoch ms); the first is `days` before it. */
  end: number;
  seed?: number;
}

export interface FastForwardStep {
  t: number;
  machines: Machine[];
}

const DAY_MS = 86_400_000;

/** 0..1 from a model's name: where its swing starts. */
function phaseOf(gpu: string): number {
  let h = 2166136261;
  for (let i = 0; i < gpu.length; i++) h = Math.imul(h ^ gpu.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/** The factor on a model's prices at `t`: ±12% over a 5-day swing, and 8% cheaper by the end than at the start. */
export function drift(gpu: string, t: number, start: number, end: number): number {
  const phase = phaseOf(gpu);
  const swing = 0.12 * Math.sin(2 * Math.PI * ((t - start) / (5 * DAY_MS) + phase));
  const fall = end > start ? 0.08 * ((t - start) / (end - start)) : 0;
  return 1 + swing - fall + 0.04 * (phase - 0.5);
}

/**
 * The demo's rhythm, for the outlook (issue 36): one 8× H100 in cn-east,
 * labelled `demo-rhythm`, listed twice a day for three hours (02:00–05:00 and
 * 14:00–17:00 UTC), at 14.40 per GPU on weekdays and 12.60 (12.5% less) on
 * Saturdays and Sundays (UTC); no drift. `gpu=h100 gpus=8 labels=demo-rhythm`
 * then reads: appears about every 12 h, stays 3 h, typical up to 14.40, low at weekends.
 */
export const RHYTHM = { node: '36363636-3636-4636-8636-363636363636', hours: [[2, 5], [14, 17]] as const, weekday: 14.4, weekend: 12.6, label: 'demo-rhythm' };

/** The rhythm's machine when it is listed at `t`, else undefined. */
export function rhythmMachine(t: number): Machine | undefined {
  const date = new Date(t);
  const hour = date.getUTCHours();
  if (!RHYTHM.hours.some(([from, to]) => hour >= from && hour < to)) return undefined;
  const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
  const m = randomMachine(mulberry32(36), new Set(), { gpu: 'H100_SXM5_80GB', gpus: 8, price: ((weekend ? RHYTHM.weekend : RHYTHM.weekday) * 8).toFixed(2) });
  return { ...m, node_name: RHYTHM.node, region: 'cn-east', labels: [RHYTHM.label] };
}

/** The steps from `end - days` to `end`, in time order; the last step's list is the one to serve. */
export function fastForward(start: readonly Machine[], options: FastForwardOptions): FastForwardStep[] {
  const stepMs = (options.stepMinutes ?? 60) * 60_000;
  const first = options.end - Math.round(options.days * DAY_MS);
  const rng = mulberry32(options.seed ?? 1);
  // The market ticks on prices as they would be without the drift; each list served is them with it.
  let base: unknown[] = [...start];
  const steps: FastForwardStep[] = [];
  let tick = 0;
  for (let t = first; t <= options.end; t += stepMs) {
    if (t > first) base = marketTick(base, rng, ++tick).machines;
    const machines = (base as Machine[]).map((m) => ({ ...m, price: Math.max(0.01, Number(m.price) * drift(m.gpu_name, t, first, options.end)).toFixed(2) }));
    const rhythm = rhythmMachine(t);
    steps.push({ t, machines: rhythm ? [...machines, rhythm] : machines });
  }
  return steps;
}

/**
 * Writes the steps into the market history file of `origin`, each list at
 * its time, with the extension's own store: another window, as far as the
 * extension can tell. Needs a Node with SQLite (see recordWithSqliteNode).
 */
export function recordFastForward(file: string, origin: string, steps: readonly FastForwardStep[], keepDays = 365): void {
  const store = openHistory({ file, origin, keepDays });
  try {
    for (const step of steps) store.record(step.t, step.machines);
  } finally {
    store.close();
  }
}

/** The history file of `origin` that a VS Code server started by the harness reads (its GPU_RENTAL_DATA_DIR). */
export function serverHistoryFile(server: { gpuRentalDataDir: string }, origin: string): string {
  return path.join(historyDirectory('', { GPU_RENTAL_DATA_DIR: server.gpuRentalDataDir }), historyFileName(origin));
}

/**
 * recordFastForward in a child process on `node` (one that has node:sqlite,
 * such as the Node 24 the harness runs VS Code 1.139 on): `npm start` runs
 * on our machines' Node 20. The steps go through a temporary file.
 */
export function recordWithSqliteNode(node: string, file: string, origin: string, steps: readonly FastForwardStep[]): void {
  const stepsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-steps-')), 'steps.json');
  try {
    fs.writeFileSync(stepsFile, JSON.stringify(steps));
    const result = spawnSync(node, [path.join(__dirname, 'recordHistory.js'), stepsFile, file, origin], { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`recording the fast-forwarded market failed: ${result.stderr.trim() || `exit ${result.status}`}`);
  } finally {
    fs.rmSync(path.dirname(stepsFile), { recursive: true, force: true });
  }
}
