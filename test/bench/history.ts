// `npm run bench`'s market history figures (alone: `npm run bench:history`),
// on the SQLite store: the disk size of a year of a 100k-machine market
// polled every minute (a model of the data written straight into a real
// file, not a year of refreshes), what recording a list of 100k machines
// costs beside the refresh that brought it (measured in turns in the same
// run: the machine may be loaded, compare the ratios, not the milliseconds),
// opening that year, and the trends panel's question of it. Each figure is
// printed beside the old file store's (README, Speed) and the budget of
// issue 33. Needs node:sqlite: run on our Node 20, it runs itself again on the
// harness's Node 24, as test/runHistory.ts does. Prints; never fails on speed.
//
// The model of a year: the demo's GPU models and counts as generateMachines
// spreads them (every group of a 100k list in every point); raw points for 2
// days at one a minute, hourly points for the next 88 days, daily points for
// the 275 days before; 130k machines (100k listed, 30k gone within 30 days,
// older ones are forgotten), each with 3 listings (2 returns in the last week)
// and its fields as listed (one spec a machine: its listings share it); for
// the outlook, a tenth of the listed machines change price on each of the 7
// days their changes are kept (one row a machine and day once thinned: 70k rows).
import { spawnSync } from 'node:child_process';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GpuRentalClient } from '../../src/api/client';
import { validateMachines } from '../../src/api/schema';
import type { Machine } from '../../src/api/types';
import { aggregateMachines } from '../../src/market/history/aggregate';
import { outlookAnswer } from '../../src/market/history/outlookAnswer';
import { diffMachines } from '../../src/market/diff';
import type { SqlDatabase } from '../../src/market/history/database';
import { DAY_MS, HOUR_MS, type StoredPoint } from '../../src/market/history/downsample';
import { HistoryStore, type ListChange } from '../../src/market/history/store';
import { ListingSpecs, REPRICE_DAYS, storedPrice } from '../../src/market/history/listingSpecs';
import { finish, ROWS_PER_STEP } from '../../src/market/history/steps';
import { Market } from '../../src/market/market';
import { medianMark, medianMarkWords } from '../../src/model/historyText';
import { loadSqlite, openHistory } from '../../src/node/historyFile';
import { hasSqlite } from '../support/sqlite';
import { DEMO_TOKEN, generateMachines } from '../../dev/demo/fixtures';
import { startDemoServer } from '../../dev/demo/server';
import { nodeWithSqlite } from '../../dev/harness/install';
import { median, time, viewQuery } from './measure';

const ORIGIN = 'https://gpu-rental.example';
const QUERY = 'gpus>=2 price_per_gpu<4 online>=0.9 cuda>=12.1 region notin [eu-central]';
const COUNT = 100_000;
const STEPS = 7;
/** Per refresh: this many machines go, as many new ones come, and twice as many change price. */
const CHURN = COUNT / 200;
/** Listed machines that change price on a day (the outlook's reprices). */
const REPRICED_PER_DAY = COUNT / 10;
/** The modelled year ends here. */
const NOW = 400 * DAY_MS;

/** The old file store's figures (README, Speed, before SQLite; opening: issue 33) and the budgets of issue 33. */
const BEFORE = { mb: 35.0, refresh: 723.9, byDiff: 7.5, twoWindows: 7.8, whole: 100.4, open: '787 ms in the README run, 1.9 s in issue 33' };
const BUDGET = { mb: 50, recordPct: 5, openMs: 100, trendsMs: 50 };

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-bench-history-'));
}

/** Bytes of a history file with its WAL, once the WAL is checkpointed into it. */
function bytesOf(file: string): number {
  return [file, `${file}-wal`].reduce((n, f) => n + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);
}

