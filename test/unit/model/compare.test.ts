// Comparing machines: which cell of a row is best, with ties, equal rows,
// machines that are gone, versions; and what changed since the comparison opened.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../src/api/types';
import { bestColumns, compareFields, compareMachines, compareTitle, type CompareInput } from '../../../src/model/compare';
import { compareContent, freshColumns, noLongerListed } from '../../../src/webview/compare/content';
import { machineRecord } from '../../support/records';

const field = (key: string) => compareFields().find((f) => f.key === key)!;
const inputs = (machines: Machine[]): CompareInput[] => machines.map((machine) => ({ machine, baseline: machine, missing: false }));
const best = (key: string, machines: Machine[]) => [...bestColumns(field(key), inputs(machines))].sort();

describe('compare: best values', () => {
  it('marks the lowest price and price per GPU, which can be different machines', () => {
    const machines = [machineRecord({ price: '4.00', gpu_count: 4 }), machineRecord({ price: '3.00', gpu_count: 1 }), machineRecord({ price: '6.00', gpu_count: 8 })];
    assert.deepEqual(best('price', machines), [1]);
    assert.deepEqual(best('price_per_gpu', machines), [2]);
  });

  it('marks the highest online rate, GPU memory, CPUs, memory, disk and network speeds', () => {
    const low = machineRecord({ online_rate: 0.9, gpu_memory: 24, cpu_count: 16, cpu_per_gpu: 4, memory_total: 64, memory_per_gpu: 16, disk_total: 500, disk_per_gpu: 125, network_upload_speed: 100, network_download_speed: 200 });
    const high = machineRecord({ online_rate: 0.99, gpu_memory: 80, cpu_count: 64, cpu_per_gpu: 16, memory_total: 512, memory_per_gpu: 128, disk_total: 4000, disk_per_gpu: 1000, network_upload_speed: 1000, network_download_speed: 2000 });
    for (const key of ['online_rate', 'gpu_memory', 'cpu_count', 'cpu_per_gpu', 'memory_total', 'memory_per_gpu', 'disk_total', 'disk_per_gpu', 'network_upload_speed', 'network_download_speed']) {
      assert.deepEqual(best(key, [low, high]), [1], key);
    }
  });

  it('marks the newest CUDA and driver by version order, not text order (12.10 > 12.9)', () => {
    const machines = [machineRecord({ cuda_version: '12.9', driver_version: '550.54.15' }), machineRecord({ cuda_version: '12.10', driver_version: '550.54' }), machineRecord({ cuda_version: '11.8', driver_version: '535.104.05' })];
    assert.deepEqual(best('cuda_version', machines), [1]);
    assert.deepEqual(best('driver_version', machines), [0]);
    assert.deepEqual(best('cuda_version', [machineRecord({ cuda_version: '12.1' }), machineRecord({ cuda_version: '12.1.0' }), machineRecord({ cuda_version: '12.0' })]), [0, 1], '12.1 and 12.1.0 tie');
    assert.deepEqual(best('cuda_version', [machineRecord({ cuda_version: '' }), machineRecord({ cuda_version: '11.0' }), machineRecord({ cuda_version: '10.2' })]), [1], 'an empty version takes no part');
  });

  it('marks every tied machine best', () => {
    const machines = [machineRecord({ price: '2.50' }), machineRecord({ price: '3.00' }), machineRecord({ price: '2.5' })];
    assert.deepEqual(best('price', machines), [0, 2], '"2.50" and "2.5" are the same price');
  });

  it('marks nothing when all are equal, and the row is "same"', () => {
    const machines = [machineRecord({ gpu_memory: 24 }), machineRecord({ gpu_memory: 24 })];
    assert.deepEqual(best('gpu_memory', machines), []);
    const row = compareMachines(inputs(machines)).find((r) => r.key === 'gpu_memory')!;
    assert.equal(row.same, true);
    assert.ok(row.cells.every((c) => !c.best));
  });

  it('never marks rows without a better end (GPU model, region, NVLink, up time, labels)', () => {
    const machines = [machineRecord({ region: 'a', nvlink_status: true, up_time: 5 }), machineRecord({ region: 'b', nvlink_status: false, up_time: 9 })];
    for (const row of compareMachines(inputs(machines)).filter((r) => !r.comparable)) {
      assert.ok(row.cells.every((c) => !c.best), row.key);
    }
    assert.deepEqual(compareFields().filter((f) => !f.better).map((f) => f.key).sort(), ['cpu_name', 'gpu_count', 'gpu_name', 'labels', 'nvlink_status', 'region', 'up_time']);
  });

  it('a machine no longer listed keeps its values but is never best; one listed machine alone is not best either', () => {
    const gone = machineRecord({ price: '1.00' });
    const listed = [machineRecord({ price: '2.00' }), machineRecord({ price: '3.00' })];
    const columns: CompareInput[] = [{ machine: gone, baseline: gone, missing: true }, ...inputs(listed)];
    assert.deepEqual([...bestColumns(field('price'), columns)], [1]);
    assert.deepEqual([...bestColumns(field('price'), columns.slice(0, 2))], [], 'only one listed machine left');
    const row = compareMachines(columns).find((r) => r.key === 'price')!;
    assert.equal(row.cells[0].text, '1.00');
  });

  it('a price that is not a number (the validator refuses them, but plain machines may hold one) takes no part', () => {
    const machines = [{ ...machineRecord(), price: 'call us' }, machineRecord({ price: '2.00' }), machineRecord({ price: '3.00' })];
    assert.deepEqual(best('price', machines), [1]);
  });
});

describe('compare: changes since the comparison opened', () => {
  it('a changed value carries the old text; an unchanged one none; derived fields follow', () => {
    const before = machineRecord({ price: '2.00', gpu_count: 2 });
    const after = { ...before, price: '3.00' };
    const rows = compareMachines([{ machine: after, baseline: before, missing: false }, ...inputs([machineRecord()])]);
    const price = rows.find((r) => r.key === 'price')!;
    assert.equal(price.cells[0].was, '2.00');
    assert.equal(price.cells[0].text, '3.00');
    assert.equal(rows.find((r) => r.key === 'price_per_gpu')!.cells[0].was, '1.00');
    assert.equal(rows.find((r) => r.key === 'gpu_memory')!.cells[0].was, undefined);
  });

  it('the page content says "No longer listed" and "Changed … it was …" in words', () => {
    const a = machineRecord({ price: '2.00' });
    const b = machineRecord({ price: '5.00' });
    const content = compareContent({ columns: [{ nodeId: a.node_name, machine: { ...a, price: '2.50' }, baseline: a, missing: false }, { nodeId: b.node_name, machine: b, baseline: b, missing: true }] });
    assert.equal(content.title, 'Compare 2 machines');
    assert.deepEqual(content.columns.map((c) => c.status), ['', noLongerListed()]);
    const price = content.rows.find((r) => r.key === 'price')!;
    assert.match(price.cells[0].changed, /^Changed since the comparison opened; it was 2\.00$/);
    assert.equal(price.cells[1].changed, '');
    assert.ok(content.notice.includes('No longer listed'));
  });

  it('titles follow the count', () => {
    assert.equal(compareTitle(1), 'Compare 1 machine');
    assert.equal(compareTitle(3), 'Compare 3 machines');
    assert.equal(compareContent({ columns: freshColumns([machineRecord(), machineRecord(), machineRecord()]) }).title, 'Compare 3 machines');
  });
});
