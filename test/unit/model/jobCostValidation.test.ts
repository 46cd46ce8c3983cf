// docs/job-cost-validation.md: every row's "ours" columns, ratio and "within" are what the module
// computes now, so the table cannot drift from the code; every published run but those the doc
// explains falls within our low–high range.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateJob } from '../../../src/model/jobCost';

const DOC = path.join(__dirname, '../../../../docs/job-cost-validation.md');
const number = (cell: string) => Number(cell.replace(/,/g, ''));
const grouped = (x: number) => Math.round(x).toLocaleString('en');
const TOKENS: Record<string, number> = { B: 1e9, T: 1e12 };

describe('job cost against published training runs (docs/job-cost-validation.md)', () => {
  const lines = fs.readFileSync(DOC, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith('| run | GPU'));
  const after = lines.slice(start + 2);
  const end = after.findIndex((l) => !l.startsWith('|'));
  const rows = after.slice(0, end < 0 ? after.length : end);

  it('has the runs', () => {
    assert.ok(start > 0 && rows.length >= 10, `${rows.length} rows`);
  });

  it('each row is what the module computes: ours low, middle, high, the ratio and whether the published figure is within', () => {
    const outside: string[] = [];
    for (const row of rows) {
      const [run, gpu, params, tokens, published, low, mid, high, ratio, within] = row.split('|').slice(1, -1).map((c) => c.trim());
      const match = /^([\d.]+)([BT])$/.exec(tokens);
      assert.ok(match, `${run}: tokens ${tokens}`);
      const result = estimateJob({ paramsB: Number(params), kind: 'train', tokens: Number(match[1]) * TOKENS[match[2]] }, { gpu_name: gpu.replace(/`/g, ''), gpu_count: 8, nvlink_status: true, price: '1' });
      assert.ok(result.ok, run);
      const hours = result.estimate.gpuHours;
      assert.deepEqual([low, mid, high], [grouped(hours.low), grouped(hours.mid), grouped(hours.high)], run);
      assert.equal(ratio, (number(published) / hours.mid).toFixed(2), run);
      const inside = number(published) >= hours.low && number(published) <= hours.high;
      assert.equal(within, inside ? 'yes' : '**no**', run);
      if (!inside) outside.push(run);
    }
    assert.deepEqual(outside, ['Llama 3.1 8B'], 'the doc explains the one run outside the range');
  });
});
