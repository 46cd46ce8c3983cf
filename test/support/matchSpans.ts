// A record's match spans written as one object each, as a test reads best,
// and the columns the outlook takes (src/model/outlook.ts, MatchSpans); an
// outlook written out, for the tests of its words and charts.
import type { MatchSpans, Outlook } from '../../src/model/outlook';

/** A stretch of one listing during which it matched: its prices per GPU from each time on, the first at `start`. */
export interface MatchSpan {
  start: number;
  /** When it stopped matching; undefined while it matches. */
  end: number | undefined;
  prices: { t: number; perGpu: number }[];
}

export function matchSpans(spans: readonly MatchSpan[]): MatchSpans {
  const out = { start: [] as number[], end: [] as number[], first: [] as number[], t: [] as number[], perGpu: [] as number[] };
  for (const s of spans) {
    out.start.push(s.start);
    out.end.push(s.end ?? NaN);
    out.first.push(out.t.length);
    for (const p of s.prices) {
      out.t.push(p.t);
      out.perGpu.push(p.perGpu);
    }
  }
  return out;
}

/** Part of an outlook: its own fields, and some fields of each of its groups. */
export type OutlookChange = { [K in keyof Outlook]?: Outlook[K] extends object ? Partial<Outlook[K]> : Outlook[K] };

/**
 * An outlook written out rather than computed, so a test reaches each case
 * of its words and charts: by default twelve and a half days recorded of 30,
 * a typical band of 14.20–15.80, one listed now at 13.90 (low).
 */
export function outlookWith(change: OutlookChange = {}): Outlook {
  const base: Outlook = {
    latest: 0,
    days: 30,
    recordedHours: 300,
    recordedDays: 12,
    supply: { week: 4, window: 9, everyHours: 33.3, listedHours: { q1: 2, median: 5.5, q3: 50 }, now: 1, daily: [] },
    price: { daily: [], typical: { low: 14.2, high: 15.8 }, now: 13.9, level: 'low' },
    waiting: { for: 'cheaper', days: 3, medianHours: 20 },
    flags: { fewDays: false, fewAppearances: false, gapHours: 0 },
  };
  return {
    ...base,
    ...change,
    supply: { ...base.supply, ...change.supply },
    price: { ...base.price, ...change.price },
    waiting: { ...base.waiting, ...change.waiting },
    flags: { ...base.flags, ...change.flags },
  } as Outlook;
}
