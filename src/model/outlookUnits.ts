// The outlook's units (src/model/outlook.ts, outlookWaiting.ts): hours, days
// counted back from the latest list, and quantiles of its numbers. One place,
// so that the supply and the waiting put a moment on the same day. Pure.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The day back from `now` that `t` (at or before it) falls in: 0 for the last 24 hours. A day is [its start, its end). */
export function dayBack(now: number, t: number): number {
  return Math.max(0, Math.ceil((now - t) / DAY_MS) - 1);
}

/** The p-quantile of ascending numbers, each divided by `unit` as it is read, interpolated between the nearest ranks (as the history's medians). */
export function rank(sorted: ArrayLike<number>, p: number, unit = 1): number {
  const at = (sorted.length - 1) * p;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  const part = at - below;
  return part === 0 ? sorted[below] / unit : (sorted[below] / unit) * (1 - part) + (sorted[above] / unit) * part;
}
