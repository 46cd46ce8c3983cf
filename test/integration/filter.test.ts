// Finding a machine: filter, group-by, sort and their persistence, in a real VS Code.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { compareVersions } from '../../src/model/version';
import { Config } from '../../src/vscode/services/config';
import { ViewState } from '../../src/vscode/views/viewState';
import { showInTree } from '../../src/vscode/views/reveal';
import { assertViewCounts, machineLeaves, machineNodes, runAndAccept, signedInToDemo, templateLeaves, type MachineLeaf, waitFor } from './helpers';

describe('Finding a machine', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const leaves = () => machineLeaves(api);
  const groupLabels = async () => (await machineNodes(api)).map((g) => api.machines.getTreeItem(g).label as string);

  before(async () => {
    ({ server, api } = await signedInToDemo());
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    await waitFor('machines', async () => (await leaves()).length === DEMO_MACHINES.length);
  });

  after(async () => {
    await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
    await vscode.commands.executeCommand('gpuRental.templates.clearFilter');
    await vscode.commands.executeCommand('gpuRental.machines.groupBy.gpu');
    await vscode.commands.executeCommand('gpuRental.machines.sortBy.pricePerGpu');
    await vscode.commands.executeCommand('gpuRental.machines.sortAscending');
    await vscode.workspace.getConfiguration('gpuRental').update('machines.savedFilters', undefined, vscode.ConfigurationTarget.Global);
  });

  it('a filter narrows the tree without any request, and the view says what is active', async () => {
    const requests = server.requests.length;
    const result = api.view.setQuery('gpus>=2 price_per_gpu<3');
    assert.ok(result.ok);
    const shown = (await leaves());
    assert.ok(shown.length > 0 && shown.length < DEMO_MACHINES.length);
    assert.ok(shown.every((l) => l.machine.gpu_count >= 2 && Number(l.machine.price) / l.machine.gpu_count < 3));
    const expected = DEMO_MACHINES.filter((m) => m.gpu_count >= 2 && Number(m.price) / m.gpu_count < 3).length;
    assert.equal(shown.length, expected);
    assertViewCounts(api, `gpus>=2 price_per_gpu<3 · ${expected} of ${DEMO_MACHINES.length} machines`);
    assert.equal(server.requests.length, requests, 're-filtering sends no request');
  });

  it('the palette quick pick offers only the filtered machines, in tree order', async () => {
    const first = (await leaves())[0].machine.node_name;
    // On VS Code 1.100, with the other version's suite running beside it, nothing new reached the
    // clipboard in 2 of 7 runs (the template ID an earlier suite copied stayed). Not seen in the
    // 5 runs that logged each step: the quick pick showed, took the Enter and closed with the row.
    // The web workbench's clipboard goes through the page; a person whose copy did not land copies again.
    for (let attempt = 1; ; attempt++) {
      await vscode.env.clipboard.writeText('');
      await runAndAccept('gpuRental.copyNodeId');
      const copied = await vscode.env.clipboard.readText();
      if (copied === first || attempt === 3) {
        assert.equal(copied, first);
        break;
      }
    }
  });

  it('Filter Machines… opens with the current query and applies it on Enter', async () => {
    await runAndAccept('gpuRental.machines.filter');
    assert.equal(api.view.queryText, 'gpus>=2 price_per_gpu<3');
  });

  it('an invalid query is refused with its position, and the old filter stays', () => {
    const result = api.view.setQuery('vrma>=24');
    assert.ok(!result.ok);
    assert.equal(result.error.message, "unknown field 'vrma' at 1; did you mean 'vram'?");
    assert.equal(api.view.queryText, 'gpus>=2 price_per_gpu<3');
  });

  it('Clear Filter shows every machine again', async () => {
    await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
    assert.equal((await leaves()).length, DEMO_MACHINES.length);
    assert.equal(api.view.filtered, false);
    assert.equal(api.machinesView.message, undefined);
  });

  it('a saved filter is offered and applied', async () => {
    await vscode.workspace
      .getConfiguration('gpuRental')
      .update('machines.savedFilters', { 'NVLink boxes': 'nvlink=true gpus>=4' }, vscode.ConfigurationTarget.Global);
    await runAndAccept('gpuRental.machines.applySavedFilter');
    assert.equal(api.view.queryText, 'nvlink=true gpus>=4');
    assert.ok((await leaves()).length > 0 && (await leaves()).every((l) => l.machine.nvlink_status && l.machine.gpu_count >= 4));
    await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
  });

  it('Group By region, GPU count, CUDA version or none', async () => {
    await vscode.commands.executeCommand('gpuRental.machines.groupBy.region');
    assert.deepEqual(new Set((await groupLabels())), new Set(DEMO_MACHINES.map((m) => m.region)));
    await vscode.commands.executeCommand('gpuRental.machines.groupBy.gpuCount');
    assert.ok((await groupLabels()).every((l) => /^\d+ GPUs?$/.test(l)), (await groupLabels()).join());
    await vscode.commands.executeCommand('gpuRental.machines.groupBy', 'cuda');
    assert.ok((await groupLabels()).every((l) => l.startsWith('CUDA ')));
    await vscode.commands.executeCommand('gpuRental.machines.groupBy.none');
    assert.ok((await api.machines.getChildren()).every((n) => n.kind === 'machine'));
    assert.equal((await api.machines.getChildren()).length, DEMO_MACHINES.length);
    assert.equal(api.machinesView.description, 'ungrouped · price per GPU ↑');
  });

  it('Sort By GPU memory, descending, orders machines and groups', async () => {
    await vscode.commands.executeCommand('gpuRental.machines.sortBy.gpuMemory');
    await vscode.commands.executeCommand('gpuRental.machines.sortDescending');
    const memory = (await leaves()).map((l) => l.machine.gpu_memory);
    assert.deepEqual(memory, [...memory].sort((a, b) => b - a));
    await vscode.commands.executeCommand('gpuRental.machines.groupBy.cuda');
    const firsts = (await Promise.all((await machineNodes(api)).map((g) => api.machines.getChildren(g)))).map((rows) => (rows as MachineLeaf[])[0].machine.gpu_memory);
    assert.deepEqual(firsts, [...firsts].sort((a, b) => b - a), 'groups follow their best machine');
    assert.equal(api.machinesView.description, 'CUDA version · GPU memory ↓');
    const cudas = (await api.machines.getChildren()).map((g) => (g.kind === 'group' ? g.group.first.cuda_version : ''));
    assert.ok(cudas.every(Boolean) && compareVersions('12.10', '12.9') > 0);
  });

  it('filter, grouping and sort are kept in workspace state for the next window', () => {
    api.view.setQuery('region=cn-east');
    const restored = new ViewState(api.workspaceState, new Config());
    try {
      assert.equal(restored.queryText, 'region=cn-east');
      assert.deepEqual(restored.arrangement, { groupBy: 'cuda', sortBy: 'gpuMemory', order: 'descending' });
    } finally {
      restored.dispose();
    }
  });

  it('tree items keep their ids across refreshes and re-sorting', async () => {
    const before = new Set((await leaves()).map((l) => api.machines.getTreeItem(l).id));
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('refresh', () => !api.marketHost.state('machines')?.loading);
    await vscode.commands.executeCommand('gpuRental.machines.sortAscending');
    const after = new Set((await leaves()).map((l) => api.machines.getTreeItem(l).id));
    assert.deepEqual(after, before);
    // Revealed as the product reveals (Show on a watch's alert): VS Code 1.100's reveal can do nothing while the re-sort's refresh is in
    // flight, and showInTree looks and reveals again.
    const target = (await leaves())[3];
    await showInTree(api.view, api.machines, api.machinesView, api.view.queryText, target.machine.node_name);
    assert.deepEqual(api.machinesView.selection.map((n) => n.kind === 'machine' && n.machine.node_name), [target.machine.node_name]);
  });

  it('templates have a plain text filter', async () => {
    api.view.setTemplateFilter('pytorch');
    const shown = await templateLeaves(api);
    assert.ok(shown.length > 0);
    assert.ok(shown.every((t) => `${t.template.name} ${t.template.image_name} ${t.template.image_label}`.toLowerCase().includes('pytorch')));
    assert.match(api.templatesView.message ?? '', /^pytorch · \d+ of \d+ templates$/);
    await vscode.commands.executeCommand('gpuRental.templates.clearFilter');
    assert.ok((await templateLeaves(api)).length > shown.length, 'the tree answers for no filter');
    assert.equal(api.templatesView.message, undefined);
  });
});
