// What a job costs on a machine: the formulas (training 6·N·D, LoRA 4·N·D, generation bound by
// reading the weights or by compute), the scaling over GPUs, the range, the checks of what is
// typed, the words of a row, and two properties: more tokens never cost less, and a faster GPU
// at the same price never costs more.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { costKey, estimateJob, jobCostSortKey, PCIE_EFFICIENCY, UTILIZATION, type Job, type JobCost } from '../../../src/model/jobCost';
import { rankByJobCost } from '../../../src/model/jobRanking';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { checkJob, checkTokens, checkUtilization } from '../../../src/model/jobInput';
import { describeJob, estimateParts, jobRowText } from '../../../src/model/jobText';
import { jobRows } from '../../../src/model/jobRows';
import { GPU_THROUGHPUT } from '../../../src/model/throughput';

const machine = (gpu_name: string, gpu_count: number, price: string, nvlink_status = true) => ({ gpu_name, gpu_count, price, nvlink_status });
const ok = (result: JobCost) => {
  assert.ok(result.ok, 'an estimate');
  return result.estimate;
};
const near = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) / expected < 1e-9, `${what}: ${actual} ≠ ${expected}`);

describe('jobCost: the estimate', () => {
  it('training: 6 · parameters · tokens FLOPs at the utilization, on all GPUs of the machine', () => {
    const e = ok(estimateJob({ paramsB: 7, kind: 'train', tokens: 1e9 }, machine('H100_SXM5_80GB', 8, '20.00')));
    near(e.flops, 6 * 7e9 * 1e9, 'flops');
    const seconds = (u: number) => e.flops / (8 * 989.5e12 * u);
    near(e.hours.mid, seconds(UTILIZATION.train.mid) / 3600, 'middle hours');
    near(e.hours.low, seconds(UTILIZATION.train.high) / 3600, 'the fast end is the high utilization');
    near(e.hours.high, seconds(UTILIZATION.train.low) / 3600, 'the slow end');
    near(e.gpuHours.mid, e.hours.mid * 8, 'GPU-hours');
    near(e.cost!.mid, e.hours.mid * 20, 'cost = price × hours (the whole machine, per hour)');
    assert.equal(e.bound, 'compute');
    assert.deepEqual(e.efficiency, { low: 1, mid: 1, high: 1 }, 'NVLink: no loss beyond the utilization');
  });

  it('the issue\'s example: 7B on 1B tokens costs less on 8× H100 at 20 than on 8× A100 at 12', () => {
    const job: Job = { paramsB: 7, kind: 'train', tokens: 1e9 };
    const h100 = ok(estimateJob(job, machine('H100_SXM5_80GB', 8, '20')));
    const a100 = ok(estimateJob(job, machine('A100_SXM4_80GB', 8, '12')));
    assert.ok(h100.cost!.mid < a100.cost!.mid, `${h100.cost!.mid} < ${a100.cost!.mid}`);
    near(a100.hours.mid / h100.hours.mid, 989.5 / 312, 'the H100 finishes 3.2 times sooner');
  });

  it('LoRA: 4 · parameters · tokens (no weight gradients for the frozen weights)', () => {
    const e = ok(estimateJob({ paramsB: 70, kind: 'lora', tokens: 1e8 }, machine('A100_SXM4_80GB', 4, '30')));
    near(e.flops, 4 * 70e9 * 1e8, 'flops');
  });

  it('without NVLink, several GPUs scale at the measured PCIe efficiency; one GPU needs none', () => {
    const job: Job = { paramsB: 7, kind: 'train', tokens: 1e9 };
    const pcie = ok(estimateJob(job, machine('RTX_4090', 4, '8', false)));
    const linked = ok(estimateJob(job, machine('RTX_4090', 4, '8', true)));
    assert.deepEqual(pcie.efficiency, PCIE_EFFICIENCY);
    near(pcie.hours.mid, linked.hours.mid / PCIE_EFFICIENCY.mid, 'slower by the efficiency');
    assert.deepEqual(ok(estimateJob(job, machine('RTX_4090', 1, '2', false))).efficiency, { low: 1, mid: 1, high: 1 });
  });

  it('inference: bound by reading the weights at batch 1, by compute at a large batch', () => {
    const small = ok(estimateJob({ paramsB: 70, kind: 'infer', tokens: 1e6, batch: 1 }, machine('H100_SXM5_80GB', 2, '10')));
    assert.equal(small.bound, 'memory');
    // 1e6 steps, each reading 140 GB over 2 × 3,350 GB/s at 50%.
    near(small.hours.mid, (1e6 * (2 * 70e9)) / (2 * 3350e9 * 0.5) / 3600, 'memory-bound hours');
    const large = ok(estimateJob({ paramsB: 70, kind: 'infer', tokens: 1e6, batch: 1024 }, machine('H100_SXM5_80GB', 2, '10')));
    assert.equal(large.bound, 'compute');
    near(large.hours.mid, (2 * 70e9 * 1e6) / (2 * 989.5e12 * 0.5) / 3600, 'compute-bound hours');
    assert.ok(large.hours.mid < small.hours.mid / 100, 'batching makes generation far cheaper');
  });

  it('hours of serving cost price × hours, on any GPU', () => {
    const e = ok(estimateJob({ paramsB: 7, kind: 'infer', servingHours: 24 }, machine('Some_New_GPU', 1, '1.50')));
    assert.deepEqual([e.bound, e.hours.mid, e.cost!.mid, e.gpuHours.mid], ['serving', 24, 36, 24]);
  });

  it('a GPU the table does not know gets no estimate, and says so; it sorts last', () => {
    const unknown = estimateJob({ paramsB: 7, kind: 'train', tokens: 1e9 }, machine('RTX_5090', 1, '1'));
    assert.deepEqual(unknown, { ok: false, reason: 'unknownGpu', gpuName: 'RTX_5090' });
    assert.equal(jobRowText(unknown, 'en'), 'unknown GPU');
    assert.deepEqual(jobRows({ paramsB: 7, kind: 'train', tokens: 1e9 }, unknown), [{ label: 'No estimate', value: 'the GPU RTX_5090 is not in the throughput table.' }]);
    const known = estimateJob({ paramsB: 7, kind: 'train', tokens: 1e9 }, machine('L4', 1, '1'));
    assert.ok(costKey(known) < costKey(unknown));
    assert.equal(costKey(unknown), Infinity);
  });

  it('a price that is not a number gives hours and no cost, and sorts last', () => {
    const e = ok(estimateJob({ paramsB: 7, kind: 'train', tokens: 1e9 }, machine('L4', 1, 'n/a')));
    assert.equal(e.cost, undefined);
    assert.match(jobRowText({ ok: true, estimate: e }, 'en'), /^≈ [\d.,]+ h$/);
  });

  it('a utilization given moves the range with it, capped at 100%', () => {
    const e = ok(estimateJob({ paramsB: 7, kind: 'train', tokens: 1e9, utilization: 0.7 }, machine('L4', 1, '1')));
    near(e.utilization.mid, 0.7, 'mid');
    near(e.utilization.low, (0.7 * 0.2) / 0.35, 'low');
    assert.equal(e.utilization.high, 1);
    near(ok(estimateJob({ paramsB: 7, kind: 'train', tokens: 1e9, utilization: 0.3 }, machine('L4', 1, '1'))).utilization.high, (0.3 * 0.55) / 0.35, 'high, under the cap');
  });

  it('a machine at 0.00 costs nothing; a negative price is no price', () => {
    const job: Job = { paramsB: 7, kind: 'train', tokens: 1e9 };
    assert.deepEqual(ok(estimateJob(job, machine('L4', 1, '0.00'))).cost, { low: 0, mid: 0, high: 0 });
    assert.equal(ok(estimateJob(job, machine('L4', 1, '-1'))).cost, undefined);
  });

  it('a row says "≈ 3.1 h · ≈ 46.50", in the display language\'s digits', () => {
    const result: JobCost = { ok: true, estimate: { ...ok(estimateJob({ paramsB: 7, kind: 'train', tokens: 1e9 }, machine('L4', 1, '15'))), hours: { low: 2, mid: 3.1, high: 5 }, cost: { low: 30, mid: 46.5, high: 75 } } };
    assert.equal(jobRowText(result, 'en'), '≈ 3.1 h · ≈ 46.50');
    assert.equal(jobRowText(result, 'de'), '≈ 3,1 h · ≈ 46,50');
  });

  it('says what it rests on: FLOPs, the GPUs and their throughput, the utilization, the scaling', () => {
    const job: Job = { paramsB: 7, kind: 'train', tokens: 1e9 };
    const text = estimateParts(job, ok(estimateJob(job, machine('RTX_4090', 4, '8.00', false))), 'en').join(' ');
    assert.equal(describeJob(job), 'full training of 7B on 1B tokens');
    for (const part of ['4.2e19 FLOPs (6 × parameters × tokens)', '4 × GeForce RTX 4090, 165.2 TFLOPS and 1008 GB/s each', 'Utilization: 35% (20%–55%)', 'without NVLink: 77% (65%–90%)', 'at 8.00 an hour for the machine']) {
      assert.ok(text.includes(part), `${part} in ${text}`);
    }
    assert.equal(describeJob({ paramsB: 70, kind: 'infer', tokens: 1e7, batch: 8 }), 'inference of 70B: 10M tokens at batch 8');
  });
});

