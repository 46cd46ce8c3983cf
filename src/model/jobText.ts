// The job cost estimate in words: a row's "≈ 3.1 h · ≈ 46.50", the parts it
// rests on (for tooltips, the details panel, Compare and the tools), and the
// job itself ("full training of 7B on 1B tokens"). Pure.
import * as l10n from '@vscode/l10n';
import { getDisplayLocale, numberFormat } from './format';
import type { Job, JobCost, JobEstimate, Range } from './jobCost';

function decimals(value: number, digits: number, locale: string): string {
  return numberFormat(locale, `decimals${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** Hours as a row shows them: "< 0.1", "3.1", "46.0", "1,234" (one decimal under 100). */
export function formatJobHours(hours: number, locale = getDisplayLocale()): string {
  if (hours < 0.05) return `< ${decimals(0.1, 1, locale)}`;
  return decimals(hours, hours < 100 ? 1 : 0, locale);
}

/** A cost in the price's currency, two decimals: "46.50", "12,345.00". */
export function formatJobCost(cost: number, locale = getDisplayLocale()): string {
  return decimals(cost, 2, locale);
}

/** 1e9 → "1B", 2.5e12 → "2.5T", 500e6 → "500M": how token counts are written back. */
export function formatTokens(tokens: number): string {
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  const [size, unit] = units.find(([s]) => tokens >= s) ?? [1, ''];
  return `${Number((tokens / size).toPrecision(3))}${unit}`;
}

/** 8.4e22 → "8.4e22". */
function formatFlops(flops: number): string {
  const [mantissa, exponent] = flops.toExponential(1).split('e');
  return `${mantissa}e${Number(exponent)}`;
}

/** "3.1 (2.0–5.4)": the middle and its range. */
export function range(r: Range, format: (x: number) => string): string {
  return `${format(r.mid)} (${format(r.low)}–${format(r.high)})`;
}

function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** The words of a machine's row while a job is set: "≈ 3.1 h · ≈ 46.50", "≈ 3.1 h" without a price, "unknown GPU" without an estimate. */
export function jobRowText(result: JobCost, locale = getDisplayLocale()): string {
  if (!result.ok) return l10n.t('unknown GPU');
  const { hours, cost } = result.estimate;
  const time = l10n.t('≈ {0} h', formatJobHours(hours.mid, locale));
  return cost ? `${time} · ≈ ${formatJobCost(cost.mid, locale)}` : time;
}

/** "full training of 7B on 1B tokens", "LoRA fine-tuning of 70B on 500M tokens", "inference of 70B: 10M tokens at batch 8", "inference of 7B: 24 hours of serving". */
export function describeJob(job: Job): string {
  const size = `${job.paramsB}B`;
  switch (job.kind) {
    case 'train':
      return l10n.t('full training of {0} on {1} tokens', size, formatTokens(job.tokens ?? 0));
    case 'lora':
      return l10n.t('LoRA fine-tuning of {0} on {1} tokens', size, formatTokens(job.tokens ?? 0));
    case 'infer':
      return job.servingHours !== undefined
        ? l10n.t('inference of {0}: {1} hours of serving', size, job.servingHours)
        : l10n.t('inference of {0}: {1} tokens at batch {2}', size, formatTokens(job.tokens ?? 0), job.batch ?? 1);
  }
}

/** What the estimate rests on, one sentence a part: for tooltips, the details panel and the tools. */
export function estimateParts(job: Job, estimate: JobEstimate, locale = getDisplayLocale()): string[] {
  const hours = (x: number) => formatJobHours(x, locale);
  const money = (x: number) => formatJobCost(x, locale);
  const parts = [
    l10n.t('Time: about {0} hours ({1} GPU-hours).', range(estimate.hours, hours), range(estimate.gpuHours, hours)),
    estimate.cost && estimate.pricePerHour !== undefined
      ? l10n.t('Cost: about {0} at {1} an hour for the machine.', range(estimate.cost, money), money(estimate.pricePerHour))
      : l10n.t('Cost: unknown (the price is not a number).'),
  ];
  if (estimate.bound === 'serving') return parts;
  const gpu = estimate.gpu!;
  const work =
    job.kind === 'infer'
      ? l10n.t('Work: {0} FLOPs (2 × parameters × tokens), bound by {1}.', formatFlops(estimate.flops), estimate.bound === 'memory' ? l10n.t('reading the weights once per step') : l10n.t('compute'))
      : l10n.t('Work: {0} FLOPs ({1} × parameters × tokens).', formatFlops(estimate.flops), job.kind === 'train' ? 6 : 4);
  parts.push(
    work,
    l10n.t('GPUs: {0} × {1}, {2} TFLOPS and {3} GB/s each.', estimate.gpus, gpu.model, gpu.tflops, gpu.bandwidthGBs),
    l10n.t('Utilization: {0} ({1}–{2}).', percent(estimate.utilization.mid), percent(estimate.utilization.low), percent(estimate.utilization.high)),
  );
  if (estimate.gpus > 1) {
    parts.push(
      estimate.nvlink
        ? l10n.t('Scaling over {0} GPUs: NVLink, no loss beyond the utilization.', estimate.gpus)
        : l10n.t('Scaling over {0} GPUs without NVLink: {1} ({2}–{3}).', estimate.gpus, percent(estimate.efficiency.mid), percent(estimate.efficiency.low), percent(estimate.efficiency.high)),
    );
  }
  return parts;
}
