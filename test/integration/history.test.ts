// The market history in a real VS Code: recorded from the refreshes into the
// service's SQLite file under GPU_RENTAL_DATA_DIR (the harness gives each
// VS Code server its own), read by the Machines view's filter, cleared by its
// command, shared with another window, without the token; an older version's
// history imported once. On a runtime without node:sqlite (VS Code 1.100) the
// history is off with one warning and everything else works.
import * as assert from 'node:assert/strict';
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { findExtensionLogFile } from '../../dev/harness/logFiles';
import type { Machine } from '../../src/api/types';
import { ALL_COUNTS } from '../../src/market/history/aggregate';
import type { HistoryStore } from '../../src/market/history/store';
import { originOf } from '../../src/market/history/origin';
import { loadSqlite, openHistory } from '../../src/node/historyFile';
import { hasSqlite } from '../support/sqlite';
import { historyDirectory, historyFileName } from '../../src/node/historyLocation';
import { EXTENSION_ID, machineLeaves, setBaseUrl, signedInToDemo, TOKEN, waitFor } from './helpers';

/** A tooltip's text without the Markdown escapes that keep data inert. */
const unescaped = (markdown: string) => markdown.replace(/\\(.)/g, '$1');

/** Another window's extension host recording the same history: a real Node process (./historyWriter.ts) on this host's Node. */
function otherWindow(file: string, origin: string, days: number): { record(t: number, machines: readonly Machine[]): Promise<void>; exit(): Promise<void> } {
  // In desktop VS Code the extension host's executable is Electron's: run it as plain Node, as a second host would.
  const child: ChildProcess = fork(path.join(__dirname, 'historyWriter.js'), [file, origin, String(days)], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = () => new Promise<unknown>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the other window's process exited (${code})`)));
  });
  const ready = next();
  return {
    async record(t, machines) {
      await ready;
      const answered = next();
      child.send({ t, machines });
      await answered;
    },
    async exit() {
      child.send({ exit: true });
      await exited;
    },
  };
}

/** The database of a service, as the extension host's environment places it (GPU_RENTAL_DATA_DIR, from the harness). */
const historyFileOf = (origin: string) => path.join(historyDirectory('', process.env), historyFileName(origin));

/** How many rows each table of a history file holds, read as sqlite3 would. */
function rowsIn(file: string): Record<'lists' | 'groups' | 'listings', number> {
  const db = new (loadSqlite().DatabaseSync)(file);
  try {
    const count = (table: string) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()!.n);
    return { lists: count('lists'), groups: count('groups'), listings: count('listings') };
  } finally {
    db.close();
  }
}

/** The names of the files in `dir` whose bytes hold `text`, read by a child process on this host's Node. */
function filesHolding(dir: string, text: string): string[] {
  const script = 'const fs = require("fs"), path = require("path"); const [dir, text] = process.argv.slice(1); process.stdout.write(JSON.stringify(fs.readdirSync(dir).filter((f) => fs.readFileSync(path.join(dir, f)).includes(text))));';
  const result = spawnSync(process.execPath, ['-e', script, dir, text], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as string[];
}

/** The lines of this run's GPU Rental log that say `text`. */
function logLines(text: string): string[] {
  const file = findExtensionLogFile(EXTENSION_ID, 'GPU Rental');
  return file ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.includes(text)) : [];
}

const origin = () => originOf(vscode.workspace.getConfiguration('gpuRental').get<string>('baseUrl')!)!;

async function refreshed(api: GpuRentalTestApi): Promise<void> {
  const before = api.marketHost.state('machines')?.fetchedAt;
  await vscode.commands.executeCommand('gpuRental.refresh');
  await waitFor('a new machine list', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.fetchedAt !== before);
  // The worker records a new list once the Machines view has its answer, or before anything reads the history
  // (ServerHistory.record): a question that reads it makes sure the list is in the file these tests open.
  await api.marketHost.client.request('count', { filter: 'listed_hours>=0' });
}

const describeWithSqlite = hasSqlite() ? describe : undefined;
const describeWithoutSqlite = hasSqlite() ? undefined : describe;

