// From "nothing matches" to the right machine (issue 26), in a real VS Code:
// the Machines view's near misses, applied by a click, and the same in Manage
// Watches for a watch that finds fewer than three machines.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import type { MachineNode } from '../../src/vscode/views/machinesView';
import { watchActions } from '../../src/vscode/commands/watchCommands';
import { Config } from '../../src/vscode/services/config';
import { machineLeaves, machineNodes, machinesListed, runAndAcceptLast, waitFor } from './helpers';

async function setWatches(value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('gpuRental').update('watches', value, vscode.ConfigurationTarget.Global);
}

type NearMissNode = Extract<MachineNode, { kind: 'nearMiss' }>;

describe('Near misses', function () {
  let api: GpuRentalTestApi;
  /** The rows once the market has answered for the filter set last (they are asked of it). */
  const nearMissRows = async (): Promise<NearMissNode[]> => {
    await api.nearMissRows['latest'].current();
    return (await machineNodes(api)).filter((node): node is NearMissNode => node.kind === 'nearMiss');
  };

  before(async () => {
    api = await machinesListed();
  });

  after(async () => {
    await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
    await setWatches(undefined);
  });

  it('a filter that finds nothing lists the near misses instead of an empty tree; clicking one finds the machines it promised', async () => {
    const query = 'gpu=H100 gpus>=8 price_per_gpu<2';
    assert.ok(api.view.setQuery(query).ok);
    assert.equal((await machineLeaves(api)).length, 0);
    const rows = await nearMissRows();
    assert.deepEqual(
      rows.map((row) => api.machines.getTreeItem(row).label),
      ['without gpu=H100: 5 machines from 0.63/GPU', 'price_per_gpu<14.6 would find 3 machines from 14.001/GPU'],
    );
    for (const row of rows) {
      const item = api.machines.getTreeItem(row);
      assert.equal(item.command?.command, 'gpuRental.machines.applyQuery');
      await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
      assert.notEqual(api.view.queryText, query);
      assert.equal((await machineLeaves(api)).length, row.miss.found, `${String(item.label)} finds what it promised`);
      assert.ok(api.machinesView.message?.startsWith(`${api.view.queryText} · ${row.miss.found} of ${DEMO_MACHINES.length} machines`), api.machinesView.message);
      assert.ok(api.view.setQuery(query).ok);
    }
  });

  it('three machines or more, or no filter: no near misses', async () => {
    assert.ok(api.view.setQuery('gpu=H100 gpus>=8 price_per_gpu<14.6').ok);
    assert.equal((await machineLeaves(api)).length, 3);
    assert.deepEqual(await nearMissRows(), []);
    assert.deepEqual(await api.marketHost.client.request('nearMisses', { filter: api.view.queryText }), [], 'the market finds none either');
    assert.ok(api.view.setQuery('').ok);
    assert.deepEqual(await nearMissRows(), []);
  });

  it('Apply Suggested Filter refuses a query that does not parse and keeps the filter', async () => {
    assert.ok(api.view.setQuery('gpus>=2').ok);
    await vscode.commands.executeCommand('gpuRental.machines.applyQuery', 'vrma>=24');
    await vscode.commands.executeCommand('gpuRental.machines.applyQuery', 42);
    assert.equal(api.view.queryText, 'gpus>=2');
  });

  describe('in Manage Watches', () => {
    const TIGHT = 'gpu=H100 gpus>=8 price_per_gpu<2';
    const watchNamed = (name: string) => api.watches.watches.find((w) => w.label === name);
    const actionsOf = async (name: string) => {
      await api.watches.statsSettled();
      return watchActions({ watches: api.watches, view: api.view, config: new Config() }, watchNamed(name)!);
    };

    before(async () => {
      await setWatches([
        { query: TIGHT, name: 'Cheap 8× H100' },
        { query: 'gpus>=2', name: 'Two or more' },
      ]);
      await waitFor('the watches', () => api.watches.watches.length === 2);
    });

    it('a watch that finds nothing lists its near misses after its actions; each shows the machines it promised and leaves the watch as it is', async () => {
      const actions = await actionsOf('Cheap 8× H100');
      const separator = actions.findIndex((a) => a.kind === vscode.QuickPickItemKind.Separator);
      assert.equal(actions[separator]?.label, 'Near misses');
      const misses = actions.slice(separator + 1);
      assert.deepEqual(
        misses.map((a) => [a.label, a.detail]),
        [
          ['$(lightbulb) without gpu=H100: 5 machines from 0.63/GPU', 'Show the machines of gpus>=8 price_per_gpu<2'],
          ['$(lightbulb) price_per_gpu<14.6 would find 3 machines from 14.001/GPU', 'Show the machines of gpu=H100 gpus>=8 price_per_gpu<14.6'],
        ],
      );
      for (const [miss, found] of [[misses[0], 5], [misses[1], 3]] as const) {
        assert.ok(api.view.setQuery('').ok);
        await miss.run();
        assert.equal(api.view.queryText, miss.detail?.replace('Show the machines of ', ''));
        assert.equal((await machineLeaves(api)).length, found, `${miss.label} finds what it promised`);
      }
      assert.equal(watchNamed('Cheap 8× H100')?.setting.query, TIGHT, 'the watch keeps its query');
    });

    it('a watch that finds three machines or more has no near misses', async () => {
      const labels = (await actionsOf('Two or more')).map((a) => a.label);
      assert.ok(labels.length > 0 && !labels.includes('Near misses'), labels.join(' | '));
      assert.ok(labels.every((l) => !l.startsWith('$(lightbulb)')), labels.join(' | '));
    });

    it('Manage Watches… itself: the last row of the watch\'s quick pick is its last near miss, and taking it filters the Machines view', async () => {
      await setWatches([{ query: TIGHT, name: 'Cheap 8× H100' }]);
      // Its near misses are offered once its matches are counted: wait for that, not for a time.
      await waitFor('one watch, its matches counted', () => api.watches.watches.length === 1 && (api.watches.statsOf(api.watches.watches[0])?.matches ?? 3) < 3);
      assert.ok(api.view.setQuery('').ok);
      await runAndAcceptLast('gpuRental.manageWatches');
      assert.equal(api.view.queryText, 'gpu=H100 gpus>=8 price_per_gpu<14.6');
      assert.equal((await machineLeaves(api)).length, 3);
    });
  });
});
