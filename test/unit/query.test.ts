// The filter query language of the Machines view: parsing, printing,
// matching, errors, and properties that must hold for any input.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Json, Machine, MachineRecord } from '../../src/api/types';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import {
  FIELD_ALIASES,
  compileQuery,
  filterMachines,
  isEmptyQuery,
  parseQuery,
  printQuery,
  type Clause,
  type FieldName,
  type Op,
  type Query,
  type TextTerm,
  type Value,
} from '../../src/model/query';
import { normalizeText } from '../../src/model/text';
import { compareVersions } from '../../src/model/version';
import { machineRecord } from '../support/records';

function parsed(input: string): Query {
  const result = parseQuery(input);
  if (!result.ok) {
    assert.fail(`'${input}' did not parse: ${result.error.message}`);
  }
  return result.query;
}

function parseError(input: string): { position: number; message: string } {
  const result = parseQuery(input);
  assert.ok(!result.ok, `'${input}' parsed but should not have`);
  return result.error;
}

/** The names of the machines the query keeps, in order. */
function names(machines: readonly MachineRecord[], input: string): string[] {
  return filterMachines(machines, parsed(input)).map((x) => x.node_name);
}

const compare = (field: FieldName, op: Op, ...values: Value[]): Clause => ({ kind: 'compare', field, op, values });
const text = (t: string): TextTerm => ({ kind: 'text', text: t });

describe('query: the example from the issue', () => {
  const example = 'gpu=RTX_4090 gpus>=2 price_per_gpu<2.5 region in [cn-east,cn-north] online>=0.99 cuda>=12.1 nvlink=true';

  it('parses into one clause per comparison, with canonical field names and typed values', () => {
    assert.deepEqual(parsed(example), {
      clauses: [
        compare('gpu_name', '=', 'RTX_4090'),
        compare('gpu_count', '>=', 2),
        compare('price_per_gpu', '<', 2.5),
        compare('region', 'in', 'cn-east', 'cn-north'),
        compare('online_rate', '>=', 0.99),
        compare('cuda_version', '>=', '12.1'),
        compare('nvlink_status', '=', true),
      ],
    });
  });

  it('prints back with short names and a spaced list', () => {
    assert.equal(printQuery(parsed(example)), 'gpu=RTX_4090 gpus>=2 price_per_gpu<2.5 region in [cn-east, cn-north] online>=0.99 cuda>=12.1 nvlink=true');
  });

  it('keeps exactly the machines that satisfy every clause', () => {
    const good: Partial<Machine> = { gpu_name: 'RTX_4090', gpu_count: 2, price: '4.00', region: 'cn-east', online_rate: 0.995, cuda_version: '12.4', nvlink_status: true };
    const machines = [
      machineRecord({ ...good, node_name: 'good' }),
      machineRecord({ ...good, node_name: 'north', region: 'cn-north' }),
      machineRecord({ ...good, node_name: 'one-gpu', gpu_count: 1, price: '2.00' }),
      machineRecord({ ...good, node_name: 'dear', price: '5.00' }),
      machineRecord({ ...good, node_name: 'west', region: 'us-west' }),
      machineRecord({ ...good, node_name: 'flaky', online_rate: 0.98 }),
      machineRecord({ ...good, node_name: 'old-cuda', cuda_version: '11.8' }),
      machineRecord({ ...good, node_name: 'no-nvlink', nvlink_status: false }),
      machineRecord({ ...good, node_name: 'other-gpu', gpu_name: 'RTX_3090' }),
      machineRecord({ ...good, node_name: 'cuda-12.10', cuda_version: '12.10' }),
    ];
    assert.deepEqual(names(machines, example), ['good', 'north', 'cuda-12.10']);
  });
});

