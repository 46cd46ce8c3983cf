// `npm run bench`'s market history figures (alone: `npm run bench:history`):
// the disk size of a year of a 100k-machine market polled every minute,
// simulated with a model of the data (not a year of writes), and what
// recording a list of 100k machines and compacting the history cost, beside
// the refresh that brought the list, measured in turns in the same run (the
// machine may be loaded: compare the ratios, not the milliseconds).
//
// The model of a year: the demo's GPU models and counts as generateMachines
// spreads them (every group of a 100k list in every point); raw points for 2
// days at one a minute, hourly points for the next 88 days, daily points for
// the 275 days before; the machines of the last 30 days (machines gone longer
// are forgotten): 100k listed and 1,000 a day gone (30k tracks), each with 2
// returns in the last week; plus one process's log at its compaction size.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GpuRentalClient } from '../../src/api/client';
import { validateMachines } from '../../src/api/schema';
import type { Machine } from '../../src/api/types';
import { aggregateMachines } from '../../src/market/history/aggregate';
import { DAY_MS, HOUR_MS, type StoredPoint } from '../../src/market/history/downsample';
import { encodeState } from '../../src/market/history/format';
import type { ListChange } from '../../src/market/history/follow';
import type { MachineTrack } from '../../src/market/history/presence';
import { MarketMemory } from '../../src/market/history/memory';
import { HistoryStore, STATE_FILE } from '../../src/market/history/store';
import { Market } from '../../src/market/market';
import { DEFAULT_ARRANGEMENT } from '../../src/model/arrange';
import { medianMark, medianMarkWords } from '../../src/model/memoryText';
import { parseQuery } from '../../src/model/query';
import { DEMO_TOKEN, generateMachines } from '../../dev/demo/fixtures';
import { startDemoServer } from '../../dev/demo/server';

const COMPACT_BYTES = 4 * 1024 * 1024;
const ORIGIN = 'https://gpu-rental.example';
const QUERY = 'gpus>=2 price_per_gpu<4 online>=0.9 cuda>=12.1 region notin [eu-central]';
const COUNT = 100_000;
const STEPS = 7;
/** Per refresh: this many machines go, as many new ones come, and twice as many change price. */
const CHURN = COUNT / 200;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-bench-history-'));
}

function logBytes(dir: string): number {
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('log-'))
    .reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
}

/** The state of the modelled year, as text. */
export function yearState(): { text: string; groups: number; points: number; tracks: number } {
  const machines = validateMachines(generateMachines(COUNT, 7)).items;
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
  const text = encodeState({ origin: ORIGIN, lastT: now, consumed: { 'log-1234-abcdef.jsonl': 123456 }, points, tracks });
  return { text, groups: groups.length, points: points.length, tracks: tracks.length };
}

/** Bytes on disk of the modelled year. */
export function yearOnDisk(): { bytes: number; groups: number; points: number; tracks: number } {
  const { text, groups, points, tracks } = yearState();
  return { bytes: Buffer.byteLength(text) + COMPACT_BYTES, groups, points, tracks };
}

export interface RecordCost {
  /** Median ms of a refresh of 100k machines over HTTP: client, market with its diff, view. */
  refresh: number;
  /** Median ms to record its list with the market's diff, one window. */
  byDiff: number;
  /** ...with another window recording the same market in between (its line read and merged). */
  twoWindows: number;
  /** ...as a whole list (the first list of a window, or after another window's compaction). */
  whole: number;
  /** A compaction of the one-window history (100k machines, a few points). */
  compact: number;
  /** Bytes a list adds to a window's log (not the first, which lists every machine as new). */
  lineBytes: number;
}

/**
 * A market of 100k machines refreshed STEPS times over HTTP from the demo API,
 * each time with CHURN machines gone, CHURN new and 2 × CHURN repriced; each
 * list is recorded three ways into three histories, and each way is timed
 * right after the refresh that brought it.
 */
