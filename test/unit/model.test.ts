// Grouping, sorting, formatting and escaping: the pure functions behind the views.
import * as assert from 'node:assert/strict';
import { checkBaseUrl, endpointUrl, isLoopbackHost } from '../../src/api/baseUrl';
import type { MachineRecord } from '../../src/api/types';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import { escapeHtml, escapeMarkdownCell, noIcons, oneLine, stripControls } from '../../src/model/escape';
import { displayName, formatJson, formatLabels, formatPercent, formatPrice, gpuCount, machineCount, templateCount, truncate, yesNo } from '../../src/model/format';
import { arrangeMachines, arrangedGroupDescription, DEFAULT_ARRANGEMENT, groupByLabels, groupKeyOf, sortLabels, type Arrangement } from '../../src/model/arrange';
import { formatPricePerGpu } from '../../src/model/format';
import { compareIds, compareText, machineDetails, machinePickText, machineSummary, machineTitle } from '../../src/model/machines';
import { MASK, isSecretField, maskedTemplate } from '../../src/model/secrets';
import { statusMessage } from '../../src/model/status';
import { filterTemplates, groupByImageType, isDefaultTemplate, templateImage, templatePublicRows } from '../../src/model/templates';
import { normalizeToken, redactToken, tokenProblem } from '../../src/model/token';
import { renderDetailsHtml } from '../../src/webview/detailsHtml';
import { parseWebviewRequest } from '../../src/webview/protocol';
import { machineRecord, templateRecord } from '../support/records';

const machines = DEMO_MACHINES.map((machine) => machineRecord(machine));
const base = DEMO_MACHINES[0];