describe('query: fields and aliases', () => {
  it('maps every alias to its API field', () => {
    assert.deepEqual(FIELD_ALIASES, {
      gpu: 'gpu_name',
      gpus: 'gpu_count',
      vram: 'gpu_memory',
      price: 'price',
      price_per_gpu: 'price_per_gpu',
      region: 'region',
      cuda: 'cuda_version',
      driver: 'driver_version',
      online: 'online_rate',
      nvlink: 'nvlink_status',
      cpus: 'cpu_count',
      ram: 'memory_total',
      disk: 'disk_total',
      up: 'network_upload_speed',
      down: 'network_download_speed',
    });
    for (const [alias, field] of Object.entries(FIELD_ALIASES)) {
      const value = field === 'nvlink_status' ? 'true' : '1';
      assert.equal((parsed(`${alias}=${value}`).clauses[0] as Clause).field, field, alias);
    }
  });

  it('accepts every API field name, and prints the short alias back where there is one', () => {
    const cases: [string, string][] = [
      ['price=1', 'price=1'],
      ['labels=a', 'labels=a'],
      ['node_name=abc', 'node_name=abc'],
      ['gpu_name=a', 'gpu=a'],
      ['gpu_count=1', 'gpus=1'],
      ['gpu_memory=1', 'vram=1'],
      ['cpu_name=a', 'cpu_name=a'],
      ['cpu_count=1', 'cpus=1'],
      ['cpu_per_gpu=1', 'cpu_per_gpu=1'],
      ['memory_per_gpu=1', 'memory_per_gpu=1'],
      ['memory_total=1', 'ram=1'],
      ['disk_per_gpu=1', 'disk_per_gpu=1'],
      ['disk_total=1', 'disk=1'],
      ['region=a', 'region=a'],
      ['network_upload_speed=1', 'up=1'],
      ['network_download_speed=1', 'down=1'],
      ['up_time=1', 'up_time=1'],
      ['online_rate=1', 'online=1'],
      ['driver_version=1', 'driver=1'],
      ['cuda_version=1', 'cuda=1'],
      ['nvlink_status=true', 'nvlink=true'],
      ['price_per_gpu=1', 'price_per_gpu=1'],
    ];
    for (const [input, printed] of cases) {
      assert.equal(printQuery(parsed(input)), printed, input);
    }
  });

  it('reads field names in any case', () => {
    assert.deepEqual(parsed('GPUS>=2 Gpu_Name=x NVLINK=Yes Region NotIn [a]'), {
      clauses: [compare('gpu_count', '>=', 2), compare('gpu_name', '=', 'x'), compare('nvlink_status', '=', true), compare('region', 'notin', 'a')],
    });
  });

  it('reads each field of a machine: numbers, price as a number, price per GPU', () => {
    const machine = machineRecord({
      price: '3.00',
      gpu_count: 2,
      gpu_memory: 24,
      cpu_count: 32,
      cpu_per_gpu: 16,
      memory_per_gpu: 64,
      memory_total: 128,
      disk_per_gpu: 100,
      disk_total: 200,
      network_upload_speed: 500,
      network_download_speed: 1000,
      up_time: 77,
      online_rate: 0.5,
    });
    const matches = (input: string) => compileQuery(parsed(input))(machine);
    for (const input of [
      'price=3',
      'price_per_gpu=1.5',
      'gpus=2',
      'vram=24',
      'cpus=32',
      'cpu_per_gpu=16',
      'memory_per_gpu=64',
      'ram=128',
      'disk_per_gpu=100',
      'disk=200',
      'up=500',
      'down=1000',
      'up_time=77',
      'online=0.5',
    ]) {
      assert.ok(matches(input), input);
    }
    assert.ok(!matches('price=3.01'));
    assert.ok(!matches('price_per_gpu=3'));
  });
});

