// `npm run bench:workbench` (packages first): how long a person waits in the
// real web workbench with gpu-rental.vsix installed, against a local demo API
// serving 1k, 10k and 100k generated machines, beside the floor measured in
// the same run: fetching the same body and JSON.parse in plain Node. Also the
// extension host's memory (RSS, read from /proc), before loading and after
// loading and expanding, and both again after a full garbage collection of
// each of its threads (the market worker's too). A fixture extension in the
// same extension host (test/fixtures/bench-probe-extension) takes those
// collections, which tell the data we keep from the heap V8 has not
// collected or given back yet, and also times the
// floor inside the extension host: fetch (VS Code's) + JSON.parse there.
// A second fixture, the stall probe (test/fixtures/stall-probe, stallProbe.ts),
// notes every gap of more than 50 ms in the extension host's event loop; each
// action is marked (workbenchActions.ts has those after the expand), and the
// longest stall and the time blocked between its marks are printed per size
// and action, with the extension host's peak RSS.
// A third, the tree floor (test/fixtures/tree-floor), is a tree that only hands
// VS Code rows like ours at once: the same expand in it is what VS Code costs;
// and a view that asks for a token as ours does, then fetches and parses the
// same list in the extension host's thread and shows its groups at once: its
// first rows are what VS Code costs of a first load. Both are measured after
// ours in the same window and again as the first of a new window of their own,
// as ours are (floorFirstLoad.ts): done after ours, the workbench has run the
// same code already.
// A benchmark, not a test: nothing is asserted.
//
// GPU_RENTAL_BENCH_SIZES     comma-separated machine counts (default 1000,10000,100000)
// GPU_RENTAL_VSCODE_VERSIONS one code-server release (default 4.139.1, VS Code 1.139.1)
// GPU_RENTAL_BENCH_DEBUG     print what the probe extension wrote (process.memoryUsage() whole)
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../../dev/repoRoot';
import { DEMO_TOKEN, generateMachines } from '../../dev/demo/fixtures';
import { extensionHostPids, rssBytes } from '../../dev/harness/processes';
import { DEFAULT_VERSION } from '../../dev/harness/settings';
import type { Machine } from '../../src/api/types';
import { displayName } from '../../src/model/format';
import { Session, until } from '../e2e/workbench';
import { memoryCell, pivotTable, runsTable, stallCell, type ActionFigures } from '../../dev/harness/stalls';
import { median } from './measure';
import { commandLine, Marks, SETTLE_MS, STALL_PROBE, stallFigures } from './stallProbe';
import { hoverNodeId, quickPickAndDetails, toolCall, typeFilter, watchPoll } from './workbenchActions';
import { BUSY, FIRST_GROUP_ROW, FLOOR_CHILD_ROW, FLOOR_LIST_PANE, focusFirstGroup, MACHINES_PANE, machineRowTexts, timed, timedExpand, timedMilestones, WHOLE_LIST, type RowText } from './pageTiming';
import { floorInNewWindow, focusFloorGroup, TREE_FLOOR } from './floorFirstLoad';

interface Figures {
  machines: number;
  bodyBytes: number;
  floorMs: number;
  /** One token check (the smallest request the extension makes) from plain Node: the goal allows it on top of 1.5× the floor. */
  tokenCheckMs: number;
  /** The same fetch + JSON.parse inside the extension host (VS Code's fetch there). */
  hostFloorMs: number;
  /** Enter → the first rows: a first look while the rest of the body arrives. */
  firstRowsMs: number;
  /** Enter → the whole list shown (the load's progress gone). */
  wholeListMs: number;
  refreshMs: number;
  expandMs: number;
  /** The same expand in an extension that only hands VS Code the rows (test/fixtures/tree-floor), after ours in the same window. */
  floorExpandMs: number;
  /** That expand as the first of a new window after its first rows (floorFirstLoad.ts): ours is the first of its window too. */
  floorExpandNewWindowMs: number;
  /** Enter in a token box → first rows in an extension that fetches, parses and shows groups in its own thread at once (test/fixtures/tree-floor). */
  floorFirstRowsMs: number;
  /** The same in a new window with nothing done before (floorFirstLoad.ts): VS Code's cost of a window's first load. */
  floorFirstRowsNewWindowMs: number;
  /** Presses of → it took (see timedExpand). */
  expandPresses: number;
  expandRows: number;
  /** The texts of our machine rows on screen after the expand: the floor's rows show them. */
  rowTexts: RowText[];
  rssBefore: number;
  rssAfter: number;
  /** After a full garbage collection: before loading, and after loading and expanding. */
  collected: { before: Probe; after: Probe };
  /** The stall probe's figures per action. */
  stalls: ActionFigures[];
}

