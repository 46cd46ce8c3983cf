// `gpu-rental cost SIZE --job train|lora|infer --tokens N [QUERY]` (docs/cli.md):
// the machines that fit the job, cheapest job first (src/model/jobCost.ts).
import type { Json } from '../api/types';
import type { JobCost } from '../model/jobCost';
import { fitQuery, rankByJobCost, type RankedMachine } from '../model/jobRanking';
import { printQuery } from '../model/query';
import { formatJobCost, formatJobHours } from '../model/jobText';
import { INVARIANT_LOCALE } from '../model/format';
import type { Command } from './args';
import { clientFor, queryOf, skippedNote, writeRows, type Io } from './commands';
import { EXIT } from './errors';
import { machineIdLine, machineOut, round, type Column } from './output';
import type { Service } from './setup';

/** A range's middle under `name`, with its low and high beside it. */
const spread = (name: string, r: { low: number; mid: number; high: number }, digits: number) => ({ [name]: round(r.mid, digits), [`${name}_low`]: round(r.low, digits), [`${name}_high`]: round(r.high, digits) });

/** The estimate's fields in a machine's JSON: the middle value under the plain name, with its low and high; null without an estimate. */
export function jobCostOut(result: JobCost): Record<string, Json> {
  if (!result.ok) {
    return { estimate: 'unknown GPU', hours: null, hours_low: null, hours_high: null, gpu_hours: null, gpu_hours_low: null, gpu_hours_high: null, cost: null, cost_low: null, cost_high: null };
  }
  const e = result.estimate;
  return {
    ...spread('hours', e.hours, 3),
    ...spread('gpu_hours', e.gpuHours, 3),
    ...(e.cost ? spread('cost', e.cost, 2) : { cost: null, cost_low: null, cost_high: null }),
    bound: e.bound,
    flops: e.flops,
    gpu_model: e.gpu?.model ?? null,
    tflops_per_gpu: e.gpu?.tflops ?? null,
    bandwidth_gb_s_per_gpu: e.gpu?.bandwidthGBs ?? null,
    ...spread('utilization', e.utilization, 4),
    scaling: round(e.efficiency.mid, 4),
  };
}

const hoursCell = (r: RankedMachine) => (r.result.ok ? formatJobHours(r.result.estimate.hours.mid, INVARIANT_LOCALE) : 'unknown GPU');
const costCell = (r: RankedMachine, end: 'low' | 'mid' | 'high') => (r.result.ok && r.result.estimate.cost ? formatJobCost(r.result.estimate.cost[end], INVARIANT_LOCALE) : '—');

const COST_COLUMNS: Column<RankedMachine>[] = [
  { title: 'NODE ID', align: 'left', max: 36, value: (r) => r.machine.node_name },
  { title: 'GPUS', align: 'left', max: 28, value: (r) => `${r.machine.gpu_count}× ${r.machine.gpu_name}` },
  { title: 'PRICE', align: 'right', max: 12, value: (r) => r.machine.price },
  { title: 'HOURS', align: 'right', max: 12, value: hoursCell },
  { title: 'COST', align: 'right', max: 14, value: (r) => costCell(r, 'mid') },
  { title: 'COST LOW–HIGH', align: 'right', max: 28, value: (r) => (r.result.ok && r.result.estimate.cost ? `${costCell(r, 'low')}–${costCell(r, 'high')}` : '—') },
];

export async function runCost(command: Extract<Command, { kind: 'cost' }>, service: Service, io: Io): Promise<number> {
  const query = queryOf(command.query);
  const listing = await clientFor(service, command.timeoutSeconds).listMachines();
  await skippedNote(io, listing.skipped, 'machine');
  const { rows } = rankByJobCost(listing.items, command.job, query, command.limit);
  // Says what the job needs: a model too large for any machine listed shows why by its GPU memory.
  const none = `no machine listed now fits the job (${printQuery(fitQuery(command.job))})${command.query.trim() ? ` and matches ${command.query.trim()}` : ''}`;
  await writeRows(command, io, [{ rows }], { columns: COST_COLUMNS, json: (r) => ({ ...machineOut(r.machine), ...jobCostOut(r.result) }), id: (r) => machineIdLine(r.machine), none });
  return rows.length ? EXIT.found : EXIT.nothing;
}