describe('query: operators per field kind', () => {
  const counts = [1, 2, 4, 8].map((gpu_count) => machineRecord({ gpu_count, node_name: `g${gpu_count}` }));

  it('numbers: = != < <= > >= in notin', () => {
    assert.deepEqual(names(counts, 'gpus=2'), ['g2']);
    assert.deepEqual(names(counts, 'gpus!=2'), ['g1', 'g4', 'g8']);
    assert.deepEqual(names(counts, 'gpus<4'), ['g1', 'g2']);
    assert.deepEqual(names(counts, 'gpus<=4'), ['g1', 'g2', 'g4']);
    assert.deepEqual(names(counts, 'gpus>4'), ['g8']);
    assert.deepEqual(names(counts, 'gpus>=4'), ['g4', 'g8']);
    assert.deepEqual(names(counts, 'gpus in [1, 8, 3]'), ['g1', 'g8']);
    assert.deepEqual(names(counts, 'gpus notin [1, 8]'), ['g2', 'g4']);
    assert.deepEqual(names(counts, 'gpus in []'), []);
    assert.deepEqual(names(counts, 'gpus notin []'), ['g1', 'g2', 'g4', 'g8']);
  });

  it('numbers: decimals, signs, exponents and quoted numbers', () => {
    assert.deepEqual(parsed('price<.5 price>-1 online<=1e0 price!="2.50" price>=+0.25'), {
      clauses: [compare('price', '<', 0.5), compare('price', '>', -1), compare('online_rate', '<=', 1), compare('price', '!=', 2.5), compare('price', '>=', 0.25)],
    });
    assert.deepEqual(parsed('gpus=-0'), { clauses: [compare('gpu_count', '=', 0)] });
  });

  it('yes/no: true, false, yes and no with = != in notin', () => {
    const machines = [machineRecord({ nvlink_status: true, node_name: 'on' }), machineRecord({ nvlink_status: false, node_name: 'off' })];
    assert.deepEqual(names(machines, 'nvlink=true'), ['on']);
    assert.deepEqual(names(machines, 'nvlink=YES'), ['on']);
    assert.deepEqual(names(machines, 'nvlink=no'), ['off']);
    assert.deepEqual(names(machines, 'nvlink!=false'), ['on']);
    assert.deepEqual(names(machines, 'nvlink in [true, false]'), ['on', 'off']);
    assert.deepEqual(names(machines, 'nvlink notin [yes]'), ['off']);
    assert.deepEqual(parsed("nvlink='no'"), { clauses: [compare('nvlink_status', '=', false)] });
  });

  it('text: = != in notin, ignoring case and treating _ and spaces alike', () => {
    const machines = [
      machineRecord({ gpu_name: 'RTX_4090', region: 'cn-east', node_name: 'a' }),
      machineRecord({ gpu_name: 'RTX_3090', region: 'cn-north', node_name: 'b' }),
      machineRecord({ gpu_name: 'A100_SXM4_80GB', region: 'us-west', node_name: 'c' }),
    ];
    assert.deepEqual(names(machines, 'gpu=rtx_4090'), ['a']);
    assert.deepEqual(names(machines, 'gpu="RTX 4090"'), ['a']);
    assert.deepEqual(names(machines, "gpu='  rtx   4090 '"), ['a']);
    assert.deepEqual(names(machines, 'gpu=rtx'), [], '= is the whole name, not a part of it');
    assert.deepEqual(names(machines, 'gpu!=RTX_4090'), ['b', 'c']);
    assert.deepEqual(names(machines, 'gpu in [rtx_3090, "a100 sxm4 80gb"]'), ['b', 'c']);
    assert.deepEqual(names(machines, 'gpu notin [RTX_3090]'), ['a', 'c']);
    assert.deepEqual(names(machines, 'region=CN-EAST'), ['a']);
    assert.deepEqual(names(machines, 'node_name=B'), ['b']);
    assert.deepEqual(names(machines, 'cpu_name=amd_epyc_7763_64-core_processor gpu=4090'), []);
    assert.deepEqual(parsed('gpu=4090'), { clauses: [compare('gpu_name', '=', '4090')] }, 'a number-like name stays text');
  });

  it('labels: =, !=, in and notin mean "has a label equal to", on the text form of JSON labels', () => {
    const labels: Json[][] = [['Spot', 'fast_disk'], [7, true, null], [{ a: 1 }], []];
    const machines = labels.map((l, i) => machineRecord({ labels: l, node_name: `l${i}` }));
    assert.deepEqual(names(machines, 'labels=spot'), ['l0']);
    assert.deepEqual(names(machines, 'labels="fast disk"'), ['l0']);
    assert.deepEqual(names(machines, 'labels!=spot'), ['l1', 'l2', 'l3']);
    assert.deepEqual(names(machines, 'labels=7'), ['l1']);
    assert.deepEqual(names(machines, 'labels=true'), ['l1']);
    assert.deepEqual(names(machines, 'labels=null'), ['l1']);
    assert.deepEqual(names(machines, `labels='{"a":1}'`), ['l2']);
    assert.deepEqual(names(machines, 'labels in [spot, 7]'), ['l0', 'l1']);
    assert.deepEqual(names(machines, 'labels notin [spot, 7]'), ['l2', 'l3']);
    assert.deepEqual(parsed('labels=7'), { clauses: [compare('labels', '=', '7')] });
  });

  it('versions: every operator, part by part', () => {
    const versions = ['11.8', '12.1', '12.1.0', '12.9', '12.10', '13'];
    const machines = versions.map((cuda_version) => machineRecord({ cuda_version, node_name: cuda_version }));
    assert.deepEqual(names(machines, 'cuda=12.1'), ['12.1', '12.1.0']);
    assert.deepEqual(names(machines, 'cuda=12.1.0.0'), ['12.1', '12.1.0']);
    assert.deepEqual(names(machines, 'cuda!=12.1'), ['11.8', '12.9', '12.10', '13']);
    assert.deepEqual(names(machines, 'cuda>12.9'), ['12.10', '13']);
    assert.deepEqual(names(machines, 'cuda>=12.9'), ['12.9', '12.10', '13']);
    assert.deepEqual(names(machines, 'cuda<12.1'), ['11.8']);
    assert.deepEqual(names(machines, 'cuda<=12.1'), ['11.8', '12.1', '12.1.0']);
    assert.deepEqual(names(machines, 'cuda in [11.8, 13.0]'), ['11.8', '13']);
    assert.deepEqual(names(machines, 'cuda notin [12.1, 12.10]'), ['11.8', '12.9', '13']);
    assert.deepEqual(parsed('cuda>=12.10'), { clauses: [compare('cuda_version', '>=', '12.10')] }, 'a version is text: 12.10 must not become 12.1');
  });

  it('versions: drivers with two or three parts', () => {
    const machines = ['550.54', '550.54.15', '550.100.1', '535.104.05'].map((driver_version) => machineRecord({ driver_version, node_name: driver_version }));
    assert.deepEqual(names(machines, 'driver>=550.54'), ['550.54', '550.54.15', '550.100.1']);
    assert.deepEqual(names(machines, 'driver>550.54'), ['550.54.15', '550.100.1']);
    assert.deepEqual(names(machines, 'driver<550.54.15'), ['550.54', '535.104.05']);
    assert.deepEqual(names(machines, 'driver=550'), []);
  });
});

