// The GPU memory a model needs for a job: formula, parts, the filter it
// applies, the checks of what a person types, and the unit of gpu_memory.
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { assumedShape, checkCount, checkModelSize, describeEstimate, estimateMemory, sizingFilter, type SizingJob } from '../../../src/model/sizing';
import { filterMachines, parsed } from '../../support/query';
import { machineRecord } from '../../support/records';

const round = (x: number) => Math.round(x * 10) / 10;
const total = (paramsB: number, job: SizingJob, context?: number, batch?: number) => round(estimateMemory({ paramsB, job, context, batch }).total);

describe('sizing: the estimate', () => {
  it('assumes the shape of Llama models from the parameter count', () => {
    const seven = assumedShape(7);
    assert.ok(Math.abs(seven.hidden - 4096) / 4096 < 0.05 && Math.abs(seven.layers - 32) < 2, JSON.stringify(seven));
    const seventy = assumedShape(70);
    // Llama 70B: 80 layers of 8,192; its KV cache per token, 320 KiB, is what L·d/2 gives within 3%.
    assert.ok(Math.abs((seventy.layers * seventy.hidden) / 2 - 327_680) / 327_680 < 0.03);
  });

  it('gives its parts, which add up with 20% overhead', () => {
    const e = estimateMemory({ paramsB: 70, job: 'lora' });
    const counted = e.weights + e.kvCache + e.gradients + e.optimizer + e.activations;
    assert.ok(Math.abs(e.overhead - counted * 0.2) < 1e-9);
    assert.ok(Math.abs(e.total - counted * 1.2) < 1e-9);
    assert.equal(round(e.weights), 130.4, '140e9 bytes of 16-bit weights in GiB');
    assert.equal(e.kvCache, 0, 'training keeps no KV cache');
    assert.ok(e.optimizer > 0 && e.gradients > 0 && e.activations > 0);
    assert.ok(e.perGpu !== undefined && e.perGpu > 1 && e.perGpu < 3);
    const i = estimateMemory({ paramsB: 70, job: 'infer4' });
    assert.equal(i.gradients + i.optimizer + i.activations, 0);
    assert.equal(i.perGpu, undefined);
  });

  it('matches the published tables within their spread (docs/gpu-memory.md, "Against published tables")', () => {
    // Inference, context 4,096, batch 1 (Substratus: P·4/(32/Q)·1.2 GB = 16.8 / 8.4 / 4.2 GB for 7B; 168 / 84 / 42 for 70B).
    assert.deepEqual([total(7, 'infer16'), total(7, 'infer8'), total(7, 'infer4')], [16, 8.1, 4.2]);
    assert.deepEqual([total(70, 'infer16'), total(70, 'infer8'), total(70, 'infer4')], [157.9, 79.7, 40.6]);
    // Fine-tuning (LLaMA-Factory: LoRA 16 / 32 / 80 / 160 GB for 7 / 13 / 30 / 65B; full 16-bit 160 GB for 7B in the same table).
    assert.deepEqual([total(7, 'lora'), total(13, 'lora'), total(30, 'lora'), total(65, 'lora'), total(70, 'lora')], [18.7, 33.8, 76.2, 162.4, 174.7]);
    assert.deepEqual([total(7, 'full'), total(13, 'full'), total(70, 'full')], [127.1, 235.2, 1259]);
  });

  it('grows with context and batch for inference and training', () => {
    assert.ok(total(70, 'infer16', 32_768) > total(70, 'infer16'));
    assert.equal(total(70, 'infer16', 4096, 8), total(70, 'infer16', 32_768), 'the KV cache counts tokens, however they are batched');
    assert.ok(total(7, 'lora', 8192, 4) > total(7, 'lora'));
  });

  it('applies the filter for enough memory in total, and per GPU where the job needs it', () => {
    assert.equal(sizingFilter(estimateMemory({ paramsB: 70, job: 'infer4' })), 'vram_total>=41');
    assert.equal(sizingFilter(estimateMemory({ paramsB: 70, job: 'lora' })), 'vram_total>=175 vram>=3');
    const machines = DEMO_MACHINES.map((m) => machineRecord(m));
    const found = filterMachines(machines, parsed(sizingFilter(estimateMemory({ paramsB: 70, job: 'lora' }))));
    assert.ok(found.length > 0);
    assert.ok(found.every((m) => m.gpu_memory * m.gpu_count >= 175));
  });
});