describe('jobCost: properties', () => {
  const kinds = fc.constantFrom<Job['kind']>('train', 'lora', 'infer');
  const gpus = fc.constantFrom(...GPU_THROUGHPUT.map((g) => g.names[0]));

  it('more tokens never cost less', () => {
    fc.assert(
      fc.property(kinds, fc.double({ min: 0.1, max: 2000, noNaN: true }), fc.double({ min: 1e3, max: 1e14, noNaN: true }), fc.double({ min: 1, max: 100, noNaN: true }), gpus, fc.integer({ min: 1, max: 16 }), fc.boolean(), fc.integer({ min: 1, max: 1024 }), (kind, paramsB, tokens, more, gpu, count, nvlink, batch) => {
        const m = machine(gpu, count, '3.7', nvlink);
        const a = ok(estimateJob({ paramsB, kind, tokens, batch }, m));
        const b = ok(estimateJob({ paramsB, kind, tokens: tokens * more, batch }, m));
        for (const end of ['low', 'mid', 'high'] as const) assert.ok(b.cost![end] >= a.cost![end] * (1 - 1e-12));
      }),
    );
  });

  it('a faster GPU (more TFLOPS and more bandwidth) at the same price never costs more', () => {
    const pairs = GPU_THROUGHPUT.flatMap((fast) => GPU_THROUGHPUT.filter((slow) => fast.tflops >= slow.tflops && fast.bandwidthGBs >= slow.bandwidthGBs).map((slow) => [fast, slow] as const));
    assert.ok(pairs.length > GPU_THROUGHPUT.length, 'there are pairs to compare');
    fc.assert(
      fc.property(kinds, fc.constantFrom(...pairs), fc.double({ min: 0.1, max: 2000, noNaN: true }), fc.double({ min: 1e3, max: 1e14, noNaN: true }), fc.integer({ min: 1, max: 16 }), fc.boolean(), fc.integer({ min: 1, max: 1024 }), (kind, [fast, slow], paramsB, tokens, count, nvlink, batch) => {
        const job: Job = { paramsB, kind, tokens, batch };
        const f = ok(estimateJob(job, machine(fast.names[0], count, '5', nvlink)));
        const s = ok(estimateJob(job, machine(slow.names[0], count, '5', nvlink)));
        for (const end of ['low', 'mid', 'high'] as const) assert.ok(f.cost![end] <= s.cost![end] * (1 + 1e-12), `${fast.model} vs ${slow.model}`);
      }),
    );
  });
});

