// The market history in a real VS Code: recorded from the refreshes, read by
// the Machines view's filter, cleared by its command, kept under the
// extension's global storage without the token.
import * as assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import type { Machine } from '../../src/api/types';
import { HistoryStore, originOf, serviceFolder } from '../../src/market/history/store';
import { EXTENSION_ID, machineLeaves, signedInToDemo, TOKEN, waitFor } from './helpers';

/** A tooltip's text without the Markdown escapes that keep data inert. */
const unescaped = (markdown: string) => markdown.replace(/\\(.)/g, '$1');

/** Another window's extension host recording the same history: a real Node process (./historyWriter.ts). */
function otherWindow(dir: string, origin: string, days: number): { record(t: number, machines: readonly Machine[]): Promise<void>; exit(): Promise<void> } {
  // In desktop VS Code the extension host's executable is Electron's: run it as plain Node, as a second host would.
  const child: ChildProcess = fork(path.join(__dirname, 'historyWriter.js'), [dir, origin, String(days)], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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

/** Every file under a folder, with its text. */
function filesUnder(dir: string): { file: string; text: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.join(dir, name);
    return fs.statSync(file).isFile() ? [{ file, text: fs.readFileSync(file, 'utf8') }] : [];
  });
}

describe('Market history', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const comesBack = DEMO_MACHINES[7];
  const origin = () => originOf(vscode.workspace.getConfiguration('gpuRental').get<string>('baseUrl')!)!;
  /** The folder of this service's history (the market worker writes it). */
  const folderNow = () => serviceFolder(api.historyRoot, origin());
  /** The history as it is on disk now, read as another window (or the next reload) reads it. */
  const history = () => new HistoryStore({ dir: folderNow(), origin: origin(), keepDays: 365 });

  async function refresh(): Promise<void> {
    const before = api.marketHost.state('machines')?.fetchedAt;
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('a new machine list', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.fetchedAt !== before);
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
    server.setData({ machines: DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name) });
    await refresh();
    server.setData({ machines: DEMO_MACHINES });
    await refresh();
    const shown = await waitFor('the machine that came back', async () => {
      const leaves = (await machineLeaves(api));
      return leaves.length > 0 && leaves;
    });
    assert.deepEqual(
      shown.map((l) => l.machine.node_name),
      [comesBack.node_name],
    );
    assert.equal(history().flaps7d(comesBack.node_name), 1);
  });

  it('the history files are under the global storage, per service, and hold no token', () => {
    const folder = folderNow();
    assert.ok(folder.startsWith(api.historyRoot + path.sep));
    assert.ok(api.historyRoot.includes(path.join('globalStorage', EXTENSION_ID)), api.historyRoot);
    const files = filesUnder(folder);
    assert.ok(files.length > 0, 'something was recorded');
    assert.ok(files.some((f) => f.text.includes(comesBack.node_name)), 'the machines are recorded by node ID');
    for (const { file, text } of filesUnder(api.historyRoot)) {
      assert.ok(!text.includes(TOKEN), `${file} holds the token`);
    }
  });

  it('with gpuRental.history.enabled off nothing is recorded, and nothing deleted', async () => {
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', false, vscode.ConfigurationTarget.Global);
    server.setData({ machines: DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name) });
    await refresh();
    server.setData({ machines: DEMO_MACHINES });
    await refresh();
    assert.equal(history().flaps7d(comesBack.node_name), 1, 'the return is still there, and no second one counted');
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('Clear Market History empties the filtered view and deletes the files', async () => {
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
    assert.ok(Number.isNaN(history().flaps7d(comesBack.node_name)) || history().flaps7d(comesBack.node_name) === 0);
    assert.deepEqual(
      filesUnder(folderNow()).filter((f) => path.basename(f.file) !== 'lock'),
      [],
    );
  });

  it('a watch with flaps_7d>=1 tells the machine that came back, recorded before the watch looks', async () => {
    await vscode.workspace.getConfiguration('gpuRental').update('watches', [{ query: 'flaps_7d>=1', name: 'came back' }], vscode.ConfigurationTarget.Global);
    await waitFor('the watch', () => api.watches.watches.length === 1);
    const alerts = () => api.shownMessages.filter((m) => m.text.includes('newly matches "came back"'));
    const before = alerts().length;
    for (const machines of [DEMO_MACHINES, DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name), DEMO_MACHINES]) {
      server.setData({ machines });
      await api.pollWatchesNow();
    }
    // The alert follows the poll: the market worker's news, then the watch's own question to it.
    await waitFor('the alert', () => alerts().length - before >= 1).catch(() => undefined);
    assert.equal(alerts().length - before, 1, api.shownMessages.map((m) => m.text).join('\n'));
    assert.equal(history().flaps7d(comesBack.node_name), 1);
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
    const tooltip = unescaped((api.machines.resolveTreeItem(item, leaf).tooltip as vscode.MarkdownString).value);
    assert.match(tooltip, /\*\*Market history\*\*: \d+% below the 7-day median [\d.]+ of .+, 7-day low 0\.0\d+ \(less than a day of history\); listed since the history began, less than an hour ago \(since /);
    const group = api.machines.getParent(leaf)!;
    const groupTooltip = unescaped((api.machines.resolveTreeItem(api.machines.getTreeItem(group), group).tooltip as vscode.MarkdownString).value);
    assert.match(groupTooltip, /Lowest price per GPU now: 0\.0\d+/);
    assert.match(groupTooltip, /7-day median: [\d.]+ \(less than a day of history\)/);
    assert.match(groupTooltip, /Lowest per GPU over 7 days: \u2007*▄ [\d.]+ throughout$/, 'a flat line at the end of the week: the parts before the history began are gaps');
    const recorded = history();
    assert.ok(recorded.modelWeek(model), 'the model is in the history');
    const usual = (await machineLeaves(api)).find((l) => l.machine.gpu_name === model && Math.abs(recorded.belowMedian(l.machine)) < 0.1);
    if (usual) assert.doesNotMatch(api.machines.getTreeItem(usual).description as string, /vs 7-day median/, 'a price near the median has no mark');
    server.setData({ machines: DEMO_MACHINES });
    await refresh();
  });

  it('the history survives a window reload: a new history on the same storage reads what this window recorded', async () => {
    await refresh();
    const again = history();
    const someone = DEMO_MACHINES[3];
    assert.ok(again.version > 0, 'opened');
    const answered = await api.marketHost.client.request('machineDetails', { nodeId: someone.node_name });
    assert.deepEqual(again.listing(someone.node_name), answered?.memory?.listing, 'what the market worker answers');
    assert.deepEqual(again.modelWeek(someone.gpu_name), answered?.memory?.week);
    const returned = DEMO_MACHINES.filter((m) => again.flaps7d(m.node_name) >= 1).length;
    assert.equal((await api.marketHost.client.request('count', { filter: 'flaps_7d>=1' })).matching, returned, 'the returns the market worker counts');
  });

  it('two extension hosts recording into the same history: every list kept once, a return seen by both counted once', async function () {
    this.timeout(60_000);
    await clearHistory();
    const folder = folderNow();
    const other = otherWindow(folder, origin(), 365);
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
    // This window reads the other's log at its next list.
    await refresh();
    assert.equal(history().flaps7d(comesBack.node_name), 1, 'the return both windows saw is counted once');
    const fresh = new HistoryStore({ dir: folder, origin: origin(), keepDays: 365 });
    assert.equal(fresh.memory.points.length, 4 + otherLists, 'four lists from this window, three from the other: none lost, none twice');
    assert.equal(fresh.flaps7d(comesBack.node_name), 1);
    assert.ok(new Set(fresh.memory.points.map((p) => p.t)).size === fresh.memory.points.length, 'each list once');
  });
});