describe('query: compareVersions and normalizeText', () => {
  const sign = (a: string, b: string) => Math.sign(compareVersions(a, b));

  it('compares dotted versions part by part, numerically', () => {
    assert.equal(sign('12.10', '12.9'), 1);
    assert.equal(sign('12.9', '12.10'), -1);
    assert.equal(sign('12.1', '12.1.0'), 0);
    assert.equal(sign('12.01', '12.1'), 0);
    assert.equal(sign('550.54', '550.54.15'), -1);
    assert.equal(sign('550.54.15', '550.54'), 1);
    assert.equal(sign('535.104.05', '550.54.15'), -1);
    assert.equal(sign('', '0'), 0);
    assert.equal(sign(' 12.4 ', '12.4'), 0);
    assert.equal(sign('123456789012345678901234567890', '123456789012345678901234567891'), -1, 'no loss of precision');
  });

  it('falls back to text for a part that is not a number', () => {
    assert.equal(sign('12.1rc', '12.1'), 1);
    assert.equal(sign('12.1a', '12.1b'), -1);
    assert.equal(sign('12.1A', '12.1a'), 0);
    assert.equal(sign('12.x', '12.9'), 1);
    assert.equal(sign('beta', 'alpha'), 1);
  });

  it('is a total order, so it can sort: antisymmetric and transitive on awkward parts', () => {
    const part = fc.constantFrom('0', '00', '1', '9', '10', '5a', 'a', 'rc1', '', 'B');
    const version = fc.array(part, { minLength: 1, maxLength: 3 }).map((p) => p.join('.'));
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        assert.equal(sign(a, b), -sign(b, a) || 0);
        if (sign(a, b) <= 0 && sign(b, c) <= 0) {
          assert.ok(sign(a, c) <= 0, `${a} <= ${b} <= ${c}`);
        }
      }),
    );
  });

  it('normalises text: lower case, underscores as spaces, runs of space collapsed, trimmed', () => {
    assert.equal(normalizeText('  RTX__4090 \t Ti_ '), 'rtx 4090 ti');
    assert.equal(normalizeText('A100_SXM4_80GB'), 'a100 sxm4 80gb');
    assert.equal(normalizeText(''), '');
  });
});

describe('query: grammar', () => {
  it('allows spaces around operators, and around list items', () => {
    const expected = { clauses: [compare('gpu_count', '>=', 2), compare('region', 'in', 'a', 'b c')] };
    assert.deepEqual(parsed('gpus >= 2 region in ["a","b c"]'), expected);
    assert.deepEqual(parsed('gpus>= 2 region in[ a ,  "b c" ]'), expected);
    assert.deepEqual(parsed('  gpus  >=2\tregion IN [a, "b c"]  '), expected);
  });

  it('takes Unicode spaces and ASCII control characters as gaps, and other characters as part of words', () => {
    assert.deepEqual(parsed('gpus\u00a0>=\u30002\u0000region=a\u007fb\u001fé\u2028x'), {
      clauses: [compare('gpu_count', '>=', 2), compare('region', '=', 'a'), text('b'), text('é'), text('x')],
    });
    assert.deepEqual(parsed('\u0080ü'), { clauses: [text('\u0080ü')] });
  });

  it('reads quoted strings with either quote and backslash escapes', () => {
    assert.deepEqual(parsed(String.raw`gpu="a \"b\" c" gpu='it\'s' gpu="back\\slash" gpu="\x"`), {
      clauses: [compare('gpu_name', '=', 'a "b" c'), compare('gpu_name', '=', "it's"), compare('gpu_name', '=', 'back\\slash'), compare('gpu_name', '=', 'x')],
    });
  });

  it('treats in/notin as an operator after a field or before a list, and as text otherwise', () => {
    assert.deepEqual(parsed('a100 in stock'), { clauses: [text('a100'), text('in'), text('stock')] });
    assert.deepEqual(parsed('in notin'), { clauses: [text('in'), text('notin')] });
  });

  it('a field name followed by a space and a value is text, and a number may start with its point', () => {
    assert.deepEqual(parsed('gpus 2'), { clauses: [text('gpus'), text('2')] });
    assert.deepEqual(parsed('price<.55'), { clauses: [compare('price', '<', 0.55)] });
  });

  it('needs no space between terms: every token ends itself', () => {
    assert.deepEqual(parsed('gpus=2"a b"region in[x]c'), { clauses: [compare('gpu_count', '=', 2), text('a b'), compare('region', 'in', 'x'), text('c')] });
  });

  it('an empty or blank query matches everything', () => {
    const machines = [machineRecord({ node_name: 'x' }), machineRecord({ node_name: 'y' })];
    for (const input of ['', '   ', '\t\n ']) {
      const query = parsed(input);
      assert.deepEqual(query, { clauses: [] });
      assert.ok(isEmptyQuery(query));
      assert.deepEqual(filterMachines(machines, query), machines);
    }
    assert.ok(!isEmptyQuery(parsed('gpus=1')));
  });
});