/** The points of the modelled year, oldest first. */
function yearPoints(groups: ReturnType<typeof aggregateMachines>): StoredPoint[] {
  const points: StoredPoint[] = [];
  for (let t = NOW - 365 * DAY_MS; t < NOW - 90 * DAY_MS; t += DAY_MS) points.push({ t, n: 1440, groups });
  for (let t = NOW - 90 * DAY_MS; t < NOW - 2 * DAY_MS; t += HOUR_MS) points.push({ t, n: 60, groups });
  for (let t = NOW - 2 * DAY_MS; t < NOW; t += 60_000) points.push({ t, n: 1, groups });
  return points;
}

/**
 * Writes the modelled year into a new history file through the store's own
 * insert path, in one transaction; its machines and the size of the file.
 */
export function writeYear(file: string): { machines: Machine[]; bytes: number; groups: number; points: number; machinesKept: number; ms: number } {
  const machines = validateMachines(generateMachines(COUNT, 7)).items;
  const groups = aggregateMachines(machines);
  const points = yearPoints(groups);
  const gone = Array.from({ length: 30_000 }, (_, i) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`);
  const ms = time(() => {
    openHistory({ file, origin: ORIGIN, keepDays: 365 }).close();
    const db = new (loadSqlite().DatabaseSync)(file) as SqlDatabase;
    const store = new HistoryStore({ db, origin: ORIGIN, keepDays: 365 });
    db.exec('BEGIN IMMEDIATE');
    for (const p of points) store.insertPoint(p);
    const listing = db.prepare('INSERT INTO listings (node, since, until, comeback, spec, price) VALUES (?, ?, ?, ?, ?, ?)');
    const statements = new Map<string, ReturnType<SqlDatabase['prepare']>>();
    const specs = new ListingSpecs((text) => statements.get(text) ?? statements.set(text, db.prepare(text)).get(text)!);
    const listed: number[] = [];
    const listings = (m: Machine, id: string, now: boolean) => {
      const spec = specs.specOf(m, undefined);
      const price = storedPrice(m);
      if (now) listed.push(spec);
      listing.run(id, NOW - 10 * DAY_MS, NOW - 6 * DAY_MS, 0, spec, price);
      listing.run(id, NOW - 5 * DAY_MS, NOW - 4 * DAY_MS, 1, spec, price);
      listing.run(id, NOW - 3 * DAY_MS, now ? null : NOW - DAY_MS, 1, spec, price);
    };
    for (const m of machines) listings(m, m.node_name, true);
    const goneMachines = generateMachines(gone.length, 8);
    gone.forEach((id, i) => listings(goneMachines[i], id, false));
    const reprice = db.prepare('INSERT INTO reprices (spec, t, price) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    for (let day = 0; day < REPRICE_DAYS; day++) {
      for (let j = 0; j < REPRICED_PER_DAY; j++) reprice.run(listed[(day * 7919 + j * 10) % listed.length], NOW - day * DAY_MS - (j % 1440) * 60_000, 100_000 + j);
    }
    db.exec('COMMIT');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    store.close();
  });
  return { machines, bytes: bytesOf(file), groups: groups.length, points: points.length, machinesKept: machines.length + gone.length, ms };
}

export interface RecordCost {
  /** Median ms of a refresh of 100k machines over HTTP: client, market with its diff, view. */
  refresh: number;
  /** Median ms to record its list with the market's diff, one window. */
  byDiff: number;
  /** ...with another window (another connection) recording the same market in between. */
  twoWindows: number;
  /** ...as a whole list (the first list of a window, or after another window's list). */
  whole: number;
  /** Bytes a list adds to the file (not the first, which lists every machine as new). */
  listBytes: number;
}

/**
 * A market of 100k machines refreshed STEPS times over HTTP from the demo API,
 * each time with CHURN machines gone, CHURN new and 2 × CHURN repriced; each
 * list is recorded three ways into three history files, and each way is timed
 * right after the refresh that brought it.
 */
export async function recordCost(): Promise<RecordCost> {
  const pool = generateMachines(COUNT + STEPS * CHURN, 7);
  let machines: Machine[] = pool.slice(0, COUNT);
  const demo = await startDemoServer({ port: 0, machines });
  const dirs = [tempDir(), tempDir(), tempDir()];
  const files = dirs.map((dir) => path.join(dir, 'history.sqlite'));
  const market = new Market();
  const stores: HistoryStore[] = [];
  try {
    const client = new GpuRentalClient({ baseUrl: new URL(demo.url), token: DEMO_TOKEN, timeoutMs: 120_000 });
    const query = viewQuery(QUERY);
    const open = (file: string) => {
      // As the market worker opens it: the WAL checkpointed at its next poll, not at each list's commit.
      const store = openHistory({ file, origin: ORIGIN, keepDays: 365, checkpointLater: true });
      stores.push(store);
      return store;
    };
    const byDiff = open(files[0]);
    const whole = open(files[1]);
    const [first, second] = [open(files[2]), open(files[2])];
    let change: ListChange | undefined;
    const subscription = market.onDidChange((c) => {
      if (c.which === 'machines' && c.diff && c.before && c.after) change = { before: c.before.items, diff: c.diff };
    });
    let firstBytes = 0;
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
      // A minute apart, as at a refresh a minute.
      const t = NOW + i * 60_000;
      const costs = {
        byDiff: time(() => byDiff.record(t, list, change)),
        whole: time(() => whole.record(t, list)),
        // Another window recorded the same list first; this one sees its change, then records.
        twoWindows: (second.record(t - 1, list, change), time(() => first.record(t, list, change))),
      };
      // The worker's poll, seconds later: not part of the refresh.
      for (const store of stores) store.checkpoint();
      if (i === 0) firstBytes = bytesOf(files[0]);
      if (i > 0) {
        times.refresh.push(refresh);
        for (const key of ['byDiff', 'whole', 'twoWindows'] as const) times[key].push(costs[key]);
      }
    }
    subscription.dispose();
    return { listBytes: (bytesOf(files[0]) - firstBytes) / STEPS, refresh: median(times.refresh), byDiff: median(times.byDiff), twoWindows: median(times.twoWindows), whole: median(times.whole) };
  } finally {
    for (const store of stores) store.close();
    market.dispose();
    await demo.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The modelled year's file opened as a window opens it: open, the first model's week, the first machine's listed_hours; the trends of 8 models over 30 days. */
export function yearCost(file: string, machines: readonly Machine[]): { open: number; week: number; listed: number; trends: number; trendsAgain: number; models: number } {
  let store: HistoryStore | undefined;
  const open = time(() => (store = openHistory({ file, origin: ORIGIN, keepDays: 365 })));
  try {
    const week = time(() => store!.modelWeek(machines[0].gpu_name));
    const listed = time(() => store!.listedHours(machines[0].node_name));
    const models = [...new Set(machines.map((m) => m.gpu_name))].sort().slice(0, 8);
    const trends = time(() => store!.trends('month', models, { columns: 640 }));
    const again = [0, 1, 2, 3, 4].map(() => time(() => store!.trends('month', models, { columns: 640 })));
    return { open, week, listed, trends, trendsAgain: median(again), models: models.length };
  } finally {
    store!.close();
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
export function marksCost(file: string, machines: readonly Machine[]): { perVersion: number; rows: number; perRow: number; marked: number } {
  const store = openHistory({ file, origin: ORIGIN, keepDays: 365 });
  try {
    const models = [...new Set(machines.map((m) => m.gpu_name))];
    const perVersion = time(() => models.forEach((gpu) => store.modelWeek(gpu)));
    let marked = 0;
    const passes: number[] = [];
    for (let pass = 0; pass < 5; pass++) {
      marked = 0;
      passes.push(
        time(() => {
          for (const m of machines) {
            const below = store.belowMedian(m);
            if (medianMark(below)) marked++;
            medianMarkWords(below);
          }
        }),
      );
    }
    const rows = median(passes);
    return { perVersion, rows, perRow: (rows / machines.length) * 1000, marked };
  } finally {
    store.close();
  }
}

/** Fresh processes that each ask their first outlooks (outlookChild.ts): one process's first time moves by tens of milliseconds. */
const FIRST_RUNS = 5;

/**
 * The first outlook of a process, and a second new filter after it, each the median (and range) of
 * FIRST_RUNS fresh processes, each on its own copy of the modelled year (a process records its list);
 * `cold`: the first with the read of the window before it, as an ask that had to start the read waits.
 */
export function firstOutlooks(file: string): { cold: number[]; first: number[]; second: number[] } {
  const cold: number[] = [];
  const first: number[] = [];
  const second: number[] = [];
  for (let run = 0; run < FIRST_RUNS; run++) {
    const copy = `${file}.first-${run}`;
    fs.copyFileSync(file, copy);
    try {
      const child = spawnSync(process.execPath, [path.join(__dirname, 'outlookChild.js'), copy, ORIGIN, String(COUNT), '7', String(NOW), QUERY, FRESH_QUERY], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`the first outlook's process failed (exit ${child.status}): ${child.stderr}`);
      const times = JSON.parse(child.stdout) as { read: number; first: number; second: number };
      cold.push(times.read + times.first);
      first.push(times.first);
      second.push(times.second);
    } finally {
      for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(f, { force: true });
    }
  }
  return { cold, first, second };
}

