// Keeping the market history bounded (thin.ts applies it to the database):
// the points of the last 2 days as they were recorded, one point an hour for
// 90 days, one a day after that, and nothing older than the days the user
// keeps. A downsampled point stands for `n` recorded points: its lowest price
// is their lowest, its 25th percentile, median and counts their means weighted
// by `n`, so downsampling twice (hours, then days) gives what downsampling
// once gives. Pure.
import { compareGroups, type GroupStat, type MarketPoint } from './aggregate';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Points younger than this stay as recorded. */
export const RAW_MS = 2 * DAY_MS;
/** Points younger than this (and older than RAW_MS) are kept one an hour; older ones one a day. */
export const HOURLY_MS = 90 * DAY_MS;

/** A point as the history keeps it: how many recorded points it stands for (1 when recorded). */
export interface StoredPoint extends MarketPoint {
  n: number;
}

interface Sum {
  gpu: string;
  count: number;
  machines: number;
  gpus: number;
  low: number;
  p25: number;
  median: number;
  /** Recorded points in which the group had prices. */
  n: number;
}

/**
 * One point for several: `t` is the bucket's start. Counts are averaged over
 * every point of the bucket (a group absent from a point had no machines
 * then), prices over the points that had the group.
 */
export function mergePoints(points: readonly StoredPoint[], t: number): StoredPoint {
  const sums = new Map<string, Sum>();
  let n = 0;
  for (const p of points) {
    n += p.n;
    for (const g of p.groups) {
      const key = `${g.count}\u0000${g.gpu}`;
      const s = sums.get(key);
      if (!s) {
        sums.set(key, { gpu: g.gpu, count: g.count, machines: g.machines * p.n, gpus: g.gpus * p.n, low: g.low, p25: g.p25 * p.n, median: g.median * p.n, n: p.n });
      } else {
        s.machines += g.machines * p.n;
        s.gpus += g.gpus * p.n;
        s.low = Math.min(s.low, g.low);
        s.p25 += g.p25 * p.n;
        s.median += g.median * p.n;
        s.n += p.n;
      }
    }
  }
  const groups: GroupStat[] = [...sums.values()]
    .map((s) => ({ gpu: s.gpu, count: s.count, machines: s.machines / n, gpus: s.gpus / n, low: s.low, p25: s.p25 / s.n, median: s.median / s.n }))
    .sort(compareGroups);
  return { t, n, groups };
}

/** Points merged per bucket of `bucketMs` (aligned to the epoch, so hours and days in UTC), in time order. */
export function downsample(points: readonly StoredPoint[], bucketMs: number): StoredPoint[] {
  const buckets = new Map<number, StoredPoint[]>();
  for (const p of points) {
    const start = Math.floor(p.t / bucketMs) * bucketMs;
    const list = buckets.get(start);
    if (list) {
      list.push(p);
    } else {
      buckets.set(start, [p]);
    }
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([start, list]) => (list.length === 1 && list[0].t === start ? list[0] : mergePoints(list, start)));
}
