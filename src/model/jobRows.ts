// A job's estimate as rows, for the machine details panel (label and value
// rows: Time, Cost and each part it rests on) and for Compare (a Job time and
// a Job cost row, the lowest marked best). Pure.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import type { CompareField } from './compare';
import { costKey, estimateJob, type Job, type JobCost } from './jobCost';
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
  return [
    {
      key: 'job_hours',
      label: l10n.t('Job time (hours)'),
      better: 'lower',
      text: (m) => {
        const result = of(m);
        return result.ok ? `≈ ${range(result.estimate.hours, formatJobHours)}` : none(result);
      },
      rank: (m) => {
        const result = of(m);
        return result.ok ? result.estimate.hours.mid : undefined;
      },
    },
    {
      key: 'job_cost',
      label: l10n.t('Job cost'),
      better: 'lower',
      text: (m) => {
        const result = of(m);
        return result.ok && result.estimate.cost ? `≈ ${range(result.estimate.cost, formatJobCost)}` : none(result);
      },
      rank: (m) => {
        const cost = costKey(of(m));
        return Number.isFinite(cost) ? cost : undefined;
      },
    },
  ];
}
