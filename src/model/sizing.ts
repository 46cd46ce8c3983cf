// How much GPU memory a language model needs for a job: an estimate from the
// parameter count alone, with its parts, and the filter that finds machines
// with that much. README, "Fitting a model", says how to use it; docs/gpu-memory.md
// gives its parts, sources and assumptions, and compares it with two published sizing tables. Pure.
import * as l10n from '@vscode/l10n';
import { formatOneDecimal } from './format';
import { printQuery, type Clause } from './query';

export type SizingJob = 'infer16' | 'infer8' | 'infer4' | 'lora' | 'full';

export interface SizingInput {
  /** Billions of parameters. */
  paramsB: number;
  job: SizingJob;
  /** Tokens of context per sequence (default 4,096). */
  context?: number;
  /** Sequences at once (default 1). */
  batch?: number;
}

/** GiB (2^30 bytes), the unit of the "80GB" in a card's name; each part rounded to 0.1 in `parts` only. */
export interface SizingEstimate {
  weights: number;
  kvCache: number;
  gradients: number;
  optimizer: number;
  activations: number;
  overhead: number;
  total: number;
  /** What one GPU must hold at least, for jobs that need it (training: one layer's recomputed activations and the CUDA context); undefined otherwise. */
  perGpu: number | undefined;
}

export const SIZING_LIMITS = { minParamsB: 0.1, maxParamsB: 2000, maxContext: 1_048_576, maxBatch: 1024 } as const;
export const DEFAULT_CONTEXT = 4096;
export const DEFAULT_BATCH = 1;

const GIB = 2 ** 30;
/** Bytes per parameter of the weights as loaded. */
const WEIGHT_BYTES: Readonly<Record<SizingJob, number>> = { infer16: 2, infer8: 1, infer4: 0.5, lora: 2, full: 2 };
/** LoRA adapters: trainable parameters as a share of the model (rank 16 on every linear layer is 0.5-0.7%). */
const LORA_SHARE = 0.01;
/** Everything not counted: CUDA context, the allocator's fragmentation, framework buffers. */
const OVERHEAD = 0.2;
/** The CUDA context and framework on each GPU. */
const CONTEXT_PER_GPU_GIB = 1;

/**
 * The shape assumed for a dense transformer of P parameters: P ≈ 12·L·d²
 * with L = d/128 layers (Llama 2 7B: d 4096, L 32; 13B: 5120, 40), and
 * grouped-query attention with one key/value head per 8 query heads (Llama 3
 * 70B and 405B), so a token's KV cache in 16 bits is 2·2·L·d/8 = L·d/2 bytes.
 */
export function assumedShape(paramsB: number): { hidden: number; layers: number } {
  const hidden = Math.cbrt((paramsB * 1e9 * 128) / 12);
  return { hidden, layers: hidden / 128 };
}

/** The estimate, in GiB. Inputs must have passed the validators below. */
export function estimateMemory(input: SizingInput): SizingEstimate {
  const p = input.paramsB * 1e9;
  const context = input.context ?? DEFAULT_CONTEXT;
  const batch = input.batch ?? DEFAULT_BATCH;
  const { hidden, layers } = assumedShape(input.paramsB);
  const tokens = context * batch;
  const training = input.job === 'lora' || input.job === 'full';
  const trainable = input.job === 'full' ? p : input.job === 'lora' ? p * LORA_SHARE : 0;
  const weights = p * WEIGHT_BYTES[input.job];
  // Inference keeps keys and values of every token in 16 bits, whatever the weights' bits.
  const kvCache = training ? 0 : (tokens * layers * hidden) / 2;
  // Mixed-precision Adam (ZeRO, Rajbhandari et al. 2020): 16-bit gradients, and fp32 master weights, momentum and variance.
  const gradients = trainable * 2;
  const optimizer = trainable * 12;
  // Gradient checkpointing: each layer's 16-bit input kept, one layer's full activations (34·s·b·h bytes, Korthikanti et al. 2022) at a time.
  const oneLayer = tokens * hidden * 34;
  const activations = training ? tokens * hidden * layers * 2 + oneLayer : 0;
  const counted = weights + kvCache + gradients + optimizer + activations;
  const overhead = counted * OVERHEAD;
  return {
    weights: weights / GIB,
    kvCache: kvCache / GIB,
    gradients: gradients / GIB,
    optimizer: optimizer / GIB,
    activations: activations / GIB,
    overhead: overhead / GIB,
    total: (counted + overhead) / GIB,
    perGpu: training ? oneLayer / GIB + CONTEXT_PER_GPU_GIB : undefined,
  };
}

/** The filter for machines with enough GPU memory: in total, and per GPU where the job needs it (whole GiB, rounded up). */
export function sizingFilter(estimate: SizingEstimate): string {
  const clauses: Clause[] = [{ kind: 'compare', field: 'vram_total', op: '>=', values: [Math.ceil(estimate.total)] }];
  if (estimate.perGpu !== undefined) {
    clauses.push({ kind: 'compare', field: 'gpu_memory', op: '>=', values: [Math.ceil(estimate.perGpu)] });
  }
  return printQuery({ clauses });
}

export type Checked = { ok: true; value: number } | { ok: false; message: string };

/** The model size as typed: "70", "70b", "7.5B"; between 0.1 and 2,000 billion. */
export function checkModelSize(text: string): Checked {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*b?\s*$/i.exec(text);
  const value = match ? Number(match[1]) : NaN;
  if (!Number.isFinite(value)) {
    return { ok: false, message: l10n.t('Type the number of parameters in billions, such as 70 or 7.5.') };
  }
  if (value < SIZING_LIMITS.minParamsB || value > SIZING_LIMITS.maxParamsB) {
    return { ok: false, message: l10n.t('A model size is between {0} and {1} billion parameters.', SIZING_LIMITS.minParamsB, SIZING_LIMITS.maxParamsB) };
  }
  return { ok: true, value };
}

/** A whole number from 1 to `max`; empty text is `fallback`. */
export function checkCount(text: string, max: number, fallback: number): Checked {
  if (text.trim() === '') {
    return { ok: true, value: fallback };
  }
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    return { ok: false, message: l10n.t('Type a whole number from 1 to {0}.', max) };
  }
  return { ok: true, value };
}

/**
 * The estimate and its parts in one sentence that says it is an estimate:
 * "Estimate: about 157.9 GiB of GPU memory (weights 130.4, KV cache 1.2,
 * overhead 26.3 GiB)." Parts of zero are left out; training adds what each GPU must hold.
 */
export function describeEstimate(estimate: SizingEstimate, locale?: string): string {
  const gib = (value: number) => formatOneDecimal(value, locale);
  const parts: [string, number][] = [
    [l10n.t('weights'), estimate.weights],
    [l10n.t('KV cache'), estimate.kvCache],
    [l10n.t('gradients'), estimate.gradients],
    [l10n.t('optimizer states'), estimate.optimizer],
    [l10n.t('activations'), estimate.activations],
    [l10n.t('overhead'), estimate.overhead],
  ];
  const listed = parts
    .filter(([, value]) => value > 0)
    .map(([name, value]) => `${name} ${gib(value)}`)
    .join(', ');
  const total = l10n.t('Estimate: about {0} GiB of GPU memory ({1} GiB).', gib(estimate.total), listed);
  return estimate.perGpu === undefined ? total : `${total} ${l10n.t('At least {0} GiB on each GPU.', gib(estimate.perGpu))}`;
}
