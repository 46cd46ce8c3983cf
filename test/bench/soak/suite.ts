// The soak's extension-host side (run by test/bench/soak/run.ts as the "test suite"
// of the packaged extension): 1,000 polls of one watch against the demo
// market, one market step before each poll. It counts machines, not
// notifications (alerts are held for five minutes, and the soak is shorter):
//
// - newly matching, per the market's log: after a step, a machine the log says
//   appeared or was repriced, that the extension now lists and that matches the
//   watch, and did not match in the list before the poll. That is what the
//   extension must tell: the news a poll brings.
// - told: the node IDs the watch service announces as news for the watch
//   (`onDidFindNews` after each poll: the same list the alert gate gets).
// - missed = newly matching but not told; duplicate = told although it already
//   matched before the poll (told before, or there from the start).
//
// Writes its figures as JSON to GPU_RENTAL_SOAK_OUT; the runner prints them.
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import type { Machine } from '../../../src/api/types';
import type { GpuRentalTestApi } from '../../integration/extensionEntry';
import { ALERT_QUIET_MS } from '../../../src/market/watch';
import { DEMO_TOKEN } from '../../../dev/demo/fixtures';
import type { MarketLogEntry } from '../../../dev/demo/marketControl';
import type { SoakResult } from './result';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * A full garbage collection, so a memory figure is what is kept, not what the
 * collector has not got to yet. The extension host runs without --expose-gc;
 * the flag can still be set at run time and gc() taken from a new context.
 */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

// "GPU Rental: 8× … at 1.50/GPU in … newly matches "…"" (one machine) or "GPU Rental: 3 new machines, the cheapest …, match "…"".
const ALERT = /^GPU Rental: (?:(\d+) new machines, the cheapest .*, match|.* newly matches) "(.*)"$/;

export async function run(): Promise<void> {
  const demo = process.env.GPU_RENTAL_SOAK_DEMO;
  const out = process.env.GPU_RENTAL_SOAK_OUT;
  const polls = Number(process.env.GPU_RENTAL_SOAK_POLLS ?? 1000);
  // The same loop without the polls: what the suite itself and VS Code cost, for comparison.
  const withoutPolls = process.env.GPU_RENTAL_SOAK_WITHOUT_POLLS === '1';
  if (!demo || !out) throw new Error('GPU_RENTAL_SOAK_DEMO and GPU_RENTAL_SOAK_OUT must be set (test/bench/soak/run.ts sets them)');
  const ext = vscode.extensions.getExtension<GpuRentalTestApi>('gpu-rental.gpu-rental');
  if (!ext) throw new Error('the extension gpu-rental.gpu-rental is not installed');
  const api = await ext.activate();
  if (!api?.watches) throw new Error('activate returned no watch service: is this the build of the tests\' entry (test/integration/extensionEntry.ts)?');

  await api.setToken(DEMO_TOKEN);
  // The first poll is the baseline; the watch service runs it by itself once a token is set (or we do).
  const listed = () => api.marketHost.state('machines');
  const machine = (nodeId: string) => api.marketHost.client.request('machine', { nodeId });
  if (listed()?.count === undefined) await api.pollWatchesNow();
  await until('the first list', () => listed()?.count !== undefined && !api.watches.polling);
  const watch = api.watches.active[0];
  if (!watch || api.watches.problems.length) throw new Error(`the watch from the user settings did not load: ${JSON.stringify(api.watches.problems)}`);

  // What the extension tells as news for the watch, poll by poll.
  let told: string[] = [];
  const subscription = api.marketHost.onDidFindNews((news) => {
    told.push(...(news.watches.find((w) => w.query === watch.queryText)?.found ?? []));
  });

  const seenMessages = new WeakSet<object>(api.shownMessages);
  const alerts: { at: number; machines: number }[] = [];
  const result: SoakResult = {
    polls, withoutPolls, failedPolls: 0, ticks: 0, watch: watch.queryText, newlyMatching: 0, told: 0, missed: [], duplicates: [], unexplained: [],
    notListed: [], alerts: 0, alertMachines: 0, alertsTooSoon: 0, memory: [], listedAtEnd: 0, matchingAtEnd: 0, msPerPoll: 0,
  };
  let seq = (await getJson<MarketLogEntry[]>(`${demo}/__demo/market/log`)).reduce((max, e) => Math.max(max, e.seq), 0);
  const started = Date.now();

  for (let i = 1; i <= polls; i++) {
    const matched = (m: Machine | undefined) => m !== undefined && watch.matches(m);
    const before = new Map<string, boolean>();
    await getJson<MarketLogEntry>(`${demo}/__demo/market/tick`);
    const steps = await getJson<MarketLogEntry[]>(`${demo}/__demo/market/log?since=${seq}`);
    seq = steps.reduce((max, e) => Math.max(max, e.seq), seq);
    result.ticks += steps.filter((e) => e.kind === 'tick').length;
    const candidates = new Set(steps.flatMap((e) => [...e.appeared, ...e.repriced.map((r) => r.id)]));
    for (const id of candidates) before.set(id, matched(await machine(id)));
    const appeared = new Set(steps.flatMap((e) => e.appeared));
    const gone = new Set(steps.flatMap((e) => e.gone));
    const fetchedAt = listed()?.fetchedAt;

    told = [];
    if (!withoutPolls) {
      await api.pollWatchesNow();
      if (listed()?.fetchedAt === fetchedAt) result.failedPolls++;
      const now = new Map(await Promise.all([...candidates].map(async (id) => [id, await machine(id)] as const)));
      const expected = new Set([...candidates].filter((id) => !gone.has(id) && matched(now.get(id)) && !before.get(id)));
      result.newlyMatching += expected.size;
      result.told += told.length;
      for (const id of appeared) if (!gone.has(id) && (await machine(id)) === undefined) result.notListed.push(id);
      for (const id of expected) if (!told.includes(id)) result.missed.push(id);
      const toldTwice = told.filter((id, index) => told.indexOf(id) !== index);
      for (const id of told) {
        if (before.get(id) === true || toldTwice.includes(id)) result.duplicates.push(id);
        else if (!expected.has(id)) result.unexplained.push(id);
      }

      for (const message of api.shownMessages) {
        if (seenMessages.has(message)) continue;
        seenMessages.add(message);
        const alert = ALERT.exec(message.text);
        if (!alert) continue;
        const now = Date.now();
        if (alerts.length && now - alerts[alerts.length - 1].at < ALERT_QUIET_MS) result.alertsTooSoon++;
        alerts.push({ at: now, machines: alert[1] ? Number(alert[1]) : 1 });
      }
    }
    // Between polls: RSS as it is, then after a full garbage collection.
    if (i === 1 || i % 100 === 0 || i === polls) {
      const rawRss = process.memoryUsage().rss;
      collectGarbage();
      const usage = process.memoryUsage();
      result.memory.push({ poll: i, rawRss, rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external });
    }
  }

  result.msPerPoll = (Date.now() - started) / polls;
  result.alerts = alerts.length;
  result.alertMachines = alerts.reduce((sum, a) => sum + a.machines, 0);
  result.listedAtEnd = listed()?.count ?? 0;
  result.matchingAtEnd = (await api.marketHost.client.request('watchStats', { queries: [watch.queryText] })).stats?.[0]?.matches ?? 0;
  // The news the alert gate holds for the next alert: the soak ends within five minutes of the first one.
  result.heldAtEnd = api.watches['gate']['held'].get(watch.queryText)?.size ?? 0;
  subscription.dispose();
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
}