describe('machines model', () => {
  const byGpu: Arrangement = { groupBy: 'gpu', sortBy: 'price', order: 'ascending' };

  it('groups by GPU model with underscores shown as spaces', () => {
    const groups = arrangeMachines([machineRecord({ gpu_name: 'RTX_4090', node_name: 'a' }), machineRecord({ gpu_name: 'A100_SXM4_80GB', node_name: 'b' }), machineRecord({ gpu_name: 'RTX_4090', node_name: 'd' })], byGpu);
    assert.deepEqual(groups.map((g) => g.label).sort(), ['A100 SXM4 80GB', 'RTX 4090']);
    assert.equal(groups.find((g) => g.label === 'RTX 4090')?.machines.length, 2);
    assert.equal(groups.find((g) => g.label === 'RTX 4090')?.key, 'gpu:RTX_4090');
  });

  it('sorts machines by price as a number, not as text, and keeps the exact price string', () => {
    const [group] = arrangeMachines([machineRecord({ price: '10.5', node_name: 'x' }), machineRecord({ price: '9.75', node_name: 'y' }), machineRecord({ price: '9.750', node_name: 'a' })], byGpu);
    assert.deepEqual(group.machines.map((x) => x.price), ['9.750', '9.75', '10.5']);
  });

  it('orders groups by their best machine under the current sort, either direction', () => {
    const machinesOf = [
      machineRecord({ gpu_name: 'A', gpu_count: 1, price: '3', node_name: 'a1' }),
      machineRecord({ gpu_name: 'B', gpu_count: 4, price: '4', node_name: 'b1' }),
      machineRecord({ gpu_name: 'C', gpu_count: 2, price: '2.2', node_name: 'c1' }),
    ];
    const perGpu = arrangeMachines(machinesOf, { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' });
    assert.deepEqual(perGpu.map((g) => g.label), ['B', 'C', 'A']);
    assert.equal(arrangedGroupDescription(perGpu[0]), '1 machine · from 1.00/GPU');
    const byCountDesc = arrangeMachines(machinesOf, { groupBy: 'gpu', sortBy: 'gpuCount', order: 'descending' });
    assert.deepEqual(byCountDesc.map((g) => g.label), ['B', 'C', 'A']);
    const flat = arrangeMachines(machinesOf, { groupBy: 'none', sortBy: 'price', order: 'descending' });
    assert.equal(flat.length, 1);
    assert.deepEqual(flat[0].machines.map((x) => x.node_name), ['b1', 'a1', 'c1']);
  });

  it('groups by region, GPU count and CUDA version', () => {
    const list = [machineRecord({ region: 'eu', gpu_count: 2, cuda_version: '12.10', node_name: '1' }), machineRecord({ region: 'us', gpu_count: 1, cuda_version: '12.9', node_name: '2' })];
    assert.deepEqual(arrangeMachines(list, { groupBy: 'region', sortBy: 'price', order: 'ascending' }).map((g) => g.label).sort(), ['eu', 'us']);
    assert.deepEqual(arrangeMachines(list, { groupBy: 'gpuCount', sortBy: 'price', order: 'ascending' }).map((g) => g.label).sort(), ['1 GPU', '2 GPUs']);
    assert.deepEqual(arrangeMachines(list, { groupBy: 'cuda', sortBy: 'price', order: 'ascending' }).map((g) => g.label).sort(), ['CUDA 12.10', 'CUDA 12.9']);
  });

  it('every fixture machine lands in exactly one group, whatever the grouping', () => {
    for (const groupBy of ['gpu', 'region', 'gpuCount', 'cuda', 'none'] as const) {
      const groups = arrangeMachines(machines, { groupBy, sortBy: 'pricePerGpu', order: 'ascending' });
      assert.equal(groups.reduce((n, g) => n + g.machines.length, 0), machines.length);
      assert.equal(new Set(groups.map((g) => g.key)).size, groups.length, 'group keys are unique');
    }
    assert.ok(arrangeMachines(machines, byGpu).length >= 8);
  });

  it('a group knows its size, first and cheapest machine as its sorted list shows them, and groupKeyOf finds it', () => {
    for (const groupBy of ['gpu', 'region', 'gpuCount', 'cuda', 'none'] as const) {
      for (const sortBy of ['pricePerGpu', 'price', 'gpuMemory', 'gpuCount', 'onlineRate', 'upTime'] as const) {
        for (const order of ['ascending', 'descending'] as const) {
          for (const group of arrangeMachines(machines, { groupBy, sortBy, order })) {
            // Read before the list is sorted, then compared with the sorted list.
            const { size, first, cheapestPerGpu } = group;
            const sorted = group.machines;
            assert.equal(size, sorted.length);
            assert.equal(first, sorted[0], `${groupBy}/${sortBy}/${order}`);
            const perGpu = (m: MachineRecord) => Number(m.price) / m.gpu_count;
            const lowest = Math.min(...sorted.map(perGpu));
            assert.equal(cheapestPerGpu, sorted.find((m) => perGpu(m) === lowest));
            assert.ok(sorted.every((m) => groupKeyOf(m, groupBy) === group.key));
          }
        }
      }
    }
  });

  it('describes a group by its count and its cheapest price per GPU, whatever the sort', () => {
    const list = [
      machineRecord({ gpu_name: 'H100', gpu_count: 2, price: '5.00' }),
      machineRecord({ gpu_name: 'H100', gpu_count: 4, price: '7.40' }),
      machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '3.10' }),
    ];
    for (const order of ['ascending', 'descending'] as const) {
      const [group] = arrangeMachines(list, { groupBy: 'gpu', sortBy: 'price', order });
      assert.equal(arrangedGroupDescription(group), '3 machines · from 1.85/GPU');
      assert.equal(group.cheapestPerGpu, list[1]);
    }
  });

  it('breaks ties by price per GPU, then by node ID, in either direction', () => {
    const list = [
      machineRecord({ gpu_count: 2, price: '4.00', node_name: 'b' }),
      machineRecord({ gpu_count: 1, price: '4.00', node_name: 'c' }),
      machineRecord({ gpu_count: 2, price: '4.00', node_name: 'a' }),
    ];
    for (const order of ['ascending', 'descending'] as const) {
      const [group] = arrangeMachines(list, { groupBy: 'none', sortBy: 'price', order });
      assert.deepEqual(group.machines.map((x) => x.node_name), ['a', 'b', 'c'], order);
    }
  });

  it('orders groups whose best machines tie by natural label order, and CUDA groups by version', () => {
    const same = { price: '2.00', gpu_count: 1 };
    const gpus = ['A10', 'a100', 'A2'].map((gpu_name) => machineRecord({ ...same, gpu_name }));
    assert.deepEqual(arrangeMachines(gpus, { groupBy: 'gpu', sortBy: 'price', order: 'ascending' }).map((g) => g.label), ['A2', 'A10', 'a100']);
    const regions = ['eu-10', 'eu-9', 'EU-1'].map((region) => machineRecord({ ...same, region }));
    assert.deepEqual(arrangeMachines(regions, { groupBy: 'region', sortBy: 'price', order: 'ascending' }).map((g) => g.label), ['EU-1', 'eu-9', 'eu-10']);
    const cudas = ['12.10', '12.9', '11.8', ''].map((cuda_version) => machineRecord({ ...same, cuda_version }));
    assert.deepEqual(arrangeMachines(cudas, { groupBy: 'cuda', sortBy: 'price', order: 'ascending' }).map((g) => g.label), ['(no CUDA version)', 'CUDA 11.8', 'CUDA 12.9', 'CUDA 12.10']);
    assert.deepEqual(arrangeMachines([machineRecord({ region: '' })], byGpu).length, 1);
    assert.deepEqual(arrangeMachines([machineRecord({ region: '' })], { ...byGpu, groupBy: 'region' }).map((g) => g.label), ['(no region)']);
  });

  it('sorts by each key, and names the keys and groupings for menus', () => {
    const list = [
      machineRecord({ node_name: 'x', gpu_memory: 80, gpu_count: 1, online_rate: 0.9, up_time: 5, price: '3' }),
      machineRecord({ node_name: 'y', gpu_memory: 24, gpu_count: 8, online_rate: 0.99, up_time: 50, price: '8' }),
      machineRecord({ node_name: 'z', gpu_memory: 48, gpu_count: 4, online_rate: 0.5, up_time: 1, price: '2' }),
    ];
    const order = (sortBy: Arrangement['sortBy']) => arrangeMachines(list, { groupBy: 'none', sortBy, order: 'ascending' })[0].machines.map((x) => x.node_name).join('');
    assert.equal(order('gpuMemory'), 'yzx');
    assert.equal(order('gpuCount'), 'xzy');
    assert.equal(order('onlineRate'), 'zxy');
    assert.equal(order('upTime'), 'zxy');
    assert.equal(order('pricePerGpu'), 'zyx');
    assert.equal(arrangeMachines(list, { groupBy: 'none', sortBy: 'pricePerGpu', order: 'descending' })[0].machines.map((x) => x.node_name).join(''), 'xyz');
    assert.equal(order('price'), 'zxy');
    const [all] = arrangeMachines(list, { groupBy: 'none', sortBy: 'price', order: 'ascending' });
    assert.equal(all.key, 'all');
    assert.equal(all.label, 'All machines');
    assert.deepEqual(DEFAULT_ARRANGEMENT, { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' });
    assert.deepEqual(groupByLabels(), { gpu: 'GPU Model', region: 'Region', gpuCount: 'GPU Count', cuda: 'CUDA Version', none: 'None' });
    assert.deepEqual(sortLabels(), { pricePerGpu: 'Price per GPU', price: 'Price', gpuMemory: 'GPU Memory', gpuCount: 'GPU Count', onlineRate: 'Online Rate', upTime: 'Up Time' });
  });

  it('orders CUDA groups by version even where their labels are cut short alike', () => {
    const prefix = '1.0.0.0.0.0.0.0.0.0.';
    const groups = arrangeMachines([machineRecord({ cuda_version: `${prefix}10` }), machineRecord({ cuda_version: `${prefix}9` })], { groupBy: 'cuda', sortBy: 'price', order: 'ascending' });
    assert.equal(groups[0].label, groups[1].label);
    assert.deepEqual(groups.map((g) => g.key), [`cuda:${prefix}9`, `cuda:${prefix}10`]);
  });

  it('takes the first of equally cheap machines as the cheapest', () => {
    const [group] = arrangeMachines([machineRecord({ node_name: 'b', price: '2' }), machineRecord({ node_name: 'a', price: '2' })], byGpu);
    assert.equal(group.cheapestPerGpu, group.machines[0]);
    assert.equal(group.cheapestPerGpu.node_name, 'a');
  });

  it('has no group for no machines', () => {
    assert.deepEqual(arrangeMachines([], { groupBy: 'none', sortBy: 'price', order: 'ascending' }), []);
    assert.deepEqual(arrangeMachines([], byGpu), []);
  });

  it('describes a machine with what users compare', () => {
    const machine = machineRecord({ gpu_count: 4, gpu_name: 'RTX_4090', price: '7.40', gpu_memory: 24, region: 'cn-east', online_rate: 0.9973, nvlink_status: true });
    assert.equal(machineTitle(machine), '4× RTX 4090');
    assert.equal(machineSummary(machine), '7.40 (1.85/GPU) · VRAM 24 · cn-east · 99.73% online · NVLink');
  });

  it('formats every field for the details view', () => {
    const rows = machineDetails(machineRecord({ online_rate: 0.95, nvlink_status: false, labels: ['spot', { tier: 2 }], cpu_name: 'AMD_EPYC_7763' }));
    const value = (field: string) => rows.find((r) => r.field === field)?.value;
    assert.equal(rows.length, 22);
    assert.equal(value('price_per_gpu'), formatPricePerGpu(Number(base.price) / base.gpu_count));
    assert.equal(value('online_rate'), '95%');
    assert.equal(value('nvlink_status'), 'no');
    assert.equal(value('labels'), 'spot, {"tier":2}');
    assert.equal(value('cpu_name'), 'AMD EPYC 7763');
  });

  it('labels the details rows in spec order, price per GPU second', () => {
    assert.deepEqual(machineDetails(machineRecord({})).map((r) => r.label), [
      'Price', 'Price per GPU', 'Labels', 'Node ID', 'GPU model', 'GPU count', 'GPU memory', 'CPU model', 'CPU count', 'CPUs per GPU',
      'Memory per GPU', 'Memory total', 'Disk per GPU', 'Disk total', 'Region', 'Upload speed', 'Download speed', 'Up time',
      'Online rate', 'Driver version', 'CUDA version', 'NVLink',
    ]);
  });

  it('formats each kind of details value', () => {
    const rows = machineDetails(machineRecord({ price: ' 8.280 ', gpu_name: 'L40S_PCIe', nvlink_status: true, labels: [], memory_total: 1_048_576, driver_version: '530.30.02', region: 'cn-north' }));
    const value = (field: string) => rows.find((r) => r.field === field)?.value;
    assert.equal(value('price'), '8.280');
    assert.equal(value('gpu_name'), 'L40S PCIe');
    assert.equal(value('nvlink_status'), 'yes');
    assert.equal(value('labels'), 'none');
    assert.equal(value('memory_total'), '1,048,576');
    assert.equal(value('driver_version'), '530.30.02');
    assert.equal(value('region'), 'cn-north');
  });

  it('gives a quick pick the words users search for', () => {
    const machine = machineRecord({ gpu_count: 2, gpu_name: 'L40S', price: '8.28', region: 'cn-north', gpu_memory: 48, cuda_version: '12.1', online_rate: 0.9385, node_name: 'node-x' });
    assert.deepEqual(machinePickText(machine), {
      label: '2× L40S · 8.28 (4.14/GPU)',
      description: 'cn-north · VRAM 48 · CUDA 12.1 · 93.85% online',
      detail: 'node-x',
    });
    assert.equal(machineSummary({ ...machine, nvlink_status: false, gpu_memory: 1024 }), '8.28 (4.14/GPU) · VRAM 1,024 · cn-north · 93.85% online');
  });

  it('compares names naturally and ids by code unit', () => {
    assert.ok(compareText('RTX 3090', 'rtx 4090') < 0);
    assert.ok(compareText('A10', 'A100') < 0 && compareText('A2', 'A10') < 0 && compareText('A10', 'A2') > 0);
    assert.ok(compareText('a', 'A') > 0 && compareText('A', 'a') < 0, 'equal names still get a fixed order');
    assert.equal(compareText('x', 'x'), 0);
    assert.equal(compareIds('a', 'b'), -1);
    assert.equal(compareIds('b', 'a'), 1);
    assert.equal(compareIds('a', 'a'), 0);
    assert.equal(compareIds('B', 'a'), -1);
  });

  it('formats small things', () => {
    assert.equal(formatPricePerGpu(Infinity), '—');
    assert.equal(formatPricePerGpu(NaN), '—');
    assert.equal(formatPricePerGpu(2), '2.00');
    assert.equal(gpuCount(1), '1 GPU');
    assert.equal(gpuCount(2), '2 GPUs');
    assert.equal(machineCount(0), '0 machines');
    assert.equal(machineCount(1), '1 machine');
    assert.equal(templateCount(1000), '1,000 templates');
    assert.equal(formatJson(null), '—');
    assert.equal(formatJson(undefined), '—');
    assert.equal(formatJson('text'), 'text');
    assert.equal(formatJson(0), '0');
    assert.equal(formatJson(false), 'false');
    assert.equal(formatJson({ a: [1] }), '{"a":[1]}');
    assert.equal(formatLabels([]), 'none');
    assert.equal(formatLabels(['a', 2, null]), 'a, 2, —');
    assert.equal(formatPrice('  1.50 '), '1.50');
    assert.equal(yesNo(true), 'yes');
    assert.equal(yesNo(false), 'no');
    assert.equal(displayName('__'), '__', 'a name of only underscores is shown as it is');
    assert.equal(displayName('A__B_C'), 'A B C');
    assert.equal(truncate('abcdef', 6), 'abcdef');
    assert.equal(truncate('abcdefg', 6), 'abcde…');
    assert.equal(displayName('H100_SXM5_80GB'), 'H100 SXM5 80GB');
    assert.equal(formatPercent(1), '100%');
    assert.equal(formatPercent(0.99995), '100%');
    assert.equal(formatPercent(0.5), '50%');
    assert.equal(formatPricePerGpu(7.4 / 4), '1.85');
    assert.equal(formatPricePerGpu(3.33 / 2), '1.665');
    assert.equal(formatPricePerGpu(1.8), '1.80');
  });
});

describe('templates model', () => {

  it('orders a group default first, then by name naturally, then by id; labels fields for tooltips', () => {
    const [group] = groupByImageType([templateRecord({ id: 9, image_type: 0, name: 'b' }), templateRecord({ id: 8, image_type: 0, name: 'B' }), templateRecord({ id: 7, image_type: 0, name: 'a10' }), templateRecord({ id: 6, image_type: 0, name: 'a9' }), DEMO_TEMPLATES[0], templateRecord({ id: 5, image_type: 0, name: 'b' })]);
    assert.deepEqual(group.templates.map((x) => x.id), [0, 6, 7, 8, 5, 9]);
    assert.equal(group.imageType, 0);
    assert.ok(isDefaultTemplate(DEMO_TEMPLATES[0]));
    assert.ok(!isDefaultTemplate(templateRecord({ id: 0, image_type: 1 })) && !isDefaultTemplate(templateRecord({ id: 1, image_type: 0 })));
    const rows = templatePublicRows(templateRecord({ id: 42, public_port: null, options: { a: 1 }, name: 'n' }));
    assert.deepEqual(rows.map((r) => r.field), ['name', 'description', 'image_name', 'image_tag', 'image_label', 'docker_username', 'docker_registry', 'public_port', 'onstart', 'options', 'image_type', 'id']);
    const value = (field: string) => rows.find((r) => r.field === field)?.value;
    assert.equal(value('id'), '42');
    assert.equal(value('public_port'), '—');
    assert.equal(value('options'), '{"a":1}');
    assert.equal(value('name'), 'n');
  });

  it('groups by image type in ascending order, the platform default first', () => {
    const groups = groupByImageType([templateRecord({ id: 3, image_type: 2, name: 'b' }), templateRecord({ id: 1, image_type: 0, name: 'a' }), DEMO_TEMPLATES[0], templateRecord({ id: 2, image_type: 2, name: 'a' })]);
    assert.deepEqual(groups.map((g) => g.label), ['Type 0', 'Type 2']);
    assert.equal(groups[0].templates[0].id, 0);
    assert.deepEqual(groups[1].templates.map((x) => x.id), [2, 3]);
  });

  it('filters by every word in name, image and label, ignoring case and _ versus space', () => {
    const torch = templateRecord({ name: 'PyTorch_2 Lab', image_name: 'pytorch/pytorch', image_tag: '2.4.0', image_label: 'ML', description: 'secret sauce' });
    const tf = templateRecord({ name: 'TensorFlow', image_name: 'tensorflow/tensorflow', image_tag: '', image_label: 'ml' });
    const list = [torch, tf];
    assert.deepEqual(filterTemplates(list, 'pytorch 2'), [torch]);
    assert.deepEqual(filterTemplates(list, '  ML  '), [torch, tf]);
    assert.deepEqual(filterTemplates(list, 'pytorch:2.4.0'), [torch]);
    assert.deepEqual(filterTemplates(list, 'PYTORCH_2 lab'), [torch]);
    assert.deepEqual(filterTemplates(list, 'pytorch tensorflow'), []);
    assert.deepEqual(filterTemplates(list, 'sauce'), [], 'the description is not searched');
    assert.deepEqual(filterTemplates(list, 'pt'), [], 'a word matches as a whole, not letter by letter');
    const all = filterTemplates(list, ' _ ');
    assert.deepEqual(all, list);
    assert.notEqual(all, list, 'a new array, so the caller may sort it');
    assert.equal(templateImage(tf), 'tensorflow/tensorflow');
    assert.equal(templateImage(torch), 'pytorch/pytorch:2.4.0');
  });

  it('never exposes docker_passwd in tooltip rows or copied JSON', () => {
    const custom = templateRecord({ docker_passwd: 'hunter2', docker_username: 'me' });
    const rows = templatePublicRows(custom);
    assert.ok(!rows.some((r) => r.field === 'docker_passwd'));
    assert.ok(!JSON.stringify(rows).includes('hunter2'));
    assert.equal(maskedTemplate(custom).docker_passwd, MASK);
    assert.equal(MASK, '••••');
    assert.equal(maskedTemplate(templateRecord({ docker_passwd: null })).docker_passwd, null);
    assert.ok(isSecretField('api_token') && isSecretField('docker_passwd') && !isSecretField('docker_username'));
    for (const name of ['Password', 'client_secret', 'apiKey', 'api-key', 'api_key', 'private_key', 'credentials', 'TOKEN']) {
      assert.ok(isSecretField(name), name);
    }
    for (const name of ['image_name', 'public_port', 'options', 'api', 'key']) {
      assert.ok(!isSecretField(name), name);
    }
    assert.deepEqual(maskedTemplate(custom), { ...custom, docker_passwd: MASK });
  });
});

describe('escaping', () => {
  it('escapes HTML', () => {
    assert.equal(escapeHtml(`<img src=x onerror="a('b')">&`), '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
  });

  it('escapes Markdown so data can neither link nor break a table', () => {
    const cell = escapeMarkdownCell('[click](command:evil) | *b*\n<b>x</b>');
    assert.ok(!/(^|[^\\])[[\]()|*<>]/.test(cell), cell);
    assert.ok(!cell.includes('\n'));
  });

  // Exact outputs: a check that bad text is absent also passes for an escaper that deletes everything.
  it('keeps every visible character, escaped', () => {
    assert.equal(
      escapeMarkdownCell('[click me](javascript:alert(1)) <a href="javascript:alert(1)">x</a>'),
      '\\[click me\\]\\(javascript\\:alert\\(1\\)\\) \\<a href="javascript\\:alert\\(1\\)"\\>x\\</a\\>',
    );
    assert.equal(escapeMarkdownCell('# Title\n**bold** | `code` ~x~ {a} +-!&_'), '\\# Title \\*\\*bold\\*\\* \\| \\`code\\` \\~x\\~ \\{a\\} \\+\\-\\!\\&\\_');
    assert.equal(escapeMarkdownCell('a\\b  \n  c'), 'a\\\\b c');
    assert.equal(escapeMarkdownCell('plain text 42'), 'plain text 42');
  });

  it('makes one readable line of hostile text', () => {
    assert.equal(oneLine('a\u0000b\u0007c\u001bd\r\ne\u007ff'), 'abcd ef');
    assert.equal(oneLine('safe\u202Egnp.exe\u202C \u2066x\u2069'), 'safe' + 'gnp.exe x');
    assert.equal(oneLine('  one\n\n two \u2028three  '), 'one two three');
    assert.equal(oneLine('abc', 3), 'abc');
    assert.equal(oneLine('abcd', 3), 'ab…');
    assert.equal(oneLine('x'.repeat(300)), `${'x'.repeat(199)}…`);
    assert.equal(stripControls('\u0009tab\u000anl\u009f\u00a0'), 'tab\nnl\u00a0');
  });

  it('keeps codicon syntax as text in quick picks', () => {
    assert.equal(noIcons('[run](command:x) $(alert) $(sync~spin) $x'), '[run](command:x) $\u200b(alert) $\u200b(sync~spin) $x');
  });
});

describe('details page', () => {
  const hostile = machineRecord({ gpu_name: '<script>alert(1)</script>', cpu_name: '"><img src=x onerror=alert(1)>', node_name: 'node-1</code>' });
  const html = renderDetailsHtml({ machine: hostile, nonce: 'abc123', cspSource: 'https://webview.test', styleUri: 'https://webview.test/details.css', scriptUri: 'https://webview.test/details.js' });

  it('renders data as text, never as markup', () => {
    assert.ok(!html.includes('<script>alert'));
    assert.ok(!html.includes('<img'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(!html.includes('node-1</code>'));
  });

  it('has a strict CSP with the nonce, and only the nonce-bearing script', () => {
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src https:\/\/webview.test; script-src &#39;nonce-abc123&#39;/);
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, ['<script nonce="abc123" src="https://webview.test/details.js">']);
  });

  it('is a real table with headers', () => {
    assert.match(html, /<th scope="col">Field<\/th>/);
    assert.equal((html.match(/<th scope="row">/g) ?? []).length, 22);
  });

  it('accepts only known messages from the page', () => {
    assert.deepEqual(parseWebviewRequest({ type: 'copyNodeId', nodeId: 'evil' }), { type: 'copyNodeId' });
    assert.equal(parseWebviewRequest({ type: 'runCommand' }), undefined);
    assert.equal(parseWebviewRequest('copyNodeId'), undefined);
    assert.equal(parseWebviewRequest(null), undefined);
  });
});

describe('token handling', () => {
  it('trims pasted tokens and drops a leading Bearer', () => {
    assert.equal(normalizeToken('  Bearer abc.def  \n'), 'abc.def');
    assert.equal(normalizeToken('bearer   xyz'), 'xyz');
  });

  it('rejects empty and multi-word input', () => {
    assert.match(tokenProblem('   ') ?? '', /cannot be empty/);
    assert.match(tokenProblem('Bearer ') ?? '', /cannot be empty/);
    assert.match(tokenProblem('a b') ?? '', /spaces/);
    assert.equal(tokenProblem('abc'), undefined);
  });

  it('keeps a token that only starts like Bearer, and refuses control characters', () => {
    assert.equal(normalizeToken('Bearer'), '');
    assert.equal(normalizeToken('bearertoken'), 'bearertoken');
    assert.equal(normalizeToken('x Bearer y'), 'x Bearer y');
    assert.equal(tokenProblem('Bearer\tabc def'), 'An API token cannot contain spaces or line breaks.');
    assert.equal(tokenProblem('abc\u0007def'), 'An API token cannot contain control characters.');
    assert.equal(tokenProblem('abc\u007fdef'), 'An API token cannot contain control characters.');
    assert.equal(tokenProblem(''), 'Enter the API token (it cannot be empty).');
    assert.equal(tokenProblem('An API token cannot contain spaces or line breaks.'.replace(/ /g, '')), undefined);
  });

  it('redacts the token wherever it appears', () => {
    assert.equal(redactToken('x secret-123 y secret-123', 'secret-123'), 'x [token] y [token]');
    assert.equal(redactToken('abcd abc', 'abcd'), '[token] abc');
    assert.equal(redactToken('abc abc', 'abc'), 'abc abc', 'a token this short would redact ordinary words');
    assert.equal(redactToken('abc', undefined), 'abc');
    assert.equal(redactToken('abc', ''), 'abc');
  });
});

describe('base URL', () => {
  it('explains what is wrong in one sentence', () => {
    assert.match(checkBaseUrl('').ok ? '' : (checkBaseUrl('') as { problem: string }).problem, /No service URL/);
    const bad = checkBaseUrl('ftp://host');
    assert.ok(!bad.ok && /http:\/\/ or https:\/\//.test(bad.problem));
    const garbage = checkBaseUrl('not a url');
    assert.ok(!garbage.ok && /not a valid URL/.test(garbage.problem));
  });

  it('builds endpoint URLs under a path prefix, without credentials', () => {
    const check = checkBaseUrl('https://user:pw@host.example/api/');
    assert.ok(check.ok);
    assert.equal(check.display, 'https://host.example/api');
    assert.equal(endpointUrl(check.url, 'images', { limit: 50, marker: undefined }), 'https://host.example/api/v1/rentgpu/images?limit=50');
  });

  it('trims the setting, refuses a query string, and drops trailing slashes, hash and credentials', () => {
    for (const empty of [undefined, null, '', '   ']) {
      assert.deepEqual(checkBaseUrl(empty), { ok: false, problem: 'No service URL is set (setting gpuRental.baseUrl).' });
    }
    assert.deepEqual(checkBaseUrl('https://h.example/?a=1'), { ok: false, problem: 'The service URL must not contain a query string (setting gpuRental.baseUrl).' });
    assert.deepEqual(checkBaseUrl('ftp://h.example'), { ok: false, problem: 'The service URL must start with http:// or https://, not ftp:// (setting gpuRental.baseUrl).' });
    const long = checkBaseUrl(`not a url ${'x'.repeat(200)}`);
    assert.ok(!long.ok && long.problem === `The service URL "not a url ${'x'.repeat(69)}…" is not a valid URL (setting gpuRental.baseUrl).`);
    const check = checkBaseUrl('  https://h.example/api///#frag  ');
    assert.ok(check.ok);
    assert.equal(check.url.href, 'https://h.example/api');
    assert.equal(check.display, 'https://h.example/api');
    const root = checkBaseUrl('http://h.example/');
    assert.ok(root.ok && root.display === 'http://h.example');
    assert.equal(endpointUrl(root.url, 'machines'), 'http://h.example/v1/rentgpu/machines');
    // endpointUrl takes any URL, not only a checked one.
    assert.equal(endpointUrl(new URL('https://h.example/api//'), 'machines', { limit: 1, marker: 7 }), 'https://h.example/api/v1/rentgpu/machines?limit=1&marker=7');
  });

  it('knows loopback hosts', () => {
    assert.ok(isLoopbackHost('127.0.0.1') && isLoopbackHost('localhost') && isLoopbackHost('[::1]'));
    assert.ok(!isLoopbackHost('10.0.0.1') && !isLoopbackHost('example.com'));
    assert.ok(isLoopbackHost('LOCALHOST') && isLoopbackHost('app.localhost') && isLoopbackHost('127.255.0.9'));
    // Names that only start or end like loopback belong to whoever owns the domain.
    for (const host of ['127.0.0.1.evil.com', 'localhost.evil.com', '127.0.0.1.', 'x127.0.0.1', 'evillocalhost', '127.0.0', '1127.0.0.1', '[::1].evil', '::10']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });
});

describe('view status message', () => {
  const at = new Date(2026, 0, 1, 10, 42, 3);
  it('marks stale data after a failed refresh', () => {
    assert.equal(
      statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: 'The service answered 500.', skipped: 0, incomplete: undefined }),
      'Stale: showing data from 10:42:03. Refresh failed: The service answered 500.',
    );
  });
  it('counts skipped items and says where to look', () => {
    assert.equal(statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: undefined, skipped: 3, incomplete: undefined }), '3 items skipped, see log.');
  });
  it('says what failed when there is nothing to show, and that the list is empty', () => {
    const none = { noun: 'template' as const, count: undefined, fetchedAt: undefined, errorMessage: undefined, skipped: 0, incomplete: undefined };
    assert.equal(statusMessage({ ...none, errorMessage: 'The service answered 500.' }), 'Could not load the templates. The service answered 500.');
    assert.equal(statusMessage({ ...none, count: 3, errorMessage: 'Timeout.' }), 'Could not load the templates. Timeout.', 'no time, so not stale data');
    assert.equal(statusMessage({ ...none, count: 0, fetchedAt: at }), 'No templates are available right now.');
    assert.equal(statusMessage({ ...none, count: 2, fetchedAt: at, skipped: 1 }), '1 item skipped, see log.');
    assert.equal(statusMessage({ ...none, count: 2, fetchedAt: at, incomplete: 'stopped after 1000 pages' }), 'The list may be incomplete: stopped after 1000 pages.');
    assert.equal(
      statusMessage({ ...none, count: 0, fetchedAt: at, skipped: 2, incomplete: 'x', progress: 'Rate limited, retrying in 5 s…' }),
      'Rate limited, retrying in 5 s… No templates are available right now. 2 items skipped, see log. The list may be incomplete: x.',
    );
    assert.equal(statusMessage({ ...none, progress: '' }), undefined);
    assert.equal(statusMessage({ ...none, fetchedAt: at, errorMessage: 'Timeout.' }), 'Could not load the templates. Timeout.', 'a time but no data is not stale data');
  });

  it('says nothing when all is well', () => {
    assert.equal(statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: undefined, skipped: 0, incomplete: undefined }), undefined);
  });
});