describe('query: text terms', () => {
  const machines = [
    machineRecord({ gpu_name: 'RTX_4090', cpu_name: 'AMD_EPYC_7542', region: 'cn-east', node_name: 'aaaa-1111' }),
    machineRecord({ gpu_name: 'A100_SXM4_80GB', cpu_name: 'Intel_Xeon_Gold', region: 'us-west', node_name: 'bbbb-2222' }),
    machineRecord({ gpu_name: 'L4', cpu_name: 'AMD_EPYC_9654', region: 'eu-central', node_name: 'CCCC-3333' }),
  ];

  it('searches GPU name, CPU name, region and node ID, ignoring case and _ versus space', () => {
    assert.deepEqual(parsed('4090'), { clauses: [text('4090')] });
    assert.deepEqual(names(machines, '4090'), ['aaaa-1111']);
    assert.deepEqual(names(machines, '1111'), ['aaaa-1111'], 'the node ID alone');
    assert.deepEqual(names(machines, 'rtx 1111'), ['aaaa-1111'], 'one word in a name, one in the node ID');
    assert.deepEqual(names(machines, 'rtx 2222'), []);
    assert.deepEqual(names(machines, 'rtx_40'), ['aaaa-1111']);
    assert.deepEqual(names(machines, 'xeon'), ['bbbb-2222']);
    assert.deepEqual(names(machines, 'epyc'), ['aaaa-1111', 'CCCC-3333']);
    assert.deepEqual(names(machines, 'WEST'), ['bbbb-2222']);
    assert.deepEqual(names(machines, 'cccc-33'), ['CCCC-3333']);
    assert.deepEqual(names(machines, 'h100'), []);
  });

  it('needs every word to match, each anywhere', () => {
    assert.deepEqual(names(machines, 'epyc cn'), ['aaaa-1111']);
    assert.deepEqual(names(machines, 'epyc 2222'), []);
    assert.deepEqual(names(machines, 'EPYC amd'), ['aaaa-1111', 'CCCC-3333']);
  });

  it('takes a quoted string as one term, spaces included', () => {
    assert.deepEqual(parsed('"sxm4 80"'), { clauses: [text('sxm4 80')] });
    assert.deepEqual(names(machines, '"SXM4 80"'), ['bbbb-2222']);
    assert.deepEqual(names(machines, "'rtx 4090'"), ['aaaa-1111']);
    assert.deepEqual(names(machines, '"4090 amd"'), [], 'a term does not span two fields');
    assert.deepEqual(names(machines, '""'), ['aaaa-1111', 'bbbb-2222', 'CCCC-3333']);
  });

  it('mixes with comparisons', () => {
    assert.deepEqual(names(machines, 'epyc region!=cn-east'), ['CCCC-3333']);
  });

  it('terms beyond one bit mask still all have to match', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const many = machineRecord({ gpu_name: words.slice(0, 20).join('_'), cpu_name: words.slice(20).join(' '), node_name: 'many' });
    assert.deepEqual(names([many, ...machines], words.join(' ')), ['many']);
    assert.deepEqual(names([many, ...machines], `${words.join(' ')} w99`), []);
  });
});

