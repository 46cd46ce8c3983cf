// The market history's figures: percentiles, the groups of one list,
// downsampling, and the flap counter (a machine that goes and comes back is
// counted once per return, however many windows saw it).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { aggregateMachines, ALL_COUNTS, quantile } from '../../../../src/market/history/aggregate';
import { DAY_MS, downsample, HOUR_MS, mergePoints, type StoredPoint } from '../../../../src/market/history/downsample';
import { machineRecord } from '../../../support/records';

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('market history: aggregation', () => {
  it('quantiles interpolate between ranks (R type 7)', () => {
    assert.ok(Number.isNaN(quantile([], 0.5)));
    assert.equal(quantile([3], 0.25), 3);
    assert.equal(quantile([1, 2], 0.5), 1.5);
    assert.equal(quantile([1, 2, 3, 4, 5], 0.25), 2);
    assert.equal(quantile([1, 2, 3, 4], 0.25), 1.75);
    assert.equal(quantile([1, 2, 3, 4], 0), 1);
    assert.equal(quantile([1, 2, 3, 4], 1), 4);
  });

  it('quantiles are ordered, within the values, and equal to a value when the rank is whole', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }), (values) => {
        const sorted = Float64Array.from(values).sort();
        const [lo, p25, med, hi] = [0, 0.25, 0.5, 1].map((p) => quantile(sorted, p));
        assert.ok(lo <= p25 && p25 <= med && med <= hi);
        assert.equal(lo, Math.min(...values));
        assert.equal(hi, Math.max(...values));
        if (sorted.length % 2 === 1) assert.equal(med, sorted[(sorted.length - 1) / 2]);
      }),
    );
  });

  it('groups one list per GPU model and count, and per model over every count', () => {
    const machines = [
      machineRecord({ gpu_name: 'H100', gpu_count: 8, price: '16.00' }),
      machineRecord({ gpu_name: 'H100', gpu_count: 8, price: '24.00' }),
      machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '2.50' }),
      machineRecord({ gpu_name: 'A100', gpu_count: 2, price: '3.00' }),
    ];
    assert.deepEqual(aggregateMachines(machines), [
      { gpu: 'A100', count: ALL_COUNTS, machines: 1, gpus: 2, low: 1.5, p25: 1.5, median: 1.5 },
      { gpu: 'A100', count: 2, machines: 1, gpus: 2, low: 1.5, p25: 1.5, median: 1.5 },
      { gpu: 'H100', count: ALL_COUNTS, machines: 3, gpus: 17, low: 2, p25: 2.25, median: 2.5 },
      { gpu: 'H100', count: 1, machines: 1, gpus: 1, low: 2.5, p25: 2.5, median: 2.5 },
      { gpu: 'H100', count: 8, machines: 2, gpus: 16, low: 2, p25: 2.25, median: 2.5 },
    ]);
    assert.deepEqual(aggregateMachines([]), []);
  });

  it('every machine is counted once in its model and once in its count, whatever the order', () => {
    const machine = fc.record({ gpu: fc.constantFrom('H100', 'A100', 'L4'), count: fc.constantFrom(1, 2, 4, 8), cents: fc.integer({ min: 1, max: 100_000 }) });
    fc.assert(
      fc.property(fc.array(machine, { maxLength: 40 }), (specs) => {
        const machines = specs.map((s) => machineRecord({ gpu_name: s.gpu, gpu_count: s.count, price: (s.cents / 100).toFixed(2) }));
        const groups = aggregateMachines(machines);
        const reversed = aggregateMachines([...machines].reverse());
        assert.deepEqual(reversed, groups);
        const all = groups.filter((g) => g.count === ALL_COUNTS);
        const counts = groups.filter((g) => g.count !== ALL_COUNTS);
        assert.equal(all.reduce((n, g) => n + g.machines, 0), machines.length);
        assert.equal(counts.reduce((n, g) => n + g.machines, 0), machines.length);
        assert.equal(counts.reduce((n, g) => n + g.gpus, 0), machines.reduce((n, m) => n + m.gpu_count, 0));
        for (const g of groups) {
          assert.ok(g.low <= g.p25 && g.p25 <= g.median);
          const model = all.find((a) => a.gpu === g.gpu)!;
          assert.ok(model.low <= g.low);
        }
      }),
    );
  });
});

function point(t: number, n: number, machines: number, low: number, p25: number, median: number): StoredPoint {
  return { t, n, groups: [{ gpu: 'H100', count: ALL_COUNTS, machines, gpus: machines * 8, low, p25, median }] };
}

describe('market history: downsampling', () => {
  it('an hour of points becomes one: lowest of the lows, means of the rest, weighted by what each stands for', () => {
    const merged = mergePoints([point(HOUR_MS + 60_000, 1, 10, 2, 3, 4), point(HOUR_MS + 120_000, 3, 20, 1, 5, 8)], HOUR_MS);
    assert.deepEqual(merged, { t: HOUR_MS, n: 4, groups: [{ gpu: 'H100', count: ALL_COUNTS, machines: 17.5, gpus: 140, low: 1, p25: 4.5, median: 7 }] });
  });

  it('a group missing from some points had no machines then, and its prices come from the points that had it', () => {
    const empty: StoredPoint = { t: 10, n: 1, groups: [] };
    const merged = mergePoints([point(0, 1, 10, 2, 3, 4), empty], 0);
    assert.deepEqual(merged.groups[0], { gpu: 'H100', count: ALL_COUNTS, machines: 5, gpus: 40, low: 2, p25: 3, median: 4 });
  });

  it('downsampling to hours and then days gives what downsampling to days gives', () => {
    const arbPoint = fc.record({
      t: fc.integer({ min: 0, max: 5 * DAY_MS }),
      machines: fc.integer({ min: 1, max: 100 }),
      low: fc.integer({ min: 1, max: 100 }),
      spread: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(fc.array(arbPoint, { minLength: 1, maxLength: 50 }), (specs) => {
        const points = specs.map((s) => point(s.t, 1, s.machines, s.low, s.low + s.spread, s.low + 2 * s.spread));
        const once = downsample(points, DAY_MS);
        const twice = downsample(downsample(points, HOUR_MS), DAY_MS);
        assert.equal(twice.length, once.length);
        once.forEach((p, i) => {
          const q = twice[i];
          assert.equal(q.t, p.t);
          assert.equal(q.n, p.n);
          const [a, b] = [p.groups[0], q.groups[0]];
          assert.equal(b.low, a.low);
          for (const k of ['machines', 'gpus', 'p25', 'median'] as const) assert.ok(close(a[k], b[k]), `${k}: ${a[k]} vs ${b[k]}`);
        });
        assert.equal(once.reduce((n, p) => n + p.n, 0), points.length, 'every point counted once');
      }),
    );
  });
});
