// Find Machines for a Model…: asks for the model's size, the job and,
// optionally, context length and batch; says the memory estimate and its
// parts; filters the Machines view to machines with that much GPU memory,
// cheapest per GPU first. Optionally the job's work (tokens, or hours of
// serving) and utilization too: then the view sorts by what the job costs
// (issue 37). Tests and other callers may pass the answers ({ paramsB, job,
// context?, batch?, tokens?, hours?, utilization? }); they are checked as typed ones are.
import * as vscode from 'vscode';
import { UTILIZATION, type Job, type JobKind } from '../../model/jobCost';
import { checkJob, checkUtilization, type CheckedJob } from '../../model/jobInput';
import { describeJob } from '../../model/jobText';
import {
  checkCount,
  checkModelSize,
  DEFAULT_BATCH,
  DEFAULT_CONTEXT,
  describeEstimate,
  estimateMemory,
  SIZING_LIMITS,
  sizingFilter,
  type Checked,
  type SizingInput,
  type SizingJob,
} from '../../model/sizing';
import type { ViewState } from '../views/viewState';

export interface SizingCommandDeps {
  view: ViewState;
}

const JOBS: readonly SizingJob[] = ['infer16', 'infer8', 'infer4', 'lora', 'full'];

function jobLabels(): Record<SizingJob, string> {
  return {
    infer16: vscode.l10n.t('Inference, 16-bit weights'),
    infer8: vscode.l10n.t('Inference, 8-bit weights'),
    infer4: vscode.l10n.t('Inference, 4-bit weights'),
    lora: vscode.l10n.t('LoRA fine-tuning'),
    full: vscode.l10n.t('Full fine-tuning'),
  };
}

export async function findMachinesForModel({ view }: SizingCommandDeps, args: unknown): Promise<void> {
  const answers = args === undefined ? await ask() : fromArguments(args);
  if (typeof answers === 'string') {
    void vscode.window.showErrorMessage(vscode.l10n.t('GPU Rental: cannot size the model: {0}', answers));
    return;
  }
  if (!answers) {
    return;
  }
  const { input, job } = answers;
  const estimate = estimateMemory(input);
  const filter = sizingFilter(estimate);
  const result = view.setQuery(filter);
  if (!result.ok) {
    return; // the filter is built from numbers by printQuery: it always parses
  }
  // A new model question replaces the last job, or clears it when it has none.
  view.setJob(job, { sortBy: job ? 'jobCost' : 'pricePerGpu', order: 'ascending' });
  const said = `${vscode.l10n.t('GPU Rental: {0}, {1}B parameters.', jobLabels()[input.job], input.paramsB)} ${describeEstimate(estimate)} ${vscode.l10n.t('Filter: {0}', filter)}`;
  void vscode.window.showInformationMessage(job ? `${said} ${vscode.l10n.t('Job: {0}; sorted by job cost.', describeJob(job))}` : said);
}

/** The answers: what the model needs in memory, and the job when its work was given. */
interface Answers {
  input: SizingInput;
  job?: Job;
}

/** The job cost's kind of a sizing job: inference in any bits reads as inference (its estimate reads 16-bit weights). */
function jobKindOf(job: SizingJob): JobKind {
  return job === 'full' ? 'train' : job === 'lora' ? 'lora' : 'infer';
}

/** Answers passed as an argument, checked like typed ones; a message when one is wrong. */
function fromArguments(args: unknown): Answers | string {
  const given = (args && typeof args === 'object' ? args : {}) as Record<string, unknown>;
  const text = (value: unknown) => (value === undefined ? '' : typeof value === 'number' || typeof value === 'string' ? String(value) : '?');
  const size = checkModelSize(text(given.paramsB));
  if (!size.ok) return size.message;
  if (!(JOBS as readonly unknown[]).includes(given.job)) return vscode.l10n.t('the job is one of {0}', JOBS.join(', '));
  const context = checkCount(text(given.context), SIZING_LIMITS.maxContext, DEFAULT_CONTEXT);
  if (!context.ok) return context.message;
  const batch = checkCount(text(given.batch), SIZING_LIMITS.maxBatch, DEFAULT_BATCH);
  if (!batch.ok) return batch.message;
  const input: SizingInput = { paramsB: size.value, job: given.job as SizingJob, context: context.value, batch: batch.value };
  if (given.tokens === undefined && given.hours === undefined) return { input };
  const job = checkJob({ size: size.value, kind: jobKindOf(input.job), tokens: given.tokens, hours: given.hours, batch: batch.value, utilization: given.utilization });
  return job.ok ? { input, job: job.job } : job.message;
}