describe('jobCost: the sort', () => {
  it('the sort key is the estimate\'s middle cost, without building it, for any job and machine (unknown GPU and no price: +Infinity)', () => {
    const names = [...new Set(DEMO_MACHINES.map((m) => m.gpu_name)), 'RTX_5090'];
    fc.assert(
      fc.property(
        fc.record({ paramsB: fc.double({ min: 0.1, max: 2000, noNaN: true }), kind: fc.constantFrom<Job['kind']>('train', 'lora', 'infer'), tokens: fc.double({ min: 1e3, max: 1e14, noNaN: true }), batch: fc.integer({ min: 1, max: 1024 }), utilization: fc.option(fc.double({ min: 0.01, max: 1, noNaN: true }), { nil: undefined }), servingHours: fc.option(fc.double({ min: 0.01, max: 1000, noNaN: true }), { nil: undefined }) }),
        fc.constantFrom(...names),
        fc.integer({ min: 1, max: 16 }),
        fc.boolean(),
        fc.constantFrom('0.5', '12.34', 'n/a', '0'),
        (job, gpu, count, nvlink, price) => {
          const m = machine(gpu, count, price, nvlink);
          const expected = costKey(estimateJob(job, m));
          const key = jobCostSortKey(job, m);
          assert.ok(key === expected || Math.abs(key - expected) <= Math.abs(expected) * 1e-12, `${key} ≠ ${expected}`);
        },
      ),
    );
  });

  it('ranks the demo market: only machines that fit, cheapest job first, the first N with estimates, unknown GPUs counted', () => {
    const job: Job = { paramsB: 13, kind: 'lora', tokens: 2e8 };
    const all = rankByJobCost([...DEMO_MACHINES, { ...DEMO_MACHINES[0], node_name: 'zz-unknown', gpu_name: 'RTX_5090', gpu_memory: 32, gpu_count: 8 }], job, { clauses: [] });
    const few = rankByJobCost(DEMO_MACHINES, job, { clauses: [] }, 3);
    assert.equal(few.rows.length, 3);
    assert.deepEqual(few.rows.map((r) => r.machine.node_name), all.rows.slice(0, 3).map((r) => r.machine.node_name));
    assert.equal(all.matching, all.rows.length);
    assert.equal(all.unknownGpu, 1);
    assert.equal(all.rows.at(-1)!.machine.node_name, 'zz-unknown');
    const costs = all.rows.map((r) => costKey(r.result));
    assert.deepEqual(costs, [...costs].sort((a, b) => a - b));
    assert.ok(all.rows.every((r) => r.machine.gpu_memory * r.machine.gpu_count >= 33), 'a 13B LoRA needs 33.8 GiB');
  });
});

