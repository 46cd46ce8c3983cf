// What the gpuRental_jobCost tool answers, in plain Node over a real market model: machines that match
// and fit, cheapest job first (not cheapest hour), a GPU the table does not know last, and bad input
// as a message.
import * as assert from 'node:assert/strict';
import { checkJobCostInput, jobCostAnswer } from '../../../src/market/jobCostAnswer';
import { Market } from '../../../src/market/market';
import { toolAnswer } from '../../../src/market/tools';
import { machineRecord } from '../../support/records';

const FETCHED = new Date('2026-11-23T14:02:11Z');
const NOW = new Date('2026-11-23T14:04:11Z');

describe('language model tools: gpuRental_jobCost', () => {
  let market: Market;
  // The example: 8× H100 at 20 finishes a 7B training on 1B tokens three times sooner than 8× A100 at 12.
  const h100 = machineRecord({ node_name: 'bbbbbbbb-0000-4000-8000-000000000001', gpu_name: 'H100_SXM5_80GB', gpu_memory: 80, gpu_count: 8, price: '20.00', nvlink_status: true });
  const a100 = machineRecord({ node_name: 'bbbbbbbb-0000-4000-8000-000000000002', gpu_name: 'A100_SXM4_80GB', gpu_memory: 80, gpu_count: 8, price: '12.00', nvlink_status: true });
  const unknown = machineRecord({ node_name: 'bbbbbbbb-0000-4000-8000-000000000003', gpu_name: 'RTX_5090', gpu_memory: 32, gpu_count: 8, price: '3.00' });
  const tooSmall = machineRecord({ node_name: 'bbbbbbbb-0000-4000-8000-000000000004', gpu_name: 'L4', gpu_memory: 24, gpu_count: 1, price: '0.40' });

  beforeEach(async () => {
    market = new Market({ now: () => FETCHED });
    await market.loadMachines(async () => ({ items: [a100, unknown, tooSmall, h100], skipped: 0 }));
  });
  afterEach(() => market.dispose());

  it('lists the machines that fit, cheapest job first, the unknown GPU last, with what the estimate rests on', () => {
    const checked = checkJobCostInput({ size: '7', job: 'train', tokens: '1B' });
    assert.ok(checked.ok);
    const text = jobCostAnswer(market, checked.input, NOW);
    const rows = text.split('\n').filter((l) => l.startsWith('| bbbb'));
    assert.deepEqual(
      rows.map((r) => r.split('|')[1].trim()),
      [h100.node_name, a100.node_name, unknown.node_name],
      'H100 at 20 before A100 at 12; the L4 (24 GB) does not fit 7B training; the RTX 5090 has no estimate',
    );
    assert.match(text, /^Estimate for full training of 7B on 1B tokens: 3 of 4 machines match and fit \(vram_total>=128 vram>=2\), cheapest job first; 3 shown\./);
    assert.match(text, /Data as of 14:02:11 UTC \(2 minutes ago\)\./);
    assert.match(rows[2], /unknown GPU: no estimate/);
    assert.match(text, /6 × parameters × tokens FLOPs; .*utilization 35% \(20%–55%\)/);
    assert.match(text, /1 machines have a GPU the throughput table does not know/);
  });

  it('takes a query, a batch, a utilization and a limit', () => {
    const text = toolAnswer('gpuRental_jobCost', market, { size: '7b', job: 'infer', tokens: '10M', batch: 4, utilization: '60%', query: 'gpu=a100', limit: 1 }, NOW);
    assert.match(text, /inference of 7B: 10M tokens at batch 4: 1 of 4 machines match and fit \(gpu=a100 /);
    assert.match(text, /\| memory \|$/m);
    assert.match(text, /utilization 60% \(36%–84%\)/);
    assert.match(text, /rests on: 2 × parameters × tokens FLOPs;/);
  });

  it('the whole answer for LoRA: the table of the machines that fit (a | in a name is a /), then what the estimate rests on; no line for unknown GPUs when there are none', async () => {
    const small = new Market({ now: () => FETCHED });
    const piped = machineRecord({ ...h100, gpu_name: 'H100|SXM5' });
    const pcie = machineRecord({ ...a100, gpu_count: 2, price: '3.50', nvlink_status: false });
    await small.loadMachines(async () => ({ items: [pcie, piped], skipped: 0 }));
    const answer = (input: object) => {
      const checked = checkJobCostInput(input);
      assert.ok(checked.ok);
      return jobCostAnswer(small, checked.input, NOW).split('\n');
    };
    const restsOn = (flops: number) =>
      `The estimate rests on: ${flops} × parameters × tokens FLOPs; each GPU's dense BF16 tensor throughput and memory bandwidth from its datasheet; utilization 35% (20%–55%); scaling over GPUs without NVLink 77% (65%–90%), with NVLink none lost; cost = price × hours, the price read as per hour for the whole machine. A range, not a promise.`;
    assert.deepEqual(answer({ size: '7', job: 'lora', tokens: '1B' }), [
      'Estimate for LoRA fine-tuning of 7B on 1B tokens: 2 of 2 machines match and fit (vram_total>=19 vram>=2), cheapest job first; 2 shown.',
      'Data as of 14:02:11 UTC (2 minutes ago).',
      '',
      '| node_id | GPUs | price | hours (low–high) | GPU-hours | cost (low–high) | bound by |',
      '|---|---|---|---|---|---|---|',
      '| bbbbbbbb-0000-4000-8000-000000000001 | 8× H100/SXM5 | 20.00 | 2.8 (1.8–4.9) | 22.5 | 56.15 (35.73–98.25) | compute |',
      '| bbbbbbbb-0000-4000-8000-000000000002 | 2× A100_SXM4_80GB | 3.50 | 46.3 (25.2–95.9) | 92.5 | 161.88 (88.13–335.58) | compute |',
      '',
      restsOn(4),
    ]);
    // Nothing matches: no table.
    assert.deepEqual(answer({ size: '7', job: 'train', tokens: '1B', query: 'gpus>100' }).slice(2), ['', restsOn(6)]);
    // Hours of serving cost the price × the hours, whatever the GPU.
    assert.deepEqual(answer({ size: '7', job: 'infer', hours: 10 }).slice(5), [
      '| bbbbbbbb-0000-4000-8000-000000000002 | 2× A100_SXM4_80GB | 3.50 | 10.0 (10.0–10.0) | 20.0 | 35.00 (35.00–35.00) | serving |',
      '| bbbbbbbb-0000-4000-8000-000000000001 | 8× H100/SXM5 | 20.00 | 10.0 (10.0–10.0) | 80.0 | 200.00 (200.00–200.00) | serving |',
      '',
      'Serving hours cost the price × the hours; the price is read as per hour for the whole machine.',
    ]);
    small.dispose();
  });

  it('without a machine list it says so', () => {
    const empty = new Market({ now: () => FETCHED });
    const checked = checkJobCostInput({ size: '7', job: 'train', tokens: '1B' });
    assert.ok(checked.ok);
    assert.equal(jobCostAnswer(empty, checked.input, NOW), 'No machine list is loaded.');
    empty.dispose();
  });

  it('the limit: 10 when not given, a whole number from 1 to 50; the query is empty when not given; messages without their full stop', () => {
    const limits: [unknown, number | undefined][] = [
      [undefined, 10],
      [1, 1],
      [50, 50],
      [0, undefined],
      [51, undefined],
      [2.5, undefined],
      ['5', undefined],
    ];
    for (const [limit, expected] of limits) {
      const checked = checkJobCostInput({ size: '7', job: 'train', tokens: '1B', limit });
      assert.deepEqual(
        checked,
        expected === undefined ? { ok: false, message: 'limit must be a whole number from 1 to 50' } : { ok: true, input: { job: { paramsB: 7, kind: 'train', tokens: 1e9 }, query: '', limit: expected } },
        String(limit),
      );
    }
    assert.deepEqual(checkJobCostInput({ size: 'big', job: 'train', tokens: '1B' }), { ok: false, message: 'Type the number of parameters in billions, such as 70 or 7.5' });
  });

  it('bad input is a message, and nothing is estimated', () => {
    for (const [input, message] of [
      [{ size: 'big', job: 'train', tokens: '1B' }, /parameters in billions/],
      [{ size: '7', job: 'pretrain', tokens: '1B' }, /train .*lora or infer/],
      [{ size: '7', job: 'train', tokens: '1B', limit: 99 }, /limit must be a whole number from 1 to 50/],
      [{ size: '7', job: 'train', tokens: '1B', query: 3 }, /query must be text/],
      [{ size: '7', job: 'train', tokens: '1B', utilization: '300%' }, /from 1% to 100%/],
    ] as const) {
      const text = toolAnswer('gpuRental_jobCost', market, input, NOW);
      assert.match(text, /^The input is not valid: /);
      assert.match(text, message);
    }
    assert.match(toolAnswer('gpuRental_jobCost', market, { size: '7', job: 'train', tokens: '1B', query: 'vrma>=2' }, NOW), /^The query is not valid: unknown field 'vrma'/);
  });
});
