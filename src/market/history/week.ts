// A GPU model's week in the market history: its lowest price per GPU, the
// median of its median price per GPU (each point weighted by the lists it
// stands for), how much of the week is covered, and its 7-day trend. Pure.
import type { WeekFacts } from '../../model/historyText';
import { DAY_MS } from './downsample';

/** The window of "7-day" figures. */
export const WEEK_MS = 7 * DAY_MS;

/** How many values a model's 7-day trend has: one per 6 hours. */
export const TREND_POINTS = 28;

/** One point of a model over every GPU count. */
export interface WeekSample {
  t: number;
  n: number;
  low: number;
  median: number;
}

/** The median of values with weights: the least value whose cumulative weight reaches half. */
export function weightedMedian(pairs: readonly { value: number; weight: number }[]): number {
  if (pairs.length === 0) {
    return NaN;
  }
  const sorted = [...pairs].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, p) => sum + p.weight, 0);
  let acc = 0;
  for (const p of sorted) {
    acc += p.weight;
    if (acc * 2 >= total) {
      return p.value;
    }
  }
  return sorted[sorted.length - 1].value;
}

/** The week before `lastT` of a model's samples (any order); undefined when none falls in it. */
export function weekFacts(samples: readonly WeekSample[], lastT: number): WeekFacts | undefined {
  const from = lastT - WEEK_MS;
  const pairs: { value: number; weight: number }[] = [];
  const trend = new Array<number>(TREND_POINTS).fill(NaN);
  let low = Infinity;
  let first = Infinity;
  for (const s of samples) {
    if (s.t < from || s.t > lastT) continue;
    pairs.push({ value: s.median, weight: s.n });
    low = Math.min(low, s.low);
    first = Math.min(first, s.t);
    const part = Math.min(TREND_POINTS - 1, Math.floor(((s.t - from) / WEEK_MS) * TREND_POINTS));
    if (!(trend[part] <= s.low)) trend[part] = s.low;
  }
  return pairs.length === 0 ? undefined : { low, median: weightedMedian(pairs), coveredMs: lastT - first, trend };
}
