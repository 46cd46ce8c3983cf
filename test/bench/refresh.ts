// `npm run bench`: what a refresh costs after the body arrives. For generated
// payloads of 1k, 10k and 100k machines it prints the time to JSON.parse the
// body and the time of our whole pipeline after parsing (validate, normalize,
// filter, group, and sort the first group, as an open group is), and their
// ratio. The goal: pipeline ≤ 0.35 × parse at 100k, growing linearly. Groups
// sort their machines when first read; sorting every group (what a quick pick
// of all machines costs, once per snapshot) is printed apart. Beside it, the market diff between two snapshots
// (the next one with 1% of prices changed, 1% gone and 1% new), which every
// refresh computes. Figures are medians of several runs.
import { execFile, fork } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { GpuRentalClient } from '../../src/api/client';
import { validateMachines } from '../../src/api/schema';
import { startDemoServer } from '../../dev/demo/server';
import { Market } from '../../src/market/market';
import type { Machine } from '../../src/api/types';
import { DEMO_TOKEN, generateMachines } from '../../dev/demo/fixtures';
import { diffMachines } from '../../src/market/diff';
import { arrangeMachines, DEFAULT_ARRANGEMENT } from '../../src/model/arrange';
import { compileQuery, parseQuery } from '../../src/model/query';
import { nearMisses, type NearMiss } from '../../src/model/nearMiss';
import { suggestQuery } from '../../src/model/query/suggest';
import { marketSummary } from '../../src/model/query/summary';
import { runHistoryBench } from './history';
import { median, timed, viewQuery } from './measure';

const QUERY = 'gpus>=2 price_per_gpu<4 online>=0.9 cuda>=12.1 region notin [eu-central]';

function pipeline(raw: unknown[]): number {
  const { items } = validateMachines(raw);
  const parsed = parseQuery(QUERY);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const visible = items.filter(compileQuery(parsed.query));
  const groups = arrangeMachines(visible, DEFAULT_ARRANGEMENT);
  return groups.length + items.length + (groups[0]?.machines.length ?? 0);
}

/** Median time to sort every group of an arrangement of all the machines. */
function timeSortAll(items: readonly Machine[]): number {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const groups = arrangeMachines(items, DEFAULT_ARRANGEMENT);
    runs.push(timed(() => groups.reduce((n, g) => n + g.machines.length, 0))[0]);
  }
  return median(runs);
}

/** Median time to diff a snapshot of `count` machines against the next one. */
function timeDiff(count: number): number {
  const before = validateMachines(generateMachines(count, 7)).items;
  const raw = generateMachines(count, 7);
  const step = 100;
  for (let i = 0; i < raw.length; i += step) {
    raw[i] = { ...raw[i], price: (Number(raw[i].price) * 0.9).toFixed(2) };
  }
  const after = validateMachines([...raw.filter((_, i) => i % step !== 1), ...generateMachines(count / step, 99)]).items;
  const runs: number[] = [];
  for (let i = 0; i < 7; i++) {
    runs.push(timed(() => diffMachines(before, after))[0]);
  }
  return median(runs);
}

/**
 * A whole refresh in this Node, over HTTP on 127.0.0.1 from the demo API: our
 * client (read, parse, validate), the market's new snapshot with its diff, and
 * the view (filter, group, sort the first group), beside fetch + JSON.parse of
 * the same body. The same path runs in the extension host; what the workbench
 * adds (the click, the tree's round trip, drawing) is in bench:workbench.
 * Each refresh one machine goes, so the client reads the body against the
 * last one; with `everyPrice`, every machine's price also moves, so nothing
 * can be taken over and the body is parsed whole (the worst case).
 */
