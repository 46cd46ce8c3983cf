// vram_total: the GPU memory of a whole machine (gpu_memory × gpu_count), as a
// filter field and in the details and compare panels.
import * as assert from 'node:assert/strict';
import { compareFields, compareMachines } from '../../../src/model/compare';
import { machineDetails, vramTotal } from '../../../src/model/machines';
import { printQuery } from '../../../src/model/query';
import { compare, names, parsed } from '../../support/query';
import { machineRecord } from '../../support/records';

const machines = [
  machineRecord({ node_name: '8x80', gpu_memory: 80, gpu_count: 8 }),
  machineRecord({ node_name: '4x80', gpu_memory: 80, gpu_count: 4 }),
  machineRecord({ node_name: '2x141', gpu_memory: 141, gpu_count: 2 }),
  machineRecord({ node_name: '1x24', gpu_memory: 24, gpu_count: 1 }),
];

describe('vram_total', () => {
  it('filters on gpu_memory × gpu_count with every number operator', () => {
    assert.deepEqual(parsed('vram_total>=320'), { clauses: [compare('vram_total', '>=', 320)] });
    assert.deepEqual(names(machines, 'vram_total>=282'), ['8x80', '4x80', '2x141']);
    assert.deepEqual(names(machines, 'vram_total>282'), ['8x80', '4x80']);
    assert.deepEqual(names(machines, 'vram_total=640'), ['8x80']);
    assert.deepEqual(names(machines, 'vram_total in [24, 282]'), ['2x141', '1x24']);
    assert.deepEqual(names(machines, 'vram_total<100 vram>=24'), ['1x24']);
    assert.equal(printQuery(parsed('VRAM_TOTAL >= 160')), 'vram_total>=160');
  });

  it('is a row of the details, after GPU memory, and of the compare panel, larger is better', () => {
    const rows = machineDetails(machines[0]);
    const at = rows.findIndex((r) => r.field === 'vram_total');
    assert.equal(rows[at - 1].field, 'gpu_memory');
    assert.equal(rows[at].value, '640');
    assert.equal(vramTotal(machines[2]), 282);
    const field = compareFields().find((f) => f.key === 'vram_total');
    assert.ok(field);
    const row = compareMachines(machines.map((machine) => ({ machine, baseline: machine, missing: false })), [field]);
    assert.deepEqual(
      row[0].cells.map((c) => [c.text, c.best]),
      [['640', true], ['320', false], ['282', false], ['24', false]],
    );
  });
});
