// Watching the market in a real VS Code: watches from settings, alerts after
// a poll, "new" marks and the badge, the status bar, bad watch queries, and a
// token cleared during a poll.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Machine } from '../../src/api/types';
import type { GpuRentalTestApi } from './extensionEntry';
import { startDemoServer, type DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { showInTree } from '../../src/vscode/views/reveal';
import { watchedH100 } from '../support/watch';
import { TOKEN, demoServer, extensionApi, setBaseUrl, sleep, waitFor } from './helpers';

const H100 = watchedH100;

async function setWatches(value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('gpuRental').update('watches', value, vscode.ConfigurationTarget.Global);
}

describe('Watching the market', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const base = DEMO_MACHINES.slice(0, 20);
  const alerts = () => api.shownMessages.filter((m) => / newly matches "| new machines, the cheapest /.test(m.text));
  /** The machines' listing as the market last told it, once loaded and not loading. */
  const listed = () => {
    const state = api.marketHost.state('machines');
    return state && !state.loading && state.count !== undefined ? state : undefined;
  };
  const machine = (nodeId: string) => api.marketHost.client.request('machine', { nodeId });

  async function poll(machines: Machine[]): Promise<void> {
    server.setData({ machines });
    await api.pollWatchesNow();
  }

  /** A poll whose machine list hangs, once it has started; with how many messages were shown before it. */
  async function hangingPoll(): Promise<{ polling: Promise<void>; shown: number }> {
    server.setFault({ endpoint: 'machines', fault: { kind: 'hang' } });
    const shown = api.shownMessages.length;
    const polling = api.pollWatchesNow();
    await waitFor('the poll to start', () => api.watches.polling);
    return { polling, shown };
  }

  before(async () => {
    server = await demoServer();
    server.reset();
    server.setData({ machines: base });
    await setBaseUrl(server.url);
    api = await extensionApi();
    await api.setToken(TOKEN);
    api.view.setQuery('');
    await setWatches([{ query: 'gpu=h100_watch gpus>=8 price_per_gpu<2.5', name: '8× H100 under 2.5/GPU' }]);
    await waitFor('the watch', () => api.watches.watches.length === 1);
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the baseline', () => listed()?.count === base.length);
    // The Machines view is out of sight: news counts in its badge.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor('the Machines view out of sight', () => !api.machinesView.visible);
  });

  after(async () => {
    await setWatches(undefined);
    server.reset();
    await vscode.commands.executeCommand('gpuRental.refresh');
  });

  it('a poll that finds a new matching machine shows one alert, marks it new, and counts it in the badge', async () => {
    const before = alerts().length;
    await poll([...base, H100('h100-a', '16.00')]);
    assert.deepEqual(alerts().slice(before).map((m) => m.text), ['GPU Rental: 8× H100 WATCH at 2.00/GPU in cn-north newly matches "8× H100 under 2.5/GPU"']);
    const node = (await api.machines.locate('h100-a'))!;
    const item = api.machines.getTreeItem(node);
    assert.match(item.description as string, /^new · 16\.00 \(2\.00\/GPU\)/);
    assert.match(item.accessibilityInformation!.label, /^new, 8× H100 WATCH/);
    assert.equal(api.machinesView.badge?.value, 1);
  });

  it('within five minutes, more news for the same watch is held, not shown; machines that went away are no news', async () => {
    const before = alerts().length;
    await poll([...base, H100('h100-a', '16.00'), H100('h100-b', '15.00')]);
    await poll([...base, H100('h100-b', '15.00')]);
    assert.equal(alerts().length, before);
    assert.equal(api.machinesView.badge?.value, 1, 'the one that went away leaves the badge; the other counts until the view is shown');
  });

  it('a price that drops into a watch\'s range is news for that watch', async () => {
    await setWatches([...(vscode.workspace.getConfiguration('gpuRental').get<unknown[]>('watches') ?? []), { query: 'gpu=h100_watch price<10' }]);
    await waitFor('two watches', () => api.watches.watches.length === 2);
    const before = alerts().length;
    await poll([...base, H100('h100-b', '9.50')]);
    assert.deepEqual(alerts().slice(before).map((m) => m.text), ['GPU Rental: 8× H100 WATCH at 1.188/GPU in cn-north newly matches "gpu=h100_watch price<10"']);
  });

  it('showing the Machines view clears the badge; the marks stay until the next refresh', async () => {
    await vscode.commands.executeCommand('gpuRental.machines.focus');
    await waitFor('the badge to clear', () => api.machinesView.badge === undefined);
    assert.match(api.machines.getTreeItem((await api.machines.locate('h100-b'))!).description as string, /^new · /);
    await poll([...base, H100('h100-b', '9.50')]);
    assert.doesNotMatch(api.machines.getTreeItem((await api.machines.locate('h100-b'))!).description as string, /^new/);
  });

  it('"Show" applies the watch\'s filter and selects the machine, even beyond the first slice', async () => {
    const many = Array.from({ length: 250 }, (_, i) => H100(`h100-${String(i).padStart(3, '0')}`, (1 + i / 10).toFixed(2), 1));
    server.setData({ machines: [...base, ...many] });
    await api.pollWatchesNow();
    try {
      await showInTree(api.view, api.machines, api.machinesView, 'gpu=h100_watch', 'h100-240');
      assert.equal(api.view.queryText, 'gpu=h100_watch');
      await waitFor('the selection', () => {
        const [selected] = api.machinesView.selection;
        return selected?.kind === 'machine' && selected.machine.node_name === 'h100-240';
      });
    } finally {
      // The next test reads the status bar, which follows the filter.
      api.view.setQuery('');
    }
  });

  it('the status bar shows the first watch\'s matches and cheapest price per GPU, and a table of watches', async () => {
    assert.ok(api.onScreen(api.statusBar.item));
    const item = api.statusBar.item;
    assert.equal(item.name, 'GPU Rental');
    assert.equal(item.text, '$(circuit-board) 0', 'no 8-GPU H100 is listed now');
    const tooltip = (item.tooltip as vscode.MarkdownString).value;
    assert.match(tooltip, /\| 8× H100 under 2\\\.5\/GPU \| 0 \|/);
    assert.match(tooltip, /\| gpu=h100\\_watch price\\<10 \| 90 · 1\.00\/GPU \|/, 'the count and the price apart, in one cell');
    assert.match(tooltip, /Next poll: \d\d:\d\d:\d\d/);
    assert.match(tooltip, /Last refresh: \d\d:\d\d:\d\d/);
    api.view.setQuery('gpu=h100_watch gpus=1');
    await api.machinesModel.current();
    assert.match(item.text, /^\$\(circuit-board\) 250 · 1\.00\/GPU$/, 'the current filter wins');
    api.view.setQuery('');
  });

  it('a watch whose query is not valid is reported once, with its position, and the others keep working', async () => {
    const before = api.shownMessages.length;
    await setWatches([{ query: 'gpu=h100_watch' }, { query: 'vrma>=24' }]);
    await waitFor('the report', () => api.shownMessages.length > before);
    await setWatches([{ query: 'gpu=h100_watch', name: 'renamed' }, { query: 'vrma>=24' }]);
    await waitFor('the rename', () => api.watches.watches[0]?.label === 'renamed');
    await sleep(300);
    const reports = api.shownMessages.slice(before).filter((m) => m.text.includes('gpuRental.watches'));
    assert.deepEqual(reports.map((m) => m.text), [
      "GPU Rental: watch 2 in the setting gpuRental.watches is not valid: unknown field 'vrma' at 1; did you mean 'vram'? (at character 1).",
    ]);
    assert.equal(api.watches.watches.length, 1);
  });

  it('"Don\'t show again" keeps counting in the badge but shows no alert; Stop Watching removes the watch', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor('the Machines view out of sight', () => !api.machinesView.visible);
    const [watch] = api.watches.watches;
    await api.watches.edit(watch, (setting) => ({ ...setting, notify: false }));
    await waitFor('notify off', () => api.watches.watches[0]?.setting.notify === false);
    const before = alerts().length;
    await poll([...base, H100('h100-quiet', '1.00')]);
    assert.equal(alerts().length, before);
    assert.equal(api.machinesView.badge?.value, 1);
    await api.watches.edit(api.watches.watches[0], () => undefined);
    await waitFor('no watch', () => api.watches.watches.length === 0);
    assert.deepEqual(vscode.workspace.getConfiguration('gpuRental').inspect('watches')?.globalValue, [{ query: 'vrma>=24' }]);
  });

  it('a base URL changed during a poll, and a watch edited meanwhile: the poll ends quietly, the list comes from the new service, the edited watch counts', async () => {
    await setWatches([{ query: 'gpu=h100_watch' }]);
    await waitFor('the watch', () => api.watches.watches.length === 1);
    const other = await startDemoServer({ token: TOKEN });
    try {
      other.setData({ machines: [...base.slice(0, 5), H100('h100-elsewhere', '3.00')] });
      const { polling, shown } = await hangingPoll();
      await setWatches([{ query: 'gpu=h100_watch price<5', name: 'edited while polling' }]);
      await setBaseUrl(other.url);
      await polling;
      await waitFor('the list from the new service', async () => listed() !== undefined && (await machine('h100-elsewhere')) !== undefined);
      assert.equal(api.watches.watches[0]?.label, 'edited while polling');
      // The figures are asked of the market with each new list.
      await waitFor('the edited watch\'s figures from the new list', () => api.watches.statsOf(api.watches.watches[0])?.matches === 1);
      assert.deepEqual(api.shownMessages.slice(shown), [], 'no notification: a new service is a new baseline');
    } finally {
      server.clearFaults();
      await setBaseUrl(server.url);
      await other.close();
    }
    await waitFor('the first service again', async () => listed() !== undefined && (await machine('h100-elsewhere')) === undefined);
  });

  it('a token cleared during a poll ends it quietly and stops polling', async () => {
    await setWatches([{ query: 'gpu=h100_watch' }]);
    await waitFor('the watch', () => api.watches.watches.length === 1);
    const { polling, shown } = await hangingPoll();
    await vscode.commands.executeCommand('gpuRental.clearToken');
    await polling;
    server.clearFaults();
    assert.equal(api.watches.polling, false);
    assert.equal(api.watches.nextPollAt, undefined, 'no poll without a token');
    assert.deepEqual(api.shownMessages.slice(shown), [], 'no notification');
    await api.setToken(TOKEN);
  });
});