async function refreshOverHttp(count: number, everyPrice: boolean): Promise<{ floor: number; refresh: number }> {
  let machines = generateMachines(count, 7);
  const demo = await startDemoServer({ port: 0, machines });
  try {
    const url = `${demo.url}/v1/rentgpu/machines`;
    const headers = { Authorization: `Bearer ${DEMO_TOKEN}` };
    const client = new GpuRentalClient({ baseUrl: new URL(demo.url), token: DEMO_TOKEN, timeoutMs: 120_000 });
    const market = new Market();
    const query = viewQuery(QUERY);
    await market.loadMachines((signal) => client.listMachines(signal));
    const floors: number[] = [];
    const refreshes: number[] = [];
    for (let i = 0; i < 7; i++) {
      // One machine goes each time, as in a market; the server builds the new body before the timing.
      machines = machines.filter((_, index) => index !== i * 13);
      if (everyPrice) machines = machines.map((m) => ({ ...m, price: (Number(m.price) + 0.01).toFixed(3) }));
      demo.setData({ machines });
      const t0 = performance.now();
      JSON.parse(await (await fetch(url, { headers })).text());
      floors.push(performance.now() - t0);
      const t1 = performance.now();
      await market.loadMachines((signal) => client.listMachines(signal));
      void market.machineView(query).groups[0]?.machines.length;
      refreshes.push(performance.now() - t1);
    }
    market.dispose();
    return { floor: median(floors), refresh: median(refreshes) };
  } finally {
    await demo.close();
  }
}

type FirstLoadMode = 'floor' | 'client';

/**
 * A first load, each in a fresh process (test/bench/firstLoadChild.ts): fetch +
 * JSON.parse, and our client (fetch, the body gathered, decoded once, parsed
 * and checked). Medians of 5, taken in turns.
 */
async function firstLoads(count: number): Promise<Record<FirstLoadMode, { ms: number; rss: number }>> {
  const demo = await startDemoServer({ port: 0, machines: generateMachines(count, 7) });
  try {
    await (await fetch(`${demo.url}/v1/rentgpu/machines`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } })).text(); // the server caches its body
    const modes: FirstLoadMode[] = ['floor', 'client'];
    const runs = new Map<FirstLoadMode, { ms: number[]; rss: number[] }>(modes.map((m) => [m, { ms: [], rss: [] }]));
    for (let i = 0; i < 5; i++) {
      for (const mode of modes) {
        const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, 'firstLoadChild.js'), mode, demo.url]);
        const { ms, rss } = JSON.parse(stdout) as { ms: number; rss: number };
        runs.get(mode)!.ms.push(ms);
        runs.get(mode)!.rss.push(rss);
      }
    }
    const of = (mode: FirstLoadMode) => ({ ms: median(runs.get(mode)!.ms), rss: median(runs.get(mode)!.rss) });
    return { floor: of('floor'), client: of('client') };
  } finally {
    await demo.close();
  }
}

type RereadMode = 'with' | 'without';
interface RereadFigures {
  ms: number;
  maxRss: number;
  heapUsed: number;
  arrayBuffers: number;
}

/**
 * Refreshes read against the last body or not (test/bench/rereadChild.ts),
 * each mode in a fresh process with --expose-gc, one machine fewer each
 * refresh; medians of 3 runs, taken in turns.
 */
async function rereadRefreshes(count: number): Promise<Record<RereadMode, RereadFigures>> {
  const modes: RereadMode[] = ['with', 'without'];
  const runs = new Map<RereadMode, RereadFigures[]>(modes.map((m) => [m, []]));
  for (let run = 0; run < 3; run++) {
    for (const mode of modes) {
      let machines = generateMachines(count, 7);
      const demo = await startDemoServer({ port: 0, machines });
      try {
        const figures = await new Promise<RereadFigures>((resolve, reject) => {
          const child = fork(path.join(__dirname, 'rereadChild.js'), [mode, demo.url], { execArgv: ['--expose-gc'] });
          let step = 0;
          child.on('message', (message) => {
            if (message === 'next') {
              machines = machines.filter((_, index) => index !== step++ * 13);
              demo.setData({ machines });
              child.send('go');
            } else {
              resolve(JSON.parse(String(message)) as RereadFigures);
            }
          });
          child.on('exit', (code) => reject(new Error(`rereadChild exited with ${code}`)));
        });
        runs.get(mode)!.push(figures);
      } finally {
        await demo.close();
      }
    }
  }
  const of = (mode: RereadMode): RereadFigures => {
    const list = runs.get(mode)!;
    return { ms: median(list.map((f) => f.ms)), maxRss: median(list.map((f) => f.maxRss)), heapUsed: median(list.map((f) => f.heapUsed)), arrayBuffers: median(list.map((f) => f.arrayBuffers)) };
  };
  return { with: of('with'), without: of('without') };
}

