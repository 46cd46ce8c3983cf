// What the history tells the views beside the query fields: a model's 7-day
// trend of the lowest price per GPU (one value per part of the week, NaN where
// no list was recorded), since when a machine is listed (at least since the
// history began, for a machine of its first list), and what listed_hours,
// flaps_7d and below_median read. Computed once per version of the data.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../../src/api/types';
import { DAY_MS, HOUR_MS } from '../../../../src/market/history/downsample';
import { WEEK_MS } from '../../../../src/market/history/week';
import { historyOf } from '../../../support/history';
import { machineRecord } from '../../../support/records';
import { assertTrendOfTheWeek } from '../../../support/week';

const h100 = (price: string, node_name?: string) => machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price, ...(node_name ? { node_name } : {}) });

describe('market history: the week of a model and the listing of a machine', () => {
  const T0 = 1_000 * DAY_MS;

  it('the trend holds the lowest price per GPU of each part of the week, NaN where nothing was recorded', () => {
    const steady = h100('2.00', 'steady');
    const lists: [number, Machine[]][] = [
      [T0, [steady, h100('1.80')]],
      [T0 + HOUR_MS, [steady, h100('1.90')]],
      [T0 + 3 * DAY_MS, [steady]],
      [T0 + WEEK_MS, [steady, h100('2.40')]],
    ];
    const memory = historyOf(lists);
    const week = memory.modelWeek('H100_SXM5_80GB')!;
    assertTrendOfTheWeek(week);
    assert.equal(week.low, 1.8);
    assert.equal(week.coveredMs, WEEK_MS);
    assert.equal(memory.modelWeek('H100_SXM5_80GB'), week, 'computed once per version');
    memory.record(T0 + WEEK_MS + 1, [steady]);
    assert.notEqual(memory.modelWeek('H100_SXM5_80GB'), week, 'a new list: computed again');
    assert.equal(memory.modelWeek('B200'), undefined);
    memory.close();
  });

  it('a machine of the first list is listed at least since the history began; one that came later since it came', () => {
    const [first, later] = [h100('2.00', 'first'), h100('2.10', 'later')];
    const memory = historyOf([
      [T0, [first]],
      [T0 + DAY_MS, [first, later]],
      [T0 + 3 * DAY_MS, [first, later]],
    ]);
    assert.deepEqual(memory.listing('first'), { since: T0, hours: 72, fromStart: true });
    assert.deepEqual(memory.listing('later'), { since: T0 + DAY_MS, hours: 48, fromStart: false });
    assert.equal(memory.listing('never'), undefined);
    memory.record(T0 + 4 * DAY_MS, [first]);
    assert.equal(memory.listing('later'), undefined, 'gone: not listed');
    memory.close();
  });
});

describe('market history: what the query fields read', () => {
  it('listed_hours, flaps_7d and below_median from the lists seen so far; NaN for what the history does not know', () => {
    const cheap = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '1.80' });
    const dear = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '2.20' });
    const flappy = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '2.00' });
    const memory = historyOf([
      [0, [cheap, dear, flappy]],
      [HOUR_MS, [cheap, dear]],
      [3 * HOUR_MS, [cheap, dear, flappy]],
    ]);
    assert.equal(memory.listedHours(cheap.node_name), 3);
    assert.equal(memory.listedHours(flappy.node_name), 0);
    assert.equal(memory.flaps7d(flappy.node_name), 1);
    assert.equal(memory.flaps7d(cheap.node_name), 0);
    assert.ok(Number.isNaN(memory.listedHours('never-seen')));
    assert.ok(Number.isNaN(memory.flaps7d('never-seen')));
    // Medians 2.00, 2.00 (two machines: 1.80, 2.20) and 2.00: the model's 7-day median is 2.00.
    assert.equal(memory.modelWeek('H100')!.median, 2);
    assert.equal(memory.modelWeek('H100')!.low, 1.8);
    assert.ok(Math.abs(memory.belowMedian(cheap) - 0.1) < 1e-12);
    assert.ok(Math.abs(memory.belowMedian(dear) + 0.1) < 1e-12);
    assert.ok(Number.isNaN(memory.belowMedian(machineRecord({ gpu_name: 'never-listed' }))));
    memory.close();
  });
});
