// The machines where a job is cheapest to finish: those that match a filter
// and fit the job (Find Machines for a Model…'s GPU memory estimate), each
// with its estimate, cheapest job first; machines without one (a GPU the
// throughput table does not know, a price that is not a number) last. What
// `gpu-rental cost` and the gpuRental_jobCost tool answer. Pure.
import type { Machine } from '../api/types';
import { compareJobCost, estimateJob, sizingJobOf, type Job, type JobCost } from './jobCost';
import { compareIds } from './machines';
import { compileQuery, isEmptyQuery, parseQuery, type Query } from './query';
import { estimateMemory, sizingFilter } from './sizing';

export interface RankedMachine {
  machine: Machine;
  result: JobCost;
}

/** The filter for machines with the GPU memory the job needs (sizing.ts), as a query. */
export function fitQuery(job: Job): Query {
  const parsed = parseQuery(sizingFilter(estimateMemory({ paramsB: job.paramsB, job: sizingJobOf(job.kind), batch: job.kind === 'infer' ? job.batch : undefined })));
  // The sizing filter is printed by us and always parses.
  return parsed.ok ? parsed.query : { clauses: [] };
}

/** `query` and the job's fit, as one query (every clause must hold). */
export function withFit(query: Query, job: Job): Query {
  return { clauses: [...query.clauses, ...fitQuery(job).clauses] };
}

/** The machines that match `query` and fit the job, cheapest job first; ties by hours, then node ID. */
export function rankByJobCost(machines: readonly Machine[], job: Job, query: Query): RankedMachine[] {
  const combined = withFit(query, job);
  const match = isEmptyQuery(combined) ? () => true : compileQuery(combined);
  const ranked = machines.filter(match).map((machine) => ({ machine, result: estimateJob(job, machine) }));
  const hours = (r: JobCost) => (r.ok ? r.estimate.hours.mid : Infinity);
  return ranked.sort((a, b) => compareJobCost(a.result, b.result) || compareNumbers(hours(a.result), hours(b.result)) || compareIds(a.machine.node_name, b.machine.node_name));
}

function compareNumbers(x: number, y: number): number {
  return x === y ? 0 : x < y ? -1 : 1;
}
