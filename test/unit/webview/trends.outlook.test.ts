// The Market Trends panel's outlook section (issue 36), from an outlook of a
// few days to what the page draws: the heading with the filter, the one line,
// the daily best with the typical band shaded behind it, appearances as bars,
// and the table of the same numbers; one sentence where there is no outlook,
// nothing without a filter.
import * as assert from 'node:assert/strict';
import { computeOutlook } from '../../../src/model/outlook';
import { matchSpans, outlookWith, type MatchSpan } from '../../support/matchSpans';
import { outlookLine } from '../../../src/model/outlookText';
import { chartShapes, PLOT, type Shape } from '../../../src/webview/trends/dom';
import { outlookContent } from '../../../src/webview/trends/outlook';

const H = 3_600_000;
const D = 24 * H;
const NOW = Date.UTC(2026, 10, 27, 6, 0);

/** Five days of lists every hour; an 8× H100 twice a day for 3 h at 2.00 (2.50 on the second and third days back), one listed now at 1.80. */
function fiveDays(listedNow = true): ReturnType<typeof computeOutlook> {
  const lists: number[] = [];
  for (let t = NOW - 5 * D; t <= NOW; t += H) lists.push(t);
  const spans: MatchSpan[] = [];
  for (let k = 1; k <= 9; k++) {
    const start = NOW - k * 12 * H;
    spans.push({ start, end: start + 3 * H, prices: [{ t: start, perGpu: k >= 3 && k <= 6 ? 2.5 : 2 }] });
  }
  if (listedNow) spans.push({ start: NOW - H, end: undefined, prices: [{ t: NOW - H, perGpu: 1.8 }] });
  return computeOutlook({ now: NOW, start: NOW - 5 * D, lists, spans: matchSpans(spans) }, 7);
}

const shapesOf = (chart: unknown, kind: Shape['kind'], className: string): Shape[] => chartShapes(chart).filter((s) => s.kind === kind && s.className.split(' ').includes(className));

