// The market history's trends as the panel asks for them (src/market/history/trends.ts):
// the models it has, the points of a range in time order, a model's samples
// (every GPU count together), and a line thinned to the chart's columns that
// still shows each column's first, lowest, highest and last value.
import * as assert from 'node:assert/strict';
import { ALL_COUNTS, type GroupStat } from '../../../../src/market/history/aggregate';
import type { StoredPoint } from '../../../../src/market/history/downsample';
import { pointsInRange, trendSeries } from '../../../../src/market/history/trends';
import { thinLine } from '../../../support/trends';

const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 27);
const group = (gpu: string, low: number, count = ALL_COUNTS): GroupStat => ({ gpu, count, machines: 1, gpus: 8, low, p25: low, median: low });
const point = (t: number, groups: GroupStat[]): StoredPoint => ({ t, n: 1, groups });

describe('market/history/trends: ranges, samples and thinned lines', () => {
  it('takes the points of a range before the latest, both ends included, in time order', () => {
    const at = (t: number) => point(t, [group('H100', 2)]);
    const points = [at(END), at(END - 31 * DAY), at(END - 30 * DAY), at(END - 2 * DAY), at(END - DAY)];
    assert.deepEqual(
      pointsInRange(points, 'month', END).map((p) => (END - p.t) / DAY),
      [30, 2, 1, 0],
    );
    assert.deepEqual(
      pointsInRange(points, 'day', END - DAY).map((p) => (END - p.t) / DAY),
      [2, 1],
      'a day before the end given: nothing after it',
    );
    assert.deepEqual(
      pointsInRange([at(END - DAY), at(END)], 'day').map((p) => p.t),
      [END - DAY, END],
      'by default up to the last point',
    );
    assert.deepEqual(pointsInRange([], 'all'), []);
  });

  it("gives a model's samples from its every-count groups only, in the order asked, none for a model without points, nothing of one not asked for", () => {
    const points = [point(END - DAY, [group('H100', 2), group('H100', 1.5, 8), group('B200', 5), group('A100', 1)]), point(END, [group('H100', 2.1)])];
    const series = trendSeries(points, ['B200', 'H100', 'MI300X']);
    assert.deepEqual(
      series.map((s) => [s.gpu, s.samples.map((x) => x.low)]),
      [
        ['B200', [5]],
        ['H100', [2, 2.1]],
        ['MI300X', []],
      ],
    );
  });

  it("thins a long line to its columns' first, lowest, highest and last values, the first of equal ones, in time order", () => {
    const from = 1000;
    const to = 1100;
    const line: [number, number][] = [];
    for (let t = from; t <= to; t++) line.push([t, t - from]);
    const set = (t: number, v: number) => (line[t - from] = [t, v]);
    set(1010, -5);
    set(1030, -5);
    set(1020, 500);
    set(1040, 500);
    set(1060, -7);
    set(1070, 700);
    line.splice(6, 0, [1005, NaN]);
    assert.deepEqual(thinLine(line, 2, from, to), [
      [1000, 0],
      [1010, -5],
      [1020, 500],
      [1049, 49],
      [1050, 50],
      [1060, -7],
      [1070, 700],
      [1100, 100],
    ]);
  });

  it('keeps a short line whole (without values that are not numbers), and any line when there are no columns', () => {
    const short: [number, number][] = [
      [1, 3],
      [2, NaN],
      [3, 1],
      [4, Infinity],
      [5, 2],
    ];
    assert.deepEqual(thinLine(short, 1, 0, 10), [
      [1, 3],
      [3, 1],
      [5, 2],
    ]);
    const long = Array.from({ length: 20 }, (_, i): [number, number] => [i, i % 7]);
    assert.deepEqual(thinLine(long, 0, 0, 20), long);
  });
});
