// gpu, region and cpu_name: a bare value matches the first words of a name, a
// quoted one the whole name (issue 26), against GPU names as real markets and
// nvidia-smi write them.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { asBefore, changedReadings, printQuery, readsDifferently, startsWithWords } from '../../../src/model/query';
import { normalizeText } from '../../../src/model/text';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { filterMachines, names, parsed } from '../../support/query';
import { machineRecord } from '../../support/records';

/** GPU names as listed by rental markets (with '_') and as nvidia-smi reports them (spaces, '-'). */
const REAL_GPUS = [
  'H100_SXM5_80GB',
  'H100_80GB_HBM3',
  'H100 PCIe',
  'H100 NVL',
  'NVIDIA H100 80GB HBM3',
  'H200_141GB',
  'GH200',
  'H20',
  'A100_SXM4_80GB',
  'A100-SXM4-80GB',
  'A100_PCIE_40GB',
  'A100X',
  'A10',
  'A40',
  'L40S',
  'L40',
  'L4',
  'RTX_4090',
  'RTX_4090_D',
  'RTX_4080_SUPER',
  'RTX_3090',
  'RTX_A6000',
  'RTX_6000_Ada',
  'Tesla_T4',
  'Tesla V100-SXM2-32GB',
  'V100_SXM2_32GB',
];
const fleet = REAL_GPUS.map((gpu) => machineRecord({ gpu_name: gpu, node_name: gpu }));

describe('query: word-prefix matching of gpu, region and cpu_name', () => {
  const table: [query: string, matches: string[]][] = [
    ['gpu=h100', ['H100_SXM5_80GB', 'H100_80GB_HBM3', 'H100 PCIe', 'H100 NVL']],
    ['gpu=H100', ['H100_SXM5_80GB', 'H100_80GB_HBM3', 'H100 PCIe', 'H100 NVL']],
    ['gpu=h100_sxm5', ['H100_SXM5_80GB']],
    ['gpu="h100 sxm5"', []],
    ['gpu="h100 sxm5 80gb"', ['H100_SXM5_80GB']],
    ['gpu=h1', []],
    ['gpu=h20', ['H20']],
    ['gpu=a10', ['A10']],
    ['gpu=a100', ['A100_SXM4_80GB', 'A100-SXM4-80GB', 'A100_PCIE_40GB']],
    ['gpu=a100-sxm4', ['A100-SXM4-80GB']],
    ['gpu=a100_sxm4', ['A100_SXM4_80GB']],
    ['gpu=l40', ['L40']],
    ['gpu=l4', ['L4']],
    ['gpu=rtx', ['RTX_4090', 'RTX_4090_D', 'RTX_4080_SUPER', 'RTX_3090', 'RTX_A6000', 'RTX_6000_Ada']],
    ['gpu=rtx_4090', ['RTX_4090', 'RTX_4090_D']],
    ['gpu="RTX 4090"', ['RTX_4090']],
    ['gpu=tesla', ['Tesla_T4', 'Tesla V100-SXM2-32GB']],
    ['gpu=tesla_v100', ['Tesla V100-SXM2-32GB']],
    ['gpu=nvidia', ['NVIDIA H100 80GB HBM3']],
    ['gpu=4090', []],
    ['gpu in [h200, l40s]', ['H200_141GB', 'L40S']],
    ['gpu in [h200, "a10"]', ['H200_141GB', 'A10']],
  ];
  for (const [query, expected] of table) {
    it(`${query} finds ${expected.length === 0 ? 'nothing' : expected.join(', ')}`, () => {
      assert.deepEqual(names(fleet, query), expected);
    });
  }

  it('!= and notin exclude every name the value starts, and only the whole name when quoted', () => {
    const all = REAL_GPUS;
    assert.deepEqual(names(fleet, 'gpu!=h100'), all.filter((g) => !['H100_SXM5_80GB', 'H100_80GB_HBM3', 'H100 PCIe', 'H100 NVL'].includes(g)));
    assert.deepEqual(names(fleet, 'gpu!="h100"'), all);
    assert.deepEqual(names(fleet, 'gpu notin [rtx, tesla, a100]'), all.filter((g) => !/^(RTX|Tesla|A100[-_])/.test(g)));
  });

  it('reads region and cpu_name the same way; node IDs stay whole', () => {
    const machines = [
      machineRecord({ region: 'cn-east', cpu_name: 'AMD_EPYC_7763_64-Core_Processor', node_name: 'n-1' }),
      machineRecord({ region: 'cn-north', cpu_name: 'Intel Xeon Gold 6338', node_name: 'n-12' }),
      machineRecord({ region: 'us-west', cpu_name: 'AMD_EPYC_9654', node_name: 'n-2' }),
    ];
    assert.deepEqual(names(machines, 'region=cn'), ['n-1', 'n-12']);
    assert.deepEqual(names(machines, 'region="cn"'), []);
    assert.deepEqual(names(machines, 'cpu_name=amd_epyc'), ['n-1', 'n-2']);
    assert.deepEqual(names(machines, 'cpu_name="intel xeon gold"'), []);
    assert.deepEqual(names(machines, 'cpu_name=intel_xeon_gold'), ['n-12']);
    assert.deepEqual(names(machines, 'node_name=n-1'), ['n-1'], 'a node ID is matched whole');
    assert.deepEqual(names(machines, 'node_name=n'), []);
  });

  it('the demo market: gpu=H100 gpus>=8 finds the 8× H100 SXM5 80GB machines that the whole-name reading missed', () => {
    const machines = DEMO_MACHINES.map((m) => machineRecord(m));
    const query = parsed('gpu=H100 gpus>=8');
    const found = filterMachines(machines, query);
    assert.ok(found.length > 0);
    assert.ok(found.every((m) => m.gpu_name === 'H100_SXM5_80GB' && m.gpu_count >= 8));
    assert.equal(found.length, machines.filter((m) => m.gpu_name === 'H100_SXM5_80GB' && m.gpu_count >= 8).length);
    assert.deepEqual(filterMachines(machines, asBefore(query)), [], 'before, gpu=H100 was the whole name and matched nothing');
  });
});

