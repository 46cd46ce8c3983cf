// The outlook of synthetic records with known answers (issue 36): steady
// supply, bursts, a price drop, a model seen once, gaps, a clock set back,
// and too little data; and its words.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { computeOutlook, type OutlookRecord } from '../../../src/model/outlook';
import { OutlookWork } from '../../../src/model/outlookWork';
import { outlookAlertWords, outlookLine, outlookLines } from '../../../src/model/outlookText';
import { matchSpans, type MatchSpan } from '../../support/matchSpans';

const H = 3_600_000;
const D = 24 * H;
const NOW = 100 * D;

/** Lists every hour from `from` to NOW, less those in `gaps`. */
function lists(from: number, gaps: [number, number][] = []): number[] {
  const out: number[] = [];
  for (let t = from; t <= NOW; t += H) if (!gaps.some(([a, b]) => t > a && t < b)) out.push(t);
  return out;
}

const span = (start: number, hours: number | undefined, perGpu: number, drops: [number, number][] = []): MatchSpan => ({
  start,
  end: hours === undefined ? undefined : start + hours * H,
  prices: [{ t: start, perGpu }, ...drops.map(([t, p]) => ({ t, perGpu: p }))],
});

function record(spans: MatchSpan[], from = NOW - 40 * D, gaps: [number, number][] = []): OutlookRecord {
  return { now: NOW, start: from, lists: lists(from, gaps), spans: matchSpans(spans) };
}

/** A machine listed every 12 hours for 3 hours at `price`, over the 30 days, and one listed now at `now`. */
function steady(price: (k: number) => number, nowPrice: number): MatchSpan[] {
  const spans: MatchSpan[] = [];
  for (let k = 1; k <= 60; k++) spans.push(span(NOW - k * 12 * H, 3, price(k)));
  spans.push(span(NOW - H, undefined, nowPrice));
  return spans;
}

