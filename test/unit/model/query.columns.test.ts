// A filter asked of the history's specs column by column (src/model/query/columns.ts)
// answers what compileQuery answers, machine for machine: every kind of clause,
// columns filled as machines come and columns made when a filter first names a field.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Machine } from '../../../src/api/types';
import { compileQuery, parseQuery, type Query } from '../../../src/model/query';
import { MachineColumns, matchingPlaces } from '../../../src/model/query/columns';
import { generateMachines } from '../../../dev/demo/fixtures';
import { machineRecord } from '../../support/records';

/** Clauses of every kind and operator: numbers, names, regions, versions, NVLink, labels and free words. */
const CLAUSES = [
  'gpus>=2', 'gpus=8', 'gpus!=1', 'gpus<4', 'gpus<=2', 'gpus>1', 'gpus in [1, 8]', 'gpus notin [2, 4]',
  'online>=0.95', 'online<0.99', 'vram>=48', 'vram_total>=160', 'cpus>16', 'up>100', 'down<=1000', 'ram>256',
  'price<5', 'price_per_gpu<=2', 'disk notin [1000]',
  'gpu=h100', 'gpu="H100_SXM5_80GB"', 'gpu in [a100, rtx]', 'gpu!=l4', 'region notin [eu-central]', 'region=us',
  'cpu_name=amd', 'cuda>=12.1', 'cuda in [12.4, 11.8]', 'cuda<12', 'driver<550', 'driver!=535.104.05', 'nvlink=true', 'nvlink!=true',
  'labels=spot', 'labels notin [spot]', 'h100', 'us', 'node-1',
];

/** Demo machines of many kinds, some with labels, and odd ones: no CUDA version, an online rate of 0. */
function machines(): Machine[] {
  const list = generateMachines(500, 3).map((m, i) => (i % 7 === 0 ? { ...m, labels: ['spot'] } : m));
  list.push(machineRecord({ cuda_version: '', online_rate: 0 }), machineRecord({ driver_version: 'beta', gpu_name: 'H100 PCIe' }));
  return list;
}

const queryOf = (parts: readonly string[]): Query => {
  const parsed = parseQuery(parts.join(' '));
  assert.ok(parsed.ok, parts.join(' '));
  return parsed.query;
};

const expected = (query: Query, list: readonly Machine[], from: number, to: number) => {
  const test = compileQuery(query);
  const out: number[] = [];
  for (let i = from; i < to; i++) if (test(list[i])) out.push(i);
  return out;
};

describe('a filter asked column by column', () => {
  const all = machines();

  it("answers compileQuery's machines for every kind of clause, as machines are added and fields first named", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CLAUSES), { maxLength: 4 }),
        fc.subarray(['gpu_name', 'gpu_count', 'online_rate', 'region', 'cuda_version'] as const),
        fc.integer({ min: 0, max: all.length }),
        fc.nat(all.length),
        (parts, kept, split, start) => {
          const query = queryOf(parts);
          // The specs come in two reads: columns made for the first, filled as the second comes.
          const list = all.slice(0, split);
          const columns = new MachineColumns(list, kept);
          assert.deepEqual([...matchingPlaces(query, list, columns, 0, list.length)], expected(query, list, 0, list.length), parts.join(' '));
          list.push(...all.slice(split));
          columns.extend();
          const from = Math.min(start, list.length);
          assert.deepEqual([...matchingPlaces(query, list, columns, from, list.length)], expected(query, list, from, list.length), `${parts.join(' ')} from ${from}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('each clause alone, over every machine', () => {
    for (const clause of CLAUSES) {
      const query = queryOf([clause]);
      const places = [...matchingPlaces(query, all, new MachineColumns(all, []), 0, all.length)];
      assert.deepEqual(places, expected(query, all, 0, all.length), clause);
    }
    // Each clause passes some machines and not others here: a test that passed everything or nothing would show nothing.
    const split = CLAUSES.filter((c) => !['node-1', 'gpus notin [2, 4]'].includes(c)).map((c) => expected(queryOf([c]), all, 0, all.length).length);
    assert.ok(split.every((n) => n > 0 && n < all.length), split.join(' '));
  });

  it('grows its columns as the list grows past the room they were made with', () => {
    // A history's specs come by the thousand: columns made for the first hundred, then 3,000 more added in two reads.
    const many = generateMachines(3_100, 11);
    const list = many.slice(0, 100);
    const columns = new MachineColumns(list, ['gpu_count', 'region']);
    const query = queryOf(['gpus>=2', 'region notin [eu-central]', 'online>=0.9', 'cuda>=12']);
    assert.deepEqual([...matchingPlaces(query, list, columns, 0, list.length)], expected(query, list, 0, list.length));
    for (const end of [1_500, 3_100]) {
      list.push(...many.slice(list.length, end));
      columns.extend();
      assert.deepEqual([...matchingPlaces(query, list, columns, 0, list.length)], expected(query, list, 0, list.length), `${end} machines`);
    }
    // A column first named when the list is long already.
    const late = queryOf(['vram>=48', 'driver<550']);
    assert.deepEqual([...matchingPlaces(late, list, columns, 0, list.length)], expected(late, list, 0, list.length));
  });

  it('stops when the asker cancels', () => {
    let asked = 0;
    const cancel = () => {
      if (++asked > 1) throw new Error('cancelled');
    };
    assert.throws(() => matchingPlaces(queryOf(['gpus>=2', 'online>=0.9']), all, new MachineColumns(all, []), 0, all.length, cancel), /cancelled/);
  });
});