describeWithSqlite?.('Market history', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const comesBack = DEMO_MACHINES[7];
  /** This service's database (the market worker writes it). */
  const fileNow = () => historyFileOf(origin());
  /** The history as it is on disk now, read as another window (or the next reload) reads it, then closed. */
  function history<T>(read: (store: HistoryStore) => T): T {
    const store = openHistory({ file: fileNow(), origin: origin(), keepDays: 365 });
    try {
      return read(store);
    } finally {
      store.close();
    }
  }
  const refresh = () => refreshed(api);

  /** `comesBack` leaves the list at one refresh and is back at the next. */
  async function goneAndBack(): Promise<void> {
    server.setData({ machines: DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name) });
    await refresh();
    server.setData({ machines: DEMO_MACHINES });
    await refresh();
  }

  async function clearHistory(): Promise<void> {
    api.answerNextModal();
    await vscode.commands.executeCommand('gpuRental.clearHistory');
  }

  before(async () => {
    ({ server, api } = await signedInToDemo());
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    await clearHistory();
  });

  after(async () => {
    await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('gpuRental').update('watches', undefined, vscode.ConfigurationTarget.Global);
    server.reset();
  });

  it('a machine that went and came back between two refreshes is found with flaps_7d>=1', async () => {
    await refresh();
    assert.ok(api.view.setQuery('flaps_7d>=1').ok);
    assert.deepEqual((await machineLeaves(api)), [], 'no returns recorded yet');
    await goneAndBack();
    const shown = await waitFor('the machine that came back', async () => {
      const leaves = (await machineLeaves(api));
      return leaves.length > 0 && leaves;
    });
    assert.deepEqual(
      shown.map((l) => l.machine.node_name),
      [comesBack.node_name],
    );
    assert.equal(history((h) => h.flaps7d(comesBack.node_name)), 1);
  });

  it('the database is under GPU_RENTAL_DATA_DIR/history, one per service, owner-only, and holds no token', () => {
    const dataDir = process.env.GPU_RENTAL_DATA_DIR;
    assert.ok(dataDir, 'the harness gives the extension host a data folder');
    const file = fileNow();
    assert.equal(path.dirname(file), path.join(dataDir, 'history'));
    assert.ok(fs.existsSync(file), file);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'only its owner reads it');
    assert.ok(rowsIn(file).lists > 0, 'something was recorded');
    // Read by another process: closing a descriptor of the file here would drop the market worker's SQLite locks.
    const holding = (text: string) => filesHolding(path.dirname(file), text);
    assert.ok(holding(comesBack.node_name).some((f) => f.startsWith(path.basename(file))), 'the machines are recorded by node ID');
    assert.deepEqual(holding(TOKEN), [], 'no file holds the token');
  });

  it('with gpuRental.history.enabled off nothing is recorded, and nothing deleted', async () => {
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', false, vscode.ConfigurationTarget.Global);
    await goneAndBack();
    assert.equal(history((h) => h.flaps7d(comesBack.node_name)), 1, 'the return is still there, and no second one counted');
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('Clear Market History empties the filtered view and deletes what was recorded', async () => {
    assert.equal((await machineLeaves(api)).length, 1);
    let refreshed = false;
    const listening = api.machines.onDidChangeTreeData(() => (refreshed = true));
    try {
      await clearHistory();
      await waitFor('the Machines view to refresh', () => refreshed);
    } finally {
      listening.dispose();
    }
    assert.deepEqual((await machineLeaves(api)), []);
    const flaps = history((h) => h.flaps7d(comesBack.node_name));
    assert.ok(Number.isNaN(flaps) || flaps === 0, String(flaps));
    assert.deepEqual(rowsIn(fileNow()), { lists: 0, groups: 0, listings: 0 }, 'nothing left in the file');
  });

  it('a watch with flaps_7d>=1 tells the machine that came back, recorded before the watch looks', async function () {
    this.timeout(60_000);
    await vscode.workspace.getConfiguration('gpuRental').update('watches', [{ query: 'flaps_7d>=1', name: 'came back' }], vscode.ConfigurationTarget.Global);
    await waitFor('the watch', () => api.watches.watches.length === 1);
    const alerts = () => api.shownMessages.filter((m) => m.text.includes('newly matches "came back"'));
    const before = alerts().length;
    for (const machines of [DEMO_MACHINES, DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name), DEMO_MACHINES]) {
      server.setData({ machines });
      await api.pollWatchesNow();
    }
    // The alert follows the poll: the market worker's news, then the watch's own question to it.
    // Behind the other questions a refresh brings the worker (figures, outlooks): its own time on a busy machine.
    await waitFor('the alert', () => alerts().length - before >= 1, 30_000).catch(() => undefined);
    assert.equal(alerts().length - before, 1, api.shownMessages.map((m) => m.text).join('\n'));
    assert.equal(history((h) => h.flaps7d(comesBack.node_name)), 1);
  });

  it("marks a machine well below its model's median on its row, in its accessible label and tooltip; the GPU group's tooltip has the model's week", async () => {
    await clearHistory();
    api.view.setQuery('');
    const model = DEMO_MACHINES[0].gpu_name;
    const cheap = { ...DEMO_MACHINES[0], node_name: 'itest-history-cheap', price: '0.01' };
    server.setData({ machines: [...DEMO_MACHINES, cheap] });
    await refresh();
    const leaf = await waitFor('the cheap machine in the tree', () => api.machines.locate(cheap.node_name));
    const item = api.machines.getTreeItem(leaf);
    assert.match(item.description as string, / · ↓\d+% vs 7-day median$/);
    assert.match(item.accessibilityInformation!.label, /, \d+% below its model's 7-day median$/);
    const tooltip = unescaped(((await api.machines.resolveTreeItem(item, leaf)).tooltip as vscode.MarkdownString).value);
    assert.match(tooltip, /\*\*Market history\*\*: \d+% below the 7-day median [\d.]+ of .+, 7-day low 0\.0\d+ \(less than a day of history\); listed since the history began, less than an hour ago \(since /);
    const group = api.machines.getParent(leaf)!;
    const groupTooltip = unescaped(((await api.machines.resolveTreeItem(api.machines.getTreeItem(group), group)).tooltip as vscode.MarkdownString).value);
    assert.match(groupTooltip, /Lowest price per GPU now: 0\.0\d+/);
    assert.match(groupTooltip, /7-day median: [\d.]+ \(less than a day of history\)/);
    assert.match(groupTooltip, /Lowest per GPU over 7 days: \u2007*▄ [\d.]+ throughout$/, 'a flat line at the end of the week: the parts before the history began are gaps');
    const leaves = await machineLeaves(api);
    const usual = history((recorded) => {
      assert.ok(recorded.modelWeek(model), 'the model is in the history');
      return leaves.find((l) => l.machine.gpu_name === model && Math.abs(recorded.belowMedian(l.machine)) < 0.1);
    });
    if (usual) assert.doesNotMatch(api.machines.getTreeItem(usual).description as string, /vs 7-day median/, 'a price near the median has no mark');
    server.setData({ machines: DEMO_MACHINES });
    await refresh();
  });

  it('the history survives a window reload: a new connection to the same file reads what this window recorded', async () => {
    await refresh();
    const someone = DEMO_MACHINES[3];
    const answered = await api.marketHost.client.request('machineDetails', { nodeId: someone.node_name });
    const returned = history((again) => {
      assert.ok(again.version > 0, 'opened');
      assert.deepEqual(again.listing(someone.node_name), answered?.history?.listing, 'what the market worker answers');
      assert.deepEqual(again.modelWeek(someone.gpu_name), answered?.history?.week);
      return DEMO_MACHINES.filter((m) => again.flaps7d(m.node_name) >= 1).length;
    });
    assert.equal((await api.marketHost.client.request('count', { filter: 'flaps_7d>=1' })).matching, returned, 'the returns the market worker counts');
  });

  it('two extension hosts recording into the same history: every list kept once, a return seen by both counted once', async function () {
    this.timeout(60_000);
    await clearHistory();
    const file = fileNow();
    const other = otherWindow(file, origin(), 365);
    let otherLists = 0;
    try {
      for (const machines of [DEMO_MACHINES, DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name), DEMO_MACHINES]) {
        server.setData({ machines });
        await refresh();
        // The other window loads the same list a moment later, and records it as its own.
        await other.record(Date.now(), machines);
        otherLists++;
      }
    } finally {
      await other.exit();
    }
    await refresh();
    assert.equal(history((h) => h.flaps7d(comesBack.node_name)), 1, 'the return both windows saw is counted once');
    const db = new (loadSqlite().DatabaseSync)(file);
    try {
      const times = db.prepare('SELECT t FROM lists').all().map((r) => Number(r.t));
      assert.equal(times.length, 4 + otherLists, 'four lists from this window, three from the other: none lost, none twice');
      assert.equal(new Set(times).size, times.length, 'each list once');
    } finally {
      db.close();
    }
  });

  it("sees another window's list within a poll, without recording one itself", async function () {
    this.timeout(60_000);
    await clearHistory();
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', false, vscode.ConfigurationTarget.Global);
    const other = otherWindow(fileNow(), origin(), 365);
    try {
      // The other window saw comesBack listed, gone and back: this window never recorded a list.
      const t = Date.now();
      await other.record(t - 2_000, DEMO_MACHINES);
      await other.record(t - 1_000, DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name));
      await other.record(t, DEMO_MACHINES);
    } finally {
      await other.exit();
    }
    await waitFor('the market worker to count the return', async () => (await api.marketHost.client.request('count', { filter: 'flaps_7d>=1' })).matching === 1);
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it("imports an older version's history (a folder under the global storage) once, on first open of its service, and removes the folder", async function () {
    this.timeout(60_000);
    // The same demo API under another origin: a service this window has not opened a history for yet.
    const url = new URL(server.url);
    const otherOrigin = `http://localhost:${url.port}`;
    const legacyDir = path.join(api.historyRoot, createHash('sha256').update(otherOrigin).digest('hex').slice(0, 16));
    const file = historyFileOf(otherOrigin);
    fs.rmSync(file, { force: true });
    const t = Date.now() - 3_600_000;
    const returned = DEMO_MACHINES[2].node_name;
    const state = {
      format: 'gpu-rental-market-history',
      version: 1,
      origin: otherOrigin,
      lastT: t,
      consumed: {},
      points: [
        [t - 3_600_000, 1, [['ITEST_LEGACY_GPU', ALL_COUNTS, 2, 8, 1.5, 1.75, 2]]],
        [t, 1, [['ITEST_LEGACY_GPU', ALL_COUNTS, 2, 8, 1.25, 1.5, 1.75]]],
      ],
      // [first, since, last, present, returns, recent returns, at]: listed since t after coming back at t.
      machines: { [returned]: [t - 3_600_000, t, t, 1, 1, [t], t] },
    };
    fs.mkdirSync(legacyDir, { recursive: true });
    fs.writeFileSync(path.join(legacyDir, 'state.json'), JSON.stringify(state));
    const before = logLines('kept by an older version').length;
    const previous = server.url;
    try {
      await setBaseUrl(`${otherOrigin}${url.pathname === '/' ? '' : url.pathname}`);
      await waitFor('the old folder removed', () => !fs.existsSync(legacyDir), 20_000);
      const trends = await waitFor('the imported model in the trends', async () => {
        const view = await api.marketHost.client.request('history.trends', { range: 'all', models: ['ITEST_LEGACY_GPU'], columns: 640 });
        return view.models.includes('ITEST_LEGACY_GPU') && view;
      });
      assert.equal(Math.min(...trends.trends[0].rows.map((r) => r.low)), 1.25, 'the lowest of the two lists');
      const store = openHistory({ file, origin: otherOrigin, keepDays: 365 });
      try {
        assert.equal(store.flaps7d(returned), 1, 'its return kept');
        assert.ok(store.listing(returned), 'listed, as the old history had it');
      } finally {
        store.close();
      }
      await waitFor('the import in the log', () => logLines('kept by an older version').length > before);
    } finally {
      await setBaseUrl(previous);
      fs.rmSync(legacyDir, { recursive: true, force: true });
    }
  });
});

describeWithoutSqlite?.('Market history on a runtime without node:sqlite', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const OFF = 'The market history is off';

  before(async () => {
    ({ server, api } = await signedInToDemo());
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
  });

  after(async () => {
    await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
    server.reset();
  });

  it('says so in one warning, not one per list, and writes no file', async () => {
    const [warning] = await waitFor('the warning in the log', () => logLines(OFF).length > 0 && logLines(OFF));
    assert.match(warning, /The market history is off: this runtime's Node\.js \(v\d+\.[\d.]+\) has no SQLite/);
    assert.match(warning, /warn/i, 'a warning');
    const count = logLines(OFF).length;
    await refreshed(api);
    await refreshed(api);
    assert.equal(logLines(OFF).length, count, 'recording lists adds no warning');
    assert.equal(fs.existsSync(historyFileOf(origin())), false, 'no history file');
  });

  it('browsing and filters work; the history fields read 0, the trends have nothing, Clear clears nothing', async () => {
    const model = DEMO_MACHINES[0].gpu_name;
    assert.ok(api.view.setQuery(`gpu=${model}`).ok);
    const leaves = await waitFor('the filtered machines', async () => {
      const shown = await machineLeaves(api);
      return shown.length > 0 && shown;
    });
    assert.ok(leaves.every((l) => l.machine.gpu_name === model));
    assert.equal(leaves.length, DEMO_MACHINES.filter((m) => m.gpu_name === model).length);
    assert.ok(api.view.setQuery('listed_hours=0 flaps_7d=0').ok);
    await waitFor('every machine (the fields read 0)', async () => (await machineLeaves(api)).length === DEMO_MACHINES.length);
    assert.equal((await api.marketHost.client.request('count', { filter: 'flaps_7d>=1' })).matching, 0);
    const view = await api.marketHost.client.request('history.trends', { range: 'week', models: [], columns: 640 });
    assert.deepEqual(view.models, []);
    assert.deepEqual(await api.marketHost.client.request('history.clear', {}), { cleared: false });
  });
});
