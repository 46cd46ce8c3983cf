// A job as a person (or a script, or a model) types it: checked into a Job,
// or one clear message and nothing applied. Shared by the editor's box, the
// command line and the chat tools. Pure.
import * as l10n from '@vscode/l10n';
import type { Job, JobKind } from './jobCost';
import { checkCount, checkModelSize, DEFAULT_BATCH, SIZING_LIMITS, type Checked } from './sizing';

export const JOB_LIMITS = { minTokens: 1e3, maxTokens: 1e15, minUtilization: 0.01, maxUtilization: 1, maxServingHours: 87_600, maxBatch: SIZING_LIMITS.maxBatch } as const;

const SUFFIX: Readonly<Record<string, number>> = { '': 1, k: 1e3, m: 1e6, b: 1e9, g: 1e9, t: 1e12 };

/** The words a job kind may be typed as. */
const KIND_WORDS: ReadonlyMap<string, JobKind> = new Map([
  ...['train', 'training', 'full', 'finetune', 'fine-tune'].map((word): [string, JobKind] => [word, 'train']),
  ['lora', 'lora'],
  ...['infer', 'inference', 'serve'].map((word): [string, JobKind] => [word, 'infer']),
]);

/** The job kind as typed: train (full, finetune), lora, infer (inference, serve); undefined when it is none of these. */
export function jobKindOf(text: string): JobKind | undefined {
  return KIND_WORDS.get(text.trim().toLowerCase());
}

/**
 * A token count: "1B", "500M", "2.5T", "750k", "1e9", "1,000,000", or dataset
 * tokens × epochs: "500M×3", "500M x 3", "500M*3". From 1,000 to 10^15.
 */
export function checkTokens(text: string): Checked {
  const match = /^\s*((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:e(\d{1,2}))?\s*([kmbgt]?)\s*(?:[x×*]\s*(\d+(?:\.\d+)?))?\s*$/i.exec(text);
  const value = match ? Number(match[1].replace(/,/g, '')) * 10 ** Number(match[2] ?? 0) * SUFFIX[match[3].toLowerCase()] * Number(match[4] ?? 1) : NaN;
  if (!Number.isFinite(value) || value <= 0) {
    return { ok: false, message: l10n.t('Type a number of tokens such as 1B, 500M or 2B×3 (dataset tokens × epochs).') };
  }
  if (value < JOB_LIMITS.minTokens || value > JOB_LIMITS.maxTokens) {
    return { ok: false, message: l10n.t('A number of tokens is between 1,000 and 1,000T (10^15).') };
  }
  return { ok: true, value };
}

/** The assumed utilization: "40%", "0.4" or "40" (a number over 1 is read as percent); from 1% to 100%. */
export function checkUtilization(text: string): Checked {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)\s*$/.exec(text);
  const number = match ? Number(match[1]) : NaN;
  const value = match && (match[2] === '%' || number > 1) ? number / 100 : number;
  if (!Number.isFinite(value) || value < JOB_LIMITS.minUtilization || value > JOB_LIMITS.maxUtilization) {
    return { ok: false, message: l10n.t('Utilization is a share of the peak from 1% to 100%, such as 40% or 0.4.') };
  }
  return { ok: true, value };
}

/** Hours of serving: more than 0 and at most ten years. */
export function checkServingHours(text: string): Checked {
  const value = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*h?\s*$/i.test(text) ? Number(text.trim().replace(/h$/i, '')) : NaN;
  if (!Number.isFinite(value) || value <= 0 || value > JOB_LIMITS.maxServingHours) {
    return { ok: false, message: l10n.t('Hours of serving are a number more than 0 and at most {0}.', JOB_LIMITS.maxServingHours) };
  }
  return { ok: true, value };
}

/** What the job's box, the command line and the tools take, as text (numbers are read as their text). */
export interface JobFields {
  size: unknown;
  kind: unknown;
  tokens?: unknown;
  batch?: unknown;
  hours?: unknown;
  utilization?: unknown;
}

export type CheckedJob = { ok: true; job: Job } | { ok: false; message: string };

const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const text = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '');

/** The job, or the first thing wrong with it (training needs tokens; inference tokens or hours, not both). */
export function checkJob(fields: JobFields): CheckedJob {
  const size = checkModelSize(text(fields.size));
  if (!size.ok) return size;
  const kind = jobKindOf(text(fields.kind));
  if (!kind) return { ok: false, message: l10n.t('The job is train (full training or fine-tuning), lora or infer.') };
  const job: Job = { paramsB: size.value, kind };
  if (given(fields.utilization)) {
    const utilization = checkUtilization(text(fields.utilization));
    if (!utilization.ok) return utilization;
    job.utilization = utilization.value;
  }
  if (kind !== 'infer' && given(fields.hours)) return { ok: false, message: l10n.t('Hours of serving are for inference (infer); training takes tokens.') };
  if (kind === 'infer' && given(fields.hours)) {
    if (given(fields.tokens)) return { ok: false, message: l10n.t('Give tokens to generate or hours of serving, not both.') };
    const hours = checkServingHours(text(fields.hours));
    if (!hours.ok) return hours;
    job.servingHours = hours.value;
    return { ok: true, job };
  }
  if (!given(fields.tokens)) {
    return { ok: false, message: kind === 'infer' ? l10n.t('Give the tokens to generate (such as 10M) or the hours of serving.') : l10n.t('Give the tokens to train on, such as 1B or 500M×3 (dataset tokens × epochs).') };
  }
  const tokens = checkTokens(text(fields.tokens));
  if (!tokens.ok) return tokens;
  job.tokens = tokens.value;
  if (kind === 'infer') {
    const batch = checkCount(text(fields.batch ?? ''), JOB_LIMITS.maxBatch, DEFAULT_BATCH);
    if (!batch.ok) return batch;
    job.batch = batch.value;
  }
  return { ok: true, job };
}
