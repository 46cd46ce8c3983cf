// The outlook's words for every case a person can meet (issue 36): spans from
// minutes to days, too few days or appearances, a best price now low, typical
// or high, waiting for something cheaper or for anything, and the command
// line's labelled lines in full. The outlooks are written out, not computed
// (outlook.test.ts computes them), so each branch of the wording is reached.
import * as assert from 'node:assert/strict';
import { outlookAlertWords, outlookLine, outlookLineLeavingOut, outlookLines, outlookNowWords, outlookPriceWords, outlookSpan, outlookSupplyWords, outlookWaitingWords } from '../../../src/model/outlookText';
import { outlookWith as outlook, type OutlookChange as Change } from '../../support/matchSpans';

/** Each case's input with what `words` makes of it, against the table: a failure names the case. */
function assertTable<T>(cases: [T, string][], words: (input: T) => string): void {
  assert.deepEqual(
    cases.map(([input]) => [input, words(input)]),
    cases,
  );
}

describe('outlook in words', () => {
  it('a span of hours as a person reads it: minutes under an hour, one decimal under 10 h, whole hours under two days, then days', () => {
    const cases: [number, string][] = [
      [0.001, '1 min'],
      [0.5, '30 min'],
      [1, '1.0 h'],
      [9.94, '9.9 h'],
      [10, '10 h'],
      [47.6, '48 h'],
      [48, '2 days'],
      [50, '2.1 days'],
      [72, '3 days'],
    ];
    assertTable(cases, (hours) => outlookSpan(hours, 'en'));
  });

  it('the price part: the typical band, or how little is recorded, or on how few days it matched', () => {
    const cases: [Change, string][] = [
      [{}, 'typical 14.20–15.80/GPU'],
      [{ price: { typical: undefined }, flags: { fewDays: true }, recordedDays: 0 }, 'less than a day recorded: too little to call a typical price'],
      [{ price: { typical: undefined }, flags: { fewDays: true }, recordedDays: 1 }, '1 day recorded: too little to call a typical price'],
      [{ price: { typical: undefined }, flags: { fewDays: true }, recordedDays: 2 }, '2 days recorded: too little to call a typical price'],
      [{ price: { typical: undefined, daily: [{ day: 0, best: 1 }, { day: 1, best: 2 }] } }, 'matches on 2 of 12 days: too few to call a typical price'],
    ];
    assertTable(cases, (change) => outlookPriceWords(outlook(change), 'en'));
  });

  it('the now part: the best now and where it sits, without a level, or none', () => {
    const cases: [Change, string][] = [
      [{}, 'now 13.90, low'],
      [{ price: { now: 15, level: 'typical' } }, 'now 15.00, typical'],
      [{ price: { now: 16.9, level: 'high' } }, 'now 16.90, high'],
      [{ price: { now: 16.9, level: undefined } }, 'now 16.90'],
      [{ price: { now: undefined, level: undefined } }, 'none listed now'],
    ];
    assertTable(cases, (change) => outlookNowWords(outlook(change), 'en'));
  });

  it('the supply part: about every, or how many appeared in how much record', () => {
    const few = (window: number, recordedDays: number): Change => ({ supply: { everyHours: undefined, window }, recordedDays });
    const cases: [Change, string][] = [
      [{}, 'appears about every 33 h'],
      [few(0, 0), 'none appeared in less than a day'],
      [few(0, 1), 'none appeared in 1 day'],
      [few(1, 1), 'appeared once in 1 day'],
      [few(2, 5), 'appeared 2 times in 5 days'],
      [few(1, 0), 'appeared once in less than a day'],
    ];
    assertTable(cases, (change) => outlookSupplyWords(outlook(change), 'en'));
  });

  it('the waiting part: for something cheaper or anything, and the median wait, none, or no wait', () => {
    const cases: [Change, string][] = [
      [{}, 'a match cheaper than 13.90 appeared on 3 of the last 30 days; from a random moment of the record, the median wait was 20 h'],
      [{ waiting: { medianHours: 0 } }, 'a match cheaper than 13.90 appeared on 3 of the last 30 days; at half the moments of the record or more, one was listed'],
      [{ waiting: { medianHours: undefined } }, 'a match cheaper than 13.90 appeared on 3 of the last 30 days; from a random moment of the record, over half waited longer than the record runs'],
      [{ waiting: { medianHours: undefined }, recordedDays: 0 }, 'a match cheaper than 13.90 appeared on 3 of the last 30 days'],
      [{ waiting: { for: 'any', days: 0, medianHours: 0.25 }, price: { now: undefined } }, 'a match appeared on 0 of the last 30 days; from a random moment of the record, the median wait was 15 min'],
      // A window of one day: whether one came in it, not "1 of the last 1 days".
      [{ days: 1, waiting: { days: 1, medianHours: 0 } }, 'a match cheaper than 13.90 appeared in the last day; at half the moments of the record or more, one was listed'],
      [{ days: 1, waiting: { days: 0 } }, 'no match cheaper than 13.90 appeared in the last day; from a random moment of the record, the median wait was 20 h'],
      [{ days: 1, waiting: { for: 'any', days: 1 }, price: { now: undefined } }, 'a match appeared in the last day; from a random moment of the record, the median wait was 20 h'],
      [{ days: 1, waiting: { for: 'any', days: 0 }, price: { now: undefined } }, 'no match appeared in the last day; from a random moment of the record, the median wait was 20 h'],
    ];
    assertTable(cases, (change) => outlookWaitingWords(outlook(change), 'en'));
  });

  it("a watch's alert says where a price sits against the band; nothing without a band or a number", () => {
    assert.equal(outlookAlertWords(outlook(), 16.9, 'en'), '16.90 is high for this watch: typical 14.20–15.80');
    assert.equal(outlookAlertWords(outlook(), 14.2, 'en'), '14.20 is typical for this watch: typical 14.20–15.80');
    assert.equal(outlookAlertWords(outlook({ price: { typical: undefined } }), 14.2, 'en'), '');
    assert.equal(outlookAlertWords(outlook(), Number.NaN, 'en'), '');
    // A watch with a field the record does not keep: its band is of the rest, and the words say so.
    assert.equal(outlookAlertWords(outlook(), 13.9, 'en', ['listed_hours']), '13.90 is low for this watch (listed_hours left out): typical 14.20–15.80');
  });

  it('the labelled lines of the command line and the tools, in full, with the display language\'s digits', () => {
    assert.deepEqual(outlookLines(outlook(), 'en'), [
      { label: 'Recorded', value: '12.5 days of the last 30' },
      { label: 'Appeared', value: '4 times in 7 days, 9 times in 30 days; appears about every 33 h' },
      { label: 'Stayed listed', value: 'median 5.5 h (quartiles 2.0 h–2.1 days)' },
      { label: 'Matching now', value: '1' },
      { label: 'Price per GPU', value: 'typical 14.20–15.80/GPU · now 13.90, low' },
      { label: 'Waiting', value: 'a match cheaper than 13.90 appeared on 3 of the last 30 days; from a random moment of the record, the median wait was 20 h' },
    ]);
    const lines = outlookLines(outlook({ recordedDays: 1, recordedHours: 30, supply: { listedHours: undefined, now: 1234 } }), 'de');
    assert.deepEqual(
      lines.filter((l) => ['Recorded', 'Stayed listed', 'Matching now'].includes(l.label)),
      [
        { label: 'Recorded', value: '1 day of the last 30' },
        { label: 'Stayed listed', value: 'too few ended listings to say' },
        { label: 'Matching now', value: '1.234' },
      ],
    );
    assert.equal(outlookLine(outlook(), 'de'), 'typical 14,20–15,80/GPU · now 13,90, low · appears about every 33 h');
  });

  it('the line of a filter with fields the record does not keep names them as left out', () => {
    assert.equal(outlookLineLeavingOut(outlook(), [], 'en'), outlookLine(outlook(), 'en'));
    assert.equal(outlookLineLeavingOut(outlook(), ['listed_hours'], 'en'), 'typical 14.20–15.80/GPU · now 13.90, low · appears about every 33 h · listed_hours left out');
    assert.equal(outlookLineLeavingOut(outlook(), ['listed_hours', 'below_median'], 'en'), 'typical 14.20–15.80/GPU · now 13.90, low · appears about every 33 h · listed_hours, below_median left out');
  });

  it('a window of a week says its appearances once; a shorter one beside the week\'s; "once" for one; a window of one day in hours', () => {
    const appeared = (change: Change) => outlookLines(outlook(change), 'en').find((l) => l.label === 'Appeared')!.value;
    const recorded = (change: Change) => outlookLines(outlook(change), 'en').find((l) => l.label === 'Recorded')!.value;
    assert.equal(appeared({ days: 1, supply: { week: 23, window: 4, everyHours: 6 } }), '23 times in 7 days, 4 times in 1 day; appears about every 6.0 h');
    assert.equal(appeared({ days: 3, supply: { week: 23, window: 9, everyHours: 8 } }), '23 times in 7 days, 9 times in 3 days; appears about every 8.0 h');
    assert.equal(appeared({ days: 7, supply: { week: 23, window: 23, everyHours: 7.3 } }), '23 times in 7 days; appears about every 7.3 h');
    assert.equal(appeared({ days: 8, supply: { week: 1, window: 1, everyHours: undefined }, recordedDays: 8 }), 'once in 7 days, once in 8 days; appeared once in 8 days');
    assert.equal(recorded({ days: 1, recordedHours: 24, recordedDays: 1 }), '24.0 h of the last 24 h');
    assert.equal(recorded({ days: 1, recordedHours: 5.25, recordedDays: 0 }), '5.3 h of the last 24 h');
    assert.equal(recorded({ days: 7, recordedHours: 168, recordedDays: 7 }), '7.0 days of the last 7');
  });
});
