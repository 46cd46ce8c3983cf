// The job cost estimate in words, as the details panel, Compare's tooltips and
// the chat tools show it: each part it rests on for every kind of job (LoRA on
// one GPU, inference bound by memory over PCIe or by compute over NVLink, hours
// of serving, a price that is not a number), and hours, costs and token counts
// as a person reads them.
import * as assert from 'node:assert/strict';
import { estimateJob, type Job } from '../../../src/model/jobCost';
import { describeJob, estimateParts, formatJobCost, formatJobHours, formatTokens } from '../../../src/model/jobText';

const machine = (gpu_name: string, gpu_count: number, price: string, nvlink_status = true) => ({ gpu_name, gpu_count, price, nvlink_status });

describe('jobText: the estimate in words', () => {
  it('each part an estimate rests on, for every kind of job', () => {
    const cases: [Job, ReturnType<typeof machine>, string[]][] = [
      [
        { paramsB: 7, kind: 'lora', tokens: 5e8 },
        machine('H100_SXM5', 1, '2.50'),
        [
          'LoRA fine-tuning of 7B on 500M tokens',
          'Time: about 11.2 (7.1–19.7) hours (11.2 (7.1–19.7) GPU-hours).',
          'Cost: about 28.07 (17.86–49.13) at 2.50 an hour for the machine.',
          'Work: 1.4e19 FLOPs (4 × parameters × tokens).',
          'GPUs: 1 × H100 SXM, 989.5 TFLOPS and 3350 GB/s each.',
          'Utilization: 35% (20%–55%).',
        ],
      ],
      [
        { paramsB: 70, kind: 'infer', tokens: 1e7 },
        machine('A100_SXM4_80GB', 2, '3.00', false),
        [
          'inference of 70B: 10M tokens at batch 1',
          'Time: about 248 (151–489) hours (495 (303–978) GPU-hours).',
          'Cost: about 743.09 (454.11–1,467.12) at 3.00 an hour for the machine.',
          'Work: 1.4e18 FLOPs (2 × parameters × tokens), bound by reading the weights once per step.',
          'GPUs: 2 × A100 80GB SXM, 312 TFLOPS and 2039 GB/s each.',
          'Utilization: 50% (30%–70%).',
          'Scaling over 2 GPUs without NVLink: 77% (65%–90%).',
        ],
      ],
      [
        { paramsB: 7, kind: 'infer', tokens: 1e7, batch: 512 },
        machine('H100_SXM5', 8, '20.00'),
        [
          'inference of 7B: 10M tokens at batch 512',
          'Time: about < 0.1 (< 0.1–< 0.1) hours (0.1 (0.1–0.1) GPU-hours).',
          'Cost: about 0.20 (0.14–0.33) at 20.00 an hour for the machine.',
          'Work: 1.4e17 FLOPs (2 × parameters × tokens), bound by compute.',
          'GPUs: 8 × H100 SXM, 989.5 TFLOPS and 3350 GB/s each.',
          'Utilization: 50% (30%–70%).',
          'Scaling over 8 GPUs: NVLink, no loss beyond the utilization.',
        ],
      ],
      [
        { paramsB: 7, kind: 'infer', servingHours: 24 },
        machine('H100_SXM5', 8, '20.00'),
        ['inference of 7B: 24 hours of serving', 'Time: about 24.0 (24.0–24.0) hours (192 (192–192) GPU-hours).', 'Cost: about 480.00 (480.00–480.00) at 20.00 an hour for the machine.'],
      ],
      [
        { paramsB: 7, kind: 'train', tokens: 1e9 },
        machine('H100_SXM5', 8, 'n/a'),
        [
          'full training of 7B on 1B tokens',
          'Time: about 4.2 (2.7–7.4) hours (33.7 (21.4–59.0) GPU-hours).',
          'Cost: unknown (the price is not a number).',
          'Work: 4.2e19 FLOPs (6 × parameters × tokens).',
          'GPUs: 8 × H100 SXM, 989.5 TFLOPS and 3350 GB/s each.',
          'Utilization: 35% (20%–55%).',
          'Scaling over 8 GPUs: NVLink, no loss beyond the utilization.',
        ],
      ],
    ];
    for (const [job, m, [described, ...parts]] of cases) {
      const result = estimateJob(job, m);
      assert.ok(result.ok);
      assert.deepEqual([describeJob(job), ...estimateParts(job, result.estimate, 'en')], [described, ...parts]);
    }
  });

  it('hours, costs and token counts as a person reads them', () => {
    assert.deepEqual(
      [0.04, 0.05, 99.94, 100, 1234.4].map((h) => formatJobHours(h, 'en')),
      ['< 0.1', '0.1', '99.9', '100', '1,234'],
    );
    assert.deepEqual([formatJobHours(3.14, 'de'), formatJobCost(12345, 'de'), formatJobCost(0.5, 'en')], ['3,1', '12.345,00', '0.50']);
    assert.deepEqual(
      [1e12, 2.5e12, 1e9, 5e8, 7.5e5, 1e3, 999].map(formatTokens),
      ['1T', '2.5T', '1B', '500M', '750k', '1k', '999'],
    );
  });
});
