// From "nothing matches" to the right machine (issue 26), in a real VS Code:
// the Machines view's near misses, applied by a click.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from '../../src/extension';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import type { MachineNode } from '../../src/vscode/views/machinesView';
import { machineLeaves, signedInToDemo, waitFor } from './helpers';

type NearMissNode = Extract<MachineNode, { kind: 'nearMiss' }>;

describe('Near misses', function () {
  let api: GpuRentalTestApi;
  const nearMissRows = (): NearMissNode[] => api.machines.getChildren().filter((node): node is NearMissNode => node.kind === 'nearMiss');

  before(async () => {
    ({ api } = await signedInToDemo());
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    await waitFor('machines', () => machineLeaves(api).length === DEMO_MACHINES.length);
  });

  after(async () => {
    await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
  });

  it('a filter that finds nothing lists the near misses instead of an empty tree; clicking one finds the machines it promised', async () => {
    const query = 'gpu=H100 gpus>=8 price_per_gpu<2';
    assert.ok(api.view.setQuery(query).ok);
    assert.equal(machineLeaves(api).length, 0);
    const rows = nearMissRows();
    assert.deepEqual(
      rows.map((row) => api.machines.getTreeItem(row).label),
      ['without gpu=H100: 5 machines from 0.63/GPU', 'price_per_gpu<14.6 would find 3 machines from 14.001/GPU'],
    );
    for (const row of rows) {
      const item = api.machines.getTreeItem(row);
      assert.equal(item.command?.command, 'gpuRental.machines.applyQuery');
      await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
      assert.notEqual(api.view.queryText, query);
      assert.equal(machineLeaves(api).length, row.miss.found, `${String(item.label)} finds what it promised`);
      assert.ok(api.machinesView.message?.startsWith(`${api.view.queryText} · ${row.miss.found} of ${DEMO_MACHINES.length} machines`), api.machinesView.message);
      assert.ok(api.view.setQuery(query).ok);
    }
  });

  it('three machines or more, or no filter: no near misses', () => {
    assert.ok(api.view.setQuery('gpu=H100 gpus>=8 price_per_gpu<14.6').ok);
    assert.equal(machineLeaves(api).length, 3);
    assert.deepEqual(nearMissRows(), []);
    assert.ok(api.view.setQuery('').ok);
    assert.deepEqual(nearMissRows(), []);
  });

  it('Apply Suggested Filter refuses a query that does not parse and keeps the filter', async () => {
    assert.ok(api.view.setQuery('gpus>=2').ok);
    await vscode.commands.executeCommand('gpuRental.machines.applyQuery', 'vrma>=24');
    await vscode.commands.executeCommand('gpuRental.machines.applyQuery', 42);
    assert.equal(api.view.queryText, 'gpus>=2');
  });
});
