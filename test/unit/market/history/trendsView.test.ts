// What the Show Market Trends panel is sent (src/market/history/trendsView.ts):
// the models the history has, the one it opens on (most GPUs listed in the
// latest list), and per chosen model its lines over the range, thinned to the
// chart's width, its table's rows, and its samples only when the CSV export
// asks for them.
import * as assert from 'node:assert/strict';
import { ALL_COUNTS, type GroupStat } from '../../../../src/market/history/aggregate';
import type { StoredPoint } from '../../../../src/market/history/downsample';
import { trendsView } from '../../../../src/market/history/trendsView';
import { sourceOf } from '../../../support/trends';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const END = Date.UTC(2026, 10, 27, 12);

const group = (gpu: string, gpus: number, price: number, count = ALL_COUNTS): GroupStat => ({ gpu, count, machines: gpus / 8, gpus, low: price, p25: price + 0.1, median: price + 0.2 });
const point = (t: number, groups: GroupStat[]): StoredPoint => ({ t, n: 1, groups });

/** Three days of H100s, an hour of B200s; the latest list has more A100 and RTX GPUs than H100s, and one count of H100s with the most of all. */
const POINTS = [
  point(END - 3 * DAY, [group('H100', 16, 2.5)]),
  point(END - 2 * HOUR, [group('H100', 16, 2.4), group('B200', 8, 5)]),
  point(END, [group('H100', 16, 2.3), group('H100', 64, 2.3, 8), group('RTX_4090', 32, 0.4), group('A100', 32, 1.2)]),
];

describe('market/history/trendsView: what the trends panel is sent', () => {
  it('an empty history: no models, none to open on, no latest time, nothing in any range', () => {
    const view = trendsView(sourceOf([]), 'all', ['H100']);
    assert.equal(view.from, 0);
    assert.equal(view.end, 0);
    assert.deepEqual(
      view.trends.map((t) => [t.gpu, t.rows.length, t.lines.low.length]),
      [['H100', 0, 0]],
    );
  });

  it('spans the range before the latest list: a day by the hour, all that was recorded by the day', () => {
    const day = trendsView(sourceOf(POINTS), 'day', ['H100', 'B200']);
    assert.equal(day.from, END - DAY);
    assert.equal(day.end, END);
    assert.equal(day.latest, END);
    assert.equal(day.stepMs, HOUR);
    assert.deepEqual(
      day.trends.map((t) => t.gpu),
      ['H100', 'B200'],
      'in the order chosen',
    );
    const h100 = day.trends[0];
    assert.deepEqual(h100.lines.low, [
      [END - 2 * HOUR, 2.4],
      [END, 2.3],
    ]);
    assert.deepEqual(h100.lines.gpus, [
      [END - 2 * HOUR, 16],
      [END, 16],
    ]);
    assert.equal(h100.lines.median[0][1], 2.6);
    assert.ok(Math.abs(h100.lines.p25[0][1] - 2.5) < 1e-9);
    assert.equal(h100.rows.length, 2);
    assert.equal(h100.samples, undefined, 'no samples unless asked');

    const all = trendsView(sourceOf(POINTS), 'all', ['H100']);
    assert.equal(all.from, END - 3 * DAY, 'from the first list recorded');
    assert.equal(all.stepMs, DAY);
    assert.equal(all.trends[0].lines.low.length, 3);
    assert.deepEqual(trendsView(sourceOf(POINTS), 'week', ['H100']).from, END - 7 * DAY);
  });

  it('thins each line to the columns asked for, keeping its extremes, and sends the samples for the CSV export', () => {
    const many = Array.from({ length: 200 }, (_, i) => point(END - (199 - i) * HOUR, [group('H100', 16, i === 100 ? 0.5 : 2 + (i % 3) / 10)]));
    const thin = trendsView(sourceOf(many), 'month', ['H100'], { columns: 4 }).trends[0];
    assert.ok(thin.lines.low.length <= 16, `${thin.lines.low.length} pairs`);
    assert.ok(
      thin.lines.low.some(([, v]) => v === 0.5),
      'the dip is kept',
    );
    const whole = trendsView(sourceOf(many), 'month', ['H100']).trends[0];
    assert.equal(whole.lines.low.length, 200, 'the chart is 640 columns wide: 200 points stay');
    const exported = trendsView(sourceOf(many), 'month', ['H100'], { samples: true }).trends[0];
    assert.equal(exported.samples!.length, 200);
    assert.deepEqual(
      { t: exported.samples![100].t, low: exported.samples![100].low },
      { t: END - 99 * HOUR, low: 0.5 },
    );
  });
});
