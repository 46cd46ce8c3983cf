// What one complete machine list says about the market, in a few numbers:
// per GPU model and GPU count (and per GPU model over every count), how many
// machines and GPUs are listed and the lowest, 25th-percentile and median
// price per GPU. Pure: a list in, a point out. The market history keeps
// these points, not the machines.
import type { Machine } from '../../api/types';
import { pricePerGpu } from '../../model/price';

/** The GPU count of a model's group over every count. */
export const ALL_COUNTS = 0;

/** One group of one point: a GPU model with one GPU count, or with every count (`count` 0). */
export interface GroupStat {
  gpu: string;
  /** GPUs per machine, or ALL_COUNTS for the model over every count. */
  count: number;
  machines: number;
  gpus: number;
  /** Prices per GPU. */
  low: number;
  p25: number;
  median: number;
}

/** What the market looked like at one time (epoch ms). */
export interface MarketPoint {
  t: number;
  groups: GroupStat[];
}

/**
 * The p-quantile (0 ≤ p ≤ 1) of numbers sorted ascending, interpolating
 * linearly between the two nearest ranks (R's type 7, NumPy's default):
 * the median of [1, 2] is 1.5. NaN for no numbers.
 */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) {
    return NaN;
  }
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** The machines of one group and their prices per GPU, sorted, in a growable array. */
interface Bucket {
  gpu: string;
  count: number;
  machines: number;
  gpus: number;
  prices: Float64Array;
  /** How many of `prices` are in use. */
  size: number;
}

function statOf(b: Bucket): GroupStat {
  const sorted = b.prices.subarray(0, b.size);
  return { gpu: b.gpu, count: b.count, machines: b.machines, gpus: b.gpus, low: sorted[0], p25: quantile(sorted, 0.25), median: quantile(sorted, 0.5) };
}

/** The first index of `sorted[0, size)` whose value is not below `v`. */
function lowerBound(sorted: Float64Array, size: number, v: number): number {
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The fields of a machine that decide its group and its price per GPU. */
function sameGroupAndPrice(a: Machine, b: Machine): boolean {
  return a.price === b.price && a.gpu_count === b.gpu_count && a.gpu_name === b.gpu_name;
}

/**
 * The groups of a list, kept up to date as the list changes: a refresh
 * changes a few machines of 100k, and the market's diff says which, so the
 * next list's groups cost the size of the diff (a binary search and a move
 * of the prices of one group per machine) rather than a sort of every
 * group's prices. `aggregateMachines` is a tally of one list.
 */
export class GroupTally {
  // Per model, its buckets by GPU count (ALL_COUNTS included): no key strings at 100k machines.
  private readonly models = new Map<string, Map<number, Bucket>>();

  constructor(machines: readonly Machine[]) {
    for (const m of machines) this.each(m, pushPrice);
    for (const byCount of this.models.values()) {
      for (const b of byCount.values()) b.prices.subarray(0, b.size).sort();
    }
  }

  /** Calls `fn` on the machine's two buckets (its model over every count, and its count); false when one said false, or is missing and `create` is false. */
  private each(m: Machine, fn: (b: Bucket, perGpu: number, m: Machine) => boolean, create = true): boolean {
    let byCount = this.models.get(m.gpu_name);
    if (!byCount) {
      if (!create) return false;
      byCount = new Map();
      this.models.set(m.gpu_name, byCount);
    }
    const all = bucketOf(byCount, m.gpu_name, ALL_COUNTS, create);
    const own = bucketOf(byCount, m.gpu_name, m.gpu_count, create);
    if (!all || !own) return false;
    const perGpu = pricePerGpu(m);
    return fn(all, perGpu, m) && fn(own, perGpu, m);
  }

  /**
   * Moves the tally from a list to the next one, given what changed between
   * them. False when the change does not fit this tally (a machine it does
   * not hold went or changed): the tally is then unusable, make a new one.
   */
  apply(change: { appeared: readonly Machine[]; disappeared: readonly Machine[]; changed: readonly { before: Machine; after: Machine }[] }): boolean {
    for (const m of change.disappeared) {
      if (!this.each(m, removePrice, false)) return false;
    }
    for (const c of change.changed) {
      if (!sameGroupAndPrice(c.before, c.after)) {
        if (!this.each(c.before, removePrice, false)) return false;
        this.each(c.after, insertPrice);
      }
    }
    for (const m of change.appeared) this.each(m, insertPrice);
    return true;
  }

  /**
   * The groups, sorted by GPU model, then GPU count (the model over every
   * count first). Machines without a usable price per GPU (not a finite
   * number, or no GPUs) count as listed but not in the prices; a group
   * without prices is left out.
   */
  groups(): GroupStat[] {
    const groups: GroupStat[] = [];
    for (const byCount of this.models.values()) {
      for (const b of byCount.values()) {
        if (b.size > 0) groups.push(statOf(b));
      }
    }
    return groups.sort(compareGroups);
  }
}

/** Adds a machine to a bucket, its price at the end: the constructor sorts once at the end. */
function pushPrice(b: Bucket, perGpu: number, m: Machine): boolean {
  if (countIn(b, perGpu, m)) {
    b.prices[b.size++] = perGpu;
  }
  return true;
}

/** Counts a machine in a bucket; true when its price is a number, with room made for it. */
function countIn(b: Bucket, perGpu: number, m: Machine): boolean {
  b.machines++;
  b.gpus += m.gpu_count;
  if (!Number.isFinite(perGpu)) return false;
  if (b.size === b.prices.length) b.prices = grow(b.prices);
  return true;
}

/** Adds a machine to a bucket, its price in order. */
function insertPrice(b: Bucket, perGpu: number, m: Machine): boolean {
  if (countIn(b, perGpu, m)) {
    const at = lowerBound(b.prices, b.size, perGpu);
    b.prices.copyWithin(at + 1, at, b.size);
    b.prices[at] = perGpu;
    b.size++;
  }
  return true;
}

/** Takes a machine out of a bucket; false when the bucket does not hold it. */
function removePrice(b: Bucket, perGpu: number, m: Machine): boolean {
  if (b.machines === 0) return false;
  if (Number.isFinite(perGpu)) {
    const at = lowerBound(b.prices, b.size, perGpu);
    if (at === b.size || b.prices[at] !== perGpu) return false;
    b.prices.copyWithin(at, at + 1, b.size);
    b.size--;
  }
  b.machines--;
  b.gpus -= m.gpu_count;
  return true;
}

function bucketOf(byCount: Map<number, Bucket>, gpu: string, count: number, create: boolean): Bucket | undefined {
  let b = byCount.get(count);
  if (!b && create) {
    b = { gpu, count, machines: 0, gpus: 0, prices: new Float64Array(4), size: 0 };
    byCount.set(count, b);
  }
  return b;
}

function grow(prices: Float64Array): Float64Array {
  const bigger = new Float64Array(prices.length * 2);
  bigger.set(prices);
  return bigger;
}

/** The groups of one list (see GroupTally.groups). */
export function aggregateMachines(machines: readonly Machine[]): GroupStat[] {
  return new GroupTally(machines).groups();
}

export function compareGroups(a: { gpu: string; count: number }, b: { gpu: string; count: number }): number {
  return a.gpu < b.gpu ? -1 : a.gpu > b.gpu ? 1 : a.count - b.count;
}