describe('trends page: the outlook section', () => {
  it('a few days: the heading, the line, the daily best over the typical band, appearances as bars, and a table row a day', () => {
    const outlook = fiveDays();
    assert.ok(outlook.price.typical, 'five days carry a typical price');
    const section = outlookContent('gpu=h100 gpus=8 labels=demo-rhythm', { outlook })!;
    assert.equal(section.heading, 'Outlook for gpu=h100 gpus=8 labels=demo-rhythm, last 7 days');
    assert.equal(section.line, outlookLine(outlook));
    assert.match(section.line, /^typical 2\.00–2\.50\/GPU · now 1\.80, low · appears about every/);
    // A field the record does not keep is named as left out of the line.
    assert.equal(outlookContent('gpu=h100 listed_hours>2', { outlook, ignored: ['listed_hours'] })!.line, `${outlookLine(outlook)} · listed_hours left out`);

    const price = section.price!;
    assert.match(price.label, /^Best price per GPU a day of gpu=h100 gpus=8 labels=demo-rhythm, last 7 days: 1\.80 to 2\.50; typical 2\.00 to 2\.50, shaded\./);
    assert.deepEqual(price.band, { low: 2, high: 2.5 });
    const band = shapesOf(price, 'rect', 'band');
    assert.equal(band.length, 1, 'one shaded band');
    assert.deepEqual(chartShapes(price)[0], band[0], 'drawn first, behind the rest');
    const b = band[0] as Extract<Shape, { kind: 'rect' }>;
    assert.ok(b.height > 10, `the band spans 2.00 to 2.50 (${b.height})`);
    const line = shapesOf(price, 'polyline', 'line-best');
    assert.equal(line.length, 1);
    assert.equal((line[0] as Extract<Shape, { kind: 'polyline' }>).points.split(' ').length, outlook.price.daily.length, 'a point a day with a match');
    assert.ok(price.min <= 1.8 && price.max >= 2.5, 'the axis holds every daily best and the band');

    const supply = section.supply!;
    assert.match(supply.label, /^Appearances a day of gpu=h100 gpus=8 labels=demo-rhythm, last 7 days: 10 in all, at most 3 a day\./);
    const bars = shapesOf(supply, 'rect', 'bar-appeared') as Extract<Shape, { kind: 'rect' }>[];
    assert.equal(bars.length, 5, 'a bar for each of the five recorded days');
    for (const bar of bars) assert.ok(bar.x >= PLOT.left && bar.x + bar.width <= PLOT.right + 0.1 && bar.y >= PLOT.top && bar.y + bar.height <= PLOT.bottom + 0.1, JSON.stringify(bar));
    assert.equal(supply.yTicks[0].at, 0, 'counts start at zero');
    // At most two a day (none listed now): whole appearances only, no tick at 1.5.
    const twice = outlookContent('gpu=h100', { outlook: fiveDays(false) })!.supply!;
    assert.ok(twice.yTicks.every((tick) => Number.isInteger(tick.at)), `whole appearances only: ${twice.yTicks.map((t) => t.text).join(', ')}`);
    // Five days recorded of the seven asked: the charts start at the first, not on two empty days under the band.
    assert.equal(price.from, outlook.price.daily[0].day);
    assert.equal(supply.from, outlook.supply.daily[0].day);
    assert.equal(price.to, outlook.latest);

    assert.deepEqual(section.columns, ['24 hours from (UTC)', 'Best per GPU', 'Against typical', 'Appeared']);
    assert.equal(section.rows.length, 5);
    // Newest first: the latest 24 hours (from Nov 26, 06:00) had 1.80, low against the band, and three appearances.
    assert.deepEqual(section.rows[0], ['Nov 26, 06:00', '1.80', 'low', '3']);
    assert.deepEqual(section.rows[2], ['Nov 24, 06:00', '2.50', 'typical', '2']);
    assert.deepEqual(section.rows[4], ['Nov 22, 06:00', '2.00', 'typical', '1']);
    assert.equal(section.caption, 'gpu=h100 gpus=8 labels=demo-rhythm: best price per GPU and appearances a day, last 7 days');
  });

  it('no filter: no section; no history, no list, an unreadable filter or no day recorded: one sentence, no chart', () => {
    assert.equal(outlookContent('', { error: 'off' }), undefined);
    assert.equal(outlookContent('  ', undefined), undefined);
    assert.equal(outlookContent('gpu=h100', undefined), undefined, 'a failed answer draws no section');
    const off = outlookContent('gpu=h100', { error: 'off' })!;
    assert.equal(off.line, 'The market history is off here, so this filter has no outlook.');
    assert.equal(off.price, undefined);
    assert.equal(off.rows.length, 0);
    assert.equal(outlookContent('gpu=', { error: 'parse', message: 'a value is missing' })!.line, 'The filter cannot be read, so it has no outlook: a value is missing');
    assert.equal(outlookContent('gpu=h100', { error: 'empty' })!.line, 'The market history has recorded no list yet, so this filter has no outlook.');
    const empty = outlookContent('gpu=h100', { outlook: computeOutlook({ now: NOW, start: NOW, lists: [NOW], spans: matchSpans([]) }, 30) })!;
    assert.match(empty.line, /^The market history has no day of this filter yet: less than a day recorded/);
    assert.equal(empty.supply, undefined);
  });

  it('days with only a best price or only appearances: each chart from the first of either, a day in the middle of its best, a dash for what a day lacks', () => {
    // Appearances from four days back, prices from three: the band (1.00–4.00) lies outside every best.
    const outlook = outlookWith({
      latest: NOW,
      days: 7,
      recordedHours: 96,
      price: { typical: { low: 1, high: 4 }, daily: [{ day: NOW - 3 * D, best: 2 }, { day: NOW - D, best: 3 }] },
      supply: { daily: [{ day: NOW - 4 * D, appeared: 8 }, { day: NOW - D, appeared: 0 }] },
    });
    const section = outlookContent('  gpu=h100  ', { outlook })!;
    assert.equal(section.heading, 'Outlook for gpu=h100, last 7 days');
    const price = section.price!;
    assert.equal(price.from, NOW - 4 * D, 'from the first day of either number');
    assert.deepEqual(price.lines, [{ metric: 'best', points: [NOW - 3 * D + 12 * H, 2, NOW - D + 12 * H, 3] }]);
    assert.deepEqual(price.band, { low: 1, high: 4 });
    assert.ok(price.min <= 1 && price.max >= 4, `the axis holds the band: ${price.min}–${price.max}`);
    assert.match(price.label, /: 2\.00 to 3\.00; typical 1\.00 to 4\.00, shaded\./);
    const supply = section.supply!;
    assert.deepEqual(supply.lines, [{ metric: 'appeared', points: [NOW - 4 * D, 8, NOW - D, 0], barMs: D }]);
    assert.match(supply.label, /: 8 in all, at most 8 a day\./);
    assert.deepEqual(
      supply.yTicks.map((t) => t.text),
      supply.yTicks.map((t) => String(t.at)),
    );
    assert.ok(supply.yTicks.length >= 3, `eight a day gets several whole ticks: ${supply.yTicks.map((t) => t.text).join(', ')}`);
    assert.deepEqual(section.rows, [
      ['Nov 26, 06:00', '3.00', 'typical', '0'],
      ['Nov 24, 06:00', '2.00', 'typical', '—'],
      ['Nov 23, 06:00', '—', '—', '8'],
    ]);
    assert.deepEqual(section.legend, ['Best per GPU a day', 'Typical (25th–75th percentile)', 'Appeared']);

    // Prices first (appearances from a later day): the charts start at the first price.
    const pricesFirst = outlookContent('gpu=h100', { outlook: { ...outlook, supply: { ...outlook.supply, daily: [{ day: NOW - D, appeared: 1 }] } } })!;
    assert.equal(pricesFirst.price!.from, NOW - 3 * D);
  });

  it('appearances without a price, or one price and no appearance: the charts say so in their names', () => {
    const noPrice = outlookContent('gpu=h100', {
      outlook: outlookWith({ latest: NOW, days: 7, recordedHours: 30, price: { typical: undefined, daily: [] }, supply: { daily: [{ day: NOW - D, appeared: 2 }] } }),
    })!;
    assert.match(noPrice.price!.label, /, last 7 days: —; too few days to call a typical price\./);
    assert.equal(noPrice.price!.band, undefined);
    assert.equal(noPrice.price!.from, NOW - D);
    const onePrice = outlookContent('gpu=h100', { outlook: outlookWith({ latest: NOW, days: 7, recordedHours: 30, price: { daily: [{ day: NOW - D, best: 2 }] }, supply: { daily: [] } }) })!;
    assert.match(onePrice.price!.label, /, last 7 days: 2\.00; typical 14\.20 to 15\.80, shaded\./);
    assert.match(onePrice.supply!.label, /, last 7 days: 0 in all, at most 0 a day\./);
  });

  it('no day to draw: no recorded hour, or hours but no day with either number, is one sentence with the line', () => {
    const days = { price: { daily: [{ day: NOW - D, best: 2 }] }, supply: { daily: [{ day: NOW - D, appeared: 1 }] } };
    for (const outlook of [outlookWith({ ...days, recordedHours: 0 }), outlookWith({ recordedHours: 5, price: { daily: [] }, supply: { daily: [] } })]) {
      assert.deepEqual(outlookContent('gpu=h100', { outlook }), {
        heading: 'Outlook for gpu=h100',
        line: `The market history has no day of this filter yet: ${outlookLine(outlook)}`,
        legend: [],
        caption: '',
        columns: [],
        rows: [],
      });
    }
  });

  it('a hostile filter stays text: control characters are stripped, markup is words', () => {
    const section = outlookContent('<img src=x onerror=alert(1)>\u0007 labels=a', { error: 'off' })!;
    assert.equal(section.heading, 'Outlook for <img src=x onerror=alert(1)> labels=a');
  });
});
