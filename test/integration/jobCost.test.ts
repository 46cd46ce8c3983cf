// What the job costs (issue 37), in a real VS Code: Find Machines for a Model…
// with a job sorts the Machines view by the job's total cost (the job travels
// to the market worker with the view's question), each row starts with its
// time and cost, a GPU the throughput table does not know sorts last and says
// so, the job and its sort survive a reload, and Clear Job and Clear Filter
// clear it. Bad work or utilization: a message, nothing applied.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { costKey, estimateJob } from '../../src/model/jobCost';
import { jobRowText } from '../../src/model/jobText';
import { Config } from '../../src/vscode/services/config';
import { ViewState } from '../../src/vscode/views/viewState';
import { assertSizingRefused, machineLeaves, resetArrangement, signedInToDemo, waitFor } from './helpers';

/** The cheapest machine per hour of the list, but with a GPU the table does not know. */
const MYSTERY = { ...DEMO_MACHINES[0], node_name: 'itest-mystery-gpu', gpu_name: 'MYSTERY_ACCELERATOR_96GB', gpu_count: 8, gpu_memory: 96, price: '0.01' };

describe('What the job costs', function () {
  let api: GpuRentalTestApi;
  const lastMessage = () => api.shownMessages.at(-1);
  const rows = async () => (await machineLeaves(api)).map((leaf) => ({ leaf, item: api.machines.getTreeItem(leaf) }));
  /** A row's words after its "new" mark, which earlier suites' refreshes may have left on it. */
  const words = (row: { item: vscode.TreeItem }) => String(row.item.description).replace(/^new · /, '');

  before(async () => {
    ({ api } = await signedInToDemo({ machines: [...DEMO_MACHINES, MYSTERY] }));
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    await waitFor('machines', async () => (await machineLeaves(api)).length === DEMO_MACHINES.length + 1);
  });

  after(resetArrangement);

  it('a job sorts the machines that fit by its total cost, unknown GPUs last, and each row says its time and cost', async () => {
    await vscode.commands.executeCommand('gpuRental.machines.groupBy.none');
    await vscode.commands.executeCommand('gpuRental.findMachinesForModel', { paramsB: 7, job: 'full', tokens: '1B' });
    const job = api.view.job;
    assert.deepEqual(job, { paramsB: 7, kind: 'train', tokens: 1e9 });
    assert.deepEqual(api.view.arrangement, { groupBy: 'none', sortBy: 'jobCost', order: 'ascending', job });
    assert.equal(api.machinesView.description, 'ungrouped · job cost ↑');
    assert.equal(api.keys['values'].get('gpuRental.machines.job'), true, 'Clear Job and Sort By Job Cost are offered');
    assert.match(lastMessage()?.text ?? '', /Job: full training of 7B on 1B tokens; sorted by job cost\.$/);
    const shown = await rows();
    assert.ok(shown.length > 2);
    const machines = shown.map((r) => r.leaf.machine);
    assert.equal(machines.at(-1)?.node_name, MYSTERY.node_name, 'the cheapest hour, but no estimate: last');
    const costs = machines.slice(0, -1).map((m) => costKey(estimateJob(job!, m)));
    assert.ok(costs.every(Number.isFinite));
    assert.deepEqual(costs, [...costs].sort((a, b) => a - b), 'cheapest job first');
    const perGpu = machines.slice(0, -1).map((m) => Number(m.price) / m.gpu_count);
    assert.notDeepEqual(perGpu, [...perGpu].sort((a, b) => a - b), 'not the order of the price per GPU');
    const first = shown[0];
    assert.match(words(first), /^≈ \d+(\.\d)? h · ≈ [\d,]+\.\d\d · /);
    assert.ok(words(first).startsWith(`${jobRowText(estimateJob(job!, first.leaf.machine))} · `));
    assert.match(words(shown.at(-1)!), /^unknown GPU · /);
    const tooltip = (await api.machines.resolveTreeItem(first.item, first.leaf)).tooltip as vscode.MarkdownString;
    assert.equal(tooltip.isTrusted, false);
    // Escaped as every tooltip's text is (escapeMarkdownCell): the colon and the full stop too.
    assert.match(tooltip.value, /\*\*Job\\: full training of 7B on 1B tokens\*\*/);
    assert.match(tooltip.value, /\n- Time\\: about .* hours/);
    assert.match(tooltip.value, /\n- Cost\\: about .* an hour for the machine\\\./);
    const mystery = (await api.machines.resolveTreeItem(shown.at(-1)!.item, shown.at(-1)!.leaf)).tooltip as vscode.MarkdownString;
    assert.match(mystery.value, /No estimate\\: the GPU MYSTERY\\_ACCELERATOR\\_96GB is not in the throughput table\\\./);
  });

  it('the job and its sort are kept in workspace state for the next window', () => {
    const restored = new ViewState(api.workspaceState, new Config());
    try {
      assert.deepEqual(restored.job, api.view.job);
      assert.equal(restored.arrangement.sortBy, 'jobCost');
    } finally {
      restored.dispose();
    }
  });

  it('Clear Job: rows without time and cost, the sort back to the default, the filter kept', async () => {
    const filter = api.view.queryText;
    await vscode.commands.executeCommand('gpuRental.machines.clearJob');
    assert.equal(api.view.job, undefined);
    assert.equal(api.view.queryText, filter);
    assert.equal(api.view.arrangement.sortBy, 'pricePerGpu');
    assert.equal(api.keys['values'].get('gpuRental.machines.job'), false);
    await waitFor('rows without the job', async () => (await rows()).every((r) => !words(r).startsWith('≈')));
  });

  it('Clear Filter clears the job too; inference by hours of serving at a chosen utilization', async () => {
    await vscode.commands.executeCommand('gpuRental.findMachinesForModel', { paramsB: 8, job: 'infer16', hours: '24h', utilization: '40%' });
    assert.deepEqual(api.view.job, { paramsB: 8, kind: 'infer', servingHours: 24, utilization: 0.4 });
    const [first] = await rows();
    assert.match(words(first), /^≈ 24\.0 h · ≈ [\d,]+\.\d\d · /, 'hours of serving: the price × 24');
    await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
    assert.equal(api.view.job, undefined);
    assert.equal(api.view.queryText, '');
  });

  for (const [answers, message] of [
    [{ paramsB: 7, job: 'full', tokens: 'lots' }, 'Type a number of tokens such as 1B, 500M or 2B×3 (dataset tokens × epochs).'],
    [{ paramsB: 7, job: 'lora', tokens: '1B', utilization: '250%' }, 'Utilization is a share of the peak from 1% to 100%, such as 40% or 0.4.'],
    [{ paramsB: 7, job: 'full', hours: 5 }, 'Hours of serving are for inference (infer); training takes tokens.'],
  ] as const) {
    it(`bad work (${JSON.stringify(answers)}): a clear message, nothing applied`, async () => {
      await assertSizingRefused(api, answers, message);
      assert.equal(api.view.job, undefined);
    });
  }
});