/** Another broad filter, asked once the outlook's code has run (its specs matched anew). */
const FRESH_QUERY = 'gpus>=4 price_per_gpu<6 online>=0.8 cuda>=11.8 region notin [us-west]';

/** Watches a person keeps, for the outlook after a refresh (issue 36): narrow and broad. */
const WATCHES = ['gpu=H100 gpus=8 price_per_gpu<15 region=cn-east', 'gpu=A100 gpus>=4', 'gpu=RTX_4090 price_per_gpu<0.5', 'gpus>=2 vram>=48 online>=0.95', 'region=us-west cuda>=12.4', QUERY];

/**
 * The outlook on the modelled year (issue 36): reading the window once, the
 * outlook of a filter over 30 days (median of 5, the filter's machines known),
 * then a list recorded by its diff (some machines gone, new and repriced) and
 * the outlook of every watch after it (the index followed, not read again).
 */
export function outlookCost(file: string, machines: readonly Machine[]): { read: number; slices: number; longestSlice: number; one: number; fresh: number; watches: number[]; matches: number; follow: number; followed: boolean; othersWatches: number[] } {
  const store = openHistory({ file, origin: ORIGIN, keepDays: 365 });
  try {
    store.record(NOW, machines);
    // As the market worker reads it: a slice a turn, each timed (a message that comes meanwhile waits for one).
    const steps = store.outlookSteps({ practise: true });
    let slices = 0;
    let longestSlice = 0;
    const read = time(() => {
      for (let done = false; !done; slices++) {
        const t0 = performance.now();
        done = steps.next().done === true;
        longestSlice = Math.max(longestSlice, performance.now() - t0);
      }
    });
    // The first time in a process is measured in fresh ones (firstOutlooks); here the code runs once, then
    // a filter asked for the first time once it has: every spec matched anew, no compiling left to V8.
    outlookAnswer(store.outlook(), QUERY);
    const fresh = time(() => outlookAnswer(store.outlook(), FRESH_QUERY));
    const one = median([0, 1, 2, 3, 4].map(() => time(() => outlookAnswer(store.outlook(), QUERY))));
    for (const w of WATCHES) outlookAnswer(store.outlook(), w);
    const next = [...machines.filter((_, k) => k % 200 !== 1), ...generateMachines(CHURN, 99)].map((m, k) => (k % 100 === 1 ? { ...m, price: (Number(m.price) * 0.97).toFixed(2) } : m));
    store.record(NOW + 60_000, next, { before: machines, diff: diffMachines(machines, next) });
    let matches = 0;
    const watches = WATCHES.map((w) => time(() => {
      const answer = outlookAnswer(store.outlook(), w);
      if ('outlook' in answer) matches += answer.outlook.supply.now;
    }));
    // Another window records the next list (by the whole list: it has none before); this one follows it at its poll.
    const third = [...next.filter((_, k) => k % 200 !== 2), ...generateMachines(CHURN, 98)].map((m, k) => (k % 100 === 2 ? { ...m, price: (Number(m.price) * 0.97).toFixed(2) } : m));
    const other = openHistory({ file, origin: ORIGIN, keepDays: 365 });
    other.record(NOW + 120_000, third);
    other.close();
    const held = store.outlook();
    const follow = time(() => store.poll());
    const followed = store.outlook() === held;
    const othersWatches = WATCHES.map((w) => time(() => outlookAnswer(store.outlook(), w)));
    return { read, slices, longestSlice, one, fresh, watches, matches, follow, followed, othersWatches };
  } finally {
    store.close();
  }
}

