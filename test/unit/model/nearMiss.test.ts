// Near misses: the smallest change to one clause that finds machines when a
// filter finds fewer than three.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { describeNearMiss, nearMisses, numberBound } from '../../../src/model/nearMiss';
import { parseQuery, printQuery, type Query } from '../../../src/model/query';
import { filterMachines, parsed } from '../../support/query';
import { machineRecord } from '../../support/records';

const demo = DEMO_MACHINES.map((m) => machineRecord(m));

function misses(machines: Parameters<typeof nearMisses>[0], query: string) {
  return nearMisses(machines, parsed(query)).map((m) => [m.now ?? `without ${m.was}`, m.found]);
}

describe('near misses', () => {
  const machines = [
    machineRecord({ node_name: 'a', gpu_count: 1, price: '1.02', gpu_name: 'RTX_4090' }),
    machineRecord({ node_name: 'b', gpu_count: 1, price: '1.04', gpu_name: 'RTX_4090' }),
    machineRecord({ node_name: 'c', gpu_count: 1, price: '1.30', gpu_name: 'RTX_4090' }),
    machineRecord({ node_name: 'd', gpu_count: 2, price: '2.10', gpu_name: 'RTX_4090' }),
    machineRecord({ node_name: 'e', gpu_count: 4, price: '4.80', gpu_name: 'L40S' }),
    machineRecord({ node_name: 'f', gpu_count: 8, price: '9.60', gpu_name: 'L40S' }),
  ];

  it('moves a price bound just far enough for three machines, as round as lets in exactly those', () => {
    // Prices per GPU: 1.02, 1.04, 1.05, 1.20, 1.20, 1.30.
    assert.deepEqual(misses(machines, 'price_per_gpu<1'), [['price_per_gpu<1.1', 3]]);
    assert.deepEqual(misses(machines, 'price_per_gpu<=1'), [['price_per_gpu<=1.1', 3]]);
    assert.deepEqual(misses(machines, 'price_per_gpu<1 gpu=rtx'), [['price_per_gpu<1.1', 3]], 'no RTX machine fails only gpu=rtx: dropping it finds nothing more');
    assert.deepEqual(misses(machines, 'price_per_gpu>1.25'), [['price_per_gpu>1.1', 3]]);
  });

  it('moves a GPU count down, and = to the nearest count there is', () => {
    assert.deepEqual(misses(machines, 'gpus>=16'), [['gpus>=2', 3]]);
    assert.deepEqual(misses(machines, 'gpus>8'), [['gpus>1', 3]]);
    assert.deepEqual(misses(machines, 'gpus=3'), [['gpus=4', 1]]);
  });

  it('drops a clause that cannot be moved, and says what each finds', () => {
    assert.deepEqual(misses(machines, 'gpu=l40s gpus<=2'), [['without gpu=l40s', 4], ['gpus<=8', 2]], 'only two L40S machines: all it can');
    assert.deepEqual(misses(machines, 'h100'), [['without h100', 6]]);
    assert.deepEqual(misses(machines, 'gpus>=1'), [], 'six machines match: nothing to suggest');
    assert.deepEqual(misses(machines, ''), []);
  });

  it('reads as a person would', () => {
    const [miss] = nearMisses(machines, parsed('price_per_gpu<1'));
    assert.equal(describeNearMiss(miss, 'en'), 'price_per_gpu<1.1 would find 3 machines from 1.02/GPU');
    const [dropped] = nearMisses(machines, parsed('gpus=16'));
    assert.equal(describeNearMiss(dropped, 'en'), 'gpus=8 would find 1 machine, 1.20/GPU');
    const [without] = nearMisses(machines, parsed('nvlink=true'));
    assert.equal(describeNearMiss(without, 'en'), 'without nvlink=true: 6 machines from 1.02/GPU');
    const [alone] = nearMisses(machines, parsed('gpu=rtx gpus>=8'));
    assert.equal(describeNearMiss(alone, 'en'), 'without gpu=rtx: 1 machine, 1.20/GPU');
  });

  it('moves a CUDA or driver bound to the version that lets in three machines, in either direction', () => {
    const versions = ['12.4', '11.8', '12.8', '12.1'].map((cuda_version, i) => machineRecord({ cuda_version, driver_version: `5${i}0.1`, price: String(1 + i) }));
    assert.deepEqual(misses(versions, 'cuda>=13'), [['cuda>=12.1', 3]]);
    assert.deepEqual(misses(versions, 'cuda>13'), [['cuda>=12.1', 3]]);
    assert.deepEqual(misses(versions, 'cuda<11'), [['cuda<=12.4', 3]]);
    assert.deepEqual(misses(versions, 'cuda<=11.0'), [['cuda<=12.4', 3]]);
    assert.deepEqual(misses(versions, 'driver>=600'), [['driver>=510.1', 3]]);
    assert.deepEqual(misses(versions, 'cuda>=13 cuda<=12.1'), [['cuda>=11.8', 2]], 'all the other clause lets in: two');
    assert.deepEqual(misses(versions, 'cuda=13'), [['without cuda=13', 4]], 'a version = is dropped, not moved');
  });

  it('drops a != clause rather than turning it into another =', () => {
    assert.deepEqual(misses(machines, 'gpus!=1 gpu=rtx'), [['without gpus!=1', 4], ['without gpu=rtx', 3]]);
  });

  it('moves = to another value, never to the one asked for, and on a tie to the larger, whatever the order of the list', () => {
    assert.deepEqual(misses(machines, 'gpus=2'), [['gpus=1', 3]]);
    const two = [machineRecord({ gpu_count: 4, price: '4' }), machineRecord({ gpu_count: 2, price: '2' })];
    assert.deepEqual(misses(two, 'gpus=3'), [['gpus=4', 1]]);
    assert.deepEqual(misses(two.slice().reverse(), 'gpus=3'), [['gpus=4', 1]]);
  });

  it('offers nothing when the query already finds three, and nothing for more than 30 clauses', () => {
    assert.deepEqual(misses(machines, 'price_per_gpu<1.1'), [], 'exactly three machines');
    const thirty = `${'gpus>=1 '.repeat(29)}gpus>=16`;
    assert.deepEqual(misses(machines, thirty), [['gpus>=2', 3]]);
    assert.deepEqual(misses(machines, `gpus>=1 ${thirty}`), [], '31 clauses');
  });

  it('the demo market: gpu=H100 gpus>=16 suggests gpus>=8', () => {
    const found = nearMisses(demo, parsed('gpu=H100 gpus>=16'));
    const gpus = found.find((m) => m.now?.startsWith('gpus'));
    assert.ok(gpus);
    assert.equal(gpus.now, 'gpus>=8');
    assert.equal(filterMachines(demo, gpus.query).length, gpus.found);
  });

  it('rounds bounds that still let in exactly the same machines', () => {
    const v = (...xs: number[]) => Float64Array.from(xs);
    assert.deepEqual(numberBound('<', v(1.0233, 1.04, 1.3), 2), { op: '<', value: 1.1 });
    assert.deepEqual(numberBound('<', v(1.0233, 1.04, 1.041), 2), { op: '<', value: 1.041 });
    assert.deepEqual(numberBound('<=', v(1.0233, 1.04, 1.041), 2), { op: '<=', value: 1.04 });
    assert.deepEqual(numberBound('>=', v(8, 4, 2), 2), { op: '>=', value: 4 });
    assert.deepEqual(numberBound('>', v(8, 4, 2), 2), { op: '>', value: 3 });
    assert.deepEqual(numberBound('>', v(8, 4, 3.5), 2), { op: '>', value: 3.9 });
    assert.deepEqual(numberBound('<', v(5), 3), { op: '<', value: 6 });
    assert.equal(numberBound('<', v(), 3), undefined);
    // In any order; equal values are let in together, and the bound stops short of the next value.
    assert.deepEqual(numberBound('<', v(1.3, 1.04, 1, 1.04), 2), { op: '<', value: 1.1 });
    assert.deepEqual(numberBound('>', v(2, 8, 4), 2), { op: '>', value: 3 });
    assert.deepEqual(numberBound('>', v(8, 4), 2), { op: '>', value: 3 }, 'nothing beyond: as round as lets in all');
    assert.deepEqual(numberBound('<=', v(1.0233, 1.04), 2), { op: '<=', value: 2 });
    assert.deepEqual(numberBound('<=', v(1.0233, 1.04, 2), 2), { op: '<=', value: 1.1 }, 'never lets in the machine at 2');
    assert.deepEqual(numberBound('>=', v(3.87), 1), { op: '>=', value: 3 });
    assert.deepEqual(numberBound('>=', v(3.87, 3.5), 1), { op: '>=', value: 3.8 });
    assert.deepEqual(numberBound('>=', v(3.87, 3.8), 1), { op: '>=', value: 3.87 }, 'never lets in the machine at 3.8');
    assert.deepEqual(numberBound('<=', v(-0.5, 0.5), 1), { op: '<=', value: 0 }, 'zero, not minus zero');
    // Twelve decimals at most; closer values than that keep the value itself, with = in the bound.
    assert.deepEqual(numberBound('<', v(1, 1.000000000001), 1), { op: '<', value: 1.000000000001 });
    assert.deepEqual(numberBound('<', v(1, 1.0000000000001), 1), { op: '<=', value: 1 });
    assert.deepEqual(numberBound('>', v(1, 0.9999999999999), 1), { op: '>=', value: 1 });
  });
});

