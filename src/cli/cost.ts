// `gpu-rental cost SIZE --job train|lora|infer --tokens N [QUERY]`: the
// machines that match the query and fit the job, cheapest job first, with
// the time and total cost of the job on each (src/model/jobCost.ts) as JSON
// or a table. Machines whose GPU the throughput table does not know come
// last, with no estimate.
import type { Json, Machine } from '../api/types';
import type { JobCost } from '../model/jobCost';
import { rankByJobCost, type RankedMachine } from '../model/jobRanking';
import { formatJobCost, formatJobHours } from '../model/jobText';
import { INVARIANT_LOCALE } from '../model/format';
import type { Command } from './args';
import { clientFor, colorOf, formatOf, queryOf, write, type Io } from './commands';
import { EXIT } from './errors';
import { machineOut, safeJson, table, type Column } from './output';
import type { Service } from './setup';

type CostCommand = Extract<Command, { kind: 'cost' }>;

const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** The estimate's fields in a machine's JSON: the middle value under the plain name, with its low and high; null without an estimate. */
export function jobCostOut(result: JobCost): Record<string, Json> {
  if (!result.ok) {
    return { estimate: 'unknown GPU', hours: null, hours_low: null, hours_high: null, gpu_hours: null, gpu_hours_low: null, gpu_hours_high: null, cost: null, cost_low: null, cost_high: null };
  }
  const e = result.estimate;
  const cost = e.cost;
  return {
    hours: round(e.hours.mid, 3),
    hours_low: round(e.hours.low, 3),
    hours_high: round(e.hours.high, 3),
    gpu_hours: round(e.gpuHours.mid, 3),
    gpu_hours_low: round(e.gpuHours.low, 3),
    gpu_hours_high: round(e.gpuHours.high, 3),
    cost: cost ? round(cost.mid, 2) : null,
    cost_low: cost ? round(cost.low, 2) : null,
    cost_high: cost ? round(cost.high, 2) : null,
    bound: e.bound,
    flops: e.flops,
    gpu_model: e.gpu?.model ?? null,
    tflops_per_gpu: e.gpu?.tflops ?? null,
    bandwidth_gb_s_per_gpu: e.gpu?.bandwidthGBs ?? null,
    utilization: round(e.utilization.mid, 4),
    utilization_low: round(e.utilization.low, 4),
    utilization_high: round(e.utilization.high, 4),
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

export async function runCost(command: CostCommand, service: Service, io: Io): Promise<number> {
  const query = queryOf(command.query);
  const listing = await clientFor(service, command.timeoutSeconds).listMachines();
  if (listing.skipped > 0) await write(io.stderr, `gpu-rental: ${listing.skipped} malformed machine${listing.skipped === 1 ? '' : 's'} left out\n`);
  const { rows } = rankByJobCost(listing.items, command.job, query, command.limit);
  if (formatOf(command, io) === 'table') {
    if (rows.length) await write(io.stdout, table(COST_COLUMNS, [{ rows }], { color: colorOf(command, io), width: io.stdout.columns }));
  } else {
    await write(io.stdout, rows.length ? '[\n' : '[]\n');
    for (let i = 0; i < rows.length; i++) {
      await write(io.stdout, `${safeJson({ ...machineOut(rows[i].machine as Machine), ...jobCostOut(rows[i].result) })}${i < rows.length - 1 ? ',' : ''}\n`);
    }
    if (rows.length) await write(io.stdout, ']\n');
  }
  return rows.length ? EXIT.found : EXIT.nothing;
}