describe('query: errors', () => {
  const cases: [input: string, message: string, position: number][] = [
    ['vrma>=24', "unknown field 'vrma' at 1; did you mean 'vram'?", 1],
    ['gpus=2 cdua>=12', "unknown field 'cdua' at 8; did you mean 'cuda'?", 8],
    ['gpu_nmae=x', "unknown field 'gpu_nmae' at 1; did you mean 'gpu_name'?", 1],
    ['colour=red', "unknown field 'colour' at 1", 1],
    ['x=1', "unknown field 'x' at 1", 1],
    ['size in [1]', "unknown field 'size' at 1", 1],
    ['gpus>=', "expected a value after '>=' at 5", 5],
    ['gpus >=  ', "expected a value after '>=' at 6", 6],
    ['gpu= ]', "expected a value after '=' at 4", 4],
    ['region in [a, b', 'unclosed list at 11', 11],
    ['gpus in [1,', 'unclosed list at 9', 9],
    ['region in [', 'unclosed list at 11', 11],
    ['gpu="RTX', 'unclosed quote at 5', 5],
    ["foo 'bar", 'unclosed quote at 5', 5],
    ['gpu="a\\"', 'unclosed quote at 5', 5],
    ['gpus=abc', "'abc' is not a number for field 'gpus' at 6", 6],
    ['gpus >= 2x', "'2x' is not a number for field 'gpus' at 9", 9],
    ['price in [1, "two"]', "'two' is not a number for field 'price' at 14", 14],
    ['online=99%', "'99%' is not a number for field 'online' at 8", 8],
    ['gpus=1e999', "'1e999' is not a number for field 'gpus' at 6", 6],
    // Number() would read all of these: hex, binary, octal, blank and padded text, Infinity.
    ['gpus=0x10', "'0x10' is not a number for field 'gpus' at 6", 6],
    ['vram>=0b11', "'0b11' is not a number for field 'vram' at 7", 7],
    ['price<0o7', "'0o7' is not a number for field 'price' at 7", 7],
    ['gpus=""', "'' is not a number for field 'gpus' at 6", 6],
    ['gpus=" 2 "', "' 2 ' is not a number for field 'gpus' at 6", 6],
    ['price<Infinity', "'Infinity' is not a number for field 'price' at 7", 7],
    ['gpus=.', "'.' is not a number for field 'gpus' at 6", 6],
    ['gpus>==2', "expected a value after '>=' at 5", 5],
    ['gpus!==2', "expected a value after '!=' at 5", 5],
    // Two swaps of neighbours are two edits, not four: close enough to suggest.
    ['rdievr=1', "unknown field 'rdievr' at 1; did you mean 'driver'?", 1],
    // The Kelvin sign lower-cases to "k": only ASCII letters may name a field.
    ['nvlin\u212A=true', "unknown field 'nvlin\u212A' at 1; did you mean 'nvlink'?", 1],
    [`${'x'.repeat(40)}=1`, `unknown field '${'x'.repeat(40)}' at 1`, 1],
    [`${'x'.repeat(41)}=1`, `unknown field '${'x'.repeat(39)}…' at 1`, 1],
    ['nvlink=maybe', "'maybe' is not true or false for field 'nvlink' at 8", 8],
    ['nvlink=1', "'1' is not true or false for field 'nvlink' at 8", 8],
    ['region<cn', "operator '<' does not apply to text field 'region' at 7", 7],
    ['gpu >= a', "operator '>=' does not apply to text field 'gpu' at 5", 5],
    ['nvlink>true', "operator '>' does not apply to yes/no field 'nvlink' at 7", 7],
    ['labels<=a', "operator '<=' does not apply to label field 'labels' at 7", 7],
    ['gpu in x', "expected a list in brackets after 'in' at 5", 5],
    ['gpus notin 1', "expected a list in brackets after 'notin' at 6", 6],
    ['gpu=[a]', "a list needs 'in' or 'notin', not '=' at 5", 5],
    ['gpus==2', "use '=' rather than '==' at 5", 5],
    ['>=2', "'>=' needs a field name before it at 1", 1],
    ['"gpu"=2', "'=' needs a field name before it at 6", 6],
    ['gpus=2 !=3', "'!=' needs a field name before it at 8", 8],
    ['rtx!', "unexpected '!' at 4", 4],
    ['[a]', "unexpected '[' at 1", 1],
    ['a, b', "unexpected ',' at 2", 2],
    ['gpus in [1 2]', "expected ',' or ']' in the list at 12", 12],
    ['gpus in [1,,2]', 'expected a value in the list at 12', 12],
    ['gpus in [1,]', 'expected a value in the list at 12', 12],
    ['gpus in [[1]]', 'expected a value in the list at 10', 10],
  ];

  for (const [input, message, position] of cases) {
    it(`${input} → ${message}`, () => {
      assert.deepEqual(parseError(input), { position, message });
    });
  }

  it('shortens a long word in a message, and still points at it', () => {
    const error = parseError(`gpus=${'9'.repeat(50)}x`);
    assert.equal(error.position, 6);
    assert.equal(error.message, `'${'9'.repeat(39)}…' is not a number for field 'gpus' at 6`);
  });

  it('suggests only within two edits, and not for one-letter words', () => {
    assert.equal(parseError('vramm=1').message, "unknown field 'vramm' at 1; did you mean 'vram'?");
    assert.equal(parseError('vxxram=1').message, "unknown field 'vxxram' at 1; did you mean 'vram'?");
    assert.equal(parseError('qqqram=1').message, "unknown field 'qqqram' at 1");
    assert.equal(parseError('u=1').message, "unknown field 'u' at 1");
  });

  it('copes with huge inputs quickly', () => {
    const huge = [
      `${'a'.repeat(1_000_000)}=1`,
      `gpus=${'1'.repeat(1_000_000)}x`,
      `gpus in [${'1,'.repeat(200_000)}`,
      `"${'\\'.repeat(1_000_001)}`,
      '['.repeat(100_000),
      'a '.repeat(200_000),
      'gpu in '.repeat(100_000),
      `rtx ${'4090 '.repeat(100_000)}`,
    ];
    for (const input of huge) {
      const result = parseQuery(input);
      if (!result.ok) {
        assert.ok(result.error.position >= 1 && result.error.position <= input.length + 1);
        assert.ok(result.error.message.length < 200);
      }
    }
  });
});

