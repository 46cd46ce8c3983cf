// The GPU throughput table: the module is the doc's table (docs/gpu-throughput.md), and every GPU of
// the demo market and of the README's examples is found by its words, as the filters find it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { GPU_THROUGHPUT, gpuThroughput } from '../../../src/model/throughput';

const DOC = path.join(__dirname, '../../../../docs/gpu-throughput.md');

/** The doc's table rows: model, names, TFLOPS, bandwidth, accumulate. */
function docRows(): string[][] {
  const lines = fs.readFileSync(DOC, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith('| model | gpu_name starts with |'));
  assert.ok(start > 0, 'the table is in the doc');
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((c) => c.trim()));
  }
  return rows;
}

let spellings = 0;
/** The same words with a new run of separators in front: a name the lookup has not seen, so it is matched, not answered from its memo of names. */
const fresh = (name: string) => `${'_'.repeat(++spellings)}-${name}`;

describe('throughput: the table of GPU models', () => {
  it('is the doc\'s table, row for row: model, names (and names it is not), TFLOPS, bandwidth, FP16-accumulate figure', () => {
    const rows = docRows();
    assert.equal(rows.length, GPU_THROUGHPUT.length);
    rows.forEach(([model, names, tflops, bandwidth, accumulate], i) => {
      const entry = GPU_THROUGHPUT[i];
      assert.equal(model, entry.model);
      const quoted = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      const [listed, excluded = ''] = names.split('(not ');
      assert.deepEqual(quoted(listed), [...entry.names], model);
      assert.deepEqual(quoted(excluded), [...(entry.not ?? [])], model);
      assert.equal(Number(tflops), entry.tflops, model);
      assert.equal(Number(bandwidth), entry.bandwidthGBs, model);
      const fp16 = /FP16 accumulate: ([\d.]+)/.exec(accumulate);
      assert.equal(fp16 ? Number(fp16[1]) : undefined, entry.tflopsFp16Accumulate, model);
    });
  });

  it('knows every GPU of the demo market', () => {
    for (const name of new Set(DEMO_MACHINES.map((m) => m.gpu_name))) {
      assert.ok(gpuThroughput(name), name);
    }
  });

  it('finds each model by the words of its names, as the filters do, and the README\'s examples', () => {
    const cases: [string, string | undefined][] = [
      ['H100_SXM5_80GB', 'H100 SXM'],
      ['H100_80GB_HBM3', 'H100 SXM'],
      ['H100__SXM5 (80 GB)', 'H100 SXM'],
      ['H100 PCIe', 'H100 PCIe'],
      ['H100', 'H100 PCIe'],
      ['H100 NVL', undefined],
      ['H200_141GB', 'H200 SXM'],
      ['H200 NVL', undefined],
      ['B200', 'B200'],
      ['A100_SXM4_80GB', 'A100 80GB SXM'],
      ['A100-SXM4-80GB', 'A100 80GB SXM'],
      ['A100 80GB PCIe', 'A100 80GB PCIe'],
      ['A100_PCIE_40GB', 'A100 40GB (SXM or PCIe)'],
      ['A10', 'A10'],
      ['A100', 'A100 40GB (SXM or PCIe)'],
      ['L40S', 'L40S'],
      ['L40', 'L40'],
      ['L4', 'L4'],
      ['RTX_4090', 'GeForce RTX 4090'],
      ['rtx 4090', 'GeForce RTX 4090'],
      ['RTX_4090_D', undefined],
      ['RTX_3090', 'GeForce RTX 3090'],
      ['RTX_3090_Ti', undefined],
      ['RTX_A6000', 'RTX A6000'],
      ['RTX_6000_Ada', 'RTX 6000 Ada'],
      ['V100_SXM2_32GB', 'V100 SXM2'],
      ['Tesla_V100_PCIE_16GB', 'V100 PCIe'],
      ['Tesla_T4', 'T4'],
      ['RTX_5090', undefined],
      ['GH200', undefined],
      ['MI300X', undefined],
      ['', undefined],
    ];
    for (const [name, model] of cases) {
      assert.equal(gpuThroughput(name)?.model, model, name);
      assert.equal(gpuThroughput(fresh(name))?.model, model, `${name}, spelled anew`);
    }
  });
});