/** Filters a person might try one after another: broad and narrow, with and without price clauses. */
const TRIED = [QUERY, FRESH_QUERY, 'gpus>=1 price_per_gpu<3 online>=0.7 region notin [us-east]', 'gpus>=2 price_per_gpu<5 online>=0.85 cuda>=12.0 region notin [eu-west]', 'gpu=A100 price_per_gpu<3', 'price_per_gpu<2 online>=0.95', 'gpus>=8 price<40', 'vram>=40 price_per_gpu<4.5'];

/**
 * Eight filters asked one after another once the window is read, then the same eight again: each time,
 * and the collections of the whole heap (V8's mark-compact: tens of milliseconds with the market held)
 * that came meanwhile. What an outlook allocates decides how often one lands in the middle of an answer.
 */
export async function triedFilters(file: string, machines: readonly Machine[]): Promise<{ first: number[]; again: number[]; fullCollections: number[] }> {
  const store = openHistory({ file, origin: ORIGIN, keepDays: 365 });
  const fullCollections: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullCollections.push(entry.duration);
  });
  try {
    store.record(NOW, machines);
    finish(store.outlookSteps());
    observer.observe({ entryTypes: ['gc'] });
    const ask = (q: string) => time(() => outlookAnswer(store.outlook(), q));
    const first = TRIED.map(ask);
    const again = TRIED.map(ask);
    // The collections are told after the turn they came in.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { first, again, fullCollections };
  } finally {
    observer.disconnect();
    store.close();
  }
}

