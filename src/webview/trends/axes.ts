// The axes of a trends chart: the span each axis covers and its ticks, from
// the values drawn. An axis always holds every value, with round ticks at its
// ends, and has a length even for a single value (the first recorded list):
// a price gets a little room on both sides, a count starts at zero. Pure.

export interface ValueAxis {
  min: number;
  max: number;
  /** Round values from min to max, both included; none without values. */
  ticks: number[];
}

/** A single list's time is shown with this much on each side, when the range has no length of its own. */
export const LONE_TIME_PAD_MS = 3_600_000;

/** A round step (1, 2 or 5 times a power of ten) of about (max - min) / count. */
function niceStep(min: number, max: number, count: number): number {
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * power;
}

const round = (v: number): number => Number(v.toPrecision(12));

/**
 * The value axis of `values` (non-finite ones left out): about `count` round
 * steps from a tick at or below the lowest value to one at or above the
 * highest. `fromZero` (a count) starts it at zero; a single value otherwise
 * gets a tenth of itself (or 1, for zero) on each side, never below zero when
 * the values are not.
 */
export function valueAxis(values: Iterable<number>, options: { fromZero?: boolean; count?: number } = {}): ValueAxis {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (lo > hi) return { min: 0, max: 1, ticks: [] };
  if (options.fromZero) lo = Math.min(lo, 0);
  // Values a millionth apart (or a billionth, near zero) draw as one; finer steps would not be round in a double.
  if (hi - lo <= Math.max(Math.abs(hi) * 1e-6, 1e-9)) {
    lo = hi;
    const pad = lo === 0 ? 1 : Math.max(Math.abs(lo) / 10, 1e-9);
    const nonNegative = lo >= 0;
    hi += pad;
    lo = options.fromZero || (nonNegative && lo - pad < 0) ? Math.min(lo, 0) : lo - pad;
  }
  const step = niceStep(lo, hi, options.count ?? 4);
  const min = round(Math.floor(round(lo / step)) * step);
  const max = round(Math.ceil(round(hi / step)) * step);
  const steps = Math.round((max - min) / step);
  const ticks = Array.from({ length: steps + 1 }, (_, i) => (i === steps ? max : round(min + i * step)));
  return { min, max, ticks };
}

/** The time the chart spans: the range asked for, or, when it has no length (one list, all recorded), an hour on each side of it. */
export function timeSpan(from: number, to: number): { from: number; to: number } {
  if (!Number.isFinite(from) || !Number.isFinite(to)) return { from: 0, to: 1 };
  return to > from ? { from, to } : { from: to - LONE_TIME_PAD_MS, to: to + LONE_TIME_PAD_MS };
}