/** The questions, each checked in its box; undefined when the user cancels one. */
async function ask(): Promise<Answers | undefined> {
  const title = vscode.l10n.t('Find Machines for a Model');
  const paramsB = await askNumber(title, vscode.l10n.t('Model size in billions of parameters (e.g. 70 or 7.5)'), '', checkModelSize);
  if (paramsB === undefined) return undefined;
  const labels = jobLabels();
  const job = await vscode.window.showQuickPick(
    JOBS.map((value) => ({ label: labels[value], value })),
    { title, placeHolder: vscode.l10n.t('What will the model do?') },
  );
  if (!job) return undefined;
  const context = await askNumber(title, vscode.l10n.t('Context length in tokens (empty: {0})', DEFAULT_CONTEXT), '', (t) => checkCount(t, SIZING_LIMITS.maxContext, DEFAULT_CONTEXT));
  if (context === undefined) return undefined;
  const batch = await askNumber(title, vscode.l10n.t('Sequences at once, the batch size (empty: {0})', DEFAULT_BATCH), '', (t) => checkCount(t, SIZING_LIMITS.maxBatch, DEFAULT_BATCH));
  if (batch === undefined) return undefined;
  const input: SizingInput = { paramsB, job: job.value, context, batch };
  const kind = jobKindOf(job.value);
  const work = await askText(title, workPrompt(kind), '', (typed) => (typed.trim() === '' ? undefined : jobOf(input, kind, typed)));
  if (work === undefined) return undefined;
  if (work.trim() === '') return { input };
  const { mid } = UTILIZATION[kind];
  const utilization = await askText(title, utilizationPrompt(kind), `${Math.round(mid * 100)}%`, (typed) => {
    const checked = checkUtilization(typed);
    return checked.ok ? undefined : checked;
  });
  if (utilization === undefined) return undefined;
  const checked = jobOf(input, kind, work, utilization);
  return checked.ok ? { input, job: checked.job } : undefined;
}

/** The job of the sizing answers and the work as typed: tokens, or for inference hours of serving ("24h"). */
function jobOf(input: SizingInput, kind: JobKind, work: string, utilization?: string): CheckedJob {
  const hours = kind === 'infer' && /h(ours?)?\s*$/i.test(work);
  return checkJob({
    size: input.paramsB,
    kind,
    tokens: hours ? undefined : work,
    hours: hours ? work.replace(/ours?\s*$/i, '') : undefined,
    batch: input.batch,
    utilization,
  });
}

function workPrompt(kind: JobKind): string {
  return kind === 'infer'
    ? vscode.l10n.t('Tokens to generate at that batch size (such as 10M), or hours of serving (such as 24h); empty: no time or cost')
    : vscode.l10n.t('Tokens to train on (such as 1B, 500M, or 500M×3 for dataset tokens × epochs); empty: no time or cost');
}

function utilizationPrompt(kind: JobKind): string {
  const { low, high } = UTILIZATION[kind];
  const percent = (x: number) => `${Math.round(x * 100)}%`;
  return kind === 'infer'
    ? vscode.l10n.t("Utilization: the share of the GPUs' peak bandwidth (or FLOPs, at large batches) the generation reaches; typically {0} to {1}", percent(low), percent(high))
    : vscode.l10n.t("Utilization: the share of the GPUs' peak FLOPs the training reaches (model FLOPs utilization); published runs reach {0} to {1}", percent(low), percent(high));
}

/** An input box whose text `check` reads (undefined: fine); the text, or undefined when cancelled. */
async function askText(title: string, prompt: string, value: string, check: (text: string) => { ok: true } | { ok: false; message: string } | undefined): Promise<string | undefined> {
  const text = await vscode.window.showInputBox({
    title,
    prompt,
    value,
    ignoreFocusOut: true,
    validateInput: (typed) => {
      const checked = check(typed);
      return checked && !checked.ok ? checked.message : undefined;
    },
  });
  if (text === undefined) return undefined;
  const checked = check(text);
  return checked && !checked.ok ? undefined : text;
}

async function askNumber(title: string, prompt: string, value: string, check: (text: string) => Checked): Promise<number | undefined> {
  const text = await askText(title, prompt, value, check);
  const checked = text === undefined ? undefined : check(text);
  return checked?.ok ? checked.value : undefined;
}
