// Find Machines for a Model…: asks for the model's size, the job and,
// optionally, context length and batch; says the memory estimate and its
// parts; filters the Machines view to machines with that much GPU memory,
// cheapest per GPU first. Tests and other callers may pass the answers
// ({ paramsB, job, context?, batch? }); they are checked as typed ones are.
import * as vscode from 'vscode';
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
import { showError, showInfo } from '../services/notify';
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
  const input = args === undefined ? await ask() : fromArguments(args);
  if (typeof input === 'string') {
    void showError(vscode.l10n.t('GPU Rental: cannot size the model: {0}', input));
    return;
  }
  if (!input) {
    return;
  }
  const estimate = estimateMemory(input);
  const filter = sizingFilter(estimate);
  const result = view.setQuery(filter);
  if (!result.ok) {
    return; // the filter is built from numbers by printQuery: it always parses
  }
  view.arrange({ sortBy: 'pricePerGpu', order: 'ascending' });
  void showInfo(`${vscode.l10n.t('GPU Rental: {0}, {1}B parameters.', jobLabels()[input.job], input.paramsB)} ${describeEstimate(estimate)} ${vscode.l10n.t('Filter: {0}', filter)}`);
}

/** Answers passed as an argument, checked like typed ones; a message when one is wrong. */
function fromArguments(args: unknown): SizingInput | string {
  const given = (args && typeof args === 'object' ? args : {}) as Record<string, unknown>;
  const text = (value: unknown) => (value === undefined ? '' : typeof value === 'number' || typeof value === 'string' ? String(value) : '?');
  const size = checkModelSize(text(given.paramsB));
  if (!size.ok) return size.message;
  if (!(JOBS as readonly unknown[]).includes(given.job)) return vscode.l10n.t('the job is one of {0}', JOBS.join(', '));
  const context = checkCount(text(given.context), SIZING_LIMITS.maxContext, DEFAULT_CONTEXT);
  if (!context.ok) return context.message;
  const batch = checkCount(text(given.batch), SIZING_LIMITS.maxBatch, DEFAULT_BATCH);
  if (!batch.ok) return batch.message;
  return { paramsB: size.value, job: given.job as SizingJob, context: context.value, batch: batch.value };
}

/** The four questions, each checked in its box; undefined when the user cancels one. */
async function ask(): Promise<SizingInput | undefined> {
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
  return { paramsB, job: job.value, context, batch };
}

async function askNumber(title: string, prompt: string, value: string, check: (text: string) => Checked): Promise<number | undefined> {
  const text = await vscode.window.showInputBox({
    title,
    prompt,
    value,
    ignoreFocusOut: true,
    validateInput: (typed) => {
      const checked = check(typed);
      return checked.ok ? undefined : checked.message;
    },
  });
  if (text === undefined) return undefined;
  const checked = check(text);
  return checked.ok ? checked.value : undefined;
}