interface Probe {
  rss: number;
  heapUsed: number;
  /** The worker threads collected too (the market worker, once it has started). */
  workers: number;
}

const BENCH_PROBE = path.join(repoRoot, 'test', 'fixtures', 'bench-probe-extension');

/** Runs one of the probe's commands and hands back the line it appended to `file`. */
function runProbe(session: Session, command: string, file: string): Promise<string> {
  return commandLine(session, `Bench Probe: ${command}`, file);
}

/** The extension host's memory after a full GC of each of its threads (the heap in use: its main thread's). */
async function probeMemory(session: Session, dir: string): Promise<Probe> {
  const { after, workers } = JSON.parse(await runProbe(session, 'Measure Memory After a Full GC', path.join(dir, 'memory.jsonl'))) as { after: Probe; workers: number };
  return { rss: after.rss, heapUsed: after.heapUsed, workers };
}

/** fetch + JSON.parse of the machines inside the extension host: the floor there. */
async function probeFetch(session: Session, dir: string): Promise<number> {
  fs.writeFileSync(path.join(dir, 'url.json'), JSON.stringify({ url: `${session.demo.url}/v1/rentgpu/machines`, token: DEMO_TOKEN }));
  return (JSON.parse(await runProbe(session, 'Time Fetch and JSON.parse', path.join(dir, 'fetch.jsonl'))) as { ms: number }).ms;
}

const REFRESHES = 3;
const FLOOR_RUNS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * fetch + JSON.parse of one request in plain Node, from the same server:
 * median of FLOOR_RUNS after one that warms the server's cached body and the
 * connection. Of the machines, it is the floor; of images?limit=1, one token check.
 */
