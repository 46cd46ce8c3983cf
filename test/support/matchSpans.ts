// A record's match spans written as one object each, as a test reads best,
// and the columns the outlook takes (src/model/outlook.ts, MatchSpans).
import type { MatchSpans } from '../../src/model/outlook';

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