describe('outlook', () => {
  it('steady supply: appears about every 12 h for 3 h; a best now below the typical band is low', () => {
    const o = computeOutlook(record(steady((k) => 15 + (k % 4) * 0.25, 13.9)));
    assert.equal(o.recordedDays, 30);
    assert.equal(o.supply.window, 61, 'the one listed an hour ago appeared too');
    assert.equal(o.supply.week, 15);
    assert.ok(Math.abs(o.supply.everyHours! - 12) < 0.3, String(o.supply.everyHours));
    assert.deepEqual(o.supply.listedHours, { q1: 3, median: 3, q3: 3 });
    assert.equal(o.supply.now, 1);
    assert.equal(o.price.daily.length, 30);
    assert.equal(o.price.now, 13.9);
    assert.equal(o.price.level, 'low');
    assert.ok(o.price.typical!.low >= 13.9 && o.price.typical!.low <= 15.25);
    assert.equal(o.waiting.for, 'cheaper');
    assert.equal(o.waiting.days, 0, 'nothing cheaper than 13.90 in the record');
    assert.equal(o.waiting.medianHours, undefined);
    assert.match(outlookLine(o, 'en'), /^typical 1\d\.\d\d–1\d\.\d\d\/GPU · now 13\.90, low · appears about every 1[12] h$/);
    assert.match(outlookAlertWords(o, 13.9, 'en'), /^13\.90 is low for this watch: typical 1\d\.\d\d–1\d\.\d\d$/);
  });

  it('a window shorter than a week still counts the last 7 days\' appearances, beside its own', () => {
    const spans = steady(() => 15, 13.9);
    for (const [days, window] of [[1, 3], [3, 7], [7, 15]] as const) {
      const o = computeOutlook(record(spans), days);
      assert.deepEqual([o.supply.week, o.supply.window], [15, window], `${days} days`);
    }
  });

  it('appearances per day: every recorded day of the window, oldest first, with the days of price.daily; a burst counts on its day', () => {
    const steadyDays = computeOutlook(record(steady(() => 15, 17))).supply.daily;
    assert.equal(steadyDays.length, 30);
    assert.equal(steadyDays[0].day, NOW - 30 * D);
    assert.equal(steadyDays.at(-1)!.day, NOW - D);
    // Two a day (a day is [its start, its end)), and the latest also has the one listed an hour ago.
    assert.deepEqual(steadyDays.map((d) => d.appeared), [...new Array<number>(29).fill(2), 3]);
    const burst = computeOutlook(record(Array.from({ length: 10 }, (_, i) => span(NOW - 5 * D + i * H, 1, 20)))).supply.daily;
    assert.equal(burst.length, 30, 'days without an appearance are there, at zero');
    assert.deepEqual(burst.filter((d) => d.appeared > 0), [{ day: NOW - 5 * D, appeared: 10 }]);
    const gap = computeOutlook(record([], NOW - 40 * D, [[NOW - 20 * D, NOW - 10 * D]])).supply.daily;
    assert.ok(gap.length < 30 && gap.every((d) => d.appeared === 0), 'days in a gap of the record are left out');
  });

  it('a best now above the band is high, and waiting finds the cheaper ones of the record', () => {
    const o = computeOutlook(record(steady(() => 15, 17)));
    assert.deepEqual(o.price.typical, { low: 15, high: 15 });
    assert.equal(o.price.level, 'high');
    assert.equal(o.waiting.days, 30);
    // Listed 3 h in every 12: a quarter of the moments wait 0, the rest up to 9 h evenly: the median is 3 h.
    assert.ok(Math.abs(o.waiting.medianHours! - 3) < 0.2, String(o.waiting.medianHours));
    assert.equal(outlookAlertWords(o, 15, 'en'), '15.00 is typical for this watch: typical 15.00–15.00');
  });

  it('bursts: ten appearances in one day of thirty still say about every 72 h, and the durations', () => {
    const spans = Array.from({ length: 10 }, (_, i) => span(NOW - 5 * D + i * H, 0.5 + i * 0.1, 20));
    const o = computeOutlook(record(spans));
    assert.equal(o.supply.window, 10);
    assert.equal(o.supply.week, 10);
    assert.ok(Math.abs(o.supply.everyHours! - 72) < 1);
    assert.ok(Math.abs(o.supply.listedHours!.median - 0.95) < 1e-9);
    assert.equal(o.supply.now, 0);
    assert.equal(o.price.now, undefined);
    assert.equal(o.price.level, undefined);
    assert.equal(o.price.daily.length, 1);
    assert.equal(o.price.typical, undefined, 'one day with a match is too few for a typical price');
    assert.equal(o.waiting.for, 'any');
    assert.match(outlookLine(o, 'en'), /^matches on 1 of 30 days: too few to call a typical price · none listed now · appears about every 3 days$/);
  });

  it('a price drop: the daily best follows the drop, and a machine that dropped into the filter appeared then', () => {
    // Listed all along at 16, dropped to 12 five days ago.
    const o = computeOutlook(record([span(NOW - 35 * D, undefined, 16, [[NOW - 5 * D, 12]])]));
    assert.equal(o.supply.window, 0, 'listed before the window: no appearance in it');
    const bests = o.price.daily.map((d) => d.best);
    assert.deepEqual(bests.slice(0, 25), new Array(25).fill(16));
    assert.deepEqual(bests.slice(25), new Array(5).fill(12));
    assert.deepEqual(o.price.typical, { low: 16 - (16 - 12) * 0, high: 16 });
    assert.equal(o.price.level, 'low');
  });

  it('a model seen once: appeared once, nothing typical, and says so', () => {
    const o = computeOutlook(record([span(NOW - 10 * D, 6, 30)]));
    assert.equal(o.supply.window, 1);
    assert.equal(o.supply.everyHours, undefined);
    assert.equal(o.supply.listedHours, undefined);
    assert.ok(o.flags.fewAppearances);
    assert.equal(outlookLine(o, 'en'), 'matches on 1 of 30 days: too few to call a typical price · none listed now · appeared once in 30 days');
  });

  it('gaps in the record: days inside a gap count as not recorded, and appear in gapHours', () => {
    const gap: [number, number][] = [[NOW - 20 * D, NOW - 10 * D]];
    const o = computeOutlook(record(steady(() => 15, 15), NOW - 40 * D, gap));
    assert.ok(o.recordedDays >= 19 && o.recordedDays <= 20, String(o.recordedDays));
    assert.ok(o.flags.gapHours >= 239 && o.flags.gapHours <= 241, String(o.flags.gapHours));
    assert.ok(o.price.daily.length <= 21);
    // The appearances in the gap are in the record as spans, but the rate is over the recorded hours.
    assert.ok(o.supply.everyHours! < 12);
  });

  it('a clock set back: a stretch that ends before it starts is left out; days are 24 h back from the latest list', () => {
    const spans = steady(() => 15, 15);
    spans.push({ start: NOW - 2 * D, end: NOW - 2 * D - H, prices: [{ t: NOW - 2 * D, perGpu: 1 }] });
    const o = computeOutlook(record(spans));
    assert.equal(o.supply.window, 61);
    assert.equal(Math.min(...o.price.daily.map((d) => d.best)), 15);
    // The same record an hour later in every time (a time zone, a clock change) says the same.
    const shifted = computeOutlook({ ...record(spans), now: NOW + H, lists: lists(NOW - 40 * D).map((t) => t + H), start: NOW - 40 * D + H, spans: matchSpans(spans.map((s) => ({ ...s, start: s.start + H, end: s.end === undefined ? undefined : s.end + H, prices: s.prices.map((p) => ({ ...p, t: p.t + H })) }))) });
    assert.deepEqual({ ...shifted.supply, daily: shifted.price.daily.map((d) => d.best) }, { ...o.supply, daily: o.price.daily.map((d) => d.best) });
  });

  it('little data: 2 days recorded says so and calls no typical price', () => {
    const from = NOW - 2 * D - H;
    const spans = [span(NOW - 40 * H, 2, 15), span(NOW - 20 * H, 2, 14), span(NOW - H, undefined, 13)];
    const o = computeOutlook({ now: NOW, start: from, lists: lists(from), spans: matchSpans(spans) });
    assert.equal(o.recordedDays, 2);
    assert.ok(o.flags.fewDays);
    assert.equal(o.price.typical, undefined);
    assert.equal(o.price.level, undefined);
    assert.equal(outlookLine(o, 'en'), '2 days recorded: too little to call a typical price · now 13.00 · appears about every 16 h');
    assert.equal(outlookAlertWords(o, 13, 'en'), '');
    assert.equal(outlookLines(o, 'en').length, 6);
  });

  it('the edges of what the record carries: three appearances and three ended listings are enough, a stretch from the record\'s start is no appearance, lists in any order', () => {
    // Three came and went (5 h, 1 h, 3 h), one was there when the record began and is still listed.
    const spans = [span(NOW - 10 * D, 5, 20), span(NOW - 8 * D, 1, 20), span(NOW - 6 * D, 3, 20), span(NOW - 40 * D, undefined, 18)];
    const o = computeOutlook({ ...record(spans), lists: lists(NOW - 40 * D).reverse() });
    assert.equal(o.recordedDays, 30);
    assert.deepEqual({ ...o.supply, daily: undefined }, { week: 1, window: 3, everyHours: 240, listedHours: { q1: 2, median: 3, q3: 4 }, now: 1, daily: undefined });
    assert.equal(o.flags.fewAppearances, false);
    assert.equal(o.price.now, 18);
    // A stretch that starts after the latest list is not in it.
    assert.deepEqual(computeOutlook(record([...spans, span(NOW + H, undefined, 1)])).supply, o.supply);
  });

  it('exactly three recorded days with a best each call a typical price; appearances in no recorded hour say no rate', () => {
    const threeDays = computeOutlook(record([span(NOW - 3 * D, undefined, 15)], NOW - 3 * D));
    assert.deepEqual([threeDays.recordedDays, threeDays.price.daily.length, threeDays.flags.fewDays, threeDays.price.typical], [3, 3, false, { low: 15, high: 15 }]);
    const oneList = computeOutlook({ now: NOW, start: NOW - 40 * D, lists: [NOW], spans: matchSpans([span(NOW - 3 * H, undefined, 1), span(NOW - 2 * H, undefined, 2), span(NOW - H, undefined, 3)]) });
    assert.deepEqual([oneList.recordedHours, oneList.supply.window, oneList.supply.everyHours], [0, 3, undefined]);
  });

  it('nothing listed now: waiting is for any match, on the days one appeared', () => {
    const o = computeOutlook(record(Array.from({ length: 10 }, (_, i) => span(NOW - 5 * D + i * H, 1, 20))));
    assert.deepEqual([o.waiting.for, o.waiting.days], ['any', 1]);
  });

  it('waiting counts each day one came, also while another was listed: as often as the supply says', () => {
    // A match every day for 3 hours, and one listed for ten days meanwhile, none now: one appeared every day.
    const daily = Array.from({ length: 30 }, (_, k) => span(NOW - (k + 1) * D + 6 * H, 3, 16));
    const any = computeOutlook(record([...daily, span(NOW - 20 * D, 10 * 24, 15)]));
    assert.equal(any.waiting.for, 'any');
    assert.equal(any.waiting.days, 30);
    assert.equal(any.supply.daily.filter((d) => d.appeared > 0).length, 30);
    // The same with a best now of 17: each day one cheaper came, while the ten-day one was listed too.
    const cheaper = computeOutlook(record([...daily, span(NOW - 20 * D, 10 * 24, 15), span(NOW - H, undefined, 17)]));
    assert.deepEqual([cheaper.waiting.for, cheaper.waiting.days], ['cheaper', 30]);
  });

  it('waiting counts a repricing under the best now as one coming, not one that was under it already', () => {
    const o = computeOutlook(
      record([
        span(NOW - H, undefined, 15),
        // At 16, under 15 an hour later (day 2 back).
        span(NOW - 3 * D + H, 5, 16, [[NOW - 3 * D + 2 * H, 14]]),
        // At 14 (day 5 back), cheaper still four hours later and a day later: it came once.
        span(NOW - 6 * D + H, 48, 14, [[NOW - 6 * D + 5 * H, 13], [NOW - 5 * D + H, 12]]),
        // At 16, under 15 two hours later (day 7 back).
        span(NOW - 8 * D + H, 5, 16, [[NOW - 8 * D + 3 * H, 14.5]]),
      ]),
    );
    assert.deepEqual([o.waiting.for, o.waiting.days], ['cheaper', 3]);
  });

  it('waiting counts what came within the window, after the record began: from the window\'s first moment on', () => {
    // The record begins 10 days back, with one listed already (not one coming); one came exactly 9 days back.
    const recent = computeOutlook(record([span(NOW - 10 * D, 2, 1), span(NOW - 9 * D, 2, 1), span(NOW - H, undefined, 5)], NOW - 10 * D));
    assert.equal(recent.waiting.days, 1);
    // A 30-day window of a 40-day record: one came before it (35 days back), one at its very start (day 29 back).
    const old = computeOutlook(record([span(NOW - 35 * D, 2, 1), span(NOW - 30 * D, 2, 1), span(NOW - H, undefined, 5)]));
    assert.equal(old.waiting.days, 1);
    assert.deepEqual(old.supply.daily[0], { day: NOW - 30 * D, appeared: 1 });
  });

  it('appearances on days in a gap of the record still count on their day', () => {
    const o = computeOutlook(record(steady(() => 15, 15), NOW - 40 * D, [[NOW - 20 * D, NOW - 10 * D]]));
    assert.equal(o.supply.daily.length, 30);
    assert.equal(o.supply.daily.reduce((sum, d) => sum + d.appeared, 0), 61);
  });

  it('nothing recorded: less than a day, none listed, none appeared', () => {
    const o = computeOutlook({ now: NOW, start: NOW, lists: [NOW], spans: matchSpans([]) });
    assert.equal(outlookLine(o, 'en'), 'less than a day recorded: too little to call a typical price · none listed now · none appeared in less than a day');
  });

  it('an outlook is the same with working arrays lent, whatever was asked with them before', () => {
    // A broad record, then a narrow one with a cheaper listing now (waiting merges what is below it), then both again.
    const work = new OutlookWork();
    const broad = record([...steady((k) => 15 + (k % 4) * 0.25, 14.5), ...steady((k) => 16 + (k % 3) * 0.5, 15)]);
    const narrow = record([span(NOW - 9 * D, 30, 12), span(NOW - 6 * D, 10, 13.5), span(NOW - 4 * D, 5, 13), span(NOW - 2 * H, undefined, 12.5)]);
    const narrowFirst = computeOutlook(narrow);
    const broadFirst = computeOutlook(broad);
    assert.deepEqual(computeOutlook({ ...broad, work }), broadFirst);
    assert.deepEqual(computeOutlook({ ...narrow, work }), narrowFirst);
    assert.deepEqual(computeOutlook({ ...broad, work }), broadFirst);
    assert.equal(narrowFirst.supply.window, 4);
    assert.deepEqual(narrowFirst.supply.listedHours, { q1: 7.5, median: 10, q3: 20 });
  });
  it('how long matches stayed: the quartiles of the hours, interpolated, to the bit, whether the stays are whole milliseconds or not (property)', () => {
    const plain = (hours: number[]) => {
      const s = [...hours].sort((a, b) => a - b);
      const at = (p: number) => {
        const x = (s.length - 1) * p;
        const below = Math.floor(x);
        const part = x - below;
        return part === 0 ? s[below] : s[below] * (1 - part) + s[Math.min(s.length - 1, below + 1)] * part;
      };
      return { q1: at(0.25), median: at(0.5), q3: at(0.75) };
    };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 * D }), { minLength: 3, maxLength: 60 }), fc.constantFrom(0, 0.5, 0.125), (stays, fraction) => {
        // Each ends by the latest list, starting in the last 25 days: whole milliseconds, or not (a fraction added).
        const spans = stays.map((ms, i): MatchSpan => {
          const start = NOW - 25 * D + i * 1000;
          return { start, end: start + ms + fraction, prices: [{ t: start, perGpu: 10 }] };
        });
        const o = computeOutlook(record(spans));
        assert.deepEqual(o.supply.listedHours, plain(spans.map((x) => (x.end! - x.start) / H)));
      }),
    );
  });
});
