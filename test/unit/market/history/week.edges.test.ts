// A GPU model's week as the Machines tree's tooltip shows it: the lowest
// price per GPU, the median weighted by the lists each point stands for,
// how much of the week the history covers, and the 28 parts of its trend.
import * as assert from 'node:assert/strict';
import { DAY_MS, HOUR_MS } from '../../../../src/market/history/downsample';
import { TREND_POINTS, WEEK_MS, weekFacts, weightedMedian } from '../../../../src/market/history/week';

const pair = (value: number, weight: number) => ({ value, weight });

describe('weightedMedian: the least value whose weight reaches half', () => {
  it('is NaN without values', () => {
    assert.ok(Number.isNaN(weightedMedian([])));
  });

  it('sorts the values first, whatever their order', () => {
    assert.equal(weightedMedian([pair(3, 1), pair(1, 1), pair(2, 1)]), 2);
  });

  it('follows the weights: many lists at a price pull the median to it', () => {
    assert.equal(weightedMedian([pair(1, 3), pair(10, 1)]), 1);
    assert.equal(weightedMedian([pair(1, 1), pair(10, 3)]), 10);
  });

  it('takes the lower value when the weight splits exactly in half', () => {
    assert.equal(weightedMedian([pair(2, 1), pair(1, 1)]), 1);
  });

  it('gives the highest value when the weights are not numbers', () => {
    assert.equal(weightedMedian([pair(5, NaN), pair(1, NaN)]), 5);
  });
});

describe('weekFacts: a model in the week before its last list', () => {
  const LAST = Date.UTC(2026, 10, 23, 12);
  const sample = (t: number, low: number, median = low + 1, n = 1) => ({ t, n, low, median });

  it('knows nothing when no sample falls in the week', () => {
    assert.equal(weekFacts([], LAST), undefined);
    assert.equal(weekFacts([sample(LAST - WEEK_MS - 1, 1), sample(LAST + 1, 1)], LAST), undefined);
  });

  it("takes the lowest price, the lists' weighted median and the time covered, within the week's both ends", () => {
    const facts = weekFacts([sample(LAST - WEEK_MS - 1, 0.5), sample(LAST - WEEK_MS, 2, 3, 1), sample(LAST - DAY_MS, 1.5, 2.5, 5), sample(LAST, 1.8, 2.8, 1), sample(LAST + 1, 0.1)], LAST)!;
    assert.equal(facts.low, 1.5);
    assert.equal(facts.median, 2.5);
    assert.equal(facts.coveredMs, WEEK_MS);
    const recent = weekFacts([sample(LAST, 1), sample(LAST - 2 * DAY_MS, 2)], LAST)!;
    assert.equal(recent.coveredMs, 2 * DAY_MS);
    assert.equal(recent.low, 1);
  });

  it('spreads the lowest prices over 28 six-hour parts, oldest first, the last list in the last part', () => {
    const part = WEEK_MS / TREND_POINTS;
    assert.equal(part, 6 * HOUR_MS);
    const facts = weekFacts([sample(LAST - WEEK_MS, 4), sample(LAST - WEEK_MS + part, 3), sample(LAST - WEEK_MS + part + HOUR_MS, 2.5), sample(LAST - WEEK_MS + part + 2 * HOUR_MS, 2.75), sample(LAST, 1)], LAST)!;
    assert.equal(facts.trend.length, TREND_POINTS);
    assert.equal(facts.trend[0], 4);
    assert.equal(facts.trend[1], 2.5, 'the lowest of a part');
    assert.equal(facts.trend[TREND_POINTS - 1], 1);
    assert.ok(facts.trend.slice(2, TREND_POINTS - 1).every(Number.isNaN), 'parts without a list are NaN');
  });

  it('keeps all 28 parts when the latest days had no list', () => {
    const facts = weekFacts([sample(LAST - WEEK_MS, 4)], LAST)!;
    assert.equal(facts.trend.length, TREND_POINTS);
    assert.equal(facts.trend.filter(Number.isFinite).length, 1);
  });
});