describe('near misses: properties', () => {
  const clause = fc.oneof(
    fc.tuple(fc.constantFrom('price', 'price_per_gpu', 'gpus', 'vram', 'vram_total', 'online', 'cpus', 'ram', 'disk'), fc.constantFrom('<', '<=', '>', '>=', '=', '!='), fc.double({ min: -2, max: 2000, noNaN: true })).map(([f, op, x]) => `${f}${op}${Math.round(x * 1000) / 1000}`),
    fc.tuple(fc.constantFrom('cuda', 'driver'), fc.constantFrom('<', '<=', '>', '>=', '='), fc.constantFrom('11.8', '12.1', '12.4', '13', '535', '550.54')).map(([f, op, x]) => `${f}${op}${x}`),
    fc.constantFrom('gpu=h100', 'gpu=rtx', 'gpu="L4"', 'region=cn', 'region notin [us-west]', 'nvlink=true', 'labels=spot', 'a100', 'gpus in [3, 5]', 'gpu!=rtx'),
  );
  const query = fc.array(clause, { minLength: 1, maxLength: 5 }).map((cs) => parsed(cs.join(' ')));

  it('a near miss, applied, finds exactly the machines it promised, more than the query did, and parses back as printed', () => {
    fc.assert(
      fc.property(query, fc.integer({ min: 1, max: 5 }), (q: Query, want) => {
        const now = filterMachines(demo, q).length;
        for (const miss of nearMisses(demo, q, want)) {
          const applied = filterMachines(demo, miss.query);
          assert.equal(applied.length, miss.found, `${printQuery(q)} → ${printQuery(miss.query)}`);
          assert.ok(miss.found > now);
          assert.ok(now < want);
          const again = parseQuery(printQuery(miss.query));
          assert.deepEqual(again, { ok: true, query: miss.query }, 'the parser accepts the suggestion as printed');
          if (miss.now !== undefined) {
            assert.ok(parseQuery(miss.now).ok);
          }
          assert.equal(miss.query.clauses.length, q.clauses.length - (miss.now === undefined ? 1 : 0));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('an order bound finds at least the wanted number of machines when the others allow them', () => {
    fc.assert(
      fc.property(fc.constantFrom('price_per_gpu', 'gpus', 'vram_total'), fc.constantFrom('<', '<=', '>', '>='), (field, op) => {
        const far = op.startsWith('<') ? -1 : 1e9;
        const [miss] = nearMisses(demo, parsed(`${field}${op}${far}`));
        assert.ok(miss.found >= 3);
      }),
    );
  });
});