/** A query that finds fewer than three machines, and the near misses the view offers for it. */
const NEAR_MISS_QUERY = 'gpu=h100 gpus>=8 price_per_gpu<9 cuda>=12.4 online>=0.99';

function nearMissBench(): void {
  console.log(`\nNear misses (the view's suggestions when a filter finds fewer than three machines), median of 5: ${NEAR_MISS_QUERY}`);
  console.log('machines   filter ms   near misses ms   found now   suggestions');
  const parsed = parseQuery(NEAR_MISS_QUERY);
  if (!parsed.ok) throw new Error(parsed.error.message);
  for (const count of [1_000, 10_000, 100_000]) {
    const items = validateMachines(generateMachines(count, 7) as unknown[]).items;
    const filter: number[] = [];
    const near: number[] = [];
    let found = 0;
    let misses: NearMiss[] = [];
    for (let i = 0; i < 5; i++) {
      const [f, kept] = timed(() => items.filter(compileQuery(parsed.query)).length);
      filter.push(f);
      found = kept;
      const [n, m] = timed(() => nearMisses(items, parsed.query));
      near.push(n);
      misses = m;
    }
    const what = misses.map((m) => `${m.now ?? `without ${m.was}`} → ${m.found}`).join(', ');
    console.log(`${String(count).padStart(8)}   ${median(filter).toFixed(1).padStart(9)}   ${median(near).toFixed(1).padStart(14)}   ${String(found).padStart(9)}   ${what}`);
  }
}

/** The filter box's suggestions: the market's summary, made once per snapshot, and the suggestions for a keystroke from it. */
function suggestionBench(): void {
  console.log(`\nThe filter box's suggestions, median of 5: the market summary (once per snapshot), and the suggestions for "gpu=" and "gpus>=8 cuda>=12" (each keystroke)`);
  console.log('machines   summary ms   suggestions ms');
  for (const count of [1_000, 10_000, 100_000]) {
    const items = validateMachines(generateMachines(count, 7) as unknown[]).items;
    const summaryMs: number[] = [];
    const suggestMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const snapshot = [...items]; // a new list, as each refresh makes: marketSummary keeps one summary per list
      const [s, summary] = timed(() => marketSummary(snapshot));
      summaryMs.push(s);
      suggestMs.push(timed(() => [suggestQuery('gpu=', summary), suggestQuery('gpus>=8 cuda>=12', summary)])[0]);
    }
    console.log(`${String(count).padStart(8)}   ${median(summaryMs).toFixed(1).padStart(10)}   ${median(suggestMs).toFixed(2).padStart(14)}`);
  }
}

async function rereadBench(): Promise<void> {
  console.log('\nRefreshes read against the last body or parsed whole, each in a fresh process (median of 3; one machine fewer each refresh):');
  console.log('machines   refresh ms: with / without   peak RSS MB: with / without   held after, heap + buffers MB: with / without');
  for (const count of [10_000, 100_000]) {
    const r = await rereadRefreshes(count);
    const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
    console.log(
      `${String(count).padStart(8)}   ${`${r.with.ms.toFixed(1)} / ${r.without.ms.toFixed(1)}`.padStart(26)}   ${`${mb(r.with.maxRss)} / ${mb(r.without.maxRss)}`.padStart(27)}   ` +
        `${mb(r.with.heapUsed + r.with.arrayBuffers)} / ${mb(r.without.heapUsed + r.without.arrayBuffers)}`,
    );
  }
}

