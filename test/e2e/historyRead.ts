// The market history a harness's VS Code server keeps (its GPU_RENTAL_DATA_DIR),
// read for a browser scenario by a child process on the server's own Node:
// the scenarios run on our Node 20, which has no node:sqlite.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { serverHistoryFile } from '../../dev/demo/fastForward';
import type { Machine } from '../../src/api/types';
import type { GroupStat } from '../../src/market/history/aggregate';
import { COUNT_SCALE, PRICE_SCALE } from '../../src/market/history/schema';

export interface HistoryQuestion {
  /** With each list's groups (else its time and weight only). */
  lists?: boolean;
  /** Node IDs whose flaps_7d to tell. */
  ids?: string[];
  /** A query to count the matches of among `machines`, with the history's answers. */
  query?: string;
  machines?: readonly Machine[];
}

export interface HistoryAnswer {
  lists: { t: number; n: number; groups: GroupStat[] }[];
  flaps: Record<string, number>;
  matching?: number;
  /** What opening the file said (set aside, imported, skipped). */
  problems: string[];
}

/** The history of `origin` on `server`, as the extension reads it. */
export function readServerHistory(server: { gpuRentalDataDir: string; node: string }, origin: string, question: HistoryQuestion): HistoryAnswer {
  const result = spawnSync(server.node, [path.join(__dirname, 'historyChild.js'), serverHistoryFile(server, origin), origin], { input: JSON.stringify(question), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`reading the market history failed: ${result.stderr.trim() || `exit ${result.status}`}`);
  return JSON.parse(result.stdout) as HistoryAnswer;
}

/** Groups as the history keeps them: prices to 1/10,000, counts to 1/100, by model and count. */
export function asStored(groups: readonly GroupStat[]): GroupStat[] {
  const price = (x: number) => Math.round(x * PRICE_SCALE) / PRICE_SCALE;
  const count = (x: number) => Math.round(x * COUNT_SCALE) / COUNT_SCALE;
  return [...groups]
    .map((g) => ({ gpu: g.gpu, count: g.count, machines: count(g.machines), gpus: count(g.gpus), low: price(g.low), p25: price(g.p25), median: price(g.median) }))
    .sort((a, b) => (a.gpu < b.gpu ? -1 : a.gpu > b.gpu ? 1 : a.count - b.count));
}
