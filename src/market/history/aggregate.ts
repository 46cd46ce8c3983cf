// What one complete machine list says about the market, in a few numbers:
// per GPU model and GPU count (and per GPU model over every count), how many
// machines and GPUs are listed and the lowest, 25th-percentile and median
// price per GPU. Pure: a list in, a point out. The market history keeps
// these points, not the machines.
import type { MachineRecord } from '../../api/types';
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

interface Bucket {
  gpu: string;
  count: number;
  machines: number;
  gpus: number;
  prices: number[];
}

function statOf(bucket: Bucket): GroupStat {
  const sorted = Float64Array.from(bucket.prices).sort();
  return {
    gpu: bucket.gpu,
    count: bucket.count,
    machines: bucket.machines,
    gpus: bucket.gpus,
    low: sorted[0],
    p25: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
  };
}

/**
 * The groups of one list, sorted by GPU model, then GPU count (the model
 * over every count first). Machines without a usable price per GPU (not a
 * finite number, or no GPUs) count as listed but not in the prices.
 */
export function aggregateMachines(machines: readonly MachineRecord[]): GroupStat[] {
  // Per model, its buckets by GPU count (ALL_COUNTS included): no key strings at 100k machines.
  const models = new Map<string, Map<number, Bucket>>();
  const add = (byCount: Map<number, Bucket>, gpu: string, count: number, gpus: number, perGpu: number) => {
    let b = byCount.get(count);
    if (!b) {
      b = { gpu, count, machines: 0, gpus: 0, prices: [] };
      byCount.set(count, b);
    }
    b.machines++;
    b.gpus += gpus;
    if (Number.isFinite(perGpu)) {
      b.prices.push(perGpu);
    }
  };
  for (const m of machines) {
    let byCount = models.get(m.gpu_name);
    if (!byCount) {
      byCount = new Map();
      models.set(m.gpu_name, byCount);
    }
    const perGpu = pricePerGpu(m);
    add(byCount, m.gpu_name, ALL_COUNTS, m.gpu_count, perGpu);
    add(byCount, m.gpu_name, m.gpu_count, m.gpu_count, perGpu);
  }
  const groups: GroupStat[] = [];
  for (const byCount of models.values()) {
    for (const b of byCount.values()) {
      if (b.prices.length > 0) {
        groups.push(statOf(b));
      }
    }
  }
  return groups.sort(compareGroups);
}

export function compareGroups(a: { gpu: string; count: number }, b: { gpu: string; count: number }): number {
  return a.gpu < b.gpu ? -1 : a.gpu > b.gpu ? 1 : a.count - b.count;
}