describe('jobCost: what is typed', () => {
  it('reads token counts: 1B, 500M, 2.5T, 750k, 1e9, 1,000,000, and dataset tokens × epochs', () => {
    const cases: [string, number][] = [
      ['1B', 1e9],
      ['500M', 5e8],
      ['2.5T', 2.5e12],
      ['750k', 7.5e5],
      ['1e9', 1e9],
      ['1,000,000', 1e6],
      ['500M×3', 1.5e9],
      ['500m x 3', 1.5e9],
      ['2B*1.5', 3e9],
    ];
    for (const [text, value] of cases) assert.deepEqual(checkTokens(text), { ok: true, value }, text);
    for (const bad of ['', 'lots', '-1B', '1Q', '1B×', '100', '2000T', 'NaN', '1 B B']) assert.equal(checkTokens(bad).ok, false, bad);
  });

  it('reads utilization as 40%, 0.4 or 40, from 1% to 100%', () => {
    for (const [text, value] of [['40%', 0.4], ['0.4', 0.4], ['40', 0.4], ['100%', 1], ['1', 1]] as const) assert.deepEqual(checkUtilization(text), { ok: true, value }, text);
    for (const bad of ['0', '0.001', '101', '150%', 'high', '']) assert.equal(checkUtilization(bad).ok, false, bad);
  });

  it('a job: its size, kind and work, or the first thing wrong with it, and nothing applied', () => {
    assert.deepEqual(checkJob({ size: '7b', kind: 'train', tokens: '1B' }), { ok: true, job: { paramsB: 7, kind: 'train', tokens: 1e9 } });
    assert.deepEqual(checkJob({ size: 70, kind: 'infer', tokens: '10M', batch: 8, utilization: '60%' }), { ok: true, job: { paramsB: 70, kind: 'infer', tokens: 1e7, batch: 8, utilization: 0.6 } });
    assert.deepEqual(checkJob({ size: '7', kind: 'serve', hours: '24' }), { ok: true, job: { paramsB: 7, kind: 'infer', servingHours: 24 } });
    const wrong: [Parameters<typeof checkJob>[0], RegExp][] = [
      [{ size: 'big', kind: 'train', tokens: '1B' }, /parameters in billions/],
      [{ size: '5000', kind: 'train', tokens: '1B' }, /between 0.1 and 2000 billion/],
      [{ size: '7', kind: 'pretrain', tokens: '1B' }, /train .*lora or infer/],
      [{ size: '7', kind: 'train' }, /tokens to train on/],
      [{ size: '7', kind: 'train', tokens: 'many' }, /number of tokens/],
      [{ size: '7', kind: 'train', tokens: '1B', utilization: '300%' }, /from 1% to 100%/],
      [{ size: '7', kind: 'train', tokens: '1B', hours: '3' }, /for inference/],
      [{ size: '7', kind: 'infer', tokens: '1B', hours: '3' }, /not both/],
      [{ size: '7', kind: 'infer' }, /tokens to generate/],
      [{ size: '7', kind: 'infer', tokens: '1M', batch: '0' }, /whole number from 1 to 1024/],
      [{ size: '7', kind: 'infer', hours: '-1' }, /more than 0/],
    ];
    for (const [fields, message] of wrong) {
      const checked = checkJob(fields);
      assert.ok(!checked.ok && message.test(checked.message), `${JSON.stringify(fields)}: ${JSON.stringify(checked)}`);
    }
  });
});