async function main(): Promise<void> {
  if (process.env.GPU_RENTAL_BENCH_ONLY === 'reread') {
    // Only the refreshes with and without the last body (issue 34's measurement).
    return rereadBench();
  }
  const rows: string[] = [];
  console.log(`query: ${QUERY}`);
  console.log('machines   body MB   JSON.parse ms   pipeline ms   (validate / filter+group+sort first)   ratio   market diff ms   sort all groups ms');
  for (const count of [1_000, 10_000, 100_000]) {
    const body = JSON.stringify(generateMachines(count, 7));
    const runs = count >= 100_000 ? 5 : 11;
    const parse: number[] = [];
    const whole: number[] = [];
    const validate: number[] = [];
    const rest: number[] = [];
    for (let i = 0; i < runs; i++) {
      const [p, raw] = timed(() => JSON.parse(body) as unknown[]);
      parse.push(p);
      const [w] = timed(() => pipeline(raw));
      whole.push(w);
      const fresh = JSON.parse(body) as unknown[];
      const [v, valid] = timed(() => validateMachines(fresh));
      validate.push(v);
      const parsed = parseQuery(QUERY);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const [r] = timed(() => arrangeMachines(valid.items.filter(compileQuery(parsed.query)), DEFAULT_ARRANGEMENT)[0]?.machines.length);
      rest.push(r);
    }
    const diff = timeDiff(count);
    const sortAll = timeSortAll(validateMachines(JSON.parse(body) as unknown[]).items);
    const ratio = median(whole) / median(parse);
    rows.push(
      `${String(count).padStart(8)}   ${(body.length / 1e6).toFixed(1).padStart(7)}   ${median(parse).toFixed(1).padStart(13)}   ${median(whole).toFixed(1).padStart(11)}   (${median(validate).toFixed(1)} / ${median(rest).toFixed(1)})`.padEnd(94) +
        `${ratio.toFixed(2)}×`.padEnd(8) +
        `${diff.toFixed(1).padStart(14)}` +
        `${sortAll.toFixed(1).padStart(21)}`,
    );
    console.log(rows[rows.length - 1]);
  }
  nearMissBench();
  suggestionBench();
  console.log('\nA refresh over HTTP in this Node (client, market with its diff, view) beside fetch + JSON.parse of the same body,');
  console.log('when one machine went (the rest read against the last body) and when every price changed (parsed whole):');
  console.log('machines   fetch + JSON.parse ms   refresh ms   ratio   every price changed: floor ms   refresh ms   ratio');
  for (const count of [1_000, 10_000, 100_000]) {
    const one = await refreshOverHttp(count, false);
    const all = await refreshOverHttp(count, true);
    console.log(
      `${String(count).padStart(8)}   ${one.floor.toFixed(1).padStart(21)}   ${one.refresh.toFixed(1).padStart(10)}   ${`${(one.refresh / one.floor).toFixed(2)}×`.padEnd(5)}` +
        `${all.floor.toFixed(1).padStart(31)}   ${all.refresh.toFixed(1).padStart(10)}   ${(all.refresh / all.floor).toFixed(2)}×`,
    );
  }
  await rereadBench();
  await runHistoryBench();
  console.log('\nA first load, each in a fresh Node process (median of 5): fetch + JSON.parse, and our client. RSS at the end of each:');
  console.log('machines   fetch + JSON.parse ms   client ms   ratio   RSS MB: floor / client');
  for (const count of [10_000, 100_000]) {
    const { floor, client } = await firstLoads(count);
    const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
    console.log(
      `${String(count).padStart(8)}   ${floor.ms.toFixed(1).padStart(21)}   ${client.ms.toFixed(1).padStart(9)}   ${`${(client.ms / floor.ms).toFixed(2)}×`.padEnd(5)}   ${mb(floor.rss)} / ${mb(client.rss)}`,
    );
  }
}

void main();