describe('query: printing', () => {
  it('quotes only where needed and escapes quotes and backslashes', () => {
    const query: Query = {
      clauses: [
        compare('gpu_name', '=', 'RTX_4090'),
        compare('gpu_name', '=', 'RTX 4090'),
        compare('region', 'in', 'a', 'b,c', ''),
        compare('node_name', '!=', 'x"y\\z'),
        text('plain'),
        text('two words'),
        text('gpu'),
        text('in'),
        compare('cpu_name', '=', "it's"),
      ],
    };
    const printed = printQuery(query);
    assert.equal(printed, 'gpu=RTX_4090 gpu="RTX 4090" region in [a, "b,c", ""] node_name!="x\\"y\\\\z" plain "two words" "gpu" "in" cpu_name="it\'s"');
    assert.deepEqual(parsed(printed), query);
  });

  it('prints numbers as JavaScript does, and booleans as true/false', () => {
    const query: Query = { clauses: [compare('price', '<', 1e21), compare('online_rate', '>', 1e-7), compare('gpu_count', 'in', -3, 0.5), compare('nvlink_status', '!=', false)] };
    assert.equal(printQuery(query), 'price<1e+21 online>1e-7 gpus in [-3, 0.5] nvlink!=false');
    assert.deepEqual(parsed(printQuery(query)), query);
  });

  it('canonicalises what was typed', () => {
    assert.equal(printQuery(parsed("GPU_NAME = 'rtx'  Nvlink=YES  cuda >= 12.10   'x'")), 'gpu=rtx nvlink=true cuda>=12.10 x');
  });
});

// ---------------------------------------------------------------------------
// Properties

const demo = DEMO_MACHINES.map((machine) => machineRecord(machine));
const oddOnes = [
  machineRecord({ labels: ['Spot', 3, null, { k: 'v' }], gpu_name: 'RTX 4090', region: 'CN East', node_name: 'ODD_Node 1' }),
  machineRecord({ labels: [true], cuda_version: '12.10', driver_version: '550.54', node_name: 'odd-2' }),
  machineRecord({ cuda_version: 'rc1', driver_version: '', cpu_name: '', region: '', node_name: 'odd-3' }),
];
const sample = [...demo, ...oddOnes];

const NUMBER_FIELDS: FieldName[] = [
  'price',
  'price_per_gpu',
  'gpu_count',
  'gpu_memory',
  'cpu_count',
  'cpu_per_gpu',
  'memory_per_gpu',
  'memory_total',
  'disk_per_gpu',
  'disk_total',
  'network_upload_speed',
  'network_download_speed',
  'up_time',
  'online_rate',
];
const TEXT_FIELDS: FieldName[] = ['gpu_name', 'cpu_name', 'region', 'node_name'];
const VERSION_FIELDS: FieldName[] = ['cuda_version', 'driver_version'];
const ALL_OPS: Op[] = ['=', '!=', '<', '<=', '>', '>=', 'in', 'notin'];
const EQUALITY_OPS: Op[] = ['=', '!=', 'in', 'notin'];

