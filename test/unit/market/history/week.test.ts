// A model's week from its points (src/market/history/week.ts, pure): the
// weighted median, the lowest price per GPU, how much of the week the history
// covers, and the 7-day trend (the lowest of each part, NaN where no list).
import * as assert from 'node:assert/strict';
import { DAY_MS, HOUR_MS } from '../../../../src/market/history/downsample';
import { WEEK_MS, weekFacts, weightedMedian } from '../../../../src/market/history/week';
import { assertTrendOfTheWeek } from '../../../support/week';

describe('market history: a model’s week', () => {
  it('the weighted median is the least value reaching half the weight', () => {
    assert.ok(Number.isNaN(weightedMedian([])));
    assert.equal(weightedMedian([{ value: 3, weight: 1 }]), 3);
    assert.equal(weightedMedian([{ value: 1, weight: 1 }, { value: 5, weight: 60 }, { value: 2, weight: 1 }]), 5);
    assert.equal(weightedMedian([{ value: 1, weight: 1 }, { value: 2, weight: 1 }]), 1);
  });

  it('the trend holds the lowest price per GPU of each part of the week, NaN where nothing was recorded; a point stands for its lists', () => {
    const T0 = 1_000 * DAY_MS;
    const last = T0 + WEEK_MS;
    const week = weekFacts(
      [
        { t: T0, n: 1, low: 1.8, median: 1.9 },
        { t: T0 + HOUR_MS, n: 1, low: 1.9, median: 1.95 },
        { t: T0 + 3 * DAY_MS, n: 60, low: 2, median: 2 },
        { t: last, n: 1, low: 2, median: 2.2 },
        { t: T0 - 1, n: 1, low: 0.5, median: 0.5 },
      ],
      last,
    )!;
    assertTrendOfTheWeek(week);
    assert.equal(week.low, 1.8, 'a point before the week is not in it');
    assert.equal(week.median, 2, 'the hour of 60 lists outweighs the others');
    assert.equal(week.coveredMs, WEEK_MS);
    assert.equal(weekFacts([{ t: T0 - 1, n: 1, low: 1, median: 1 }], last), undefined, 'nothing in the week');
  });
});