describe('sizing: what a person types', () => {
  it('takes a size in billions, with or without b', () => {
    assert.deepEqual(checkModelSize('70'), { ok: true, value: 70 });
    assert.deepEqual(checkModelSize(' 7.5B '), { ok: true, value: 7.5 });
    assert.deepEqual(checkModelSize('405b'), { ok: true, value: 405 });
    assert.deepEqual(checkModelSize('1.25b'), { ok: true, value: 1.25 });
    assert.deepEqual(checkModelSize('.55'), { ok: true, value: 0.55 });
    assert.deepEqual(checkModelSize('0.1'), { ok: true, value: 0.1 }, 'the smallest');
    assert.deepEqual(checkModelSize('2000'), { ok: true, value: 2000 }, 'the largest');
    assert.ok(!checkModelSize('2000.5').ok);
  });

  it('rejects 0, a negative size, 10,000 billion and text with a clear message', () => {
    for (const text of ['0', '-7', '10000', 'seventy', '', '7e1', '70 GB', 'NaN', 'Infinity', '0.05']) {
      const checked = checkModelSize(text);
      assert.ok(!checked.ok, text);
      assert.ok(checked.message.length > 10, text);
    }
    assert.match((checkModelSize('10000') as { message: string }).message, /between 0\.1 and 2000 billion/);
  });

  it('takes context and batch as whole numbers in range, empty for the default', () => {
    assert.deepEqual(checkCount('', 1024, 1), { ok: true, value: 1 });
    assert.deepEqual(checkCount('8192', 1_048_576, 4096), { ok: true, value: 8192 });
    for (const text of ['0', '-1', '1.5', '2000', 'x', '1e3']) {
      assert.ok(!checkCount(text, 1024, 1).ok, text);
    }
    assert.deepEqual(checkCount('  ', 1024, 4096), { ok: true, value: 4096 }, 'spaces alone are empty');
    assert.deepEqual(checkCount('1', 1024, 4), { ok: true, value: 1 });
    assert.deepEqual(checkCount('1024', 1024, 4), { ok: true, value: 1024 });
    assert.deepEqual(checkCount('1025', 1024, 4), { ok: false, message: 'Type a whole number from 1 to 1024.' });
  });
});

/** The number in a GPU's name that says its memory in GB ("A100_SXM4_80GB" → 80), if any. */
function memoryInName(gpuName: string): number | undefined {
  const match = /(?:^|[^0-9])(\d{1,4})\s*GB(?:$|[^A-Za-z])/i.exec(gpuName);
  return match ? Number(match[1]) : undefined;
}

describe('sizing: the unit of gpu_memory', () => {
  it('is GB, as the GPU names of the market say: each memory in a name is the machine\'s gpu_memory, and an RTX 4090 has 24', () => {
    const machines = DEMO_MACHINES;
    let named = 0;
    for (const m of machines) {
      const inName = memoryInName(m.gpu_name);
      if (inName !== undefined) {
        named++;
        assert.equal(m.gpu_memory, inName, m.gpu_name);
      }
    }
    assert.ok(named > 0);
    const rtx4090 = machines.filter((m) => m.gpu_name === 'RTX_4090');
    assert.ok(rtx4090.length > 0);
    assert.ok(rtx4090.every((m) => m.gpu_memory === 24), 'a 24 GB RTX 4090: not MB (24,564), not bytes');
    assert.equal(memoryInName('A100_SXM4_80GB'), 80);
    assert.equal(memoryInName('H200_141GB'), 141);
    assert.equal(memoryInName('RTX_4090'), undefined);
    assert.equal(memoryInName('NVIDIA H100 80GB HBM3'), 80);
    assert.equal(memoryInName('48GB_L40S'), 48, 'at the start of a name');
  });
});

describe('sizing: the estimate in words', () => {
  it('says it is an estimate, with its total and each part that is not zero', () => {
    assert.equal(
      describeEstimate(estimateMemory({ paramsB: 70, job: 'infer16' })),
      'Estimate: about 157.9 GiB of GPU memory (weights 130.4, KV cache 1.2, overhead 26.3 GiB).',
    );
  });

  it('training adds what each GPU must hold, and German numbers have a decimal comma', () => {
    const text = describeEstimate(estimateMemory({ paramsB: 70, job: 'lora' }), 'de');
    assert.match(text, /^Estimate: about \d+,\d GiB of GPU memory \(weights 130,4, gradients \d+,\d, optimizer states \d+,\d, activations \d+,\d, overhead \d+,\d GiB\)\. At least \d+,\d GiB on each GPU\.$/);
  });
});