describe('query: properties of word-prefix matching', () => {
  const name = fc.oneof(fc.constantFrom(...REAL_GPUS), fc.string({ maxLength: 12 }));
  const words = (text: string) => normalizeText(text).split(' ').filter((w) => w !== '');

  it('the whole name matches itself, and so do its first words, one or more', () => {
    fc.assert(
      fc.property(name, (gpu) => {
        const w = words(gpu);
        for (let k = 1; k <= w.length; k++) {
          assert.ok(startsWithWords(normalizeText(gpu), w.slice(0, k).join(' ')), `${w.slice(0, k).join(' ')} in ${gpu}`);
        }
      }),
    );
  });

  it('a quoted value finds a subset of what the bare value finds (= and in), a superset for != and notin', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REAL_GPUS.map((g) => words(g)[0]), 'rtx_4090', 'a100_sxm4', 'h1', 'tesla_t4'), fc.constantFrom('=', '!='), (value, op) => {
        const bare = new Set(names(fleet, `gpu${op}${value}`));
        const whole = names(fleet, `gpu${op}"${value}"`);
        const [small, big] = op === '=' ? [whole, bare] : [[...bare], new Set(whole)];
        for (const n of small) {
          assert.ok(big.has(n), `${n} for gpu${op}${value}`);
        }
      }),
    );
  });

  it('case, _ and spaces in the value change nothing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REAL_GPUS), fc.integer({ min: 1, max: 3 }), fc.boolean(), (gpu, k, upper) => {
        const first = words(gpu).slice(0, k);
        const a = first.join('_');
        const b = `"${first.join('   ')}"`;
        const typed = upper ? a.toUpperCase() : a;
        assert.deepEqual(names(fleet, `gpu=${typed}`), names(fleet, `gpu=${a.toLowerCase()}`));
        assert.deepEqual(names(fleet, `gpu in [${a}]`), names(fleet, `gpu=${a}`));
        assert.ok(names(fleet, `gpu=${b}`).every((n) => normalizeText(n) === normalizeText(first.join(' '))));
      }),
    );
  });
});

describe('query: what reads differently than before', () => {
  it('names the queries with a bare gpu, region or cpu_name value, and gives their old reading', () => {
    assert.ok(readsDifferently(parsed('gpu=H100 gpus>=8')));
    assert.ok(readsDifferently(parsed('region in ["cn-east", cn]')));
    assert.ok(!readsDifferently(parsed('gpu="H100" gpus>=8 node_name=x labels=spot a100')));
    assert.equal(printQuery(asBefore(parsed('gpu=H100 region in [a, "b c"] gpus>=8 h100'))), 'gpu="H100" region in ["a", "b c"] gpus>=8 h100');
    assert.ok(!readsDifferently(asBefore(parsed('gpu=H100 cpu_name!=x'))));
  });

  it('saved filters and watches to tell: those that read differently, with the form that keeps their meaning; invalid ones are not told here', () => {
    assert.deepEqual(
      changedReadings([
        { name: 'big', query: 'gpu=H100 gpus>=8' },
        { name: 'quoted', query: 'gpu="H100" gpus>=8' },
        { name: 'numbers', query: 'gpus>=8 price<10' },
        { name: 'broken', query: 'vrma>=24' },
        { name: 'regions', query: 'region notin [cn]' },
      ]),
      [
        { name: 'big', query: 'gpu=H100 gpus>=8', before: 'gpu="H100" gpus>=8' },
        { name: 'regions', query: 'region notin [cn]', before: 'region notin ["cn"]' },
      ],
    );
  });
});
