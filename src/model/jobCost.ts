// What a job costs on a machine, not what its hour costs: the time a
// language model job takes on the machine's GPUs, and that time at the
// machine's price, as a range. docs/job-cost.md gives the formulas and their
// sources; docs/job-cost-validation.md compares them with published training
// runs (a unit test reads that table from here). Pure.
import type { Machine } from '../api/types';
import { priceOf } from './price';
import { DEFAULT_BATCH, type SizingJob } from './sizing';
import { gpuThroughput, type GpuThroughput } from './throughput';

/** train: full training or fine-tuning; lora: LoRA fine-tuning; infer: generation. */
export type JobKind = 'train' | 'lora' | 'infer';

export interface Job {
  /** Billions of parameters (as sizing.ts reads them). */
  paramsB: number;
  kind: JobKind;
  /** Training: tokens to train on (dataset tokens × epochs). Inference: tokens to generate. Unset when `servingHours` is. */
  tokens?: number;
  /** Inference: sequences generated at once (default 1). */
  batch?: number;
  /** Inference: hours of serving, instead of tokens. */
  servingHours?: number;
  /** The assumed utilization, 0 to 1 (the middle of the range); default per kind, UTILIZATION. */
  utilization?: number;
}

export interface Range {
  low: number;
  mid: number;
  high: number;
}

/**
 * Model FLOPs utilization (training) and the share of peak reached when
 * generating (inference, of bandwidth or FLOPs, whichever bounds): low, middle,
 * high. Training's is what published runs reach (docs/job-cost-validation.md).
 */
export const UTILIZATION: Readonly<Record<JobKind, Range>> = {
  train: { low: 0.2, mid: 0.35, high: 0.55 },
  lora: { low: 0.2, mid: 0.35, high: 0.55 },
  infer: { low: 0.3, mid: 0.5, high: 0.7 },
};

/**
 * Several GPUs of one machine: with NVLink (or one GPU) the published
 * utilization, measured on NVLink machines, already holds the loss; over PCIe
 * alone, Hugging Face measured DDP 23% slower (101 s against 131 s).
 */
export const PCIE_EFFICIENCY: Range = { low: 0.65, mid: 0.77, high: 0.9 };
const FULL: Range = { low: 1, mid: 1, high: 1 };

/** FLOPs per parameter per token: 6 for training (forward 2, backward 4), 4 for LoRA (no weight gradients of the frozen weights), 2 to generate. */
export const FLOPS_PER_PARAM_TOKEN: Readonly<Record<JobKind, number>> = { train: 6, lora: 4, infer: 2 };
/** Bytes per parameter read for each generation step: 16-bit weights. */
export const WEIGHT_BYTES = 2;

/** The job's memory question, for the sizing filter: training in 16 bits, LoRA, 16-bit inference. */
export function sizingJobOf(kind: JobKind): SizingJob {
  return kind === 'train' ? 'full' : kind === 'lora' ? 'lora' : 'infer16';
}

export interface JobEstimate {
  /** The table's row for the machine's GPU; undefined only for hours of serving, which need none. */
  gpu: GpuThroughput | undefined;
  gpus: number;
  nvlink: boolean;
  /** What bounds the time: the FLOPs, reading the weights, or the hours asked for. */
  bound: 'compute' | 'memory' | 'serving';
  /** Total FLOPs of the job (0 for hours of serving). */
  flops: number;
  utilization: Range;
  efficiency: Range;
  /** Low is the fast end (high utilization and efficiency). */
  hours: Range;
  gpuHours: Range;
  /** The machine's price per hour (its `price`, the whole machine), or undefined when it is not a number. */
  pricePerHour: number | undefined;
  cost: Range | undefined;
}

export type JobCost = { ok: true; estimate: JobEstimate } | { ok: false; reason: 'unknownGpu'; gpuName: string };

/** The utilization range of a job: the default of its kind, or moved in proportion to the middle the job gives (at most 100%). */
export function utilizationOf(job: Pick<Job, 'kind' | 'utilization'>): Range {
  const range = UTILIZATION[job.kind];
  const mid = job.utilization;
  if (mid === undefined) return range;
  return { low: (mid * range.low) / range.mid, mid, high: Math.min(1, (mid * range.high) / range.mid) };
}

