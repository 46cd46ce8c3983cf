// The machines where a job is cheapest to finish: the memory filter a job adds
// (a batch counts for inference only), ties in cost in node ID order, and the
// count of machines without an estimate because the table does not know their
// GPU (not those with a price that is not a number; none for hours of serving,
// which need no GPU figures).
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../src/api/types';
import { fitQuery, rankByJobCost } from '../../../src/model/jobRanking';
import { parseQuery, printQuery } from '../../../src/model/query';
import { machineRecord } from '../../support/records';

const all = (() => {
  const parsed = parseQuery('');
  assert.ok(parsed.ok);
  return parsed.query;
})();

describe('jobRanking', () => {
  it('the memory a job needs as a filter: a larger batch needs more for inference, and changes nothing for training', () => {
    const printed = (job: Parameters<typeof fitQuery>[0]) => printQuery(fitQuery(job));
    assert.notEqual(printed({ paramsB: 7, kind: 'infer', tokens: 1e7, batch: 256 }), printed({ paramsB: 7, kind: 'infer', tokens: 1e7, batch: 1 }));
    assert.equal(printed({ paramsB: 7, kind: 'train', tokens: 1e9, batch: 256 }), printed({ paramsB: 7, kind: 'train', tokens: 1e9 }));
    assert.equal(printed({ paramsB: 7, kind: 'lora', tokens: 1e9, batch: 256 }), printed({ paramsB: 7, kind: 'lora', tokens: 1e9 }));
    assert.deepEqual(
      [printed({ paramsB: 7, kind: 'train', tokens: 1e9 }), printed({ paramsB: 7, kind: 'lora', tokens: 1e9 }), printed({ paramsB: 7, kind: 'infer', servingHours: 1 })],
      ['vram_total>=128 vram>=2', 'vram_total>=19 vram>=2', 'vram_total>=16'],
      'full training, LoRA and 16-bit inference each need their own memory',
    );
  });

  it('ties in cost in node ID order; an unknown GPU last and counted; a price that is not a number last, not counted', () => {
    const h100 = (node_name: string, price = '20.00') => machineRecord({ node_name, gpu_name: 'H100_SXM5_80GB', gpu_memory: 80, gpu_count: 8, price, nvlink_status: true });
    const unknown = machineRecord({ node_name: 'a-unknown', gpu_name: 'RTX_5090', gpu_memory: 80, gpu_count: 8, price: '1.00' });
    const machines: Machine[] = [unknown, h100('c'), h100('b'), h100('a', '30.00'), h100('d')];
    const noPrice = { ...h100('0-no-price'), price: 'n/a' } as Machine;
    const ranked = rankByJobCost([noPrice, ...machines], { paramsB: 7, kind: 'train', tokens: 1e9 }, all);
    assert.deepEqual(
      ranked.rows.map((r) => r.machine.node_name),
      ['b', 'c', 'd', 'a', '0-no-price', 'a-unknown'],
    );
    assert.deepEqual([ranked.matching, ranked.unknownGpu], [6, 1]);
    const serving = rankByJobCost(machines, { paramsB: 7, kind: 'infer', servingHours: 2 }, all);
    assert.deepEqual([serving.rows[0].machine.node_name, serving.unknownGpu], ['a-unknown', 0], 'hours of serving: the cheapest hour first, every GPU estimated');
    const unpriced = { ...unknown, price: 'n/a' } as Machine;
    assert.equal(rankByJobCost([unpriced], { paramsB: 7, kind: 'infer', servingHours: 2 }, all).unknownGpu, 0, 'serving needs no GPU figures, even without a price');
    const tokens = rankByJobCost(machines, { paramsB: 7, kind: 'infer', tokens: 1e7 }, all);
    assert.equal(tokens.unknownGpu, 1, 'generating tokens needs the GPU figures');
  });
});
