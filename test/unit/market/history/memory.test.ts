// What the history tells the views beside the query fields: a model's 7-day
// trend of the lowest price per GPU (one value per part of the week, NaN where
// no list was recorded) and since when a machine is listed (at least since the
// history began, for a machine of its first list). Computed once per version.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../../src/api/types';
import { DAY_MS, HOUR_MS } from '../../../../src/market/history/downsample';
import { MarketMemory, TREND_POINTS, WEEK_MS } from '../../../../src/market/history/memory';
import { machineRecord } from '../../../support/records';

const h100 = (price: string, node_name?: string) => machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price, ...(node_name ? { node_name } : {}) });

function memoryOf(lists: [number, Machine[]][]): MarketMemory {
  const memory = new MarketMemory();
  for (const [t, machines] of lists) memory.apply(memory.observe(t, machines));
  return memory;
}

describe('market history: the week of a model and the listing of a machine', () => {
  const T0 = 1_000 * DAY_MS;

  it('the trend holds the lowest price per GPU of each part of the week, NaN where nothing was recorded', () => {
    const steady = h100('2.00', 'steady');
    const memory = memoryOf([
      [T0, [steady, h100('1.80')]],
      [T0 + HOUR_MS, [steady, h100('1.90')]],
      [T0 + 3 * DAY_MS, [steady]],
      [T0 + WEEK_MS, [steady, h100('2.40')]],
    ]);
    const week = memory.modelWeek('H100_SXM5_80GB')!;
    assert.equal(week.trend.length, TREND_POINTS);
    assert.equal(week.trend[0], 1.8, 'the first part: the lowest of its two lists');
    assert.equal(week.trend[12], 2, 'three days in: 12 of 28 parts');
    assert.equal(week.trend[TREND_POINTS - 1], 2, 'the latest list is in the last part');
    assert.equal(week.trend.filter(Number.isFinite).length, 3);
    assert.equal(week.low, 1.8);
    assert.equal(week.coveredMs, WEEK_MS);
    assert.equal(memory.modelWeek('H100_SXM5_80GB'), week, 'computed once per version');
    memory.apply(memory.observe(T0 + WEEK_MS + 1, [steady]));
    assert.notEqual(memory.modelWeek('H100_SXM5_80GB'), week, 'a new list: computed again');
    assert.equal(memory.modelWeek('B200'), undefined);
  });

  it('a machine of the first list is listed at least since the history began; one that came later since it came', () => {
    const [first, later] = [h100('2.00', 'first'), h100('2.10', 'later')];
    const memory = memoryOf([
      [T0, [first]],
      [T0 + DAY_MS, [first, later]],
      [T0 + 3 * DAY_MS, [first, later]],
    ]);
    assert.deepEqual(memory.listing('first'), { since: T0, hours: 72, fromStart: true });
    assert.deepEqual(memory.listing('later'), { since: T0 + DAY_MS, hours: 48, fromStart: false });
    assert.equal(memory.listing('never'), undefined);
    memory.apply(memory.observe(T0 + 4 * DAY_MS, [first]));
    assert.equal(memory.listing('later'), undefined, 'gone: not listed');
  });
});
