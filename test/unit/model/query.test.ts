// The filter query language of the Machines view: parsing, matching, fields,
// operators, grammar and text terms.
import * as assert from 'node:assert/strict';
import type { Json, Machine } from '../../../src/api/types';
import { FIELD_ALIASES, compileQuery, isEmptyQuery, printQuery, type Clause } from '../../../src/model/query';
import { compare, filterMachines, names, parsed, quoted, text } from '../../support/query';
import { machineRecord } from '../../support/records';

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
    const aliases = [
      ['gpu', 'gpu_name'],
      ['gpus', 'gpu_count'],
      ['vram', 'gpu_memory'],
      ['price', 'price'],
      ['price_per_gpu', 'price_per_gpu'],
      ['region', 'region'],
      ['cuda', 'cuda_version'],
      ['driver', 'driver_version'],
      ['online', 'online_rate'],
      ['nvlink', 'nvlink_status'],
      ['cpus', 'cpu_count'],
      ['ram', 'memory_total'],
      ['disk', 'disk_total'],
      ['up', 'network_upload_speed'],
      ['down', 'network_download_speed'],
    ];
    assert.deepEqual(FIELD_ALIASES, Object.fromEntries(aliases));
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

  it('text: = != in notin, ignoring case and treating _ and spaces alike; quoted, the whole name', () => {
    const machines = [
      machineRecord({ gpu_name: 'RTX_4090', region: 'cn-east', node_name: 'a' }),
      machineRecord({ gpu_name: 'RTX_3090', region: 'cn-north', node_name: 'b' }),
      machineRecord({ gpu_name: 'A100_SXM4_80GB', region: 'us-west', node_name: 'c' }),
    ];
    assert.deepEqual(names(machines, 'gpu=rtx_4090'), ['a']);
    assert.deepEqual(names(machines, 'gpu="RTX 4090"'), ['a']);
    assert.deepEqual(names(machines, "gpu='  rtx   4090 '"), ['a']);
    assert.deepEqual(names(machines, 'gpu="rtx"'), [], 'quoted, = is the whole name, not a part of it');
    assert.deepEqual(names(machines, 'gpu=rtx'), ['a', 'b'], 'bare, = is the first words of the name');
    assert.deepEqual(names(machines, 'gpu!=RTX_4090'), ['b', 'c']);
    assert.deepEqual(names(machines, 'gpu in [rtx_3090, "a100 sxm4 80gb"]'), ['b', 'c']);
    assert.deepEqual(names(machines, 'gpu in ["rtx", "a100"]'), []);
    assert.deepEqual(names(machines, 'gpu in ["rtx", a100]'), ['c']);
    assert.deepEqual(names(machines, 'gpu notin [rtx]'), ['c']);
    assert.deepEqual(names(machines, 'gpu!="rtx"'), ['a', 'b', 'c']);
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

describe('query: grammar', () => {
  it('allows spaces around operators, and around list items', () => {
    const region = compare('region', 'in', 'a', 'b c');
    assert.deepEqual(parsed('gpus >= 2 region in ["a","b c"]'), { clauses: [compare('gpu_count', '>=', 2), quoted(region, true, true)] });
    const expected = { clauses: [compare('gpu_count', '>=', 2), quoted(region, false, true)] };
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
      clauses: [
        quoted(compare('gpu_name', '=', 'a "b" c'), true),
        quoted(compare('gpu_name', '=', "it's"), true),
        quoted(compare('gpu_name', '=', 'back\\slash'), true),
        quoted(compare('gpu_name', '=', 'x'), true),
      ],
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
