// The machines where a job is cheapest to finish: those that match a filter
// and fit the job (Find Machines for a Model…'s GPU memory estimate), each
// with its estimate, cheapest job first; machines without one (a GPU the
// throughput table does not know, a price that is not a number) last. What
// `gpu-rental cost` and the gpuRental_jobCost tool answer. Pure.
import type { Machine } from '../api/types';
import { estimateJob, jobCostSortKey, sizingJobOf, type Job, type JobCost } from './jobCost';
import { compareIds } from './machines';
import { compileQuery, isEmptyQuery, parseQuery, type Query } from './query';
import { estimateMemory, sizingFilter } from './sizing';
import { gpuThroughput } from './throughput';

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

export interface JobRanking {
  /** The first `limit`, cheapest job first (ties by node ID), each with its estimate. */
  rows: RankedMachine[];
  /** Machines that match the query and fit the job. */
  matching: number;
  /** Of those, machines whose GPU the throughput table does not know (no estimate; last). */
  unknownGpu: number;
}

/** The machines that match `query` and fit the job, cheapest job first; only the first `limit` get their estimate built. */
export function rankByJobCost(machines: readonly Machine[], job: Job, query: Query, limit = Infinity): JobRanking {
  // The query and the job's fit as one query: every clause must hold.
  const combined: Query = { clauses: [...query.clauses, ...fitQuery(job).clauses] };
  const match = isEmptyQuery(combined) ? () => true : compileQuery(combined);
  // Each key computed once, without building an estimate, not in every comparison.
  const keyed = machines.filter(match).map((machine) => ({ machine, cost: jobCostSortKey(job, machine) }));
  // Two costs of +Infinity differ by NaN, which falls through to the node ID as a tie does.
  keyed.sort((a, b) => a.cost - b.cost || compareIds(a.machine.node_name, b.machine.node_name));
  const serving = job.kind === 'infer' && job.servingHours !== undefined;
  return {
    rows: keyed.slice(0, limit).map(({ machine }) => ({ machine, result: estimateJob(job, machine) })),
    matching: keyed.length,
    unknownGpu: serving ? 0 : keyed.filter((k) => k.cost === Infinity && !gpuThroughput(k.machine.gpu_name)).length,
  };
}