const fromData = (pick: (x: MachineRecord) => string) => [...new Set(sample.map(pick))];
const realText = fc.constantFrom(
  ...fromData((x) => x.gpu_name),
  ...fromData((x) => x.region),
  ...fromData((x) => x.cpu_name),
  'rtx 4090',
  'a100',
  'spot',
  'cn',
  '3',
);
const anyText = fc.oneof(realText, fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }));
const anyNumber = fc.oneof(
  fc.constantFrom(0, 1, 2, 4, 8, 0.5, 0.99, 1.85, 24, 80, 500),
  fc.integer({ min: -10, max: 5000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => x + 0),
);
const anyVersion = fc.oneof(fc.constantFrom(...fromData((x) => x.cuda_version), ...fromData((x) => x.driver_version), '12', '12.10', '550.54'), anyText);

function clauseArbitrary(fields: FieldName[], ops: Op[], value: fc.Arbitrary<Value>): fc.Arbitrary<Clause> {
  return fc
    .tuple(fc.constantFrom(...fields), fc.constantFrom(...ops), fc.array(value, { maxLength: 4 }), value)
    .map(([field, op, list, one]): Clause => ({ kind: 'compare', field, op, values: op === 'in' || op === 'notin' ? list : [one] }));
}

const termArbitrary: fc.Arbitrary<Clause | TextTerm> = fc.oneof(
  clauseArbitrary(NUMBER_FIELDS, ALL_OPS, anyNumber),
  clauseArbitrary(['nvlink_status'], EQUALITY_OPS, fc.boolean()),
  clauseArbitrary(TEXT_FIELDS, EQUALITY_OPS, anyText),
  clauseArbitrary(['labels'], EQUALITY_OPS, anyText),
  clauseArbitrary(VERSION_FIELDS, ALL_OPS, anyVersion),
  anyText.map(text),
);
const queryArbitrary: fc.Arbitrary<Query> = fc.array(termArbitrary, { maxLength: 6 }).map((clauses) => ({ clauses }));

/** Strings made of the pieces queries are made of, so the parser's paths get exercised. */
const queryish = fc
  .array(
    fc.oneof(
      fc.constantFrom(...Object.keys(FIELD_ALIASES), 'gpu_name', 'labels', 'node_name', 'vrma', 'in', 'notin', 'IN', 'true', 'no'),
      fc.constantFrom('=', '!=', '<', '<=', '>', '>=', '==', '!', '[', ']', ',', '"', "'", '\\', ' ', '  ', '\t', '_', '.', '-', '+', 'e'),
      fc.constantFrom('0', '1', '2', '12', '4090', '0.5', '12.10', 'rtx', 'RTX_4090', 'cn-east', '\u0000', '\u00a0', '\u2028', 'é', '😀', '\ud800'),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

function checkParseTotal(input: string): void {
  const result = parseQuery(input);
  if (result.ok) {
    // Whatever parses must print to text that parses back to the same query.
    const printed = printQuery(result.query);
    assert.deepEqual(parseQuery(printed), { ok: true, query: result.query });
    const test = compileQuery(result.query);
    for (const machine of oddOnes) {
      test(machine);
    }
  } else {
    const { position, message } = result.error;
    assert.ok(Number.isInteger(position) && position >= 1 && position <= input.length + 1, `position ${position} for ${JSON.stringify(input)}`);
    assert.equal(typeof message, 'string');
    assert.ok(message.endsWith(`at ${position}`) || message.includes(`at ${position};`), message);
  }
}

describe('query: properties', () => {
  it('never throws on any string, and errors point inside the input', () => {
    for (const arbitrary of [fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'grapheme' }), queryish]) {
      fc.assert(fc.property(arbitrary, checkParseTotal), { numRuns: 300 });
    }
  });

  it('prints any query to text that parses back to it, and printing is stable', () => {
    fc.assert(
      fc.property(queryArbitrary, (query) => {
        const printed = printQuery(query);
        const again = parseQuery(printed);
        assert.deepEqual(again, { ok: true, query });
        assert.equal(printQuery(again.ok ? again.query : { clauses: [] }), printed);
      }),
      { numRuns: 500 },
    );
  });

  it('filters to an ordered subset, and "A B" matches exactly what A and B both match', () => {
    fc.assert(
      fc.property(queryArbitrary, queryArbitrary, (a, b) => {
        const both: Query = { clauses: [...a.clauses, ...b.clauses] };
        assert.deepEqual(parseQuery(`${printQuery(a)} ${printQuery(b)}`), { ok: true, query: both });
        const kept = filterMachines(sample, both);
        let from = 0;
        for (const machine of kept) {
          const at = sample.indexOf(machine, from);
          assert.ok(at >= 0, 'a kept machine is one of the input, in input order');
          from = at + 1;
        }
        const [matchA, matchB, matchBoth] = [compileQuery(a), compileQuery(b), compileQuery(both)];
        for (const machine of sample) {
          assert.equal(matchBoth(machine), matchA(machine) && matchB(machine));
        }
        assert.equal(kept.length, sample.filter(matchBoth).length);
      }),
      { numRuns: 200 },
    );
  });
});
