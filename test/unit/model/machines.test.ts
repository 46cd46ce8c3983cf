// Machines: grouping, sorting and formatting, the pure functions behind the Machines view.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../src/api/types';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { displayName, formatJson, formatLabels, formatPercent, formatPrice, formatPricePerGpu, gpuCount, machineCount, templateCount, truncate, yesNo } from '../../../src/model/format';
import { arrangeMachines, arrangedGroupDescription, DEFAULT_ARRANGEMENT, groupByLabels, groupKeyOf, sortLabels, type Arrangement } from '../../../src/model/arrange';
import { compareIds, compareText, findByNodeId, machineDetails, machinePickText, machineSummary, machineTitle } from '../../../src/model/machines';
import { machineRecord } from '../../support/records';

const machines = DEMO_MACHINES.map((machine) => machineRecord(machine));
const base = DEMO_MACHINES[0];

describe('machines model', () => {
  it('finds a machine by its node ID, or by the start of one from six characters on, unless several start so', () => {
    const ids = ['9d32cc50-aff9-416a', '9d32cc50-bb01-4c3e', '76644094-9396-4c5b', 'node-7'];
    const machines = ids.map((node_name) => ({ node_name }));
    assert.equal(findByNodeId(machines, '76644094-9396-4c5b').machine?.node_name, '76644094-9396-4c5b');
    assert.equal(findByNodeId(machines, '766440').machine?.node_name, '76644094-9396-4c5b', 'six characters');
    assert.deepEqual(findByNodeId(machines, '76644'), { machine: undefined }, 'five are too few');
    assert.deepEqual(findByNodeId(machines, '9d32cc50'), { ambiguous: 2 });
    assert.equal(findByNodeId(machines, '9d32cc50-b').machine?.node_name, '9d32cc50-bb01-4c3e');
    assert.equal(findByNodeId(machines, 'node-7').machine?.node_name, 'node-7', 'an exact ID however short');
    assert.deepEqual(findByNodeId(machines, 'ffffffff'), { machine: undefined });
    // An exact ID wins over the longer ones it starts.
    assert.equal(findByNodeId([{ node_name: 'abcdef-1' }, { node_name: 'abcdef' }], 'abcdef').machine?.node_name, 'abcdef');
  });

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
            const perGpu = (m: Machine) => Number(m.price) / m.gpu_count;
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
    assert.deepEqual(sortLabels(), { pricePerGpu: 'Price per GPU', price: 'Price', gpuMemory: 'GPU Memory', gpuCount: 'GPU Count', onlineRate: 'Online Rate', upTime: 'Up Time', jobCost: 'Job Cost' });
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
    assert.equal(rows.length, 23);
    assert.equal(value('price_per_gpu'), formatPricePerGpu(Number(base.price) / base.gpu_count));
    assert.equal(value('vram_total'), (base.gpu_memory * base.gpu_count).toLocaleString('en-US'));
    assert.equal(value('online_rate'), '95%');
    assert.equal(value('nvlink_status'), 'no');
    assert.equal(value('labels'), 'spot, {"tier":2}');
    assert.equal(value('cpu_name'), 'AMD EPYC 7763');
  });

  it('labels the details rows in spec order, price per GPU second, GPU memory total after GPU memory', () => {
    assert.deepEqual(machineDetails(machineRecord({})).map((r) => r.label), [
      'Price', 'Price per GPU', 'Labels', 'Node ID', 'GPU model', 'GPU count', 'GPU memory', 'GPU memory total', 'CPU model', 'CPU count', 'CPUs per GPU',
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