async function plainNodeMs(url: string, request: string): Promise<number> {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}/v1/rentgpu/${request}`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } });
    JSON.parse(await res.text());
    return performance.now() - t0;
  };
  await once();
  const runs: number[] = [];
  for (let i = 0; i < FLOOR_RUNS; i++) runs.push(await once());
  return median(runs);
}

/**
 * The same expand in the tree-floor fixture's view, whose groups hold as
 * many rows as ours showed and answer at once: VS Code's own cost of it.
 */
async function floorExpand(session: Session, dir: string, rows: number, texts: RowText[], marks: Marks): Promise<number> {
  await focusFloorGroup(session, dir, rows, texts);
  const { ms } = await marks.around('expand a group of an empty extension’s tree (VS Code’s floor)', () => timedExpand(session, FLOOR_CHILD_ROW), (expanded) => expanded.ms);
  // Back to our view: the actions after this one work in it.
  await session.ui.runCommand('GPU Rental: Focus on Machines View');
  return ms;
}

/**
 * The first rows in the tree-floor fixture's Floor List: its token box, then one fetch of our list, JSON.parse
 * and a group row a GPU model, all in the extension host's thread at once. VS Code's own cost of a first load.
 */
async function floorFirstRows(session: Session, dir: string): Promise<number> {
  fs.writeFileSync(path.join(dir, 'load.json'), JSON.stringify({ url: `${session.demo.url}/v1/rentgpu/machines`, token: DEMO_TOKEN }));
  const { ui } = session;
  await ui.runCommand('Tree Floor: Load');
  const input = ui.passwordInput();
  await input.waitFor();
  await input.fill(DEMO_TOKEN);
  const ms = await timed(session, () => input.press('Enter'), `${FLOOR_LIST_PANE}?.querySelector('.monaco-list-row[aria-level="1"]')`);
  await ui.runCommand('GPU Rental: Focus on Machines View');
  return ms;
}

async function extensionHostRss(session: Session): Promise<number> {
  const pids = await until('the extension host', async () => extensionHostPids(session.server.pid), (found) => found.length > 0, 60_000);
  // One window, one extension host; more would mean the figure is not the one of our window.
  if (pids.length > 1) console.log(`  (${pids.length} extension hosts: measuring the newest, ${pids[pids.length - 1]})`);
  return rssBytes(pids[pids.length - 1]) ?? NaN;
}

async function measure(version: string, count: number): Promise<Omit<Figures, 'floorFirstRowsNewWindowMs' | 'floorExpandNewWindowMs'>> {
  let machines: Machine[] = generateMachines(count, 1);
  const bodyBytes = Buffer.byteLength(JSON.stringify(machines));
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-probe-'));
  const session = await Session.open({
    version,
    viewport: { width: 1400, height: 1000 },
    extensionFolders: [BENCH_PROBE, STALL_PROBE, TREE_FLOOR],
    env: { GPU_RENTAL_BENCH_PROBE_DIR: probeDir, GPU_RENTAL_STALL_PROBE_DIR: probeDir, ...(process.env.GPU_RENTAL_STALL_PROFILE ? { GPU_RENTAL_STALL_PROFILE: '1' } : {}) },
  });
  try {
    const { ui, demo } = session;
    const marks = new Marks();
    demo.setData({ machines });

    await ui.openSidebar();
    await ui.welcomeButton('Set API Token').waitFor({ timeout: 60_000 });
    await sleep(2000);
    // Nothing done: the stalls this busy machine and VS Code's own work cause anyway, to read the others against.
    await marks.around('nothing, before the token (2 s idle: the noise)', () => sleep(2000));
    const rssBefore = await extensionHostRss(session);
    const collectedBefore = await probeMemory(session, probeDir);
    // Measured once the workbench has settled, so its start-up does not slow the floor down.
    const floor = await plainNodeMs(demo.url, 'machines');
    const tokenCheck = await plainNodeMs(demo.url, 'images?limit=1');

    await ui.welcomeButton('Set API Token').click();
    const input = ui.passwordInput();
    await input.waitFor();
    await input.fill(DEMO_TOKEN);
    let firstRowsMs = NaN;
    // Each marked action ends SETTLE_MS after its result showed (see Marks.around).
    const wholeListMs = await marks.around('first load (Enter in the token box → the whole list)', async () => {
      const [first, whole] = await timedMilestones(session, () => input.press('Enter'), [FIRST_GROUP_ROW, WHOLE_LIST]);
      firstRowsMs = first;
      await ui.waitForTrees();
      return whole;
    }, (whole) => whole);

    const refreshes: number[] = [];
    for (let i = 0; i < REFRESHES; i++) {
      // A market moves between refreshes: one machine of the first group goes, so its row must change.
      const firstGroup = (await ui.groupRows().first().locator('.label-name').innerText()).trim();
      const before = (await ui.groupRows().first().locator('.label-description').innerText()).trim();
      const gone = machines.findIndex((m) => displayName(m.gpu_name) === firstGroup);
      machines = machines.filter((_, index) => index !== Math.max(0, gone));
      demo.setData({ machines });
      await plainNodeMs(demo.url, 'machines').catch(() => undefined); // The server builds the new body now, not during the refresh.
      const refresh = await ui.titleAction('Refresh');
      refreshes.push(
        await marks.around('a refresh (one machine went)', () =>
          timed(session, () => refresh.click(), `!(${BUSY}) && ${FIRST_GROUP_ROW}?.querySelector('.label-description')?.textContent.trim() !== arg`, before),
          (ms) => ms,
        ),
      );
    }

    await sleep(Number(process.env.EXPERIMENT_SETTLE ?? 0));
    // The key goes where the focus is: first make sure it is in the Machines tree, on its first group.
    await focusFirstGroup(session, 'GPU Rental: Focus on Machines View', MACHINES_PANE);
    const { ms: expandMs, presses: expandPresses } = await marks.around('expand the first group', () => timedExpand(session), (expanded) => expanded.ms);
    const expandRows = Number(await ui.machineRows().first().getAttribute('aria-setsize'));
    const rowTexts = await machineRowTexts(session);
    const rssAfter = await extensionHostRss(session);
    const collectedAfter = await probeMemory(session, probeDir);
    // Last, so that its garbage does not count in the memory figures; with the market loaded, as a refresh finds it.
    const hostFloor = await probeFetch(session, probeDir);
    // The floors allocate in the extension host (at 100k, six 47 MB bodies decoded and parsed: some 600 MB of garbage,
    // against 16 MB of ours in the whole run): collected after each, outside every action's window, not in the middle
    // of the next actions (a 137 ms collection while a machine's details opened, in a profiled run).
    await probeMemory(session, probeDir);
    const floorExpandMs = await floorExpand(session, probeDir, expandRows, rowTexts, marks);
    const floorFirstRowsMs = await floorFirstRows(session, probeDir);
    await probeMemory(session, probeDir);

    // What else a person does, each marked for the stall probe; the watch last (its polls would fall into the others).
    await sleep(SETTLE_MS);
    await quickPickAndDetails(session, marks);
    await hoverNodeId(session, marks, machines[machines.length - 1].node_name);
    await toolCall(session, marks, probeDir);
    await typeFilter(session, marks);
    machines = await watchPoll(session, marks, machines);
    const stalls = await stallFigures(session, probeDir, marks);
    return {
      machines: count, bodyBytes, floorMs: floor, tokenCheckMs: tokenCheck, hostFloorMs: hostFloor, firstRowsMs, floorFirstRowsMs, wholeListMs, refreshMs: median(refreshes), expandMs, floorExpandMs, expandPresses, expandRows, rowTexts, rssBefore, rssAfter,
      collected: { before: collectedBefore, after: collectedAfter },
      stalls,
    };
  } finally {
    await session.close();
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

const int = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
const ms = (n: number) => `${Math.round(n)} ms`;
const ratio = (n: number) => `${n.toFixed(2)}×`;

function table(rows: Figures[]): string {
  const head = [
    'machines', 'body', 'fetch + JSON.parse (floor)', 'first rows after the token', '÷ floor', 'goal: 1.5× floor + token check', 'whole list after the token', '÷ floor', 'refresh (click → updated)', '÷ floor',
    'expand the first group (rows)', 'ext host RSS before → after', 'growth ÷ body',
  ];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---:').join(' | ')} |`];
  for (const f of rows) {
    lines.push(
      `| ${[
        int(f.machines), mb(f.bodyBytes), ms(f.floorMs), ms(f.firstRowsMs), ratio(f.firstRowsMs / f.floorMs),
        `${ms(1.5 * f.floorMs + f.tokenCheckMs)} (${f.firstRowsMs <= 1.5 * f.floorMs + f.tokenCheckMs ? 'met' : 'not met'})`, ms(f.wholeListMs), ratio(f.wholeListMs / f.floorMs),
        ms(f.refreshMs), ratio(f.refreshMs / f.floorMs),
        `${ms(f.expandMs)} (${int(f.expandRows)} rows${f.expandPresses > 1 ? `; → pressed ${f.expandPresses} times` : ''})`, `${mb(f.rssBefore)} → ${mb(f.rssAfter)}`, ratio((f.rssAfter - f.rssBefore) / f.bodyBytes),
      ].join(' | ')} |`,
    );
  }
  lines.push('', `| ${HOST_HEAD.join(' | ')} |`, `| ${HOST_HEAD.map(() => '---:').join(' | ')} |`);
  for (const f of rows) {
    lines.push(`| ${[int(f.machines), ms(f.hostFloorMs), ratio(f.firstRowsMs / f.hostFloorMs), ratio(f.wholeListMs / f.hostFloorMs), ratio(f.refreshMs / f.hostFloorMs), `${ms(f.expandMs)} / ${ms(f.floorExpandMs)}`, ratio(f.expandMs / f.floorExpandMs), `${ms(f.firstRowsMs)} / ${ms(f.floorFirstRowsMs)}`, ratio(f.firstRowsMs / f.floorFirstRowsMs), ms(f.floorFirstRowsNewWindowMs), ratio(f.firstRowsMs / f.floorFirstRowsNewWindowMs), ms(f.floorExpandNewWindowMs), ratio(f.expandMs / f.floorExpandNewWindowMs)].join(' | ')} |`);
  }
  lines.push('', `| ${MEMORY_HEAD.join(' | ')} |`, `| ${MEMORY_HEAD.map(() => '---:').join(' | ')} |`);
  for (const f of rows) {
    const { before, after } = f.collected;
    lines.push(
      `| ${[
        int(f.machines), mb(f.bodyBytes), `${mb(before.heapUsed)} → ${mb(after.heapUsed)}`, ratio((after.heapUsed - before.heapUsed) / f.bodyBytes),
        `${mb(before.rss)} → ${mb(after.rss)}`, ratio((after.rss - before.rss) / f.bodyBytes), `${before.workers} → ${after.workers}`,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

const HOST_HEAD = ['machines', 'fetch + JSON.parse inside the extension host', 'first rows ÷ that', 'whole list ÷ that', 'refresh ÷ that', 'expand: ours / an empty extension’s after it (same rows)', 'ours ÷ that', 'first rows: ours / an empty extension’s (fetch, parse, groups in its thread)', 'ours ÷ that', 'the empty extension’s first rows in a new window', 'ours ÷ that', 'its expand then, the first of that window', 'ours ÷ that'];
const MEMORY_HEAD = ['machines', 'body', 'ext host JS heap in use after a full GC, before → after', 'growth ÷ body', 'ext host RSS after a full GC of every thread', 'growth ÷ body', 'worker threads collected'];

function uptime(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return '(uptime unavailable)';
  }
}

async function main(): Promise<void> {
  const sizes = (process.env.GPU_RENTAL_BENCH_SIZES ?? '1000,10000,100000').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
  const version = process.env.GPU_RENTAL_VSCODE_VERSIONS?.split(',')[0]?.trim() || DEFAULT_VERSION;
  console.log(`bench:workbench on code-server ${version}, ${sizes.map(int).join(' / ')} machines; load before: ${uptime()}`);
  const rows: Figures[] = [];
  for (const count of sizes) {
    const ours = await measure(version, count);
    const floor = await floorInNewWindow(version, generateMachines(count, 1), ours.expandRows, ours.rowTexts);
    const figures = { ...ours, floorFirstRowsNewWindowMs: floor.firstRowsMs, floorExpandNewWindowMs: floor.expandMs };
    rows.push(figures);
    console.log(`  ${int(count)} machines done`);
  }
  console.log(`\n${table(rows)}\n`);
  console.log(`First rows: Enter in the token box → first group row on screen (a first look at the list when its body is large: the rows of its first 128 KB while the rest arrives). Whole list: Enter → the whole list shown and the view's progress gone (the token is checked after it). Refresh: median of ${REFRESHES} clicks, each after one machine went. Expand: → on the first group → its first row on screen (→ pressed again when a press showed nothing for 5 s: the workbench sometimes ignores the first → after the tree refreshed).`);
  const textLength = (f: Figures) => Math.round(f.rowTexts.reduce((sum, t) => sum + t.label.length + t.description.length + t.accessible.length, 0) / Math.max(1, f.rowTexts.length));
  console.log(`\nThe empty extension's rows show the texts of ours on screen after our expand (label, description and accessible label: ${rows.map((f) => `${textLength(f)} characters a row at ${int(f.machines)}`).join(', ')}), with our rows' two inline actions and our tree's options (several rows selectable, Collapse All).`);
  console.log(`\nThe extension host's event loop (the stall probe: every gap over 50 ms of a 10 ms timer), longest stall / total time blocked per action; a range over the runs when an action ran more than once:\n`);
  console.log(pivotTable(rows.map((f) => ({ machines: f.machines, actions: f.stalls })), 'action', stallCell));
  console.log(`\nThe extension host's RSS, the highest sampled (every 250 ms, and after each stall) during each action (the process's: a worker thread's memory is inside it):\n`);
  console.log(pivotTable(rows.map((f) => ({ machines: f.machines, actions: f.stalls })), 'action', memoryCell));
  console.log(`\nEach run:\n\n${runsTable(rows.map((f) => ({ machines: f.machines, actions: f.stalls })))}\n`);
  console.log(`Each action's window: from its start until ${SETTLE_MS / 1000} s after its result showed (what it set off for later is its own). A watch poll: from its request reaching the demo API until the status bar counts one fewer. A stall counts with its part inside a window. The probe sees every stall of the thread, whoever caused it: VS Code's own work there, garbage collection, and this machine's other processes taking the CPU too.`);
  console.log(`Load after: ${uptime()}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
});