export async function recordCost(): Promise<RecordCost> {
  const pool = generateMachines(COUNT + STEPS * CHURN, 7);
  let machines: Machine[] = pool.slice(0, COUNT);
  const demo = await startDemoServer({ port: 0, machines });
  const dirs = [tempDir(), tempDir(), tempDir()];
  const market = new Market();
  try {
    const client = new GpuRentalClient({ baseUrl: new URL(demo.url), token: DEMO_TOKEN, timeoutMs: 120_000 });
    const parsed = parseQuery(QUERY);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const query = { filter: parsed.query, arrangement: DEFAULT_ARRANGEMENT };
    const open = (dir: string) => new HistoryStore({ dir, origin: ORIGIN, keepDays: 365, compactBytes: Infinity, compactEveryMs: Infinity });
    const byDiff = open(dirs[0]);
    const whole = open(dirs[1]);
    const [first, second] = [open(dirs[2]), open(dirs[2])];
    let change: ListChange | undefined;
    const subscription = market.onDidChange((c) => {
      if (c.which === 'machines' && c.diff && c.before && c.after) change = { before: c.before.items, diff: c.diff };
    });
    let firstLine = 0;
    const times = { refresh: [] as number[], byDiff: [] as number[], twoWindows: [] as number[], whole: [] as number[] };
    for (let i = 0; i <= STEPS; i++) {
      if (i > 0) {
        const fresh = pool.slice(COUNT + (i - 1) * CHURN, COUNT + i * CHURN);
        machines = [...machines.filter((_, k) => k % 200 !== i), ...fresh].map((m, k) => (k % 100 === i ? { ...m, price: (Number(m.price) * 0.97).toFixed(2) } : m));
        demo.setData({ machines });
      }
      change = undefined;
      const t0 = performance.now();
      await market.loadMachines((signal) => client.listMachines(signal));
      void market.machineView(query).groups[0]?.machines.length;
      const refresh = performance.now() - t0;
      const list: readonly Machine[] = market.machines.snapshot!.items;
      const t = Date.now();
      const costs = {
        byDiff: time(() => byDiff.record(t, list, change)),
        whole: time(() => whole.record(t, list)),
        // Another window recorded the same list first; this one reads its line, then records.
        twoWindows: (second.record(t - 1, list, change), time(() => first.record(t, list, change))),
      };
      if (i === 0) firstLine = logBytes(dirs[0]);
      if (i > 0) {
        times.refresh.push(refresh);
        for (const key of ['byDiff', 'whole', 'twoWindows'] as const) times[key].push(costs[key]);
      }
    }
    subscription.dispose();
    return {
      lineBytes: (logBytes(dirs[0]) - firstLine) / STEPS, refresh: median(times.refresh), byDiff: median(times.byDiff), twoWindows: median(times.twoWindows), whole: median(times.whole), compact: time(() => byDiff.compact()) };
  } finally {
    market.dispose();
    await demo.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A history holding the modelled year: ms to open it (read and decode), and to compact it (thin, encode, write, fsync, rename). */
export function yearCost(): { open: number; compact: number } {
  const dir = tempDir();
  try {
    fs.writeFileSync(path.join(dir, STATE_FILE), yearState().text);
    let store: HistoryStore | undefined;
    const open = time(() => (store = new HistoryStore({ dir, origin: ORIGIN, keepDays: 365, now: () => 400 * DAY_MS, compactBytes: Infinity, compactEveryMs: Infinity })));
    return { open, compact: time(() => store!.compact()) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the marks cost the Machines view at 100k machines: a week of history
 * as the store keeps it (raw points a minute apart for 2 days, hourly before),
 * the 7-day figures of every GPU model computed once after a new list (the
 * history's version moved), then the mark and its words (the accessible
 * label) of every row, median of 5 passes (the view asks only for the rows it
 * shows, 200 a group at first; the listing is read only for a tooltip).
 */
export function marksCost(): { perVersion: number; rows: number; perRow: number; marked: number } {
  const machines = validateMachines(generateMachines(COUNT, 7)).items;
  const groups = aggregateMachines(machines);
  const now = 400 * DAY_MS;
  const points: StoredPoint[] = [];
  for (let t = now - 7 * DAY_MS; t < now - 2 * DAY_MS; t += HOUR_MS) points.push({ t, n: 60, groups });
  for (let t = now - 2 * DAY_MS; t <= now; t += 60_000) points.push({ t, n: 1, groups });
  const tracks: [string, MachineTrack][] = machines.map((m, i) => [m.node_name, { first: now - 10 * DAY_MS, since: now - (i % 240) * HOUR_MS, last: now, present: true, returns: 0, recent: [], at: now }]);
  const memory = new MarketMemory();
  memory.load(points, tracks, now);
  const models = [...new Set(machines.map((m) => m.gpu_name))];
  const perVersion = time(() => models.forEach((gpu) => memory.modelWeek(gpu)));
  let marked = 0;
  const passes: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    marked = 0;
    passes.push(
      time(() => {
        for (const m of machines) {
          const below = memory.belowMedian(m);
          if (medianMark(below)) marked++;
          medianMarkWords(below);
        }
      }),
    );
  }
  const rows = median(passes);
  return { perVersion, rows, perRow: (rows / machines.length) * 1000, marked };
}

export async function printHistoryFigures(): Promise<void> {
  const year = yearOnDisk();
  const pct = (ms: number, of: number) => `${((100 * ms) / of).toFixed(1)}%`;
  console.log('\nMarket history: a year of 100k machines polled every minute (a model of the data, see test/benchHistory.ts):');
  console.log(`  ${(year.bytes / 1e6).toFixed(1)} MB on disk (${year.points} points of ${year.groups} groups, ${year.tracks} machines, one log at 4 MB); the goal: under 50 MB`);
  const cost = await recordCost();
  console.log(`Recording a list of 100k machines (${CHURN} gone, ${CHURN} new, ${2 * CHURN} repriced since the last), median of ${STEPS}, beside the refresh that brought it:`);
  console.log(`  the refresh over HTTP (client, market with its diff, view): ${cost.refresh.toFixed(1)} ms`);
  console.log(`  recording by the market's diff: ${cost.byDiff.toFixed(1)} ms, ${pct(cost.byDiff, cost.refresh)} of the refresh; the goal: under 5%`);
  console.log(`  the same, another window recording in between: ${cost.twoWindows.toFixed(1)} ms, ${pct(cost.twoWindows, cost.refresh)}`);
  console.log(`  recording the whole list (a window's first list): ${cost.whole.toFixed(1)} ms, ${pct(cost.whole, cost.refresh)}`);
  console.log(`  a compaction of that history (100k machines): ${cost.compact.toFixed(0)} ms`);
  const marks = marksCost();
  console.log(`The marks at 100k machines, a week of history (3,000 points): every GPU model's 7-day figures after a new list ${marks.perVersion.toFixed(1)} ms (once per history version);`);
  console.log(`  then the mark and its words on every row: ${marks.rows.toFixed(1)} ms for 100k rows (median of 5), ${marks.perRow.toFixed(2)} µs a row (${marks.marked} marked)`);
  const yc = yearCost();
  console.log(`A history of the modelled year: opening it (read, decode) ${yc.open.toFixed(0)} ms; a compaction of it ${yc.compact.toFixed(0)} ms,`);
  const lists = Math.floor(COMPACT_BYTES / cost.lineBytes);
  console.log(`  once an hour, or when a window's log passes 4 MB (a list adds ${(cost.lineBytes / 1e3).toFixed(0)} kB to it: after ${lists} lists): at a refresh a minute, ${pct(yc.compact, 60 * cost.refresh)} of an hour of refreshes`);
}

if (require.main === module) {
  void printHistoryFigures();
}
