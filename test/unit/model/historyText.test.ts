// The market history in words (src/model/historyText.ts): the marks, the
// places in a model's week, the trend line and since when a machine is
// listed, in English, with the edge cases: no history, less than a day, one
// day, a week, NaN and infinities, and a price exactly at the threshold.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  fullWeek,
  historySpan,
  listedFor,
  listedSince,
  lowestPerGpu,
  medianMark,
  medianMarkWords,
  medianPlace,
  pricePlace,
  sparkline,
  trendWords,
  weekLines,
  WELL_OFF_MEDIAN,
  type WeekFacts,
} from '../../../src/model/historyText';
import { machineRecord } from '../../support/records';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const week = (over: Partial<WeekFacts> = {}): WeekFacts => ({ low: 1.95, median: 2.39, coveredMs: 7 * DAY - 60_000, trend: [2.1, 2.05, NaN, 1.95], ...over });
/** One GPU: its price is its price per GPU. */
const h100 = (price: string) => machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price });

describe('model/historyText: the market history in words', () => {
  it('marks a price per GPU 10% or more below or above the 7-day median, and nothing nearer or unknown', () => {
    assert.equal(WELL_OFF_MEDIAN, 0.1);
    assert.equal(medianMark(0.12), '↓12% vs 7-day median');
    assert.equal(medianMark(-0.153), '↑15% vs 7-day median');
    assert.equal(medianMark(0.1), '↓10% vs 7-day median', 'the threshold itself is marked');
    assert.equal(medianMark(0.0999), '');
    assert.equal(medianMark(-0.05), '');
    assert.equal(medianMark(0), '');
    for (const x of [NaN, Infinity, -Infinity]) assert.equal(medianMark(x), '', String(x));
    assert.equal(medianMarkWords(0.12), "12% below its model's 7-day median");
    assert.equal(medianMarkWords(-0.2), "20% above its model's 7-day median");
    assert.equal(medianMarkWords(NaN), '');
    assert.equal(medianMarkWords(0.05), '');
  });

  it('says how much history there is before a week, and nothing of it with a week', () => {
    assert.equal(historySpan(0), 'less than a day of history');
    assert.equal(historySpan(23 * HOUR), 'less than a day of history');
    assert.equal(historySpan(DAY), '1 day of history');
    assert.equal(historySpan(3.5 * DAY), '3 days of history');
    assert.equal(historySpan(7 * DAY - HOUR), '7 days of history', 'hourly points start on the hour');
    assert.equal(historySpan(NaN), 'less than a day of history');
    assert.equal(fullWeek(7 * DAY - HOUR), true);
    assert.equal(fullWeek(6 * DAY), false);
  });

  it("places a price in its model's week, with the days of history before a week", () => {
    assert.equal(medianPlace(h100('2.10'), week(), 'en'), '12% below the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95');
    assert.equal(medianPlace(h100('2.75'), week(), 'en'), '15% above the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95');
    assert.equal(medianPlace(h100('2.39'), week(), 'en'), 'at the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95');
    assert.equal(medianPlace(h100('2.10'), week({ coveredMs: 3 * DAY + HOUR }), 'en'), '12% below the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95 (3 days of history)');
    assert.equal(medianPlace(h100('2.10'), week({ coveredMs: 0 }), 'en'), '12% below the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95 (less than a day of history)');
    assert.equal(medianPlace(h100('2.10'), undefined), '', 'no history of the model');
    assert.equal(medianPlace(h100('2.10'), week({ median: NaN })), '');
    assert.equal(medianPlace(h100('2.10'), week({ median: 0 })), '');
    assert.equal(medianPlace({ ...h100('2'), price: 'abc' }, week()), '', 'a price that is not a number');
  });

  it('says since when a machine is listed, at least since the history began, and nothing when unknown', () => {
    assert.equal(listedFor({ since: 0, hours: 0.5, fromStart: false }), 'listed for less than an hour');
    assert.equal(listedFor({ since: 0, hours: 1.2, fromStart: false }), 'listed for 1 hour');
    assert.equal(listedFor({ since: 0, hours: 30, fromStart: false }), 'listed for 30 hours');
    assert.equal(listedFor({ since: 0, hours: 3 * 24 + 5, fromStart: false }), 'listed for 3 days');
    assert.equal(listedFor({ since: 0, hours: 3 * 24 + 5, fromStart: true }), 'listed for at least 3 days (since the history began)');
    assert.equal(listedFor({ since: 0, hours: 1, fromStart: true }), 'listed for at least 1 hour (since the history began)');
    assert.equal(listedFor({ since: 0, hours: 0, fromStart: true }), 'listed since the history began, less than an hour ago');
    assert.equal(listedFor(undefined), '');
    assert.equal(listedFor({ since: 0, hours: NaN, fromStart: false }), '');
    assert.equal(listedFor({ since: 0, hours: 48, fromStart: false }), 'listed for 2 days', 'two whole days are days');
    assert.equal(listedFor({ since: 0, hours: 47.9, fromStart: false }), 'listed for 47 hours');
    assert.equal(listedFor({ since: 0, hours: 48, fromStart: true }), 'listed for at least 2 days (since the history began)');
    assert.equal(listedFor({ since: 0, hours: 5.5, fromStart: true }), 'listed for at least 5 hours (since the history began)');
    assert.equal(listedFor({ since: 0, hours: -3, fromStart: false }), 'listed for less than an hour', 'a clock set back: never a negative time');
    assert.equal(listedSince({ since: new Date(2026, 2, 12, 14, 5).getTime(), hours: 1, fromStart: false }, 'en'), 'since Mar 12, 14:05');
    assert.equal(listedSince({ since: NaN, hours: 1, fromStart: false }), '');
    assert.equal(listedSince(undefined), '');
  });

  it('draws the trend low to high, with gaps for parts without a list, flat when all the same', () => {
    assert.equal(sparkline([1, 2, 3, 4, 5, 6, 7, 8]), '▁▂▃▄▅▆▇█');
    assert.equal(sparkline([3, NaN, 1]), '█\u2007▁');
    assert.equal(sparkline([2, 2, 2]), '▄▄▄');
    assert.equal(sparkline([]), '');
    assert.equal(sparkline([NaN, NaN]), '');
    assert.equal(sparkline([Infinity, 1]), '\u2007▄', 'an infinity is no value');
    assert.equal(sparkline([5, 1, 4, 2], 2), '▁█', 'each character is the lowest of its share');
    assert.equal(sparkline([1, 5, 2, 4], 2), '▁█', 'the lowest, wherever it is in its share');
    assert.equal(sparkline([1, NaN, 3, 3], 2), '▁█', 'a part without a list does not hide the others of its share');
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constant(NaN)), { maxLength: 60 }), fc.integer({ min: 1, max: 30 }), (values, width) => {
        const line = sparkline(values, width);
        assert.ok([...line].length <= Math.max(width, 0) || values.length === 0);
        assert.ok(/^[▁▂▃▄▅▆▇█\u2007]*$/.test(line));
      }),
    );
    assert.equal(trendWords([2.1, NaN, 1.95, 2.2]), 'from 2.10 to 2.20, between 1.95 and 2.20');
    assert.equal(trendWords([2, 2]), '2.00 throughout');
    assert.equal(trendWords([NaN]), '');
  });

  it("lists a model's week: lowest now, 7-day low and median, the trend; says so when there is no history", () => {
    assert.deepEqual(weekLines(week(), 1.9, 'en'), [
      { label: 'Lowest price per GPU now', value: '1.90' },
      { label: '7-day low', value: '1.95' },
      { label: '7-day median', value: '2.39' },
      { label: 'Lowest per GPU over 7 days', value: 'from 2.10 to 1.95, between 1.95 and 2.10' },
    ]);
    assert.deepEqual(weekLines(week({ coveredMs: DAY + 1, trend: [NaN] }), NaN, 'en'), [
      { label: '7-day low', value: '1.95 (1 day of history)' },
      { label: '7-day median', value: '2.39 (1 day of history)' },
    ]);
    assert.deepEqual(weekLines(undefined, 2, 'en'), [
      { label: 'Lowest price per GPU now', value: '2.00' },
      { label: 'Market history', value: 'none yet for this GPU model' },
    ]);
  });

  it('finds the lowest price per GPU of a model in a list, once per list', () => {
    const list = [h100('2.1'), h100('2.5'), machineRecord({ gpu_name: 'A100', gpu_count: 2, price: '3.00' }), { ...h100('1'), price: 'x' }];
    assert.equal(lowestPerGpu(list, 'H100_SXM5_80GB'), 2.1);
    assert.equal(lowestPerGpu(list, 'A100'), 1.5);
    assert.ok(Number.isNaN(lowestPerGpu(list, 'B200')));
    assert.ok(Number.isNaN(lowestPerGpu([], 'A100')));
  });

  it('says in one line where a price stands and since when the machine is listed, with whatever of it is known', () => {
    const listing = { since: new Date(2026, 2, 12, 14, 5).getTime(), hours: 72, fromStart: false };
    const place = '12% below the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95';
    assert.equal(pricePlace(h100('2.10'), week(), listing, 'en'), `${place}; listed for 3 days (since Mar 12, 14:05)`);
    assert.equal(pricePlace(h100('2.10'), week(), listing, 'en', false), `${place}; listed for 3 days`, 'without the date where it is shown beside');
    assert.equal(pricePlace(h100('2.10'), undefined, listing, 'en'), 'listed for 3 days (since Mar 12, 14:05)', 'no week of the model: only since when');
    assert.equal(pricePlace(h100('2.10'), week(), undefined, 'en'), place, 'no listing known: only the place');
    assert.equal(pricePlace(h100('2.10'), week(), { ...listing, since: NaN }, 'en'), `${place}; listed for 3 days`, 'no start time: no empty brackets');
    assert.equal(pricePlace(h100('2.10'), undefined, undefined, 'en'), '');
  });

  it("keeps every mark right however many different ones a long session asks for (the memo of marks is bounded)", () => {
    // More different marks than the memo holds: it is emptied and filled again on the way, and every answer stays right.
    for (const locale of ['en', 'en-US', 'en-GB', 'en-AU']) {
      for (let p = 10; p < 1000; p++) {
        assert.equal(medianMark(p / 100, locale), `↓${p}% vs 7-day median`);
        assert.equal(medianMark(-p / 100, locale), `↑${p}% vs 7-day median`);
        assert.equal(medianMarkWords(p / 100, locale), `${p}% below its model's 7-day median`);
        assert.equal(medianMarkWords(-p / 100, locale), `${p}% above its model's 7-day median`);
      }
    }
  });
});
