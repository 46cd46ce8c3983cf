// `npm run bench`'s market history figures: the disk size of a year of a
// 100k-machine market polled every minute, simulated with a model of the data
// (not a year of writes), and what recording one list of 100k machines costs.
//
// The model: the demo's GPU models and counts as generateMachines spreads them
// (every group of a 100k list in every point); raw points for 2 days at one a
// minute, hourly points for the next 88 days, daily points for the 275 days
// before; the machines of the last year: 100k listed, and 1,000 a day gone and
// kept until the year is out (365k tracks), each with 2 returns in the last week;
// plus one process's log at its compaction size.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { validateMachines } from '../src/api/schema';
import { aggregateMachines } from '../src/market/history/aggregate';
import { DAY_MS, HOUR_MS, type StoredPoint } from '../src/market/history/downsample';
import { encodeState } from '../src/market/history/format';
import type { MachineTrack } from '../src/market/history/presence';
import { HistoryStore } from '../src/market/history/store';
import { generateMachines } from '../dev/demo/fixtures';

const COMPACT_BYTES = 4 * 1024 * 1024;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Bytes on disk of the modelled year. */
export function yearOnDisk(): { bytes: number; groups: number; points: number; tracks: number } {
  const machines = validateMachines(generateMachines(100_000, 7)).items;
  const groups = aggregateMachines(machines);
  const now = 400 * DAY_MS;
  const points: StoredPoint[] = [];
  for (let t = now - 365 * DAY_MS; t < now - 90 * DAY_MS; t += DAY_MS) points.push({ t, n: 1440, groups });
  for (let t = now - 90 * DAY_MS; t < now - 2 * DAY_MS; t += HOUR_MS) points.push({ t, n: 60, groups });
  for (let t = now - 2 * DAY_MS; t < now; t += 60_000) points.push({ t, n: 1, groups });
  const tracks: [string, MachineTrack][] = [];
  const track = (present: boolean): MachineTrack => ({ first: now - 200 * DAY_MS, since: now - 3 * DAY_MS, last: now - DAY_MS, present, returns: 12, recent: [now - 5 * DAY_MS, now - 3 * DAY_MS], at: now - 3 * DAY_MS });
  for (const m of machines) tracks.push([m.node_name, track(true)]);
  for (let i = 0; i < 30_000; i++) tracks.push([`${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`, track(false)]);
  const state = encodeState({ origin: 'https://gpu-rental.example', lastT: now, consumed: { 'log-1234-abcdef.jsonl': 123456 }, points, tracks });
  return { bytes: Buffer.byteLength(state) + COMPACT_BYTES, groups: groups.length, points: points.length, tracks: tracks.length };
}

/** Median ms to record one list of 100k machines with 1% changed, and of a compaction of that history. */
export function recordCost(): { record: number; compact: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-bench-history-'));
  try {
    const all = validateMachines(generateMachines(101_000, 7)).items;
    const store = new HistoryStore({ dir, origin: 'https://gpu-rental.example', keepDays: 365, compactBytes: Infinity, compactEveryMs: Infinity });
    store.record(Date.now(), all.slice(0, 100_000));
    const record: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const list = all.slice(i * 100, 100_000 + i * 100);
      const start = process.hrtime.bigint();
      store.record(Date.now(), list);
      record.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const start = process.hrtime.bigint();
    store.compact();
    return { record: median(record), compact: Number(process.hrtime.bigint() - start) / 1e6 };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printHistoryFigures(refreshMs: number): void {
  const year = yearOnDisk();
  console.log('\nMarket history: a year of 100k machines polled every minute (a model of the data, see test/benchHistory.ts):');
  console.log(`  ${(year.bytes / 1e6).toFixed(1)} MB on disk (${year.points} points of ${year.groups} groups, ${year.tracks} machines, one log at 4 MB); the goal: under 50 MB`);
  const cost = recordCost();
  console.log(`  recording one list of 100k machines (1% changed): ${cost.record.toFixed(1)} ms, ${((100 * cost.record) / refreshMs).toFixed(1)}% of the refresh above (${refreshMs.toFixed(1)} ms); the goal: under 5%`);
  console.log(`  a compaction of that history (once an hour, or when a window's log passes 4 MB): ${cost.compact.toFixed(0)} ms`);
}