/** Hours from seconds at the high, middle and low ends of the product utilization × efficiency. */
function times(range: Range, factor: number): Range {
  return { low: range.low * factor, mid: range.mid * factor, high: range.high * factor };
}

type Sizing = Pick<Machine, 'gpu_name' | 'gpu_count' | 'nvlink_status' | 'price'>;

/**
 * The job's time on the machine at full utilization and scaling (seconds),
 * what bounds it and its FLOPs; undefined for a GPU the table does not know.
 * Hours at a utilization u and scaling e are seconds / (u · e) / 3600.
 */
function work(job: Job, gpu: GpuThroughput | undefined, gpus: number): { seconds: number; bound: JobEstimate['bound']; flops: number } | undefined {
  if (job.kind === 'infer' && job.servingHours !== undefined) return { seconds: Number.NaN, bound: 'serving', flops: 0 };
  if (!gpu) return undefined;
  const params = job.paramsB * 1e9;
  const tokens = job.tokens ?? 0;
  const flops = FLOPS_PER_PARAM_TOKEN[job.kind] * params * tokens;
  const peak = gpus * gpu.tflops * 1e12;
  if (job.kind !== 'infer') return { seconds: flops / peak, bound: 'compute', flops };
  // Generation: each step makes `batch` tokens and reads every weight once; the slower of the two bounds it.
  const batch = job.batch ?? DEFAULT_BATCH;
  const computePerStep = (FLOPS_PER_PARAM_TOKEN.infer * params * batch) / peak;
  const memoryPerStep = (WEIGHT_BYTES * params) / (gpus * gpu.bandwidthGBs * 1e9);
  return { seconds: (tokens / batch) * Math.max(computePerStep, memoryPerStep), bound: computePerStep > memoryPerStep ? 'compute' : 'memory', flops };
}

const efficiencyOf = (gpus: number, nvlink: boolean): Range => (gpus === 1 || nvlink ? FULL : PCIE_EFFICIENCY);
const pricePerHourOf = (machine: Sizing): number | undefined => {
  const price = priceOf(machine as Machine);
  return Number.isFinite(price) && price >= 0 ? price : undefined;
};

/** The estimate for one machine. Inputs must have passed checkJob (jobInput.ts). */
export function estimateJob(job: Job, machine: Sizing): JobCost {
  const gpus = Math.max(1, machine.gpu_count);
  const nvlink = machine.nvlink_status === true;
  const gpu = gpuThroughput(machine.gpu_name);
  const done = work(job, gpu, gpus);
  if (!done) return { ok: false, reason: 'unknownGpu', gpuName: machine.gpu_name };
  const efficiency = efficiencyOf(gpus, nvlink);
  const utilization = utilizationOf(job);
  const h = job.servingHours ?? 0;
  const hours: Range =
    done.bound === 'serving'
      ? { low: h, mid: h, high: h }
      : { low: done.seconds / (utilization.high * efficiency.high) / 3600, mid: done.seconds / (utilization.mid * efficiency.mid) / 3600, high: done.seconds / (utilization.low * efficiency.low) / 3600 };
  const pricePerHour = pricePerHourOf(machine);
  return {
    ok: true,
    estimate: { gpu, gpus, nvlink, bound: done.bound, flops: done.flops, utilization, efficiency, hours, gpuHours: times(hours, gpus), pricePerHour, cost: pricePerHour === undefined ? undefined : times(hours, pricePerHour) },
  };
}

/**
 * The middle cost of the job on the machine, or +Infinity without one: the
 * same number as costKey(estimateJob(job, machine)), without building the
 * estimate, for sorting many machines (the Job cost sort).
 */
export function jobCostSortKey(job: Job, machine: Sizing): number {
  const gpus = Math.max(1, machine.gpu_count);
  const done = work(job, gpuThroughput(machine.gpu_name), gpus);
  const price = pricePerHourOf(machine);
  if (!done || price === undefined) return Infinity;
  if (done.bound === 'serving') return (job.servingHours ?? 0) * price;
  return (done.seconds / (utilizationOf(job).mid * efficiencyOf(gpus, machine.nvlink_status === true).mid) / 3600) * price;
}

/** The middle cost, or +Infinity when there is none: the key the Job cost sort uses. */
export function costKey(result: JobCost): number {
  return result.ok && result.estimate.cost ? result.estimate.cost.mid : Infinity;
}
