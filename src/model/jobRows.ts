// A job's estimate as rows, for the machine details panel (label and value
// rows: Time, Cost and each part it rests on) and for Compare (a Job time and
// a Job cost row, the lowest marked best). Pure.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import type { CompareField } from './compare';
import { estimateJob, type Job, type JobCost, type JobEstimate, type Range } from './jobCost';
import { describeJob, estimateParts, formatJobCost, formatJobHours, range } from './jobText';

/** "Job: full training of 7B on 1B tokens": the heading of the details panel's job section. */
export function jobHeading(job: Job): string {
  return l10n.t('Job: {0}', describeJob(job));
}

/** Each sentence "Label: value." of the estimate as a row; a sentence without a label is a row without one. */
export function jobRows(job: Job, result: JobCost): { label: string; value: string }[] {
  const sentences = result.ok ? estimateParts(job, result.estimate) : [l10n.t('No estimate: the GPU {0} is not in the throughput table.', result.gpuName)];
  return sentences.map((sentence) => {
    const colon = sentence.indexOf(': ');
    return colon < 0 ? { label: '', value: sentence } : { label: sentence.slice(0, colon), value: sentence.slice(colon + 2) };
  });
}

/** Compare's two job rows: the hours and the cost, each with its range; a machine without an estimate says why and takes no part in the best mark. */
export function jobCompareFields(job: Job): CompareField[] {
  const memo = new WeakMap<Machine, JobCost>();
  const of = (m: Machine) => {
    let result = memo.get(m);
    if (!result) {
      result = estimateJob(job, m);
      memo.set(m, result);
    }
    return result;
  };
  const none = (result: JobCost) => (result.ok ? l10n.t('unknown (the price is not a number)') : l10n.t('unknown GPU'));
  // A row of one part of the estimate; without it (no estimate, or no cost without a price) the row says why.
  const row = (key: string, label: string, part: (e: JobEstimate) => Range | undefined, format: (x: number) => string): CompareField => ({
    key,
    label,
    better: 'lower',
    text: (m) => {
      const result = of(m);
      const r = result.ok ? part(result.estimate) : undefined;
      return r ? `≈ ${range(r, format)}` : none(result);
    },
    rank: (m) => {
      const result = of(m);
      return result.ok ? part(result.estimate)?.mid : undefined;
    },
  });
  return [row('job_hours', l10n.t('Job time (hours)'), (e) => e.hours, formatJobHours), row('job_cost', l10n.t('Job cost'), (e) => e.cost, formatJobCost)];
}
