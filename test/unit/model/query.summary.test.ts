// What the filter box offers to pick from (src/model/query/summary.ts): each
// summarised field's distinct values with how many machines have them, in the
// order the suggestions show them, without values nobody could type (empty
// text, numbers that are not finite) and with each label counted once per
// machine.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../src/api/types';
import type { FieldName } from '../../../src/model/query/fields';
import { MAX_VALUES, marketSummary, type ValueCount } from '../../../src/model/query/summary';
import { machineRecord } from '../../support/records';

const pairs = (machines: readonly Machine[], field: FieldName): [ValueCount['value'], number][] =>
  (marketSummary(machines).values.get(field) ?? []).map((v) => [v.value, v.count]);

describe('model/query/summary: what the filter box offers to pick from', () => {
  it('counts each text field, most common first and then alphabetically, leaving out empty text', () => {
    const machines = [
      machineRecord({ cpu_name: 'EPYC 9654', region: 'us-west', driver_version: '550.54' }),
      machineRecord({ cpu_name: 'Xeon 8480', region: '', driver_version: '535.104' }),
      machineRecord({ cpu_name: 'EPYC 9654', region: 'eu-north', driver_version: '550.54' }),
      machineRecord({ cpu_name: '', region: 'us-west', driver_version: '' }),
    ];
    assert.deepEqual(pairs(machines, 'cpu_name'), [
      ['EPYC 9654', 2],
      ['Xeon 8480', 1],
    ]);
    assert.deepEqual(pairs(machines, 'region'), [
      ['us-west', 2],
      ['eu-north', 1],
    ]);
    assert.deepEqual(
      pairs(machines, 'driver_version'),
      [
        ['535.104', 1],
        ['550.54', 2],
      ],
      'versions in ascending order, part by part',
    );
  });

  it('orders versions part by part, not as text, and equal versions by how they are written', () => {
    const machines = ['12.10', '12.2', '9.0', '12.2.0'].map((cuda_version) => machineRecord({ cuda_version }));
    assert.deepEqual(
      pairs(machines, 'cuda_version').map(([v]) => v),
      ['9.0', '12.2', '12.2.0', '12.10'],
    );
  });

  it('offers numbers in ascending order, total GPU memory as memory times count, and no number that is not finite', () => {
    const machines = [
      machineRecord({ gpu_count: 8, gpu_memory: 80, cpu_count: 128 }),
      machineRecord({ gpu_count: 2, gpu_memory: 24, cpu_count: 32 }),
      machineRecord({ gpu_count: 8, gpu_memory: 80, cpu_count: 64 }),
      machineRecord({ gpu_count: 4, gpu_memory: 1e308, cpu_count: 64 }),
    ];
    assert.deepEqual(pairs(machines, 'gpu_count'), [
      [2, 1],
      [4, 1],
      [8, 2],
    ]);
    assert.deepEqual(pairs(machines, 'cpu_count'), [
      [32, 1],
      [64, 2],
      [128, 1],
    ]);
    assert.deepEqual(
      pairs(machines, 'vram_total'),
      [
        [48, 1],
        [640, 2],
      ],
      '4 × 1e308 GB is no total anyone can type',
    );
    assert.deepEqual(pairs(machines, 'gpu_memory'), [
      [24, 1],
      [80, 2],
      [1e308, 1],
    ]);
  });

  it('offers NVLink as yes or no with its counts', () => {
    const machines = [machineRecord({ nvlink_status: true }), machineRecord({ nvlink_status: false }), machineRecord({ nvlink_status: true })];
    assert.deepEqual(pairs(machines, 'nvlink_status'), [
      [true, 2],
      [false, 1],
    ]);
  });

  it('counts a label once per machine, labels that are not text as JSON, and never an empty label', () => {
    const machines = [
      machineRecord({ labels: ['spot', 'spot', 'verified'] }),
      machineRecord({ labels: ['verified', '', 7, { tier: 'gold' }] }),
      machineRecord({ labels: [] }),
      machineRecord({ labels: ['verified'] }),
    ];
    assert.deepEqual(pairs(machines, 'labels'), [
      ['verified', 3],
      ['{"tier":"gold"}', 1],
      ['7', 1],
      ['spot', 1],
    ]);
    assert.deepEqual(pairs([machineRecord({ labels: [] })], 'labels'), []);
  });

  it('keeps the most common values of a field with more than it can offer, in the field’s own order', () => {
    const machines: Machine[] = [];
    // MAX_VALUES + 1 distinct CPU counts, once each, and the largest one twice more:
    // the one left out is one seen once; the most common stays although it sorts last.
    for (let i = 1; i <= MAX_VALUES + 1; i++) machines.push(machineRecord({ cpu_count: i }));
    machines.push(machineRecord({ cpu_count: MAX_VALUES + 1 }), machineRecord({ cpu_count: MAX_VALUES + 1 }));
    const counts = marketSummary(machines).values.get('cpu_count')!;
    assert.equal(counts.length, MAX_VALUES);
    assert.deepEqual(counts.at(-1), { value: MAX_VALUES + 1, count: 3 });
    const values = counts.map((c) => c.value as number);
    assert.deepEqual(
      values,
      [...values].sort((a, b) => a - b),
      'still in ascending order',
    );
    const exactly = marketSummary(machines.slice(0, MAX_VALUES)).values.get('cpu_count')!;
    assert.equal(exactly.length, MAX_VALUES, 'a field with exactly as many values as it can offer keeps them all');
    assert.deepEqual(exactly[0], { value: 1, count: 1 });
  });

  it('says how many machines the snapshot has, and summarises an empty one as nothing to pick', () => {
    const empty = marketSummary([]);
    assert.equal(empty.total, 0);
    for (const field of ['gpu_name', 'region', 'cpu_name', 'cuda_version', 'driver_version', 'gpu_count', 'gpu_memory', 'vram_total', 'cpu_count', 'nvlink_status', 'labels'] as FieldName[]) {
      assert.deepEqual(empty.values.get(field), [], field);
    }
    assert.equal(marketSummary([machineRecord(), machineRecord()]).total, 2);
  });
});
