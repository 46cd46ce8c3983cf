// Find Machines for a Model… (issue 26), in a real VS Code: the answers passed
// as the command's argument, as another extension or a test would.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { estimateMemory, sizingFilter } from '../../src/model/sizing';
import { assertSizingRefused, machineLeaves, machinesListed, resetArrangement } from './helpers';

describe('Find Machines for a Model', function () {
  let api: GpuRentalTestApi;
  const lastMessage = () => api.shownMessages.at(-1);

  before(async () => {
    api = await machinesListed();
  });

  after(resetArrangement);

  it('a 70B model for LoRA: the estimate and its parts are said, the filter asks for that much memory, cheapest per GPU first', async () => {
    await vscode.commands.executeCommand('gpuRental.machines.sortBy.price');
    await vscode.commands.executeCommand('gpuRental.machines.sortDescending');
    await vscode.commands.executeCommand('gpuRental.machines.groupBy.none');
    await vscode.commands.executeCommand('gpuRental.findMachinesForModel', { paramsB: 70, job: 'lora' });
    const estimate = estimateMemory({ paramsB: 70, job: 'lora' });
    const filter = sizingFilter(estimate);
    assert.match(filter, /^vram_total>=\d+ vram>=\d+$/);
    assert.equal(api.view.queryText, filter);
    assert.deepEqual(api.view.arrangement, { groupBy: 'none', sortBy: 'pricePerGpu', order: 'ascending' });
    const shown = (await machineLeaves(api)).map((leaf) => leaf.machine);
    const enough = DEMO_MACHINES.filter((m) => m.gpu_memory * m.gpu_count >= Math.ceil(estimate.total) && m.gpu_memory >= Math.ceil(estimate.perGpu ?? 0));
    assert.ok(enough.length > 0);
    assert.equal(shown.length, enough.length);
    const perGpu = shown.map((m) => Number(m.price) / m.gpu_count);
    assert.deepEqual(perGpu, [...perGpu].sort((a, b) => a - b));
    const said = lastMessage();
    assert.equal(said?.severity, 'info');
    assert.match(said?.text ?? '', /^GPU Rental: LoRA fine-tuning, 70B parameters\. Estimate: about [\d.]+ GiB of GPU memory \(weights 130\.4, gradients [\d.]+, optimizer states [\d.]+, activations [\d.]+, overhead [\d.]+ GiB\)\. At least [\d.]+ GiB on each GPU\. Filter: vram_total>=\d+ vram>=\d+$/);
  });

  it('inference takes the context and batch it is given', async () => {
    await vscode.commands.executeCommand('gpuRental.findMachinesForModel', { paramsB: '8b', job: 'infer4', context: 32768, batch: 4 });
    assert.equal(api.view.queryText, sizingFilter(estimateMemory({ paramsB: 8, job: 'infer4', context: 32768, batch: 4 })));
  });

  for (const [answers, message] of [
    [{ paramsB: 0, job: 'lora' }, 'A model size is between 0.1 and 2000 billion parameters.'],
    [{ paramsB: -7, job: 'lora' }, 'Type the number of parameters in billions, such as 70 or 7.5.'],
    [{ paramsB: 10000, job: 'lora' }, 'A model size is between 0.1 and 2000 billion parameters.'],
    [{ paramsB: 'seventy', job: 'lora' }, 'Type the number of parameters in billions, such as 70 or 7.5.'],
    [{ paramsB: 70, job: 'pretraining' }, 'the job is one of infer16, infer8, infer4, lora, full'],
    [{ paramsB: 70, job: 'infer16', context: 0 }, 'Type a whole number from 1 to 1048576.'],
  ] as const) {
    it(`bad answers (${JSON.stringify(answers)}): a clear message, nothing applied`, async () => {
      await assertSizingRefused(api, answers, message);
    });
  }
});
