// The trends panel's numbers: a model's series over a range, its table rows,
// and a line thinned to the chart's width without losing what it shows.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ALL_COUNTS } from '../../../../src/market/history/aggregate';
import { DAY_MS, downsample, HOUR_MS, type StoredPoint } from '../../../../src/market/history/downsample';
import { pointsInRange, tableRows, tableStepMs, thinSeries, trendSeries, type TrendSample } from '../../../../src/market/history/trends';
import { lineOf, thinLine } from '../../../support/trends';

const T0 = Date.UTC(2026, 0, 1);

function point(t: number, gpu: string, low: number, gpus = 8, n = 1): StoredPoint {
  return {
    t,
    n,
    groups: [
      { gpu, count: ALL_COUNTS, machines: gpus / 4, gpus, low, p25: low + 1, median: low + 2 },
      { gpu, count: 4, machines: gpus / 4, gpus, low, p25: low + 1, median: low + 2 },
    ],
  };
}

describe('market history: trends', () => {
  it('each model series over the range before the latest list', () => {
    const points = [point(T0, 'H100', 2), point(T0 + 2 * DAY_MS, 'A100', 1), point(T0 + 3 * DAY_MS, 'H100', 1.5), point(T0 + 3 * DAY_MS + HOUR_MS, 'A100', 1.2)];
    const week = pointsInRange(points, 'week');
    assert.equal(week.length, 4);
    const day = pointsInRange(points, 'day');
    assert.deepEqual(day.map((p) => p.t), [T0 + 3 * DAY_MS, T0 + 3 * DAY_MS + HOUR_MS]);
    const [h100, a100, none] = trendSeries(week, ['H100', 'A100', 'V100']);
    assert.deepEqual(h100.samples.map((s) => [s.t, s.low, s.p25, s.median, s.gpus]), [[T0, 2, 3, 4, 8], [T0 + 3 * DAY_MS, 1.5, 2.5, 3.5, 8]]);
    assert.equal(a100.samples.length, 2);
    assert.deepEqual(none, { gpu: 'V100', samples: [] });
    assert.deepEqual(lineOf(h100, 'low'), [[T0, 2], [T0 + 3 * DAY_MS, 1.5]]);
  });

  it('a table row per day (per hour over a day): the lowest of the lows, the rest means weighted by the lists behind each point', () => {
    assert.equal(tableStepMs('day'), HOUR_MS);
    assert.equal(tableStepMs('month'), DAY_MS);
    const points = [point(T0 + HOUR_MS, 'H100', 2, 8, 1), point(T0 + 5 * HOUR_MS, 'H100', 1, 16, 3), point(T0 + DAY_MS, 'H100', 3)];
    const [series] = trendSeries(points, ['H100']);
    const rows = tableRows(series, DAY_MS);
    assert.deepEqual(rows.map((r) => r.t), [T0, T0 + DAY_MS]);
    assert.equal(rows[0].low, 1);
    assert.equal(rows[0].p25, (3 * 1 + 2 * 3) / 4);
    assert.equal(rows[0].gpus, (8 + 16 * 3) / 4);
    assert.equal(rows[0].n, 4);
    assert.equal(rows[1].low, 3);
  });

  it('a short line is kept whole, without values that are not numbers', () => {
    assert.deepEqual(thinLine([[1, 2], [2, NaN], [3, 4]], 10, 0, 10), [[1, 2], [3, 4]]);
  });

  it('a year of hourly points thins to at most 4 per column, keeping the first, last, lowest and highest, in time order', () => {
    const line: [number, number][] = [];
    for (let i = 0; i < 365 * 24; i++) line.push([T0 + i * HOUR_MS, 2 + Math.sin(i / 50) + (i === 4000 ? 5 : 0) - (i === 7000 ? 3 : 0)]);
    const from = line[0][0];
    const to = line.at(-1)![0];
    const thin = thinLine(line, 600, from, to);
    assert.ok(thin.length <= 2400, `${thin.length} points`);
    assert.deepEqual(thin[0], line[0]);
    assert.deepEqual(thin.at(-1), line.at(-1));
    assert.ok(thin.some(([t]) => t === line[4000][0]));
    assert.ok(thin.some(([t]) => t === line[7000][0]));
    for (let i = 1; i < thin.length; i++) assert.ok(thin[i][0] > thin[i - 1][0]);
  });

  it('thinning keeps, in every column, the lowest and highest value the whole line has there (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.double({ min: -1e3, max: 1e3, noNaN: true })), { maxLength: 400 }), fc.integer({ min: 1, max: 50 }), (raw, buckets) => {
        const line = [...new Map(raw.map(([t, v]) => [t, v])).entries()].sort((a, b) => a[0] - b[0]);
        const thin = thinLine(line, buckets, 0, 10_000);
        assert.ok(thin.length <= Math.max(line.length, 0) && (line.length <= 4 * buckets || thin.length <= 4 * buckets));
        const column = (t: number) => Math.min(buckets - 1, Math.floor((t / 10_000) * buckets));
        for (let c = 0; c < buckets; c++) {
          const all = line.filter(([t]) => column(t) === c).map(([, v]) => v);
          const kept = thin.filter(([t]) => column(t) === c).map(([, v]) => v);
          if (all.length === 0) continue;
          assert.equal(Math.min(...kept), Math.min(...all));
          assert.equal(Math.max(...kept), Math.max(...all));
        }
        for (const p of thin) assert.ok(line.some((q) => q[0] === p[0] && q[1] === p[1]));
      }),
    );
  });
  it("a model's table rows are the history's own downsampling of its points, to the last bit; its lines are thinLine's (property)", () => {
    const sample = fc.record({
      t: fc.integer({ min: 0, max: 5 * DAY_MS }),
      n: fc.integer({ min: 1, max: 60 }),
      low: fc.double({ min: 0, max: 100, noNaN: true }),
      p25: fc.double({ min: 0, max: 100, noNaN: true }),
      median: fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constant(Number.NaN)),
      machines: fc.double({ min: 0, max: 500, noNaN: true }),
      gpus: fc.double({ min: 0, max: 4000, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(sample, { maxLength: 300 }), fc.constantFrom(HOUR_MS, DAY_MS), fc.integer({ min: 1, max: 40 }), (raw, step, columns) => {
        const samples: TrendSample[] = [...raw].sort((a, b) => a.t - b.t);
        const series = { gpu: 'H100', samples };
        // What the rows were before: the samples as points of one group, downsampled as the history thins.
        const points: StoredPoint[] = samples.map((s) => ({ t: s.t, n: s.n, groups: [{ gpu: 'H100', count: ALL_COUNTS, machines: s.machines, gpus: s.gpus, low: s.low, p25: s.p25, median: s.median }] }));
        const reference = downsample(points, step).map((p) => ({ t: p.t, n: p.n, low: p.groups[0].low, p25: p.groups[0].p25, median: p.groups[0].median, machines: p.groups[0].machines, gpus: p.groups[0].gpus }));
        assert.deepEqual(tableRows(series, step), reference);
        const lines = thinSeries(series, columns, 0, 5 * DAY_MS);
        for (const metric of ['low', 'p25', 'median', 'gpus'] as const) assert.deepEqual(lines[metric], thinLine(lineOf(series, metric), columns, 0, 5 * DAY_MS));
      }),
    );
  });
});
