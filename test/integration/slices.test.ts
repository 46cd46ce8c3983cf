// Big groups open on a slice with a "Show more" row: exactly N, N+1 and no
// machines; slices kept across a refresh, also when it removes a revealed
// machine; a new filter starts over; copying across slices; lazy tooltips.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Machine } from '../../src/api/types';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import type { MachineNode } from '../../src/vscode/views/machinesView';
import { assertViewCounts, demoServer, extensionApi, machineNodes, setBaseUrl, TOKEN, waitFor } from './helpers';

const SLICE = 10;

/** `count` machines of one GPU model, with distinct node IDs and rising prices. */
function model(gpu: string, count: number): Machine[] {
  return Array.from({ length: count }, (_, i) => ({ ...DEMO_MACHINES[i % DEMO_MACHINES.length], gpu_name: gpu, gpu_count: 1, node_name: `${gpu}-${String(i).padStart(3, '0')}`, price: (1 + i / 100).toFixed(2) }));
}

describe('Big groups in slices', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const machines = [...model('BIG', 25), ...model('EXACT', SLICE), ...model('ONE_MORE', SLICE + 1)];

  const group = async (label: string) => {
    const found = (await machineNodes(api)).find((g) => g.kind === 'group' && g.group.label === label);
    assert.ok(found, `a group labelled ${label}`);
    return found;
  };
  const rows = async (label: string) => api.machines.getChildren(await group(label));
  const names = (nodes: MachineNode[]) => nodes.flatMap((n) => (n.kind === 'machine' ? [n.machine.node_name] : []));
  const moreOf = (nodes: MachineNode[]) => nodes.find((n): n is Extract<MachineNode, { kind: 'more' }> => n.kind === 'more');

  async function refresh(): Promise<void> {
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the refresh', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.count !== undefined);
  }

  before(async () => {
    server = await demoServer();
    server.reset();
    server.setData({ machines });
    await setBaseUrl(server.url);
    await vscode.workspace.getConfiguration('gpuRental').update('machines.sliceSize', SLICE, vscode.ConfigurationTarget.Global);
    api = await extensionApi();
    await api.setToken(TOKEN);
    api.view.setQuery('');
    api.view.arrange({ groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' });
    await refresh();
    await waitFor('all machines', () => api.marketHost.state('machines')?.count === machines.length);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('gpuRental').update('machines.sliceSize', undefined, vscode.ConfigurationTarget.Global);
    server.reset();
    await refresh();
  });

  it('a group of exactly N shows N rows and no "Show more"; N+1 shows N and "Show 1 more… (1 left)"', async () => {
    assert.equal((await rows('EXACT')).length, SLICE);
    assert.equal(moreOf((await rows('EXACT'))), undefined);
    const oneMore = (await rows('ONE MORE'));
    assert.equal(names(oneMore).length, SLICE);
    const more = moreOf(oneMore)!;
    const item = api.machines.getTreeItem(more);
    assert.equal(item.label, 'Show 1 more…');
    assert.equal(item.description, '(1 left)');
    assert.equal(item.accessibilityInformation?.label, 'Show 1 more machine, 1 left');
    assert.equal(item.command?.command, 'gpuRental.machines.showMore');
  });

  it('"Show more" shows the next slice, in order, until the group is whole; the same row twice (a double-click) shows one slice', async () => {
    const first = (await rows('BIG'));
    assert.deepEqual(names(first), model('BIG', SLICE).map((m) => m.node_name));
    assert.equal(api.machines.getTreeItem(moreOf(first)!).description, '(15 left)');
    // VS Code runs a tree item's command at each click of a double-click, with the same row.
    await vscode.commands.executeCommand('gpuRental.machines.showMore', moreOf(first));
    await vscode.commands.executeCommand('gpuRental.machines.showMore', moreOf(first));
    const second = (await rows('BIG'));
    assert.equal(names(second).length, 2 * SLICE, 'one slice more, not two');
    assert.equal(api.machines.getTreeItem(moreOf(second)!).label, 'Show 5 more…');
    await vscode.commands.executeCommand('gpuRental.machines.showMore', moreOf(second));
    assert.deepEqual(names((await rows('BIG'))), model('BIG', 25).map((m) => m.node_name));
    assert.equal(moreOf((await rows('BIG'))), undefined);
  });

  it('filters, counts and quick picks see every machine, not only the rows shown', async () => {
    const view = await api.machinesModel.current();
    assert.equal(view?.matching, machines.length);
    assert.equal(api.machinesView.message, undefined);
    api.view.setQuery('gpu=one_more');
    await api.machinesModel.current();
    assertViewCounts(api, `gpu=one_more · ${SLICE + 1} of ${machines.length} machines`);
  });

  it('a filter that matches nothing shows no machine rows, only its near misses, and says 0 of N', async () => {
    api.view.setQuery('gpus>=99');
    try {
      assert.deepEqual(
        (await machineNodes(api)).filter((n) => n.kind !== 'nearMiss'),
        [],
      );
      assertViewCounts(api, `gpus>=99 · 0 of ${machines.length} machines`);
    } finally {
      api.view.setQuery('');
    }
  });

  it('a refresh keeps what "Show more" revealed; one that removes revealed machines shows what is left', async () => {
    await vscode.commands.executeCommand('gpuRental.machines.showMore', moreOf((await rows('BIG'))));
    assert.equal(names((await rows('BIG'))).length, 2 * SLICE);
    await refresh();
    assert.equal(names((await rows('BIG'))).length, 2 * SLICE, 'still revealed after a refresh');
    server.setData({ machines: machines.filter((m) => !(m.gpu_name === 'BIG' && m.node_name >= 'BIG-012')) });
    await refresh();
    assert.deepEqual(names((await rows('BIG'))), model('BIG', 12).map((m) => m.node_name));
    assert.equal(moreOf((await rows('BIG'))), undefined);
    server.setData({ machines });
    await refresh();
  });

  it("each group's first slice is asked ahead once the groups are drawn: an expand then asks the market worker nothing; a new answer's rows are its own", async () => {
    const client = api.marketHost.client;
    const request = client.request;
    const asked: string[] = [];
    client.request = ((method, params, signal) => {
      if (method === 'rows') asked.push(`${(params as { groupKey: string }).groupKey} ${(params as { start: number }).start} ${(params as { count: number }).count}`);
      return request.call(client, method, params, signal);
    }) as typeof client.request;
    try {
      const keys = (await machineNodes(api)).flatMap((n) => (n.kind === 'group' ? [n.group.key] : []));
      assert.equal(keys.length, 3);
      await waitFor('the first slice of every group, asked ahead', () => keys.every((key) => asked.includes(`${key} 0 ${SLICE}`)));
      await api.machinesModel.askAhead(SLICE);
      asked.length = 0;
      // (BIG shows more than its first slice since a test above: its rows are asked as many.)
      assert.deepEqual(names(await rows('EXACT')), model('EXACT', SLICE).map((m) => m.node_name));
      assert.deepEqual(names(await rows('ONE MORE')), model('ONE_MORE', SLICE).map((m) => m.node_name));
      assert.deepEqual(asked, [], 'the expands asked the market worker nothing');
      // The next answer (ONE_MORE-000 gone): its rows, not the ones asked ahead of the last.
      server.setData({ machines: machines.filter((m) => m.node_name !== 'ONE_MORE-000') });
      await refresh();
      assert.deepEqual(names(await rows('ONE MORE')), model('ONE_MORE', SLICE + 1).slice(1).map((m) => m.node_name));
    } finally {
      client.request = request;
      server.setData({ machines });
      await refresh();
    }
  });

  it('a new filter or arrangement starts every group on its first slice again', async () => {
    api.view.arrange({ order: 'descending' });
    assert.equal(names((await rows('BIG'))).length, SLICE);
    api.view.arrange({ order: 'ascending' });
  });

  it('ungrouped, the whole list is sliced at the top', async () => {
    api.view.arrange({ groupBy: 'none' });
    try {
      const top = await machineNodes(api);
      assert.equal(names(top).length, SLICE);
      assert.equal(api.machines.getTreeItem(moreOf(top)!).description, `(${machines.length - SLICE} left)`);
      await vscode.commands.executeCommand('gpuRental.machines.showMore', moreOf(top));
      assert.equal(names((await api.machines.getChildren())).length, 2 * SLICE);
    } finally {
      api.view.arrange({ groupBy: 'gpu' });
    }
  });

  it('Copy Node ID on a selection spanning two slices copies both', async () => {
    await vscode.commands.executeCommand('gpuRental.machines.showMore', moreOf((await rows('BIG'))));
    const [a, b] = [(await rows('BIG'))[0], (await rows('BIG'))[SLICE + 1]];
    assert.ok(a.kind === 'machine' && b.kind === 'machine');
    await vscode.commands.executeCommand('gpuRental.copyNodeId', a, [a, b]);
    assert.equal(await vscode.env.clipboard.readText(), `${a.machine.node_name}\n${b.machine.node_name}`);
  });

  it('a row gets its tooltip table only when VS Code resolves it (on hover)', async () => {
    const leaf = (await rows('EXACT'))[0];
    const item = api.machines.getTreeItem(leaf);
    assert.equal(item.tooltip, undefined);
    const resolved = await api.machines.resolveTreeItem(item, leaf);
    assert.match((resolved.tooltip as vscode.MarkdownString).value, /^\| Field \| Value \|/);
    assert.equal((await api.machines.resolveTreeItem(api.machines.getTreeItem(moreOf((await rows('ONE MORE')))!), moreOf((await rows('ONE MORE')))!)).tooltip, undefined);
  });
});