export async function printHistoryFigures(): Promise<void> {
  const pct = (ms: number, of: number) => `${((100 * ms) / of).toFixed(1)}%`;
  const dir = tempDir();
  try {
    const file = path.join(dir, 'history.sqlite');
    const year = writeYear(file);
    console.log(`\nMarket history (SQLite, ${process.version}): a year of 100k machines polled every minute (a model of the data, see test/bench/history.ts):`);
    console.log(`  ${(year.bytes / 1e6).toFixed(1)} MB on disk (${year.points} lists of ${year.groups} groups, ${year.machinesKept} machines with 3 listings each, ${REPRICE_DAYS * REPRICED_PER_DAY} repricings; written in ${(year.ms / 1000).toFixed(1)} s); before: ${BEFORE.mb} MB; the budget: ${BUDGET.mb} MB`);
    const cost = await recordCost();
    console.log(`Recording a list of 100k machines (${CHURN} gone, ${CHURN} new, ${2 * CHURN} repriced since the last), median of ${STEPS}, beside the refresh that brought it:`);
    console.log(`  the refresh over HTTP (client, market with its diff, view): ${cost.refresh.toFixed(1)} ms (before: ${BEFORE.refresh} ms)`);
    console.log(`  recording by the market's diff: ${cost.byDiff.toFixed(1)} ms, ${pct(cost.byDiff, cost.refresh)} of the refresh (before: ${BEFORE.byDiff} ms, 1.0%); the budget: ${BUDGET.recordPct}%`);
    console.log(`  the same, another window recording in between: ${cost.twoWindows.toFixed(1)} ms, ${pct(cost.twoWindows, cost.refresh)} (before: ${BEFORE.twoWindows} ms, 1.1%)`);
    console.log(`  recording the whole list (a window's first list): ${cost.whole.toFixed(1)} ms, ${pct(cost.whole, cost.refresh)} (before: ${BEFORE.whole} ms, 13.9%)`);
    console.log(`  a list adds ${(cost.listBytes / 1e3).toFixed(0)} kB to the file (before thinning)`);
    const yc = yearCost(file, year.machines);
    console.log(`A history of the modelled year, opened as a window opens it: ${yc.open.toFixed(1)} ms to open, ${yc.week.toFixed(1)} ms for the first model's week, ${yc.listed.toFixed(1)} ms for the first listed_hours:`);
    console.log(`  ${(yc.open + yc.week + yc.listed).toFixed(0)} ms in all (before: ${BEFORE.open}); the budget: ${BUDGET.openMs} ms`);
    console.log(`The trends panel's question, ${yc.models} models over 30 days: ${yc.trends.toFixed(1)} ms the first time, ${yc.trendsAgain.toFixed(1)} ms after (median of 5); the budget: ${BUDGET.trendsMs} ms`);
    const ol = outlookCost(file, year.machines);
    console.log(`The outlook (issue 36) on that year: reading the 30-day window ${ol.read.toFixed(0)} ms (once an hour: then it follows its own lists and other writers'),`);
    console.log(`  in ${ol.slices} slices of ${ROWS_PER_STEP} rows, the longest ${ol.longestSlice.toFixed(1)} ms (the market worker reads a slice a turn: a message that comes meanwhile waits for one);`);
    const firsts = firstOutlooks(file);
    const spread = (ms: number[]) => `${median(ms).toFixed(1)} ms (${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)})`;
    console.log(`  the outlook of '${QUERY}' over 30 days: the first time in a process ${spread(firsts.first)}, median of ${FIRST_RUNS} fresh processes; ${ol.one.toFixed(1)} ms after (median of 5); the budget: 50 ms`);
    console.log(`  (the filter box has the worker read the window as it opens: a filter typed in a fresh window without that would wait ${spread(firsts.cold)}, the read and the outlook)`);
    console.log(`  another filter asked for the first time ('${FRESH_QUERY}'): ${spread(firsts.second)} right after the first in those processes; ${ol.fresh.toFixed(1)} ms once the outlook's code has run a while`);
    console.log(`  after a refresh (a list recorded by its diff), every watch's outlook: ${ol.watches.map((w) => w.toFixed(1)).join(', ')} ms (${WATCHES.length} watches, ${ol.watches.reduce((a, b) => a + b, 0).toFixed(1)} ms in all)`);
    console.log(`  after another window's list (${CHURN} gone, ${CHURN} new, ${2 * CHURN} repriced): the poll ${ol.followed ? 'followed it' : 'read the window again'} in ${ol.follow.toFixed(1)} ms; every watch's outlook then: ${ol.othersWatches.map((w) => w.toFixed(1)).join(', ')} ms`);
    const tried = await triedFilters(file, year.machines);
    const list = (ms: number[]) => ms.map((m) => m.toFixed(0)).join(', ');
    console.log(`  ${TRIED.length} filters asked one after another (${list(tried.first)} ms), then again (${list(tried.again)} ms): ${tried.fullCollections.length} collections of the whole heap meanwhile${tried.fullCollections.length ? ` (${list(tried.fullCollections)} ms)` : ''}`);
    const marks = marksCost(file, year.machines);
    console.log(`The marks at 100k machines: every GPU model's 7-day figures after a new list ${marks.perVersion.toFixed(1)} ms (once per history version);`);
    console.log(`  then the mark and its words on every row: ${marks.rows.toFixed(1)} ms for 100k rows (median of 5), ${marks.perRow.toFixed(2)} µs a row (${marks.marked} marked)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures on this Node when it has node:sqlite, else on the harness's Node 24 (our machines' Node is 20). */
export async function runHistoryBench(): Promise<void> {
  if (hasSqlite()) return printHistoryFigures();
  const node = await nodeWithSqlite();
  const result = spawnSync(node, [__filename], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the history bench failed on ${node} (exit ${result.status})`);
}

if (require.main === module) {
  void runHistoryBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
