// What the gpuRental_jobCost tool answers (in VS Code's chat and over MCP):
// the machines that match a query and fit a job, cheapest job first, each
// with the job's time and total cost as a range, and what the estimate rests
// on. Pure: input validation and formatting over the market.
import * as l10n from '@vscode/l10n';
import { INVARIANT_LOCALE } from '../model/format';
import { PCIE_EFFICIENCY, utilizationOf, type Job } from '../model/jobCost';
import { checkJob } from '../model/jobInput';
import { rankByJobCost, fitQuery } from '../model/jobRanking';
import { describeJob, formatJobCost, formatJobHours } from '../model/jobText';
import { isEmptyQuery, parseQuery, printQuery } from '../model/query';
import type { Market } from './market';
import { cell, dataAge, invalidQuery, limitOf, type Checked } from './toolAnswers';

export interface JobCostInput {
  job: Job;
  query: string;
  limit: number;
}

export function checkJobCostInput(raw: unknown): Checked<JobCostInput> {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (input.query !== undefined && typeof input.query !== 'string') return { ok: false, message: l10n.t('query must be text in the filter language') };
  const limit = limitOf(input.limit, 10);
  if (typeof limit === 'string') return { ok: false, message: limit };
  const checked = checkJob({ size: input.size, kind: input.job, tokens: input.tokens, batch: input.batch, hours: input.hours, utilization: input.utilization });
  return checked.ok ? { ok: true, input: { job: checked.job, query: (input.query as string | undefined) ?? '', limit } } : { ok: false, message: checked.message.replace(/\.$/, '') };
}

const hours = (x: number) => formatJobHours(x, INVARIANT_LOCALE);
const money = (x: number) => formatJobCost(x, INVARIANT_LOCALE);
const percent = (x: number) => `${Math.round(x * 100)}%`;

export function jobCostAnswer(market: Market, input: JobCostInput, now: Date): string {
  const snapshot = market.machines.snapshot;
  if (!snapshot) return l10n.t('No machine list is loaded.');
  const parsed = parseQuery(input.query);
  if (!parsed.ok) return invalidQuery(parsed.error);
  const { job } = input;
  const { rows, matching, unknownGpu: unknown } = rankByJobCost(snapshot.items, job, parsed.query, input.limit);
  const filter = [isEmptyQuery(parsed.query) ? '' : printQuery(parsed.query), printQuery(fitQuery(job))].filter(Boolean).join(' ');
  const u = utilizationOf(job);
  const lines = [
    l10n.t('Estimate for {0}: {1} of {2} machines match and fit ({3}), cheapest job first; {4} shown.', describeJob(job), matching, snapshot.items.length, filter, rows.length),
    dataAge(snapshot.fetchedAt, now),
  ];
  if (rows.length) {
    lines.push('', '| node_id | GPUs | price | hours (low–high) | GPU-hours | cost (low–high) | bound by |', '|---|---|---|---|---|---|---|');
    for (const { machine, result } of rows) {
      const head = `| ${cell(machine.node_name)} | ${machine.gpu_count}× ${cell(machine.gpu_name)} | ${cell(machine.price)} |`;
      if (!result.ok) {
        lines.push(`${head} ${l10n.t('unknown GPU: no estimate')} | | | |`);
        continue;
      }
      const e = result.estimate;
      const cost = e.cost ? `${money(e.cost.mid)} (${money(e.cost.low)}–${money(e.cost.high)})` : l10n.t('unknown');
      lines.push(`${head} ${hours(e.hours.mid)} (${hours(e.hours.low)}–${hours(e.hours.high)}) | ${hours(e.gpuHours.mid)} | ${cost} | ${e.bound} |`);
    }
  }
  const flopsFactor = job.kind === 'train' ? 6 : job.kind === 'lora' ? 4 : 2;
  const [mid, low, high, pcie, pcieLow, pcieHigh] = [u.mid, u.low, u.high, PCIE_EFFICIENCY.mid, PCIE_EFFICIENCY.low, PCIE_EFFICIENCY.high].map(percent);
  const restsOn =
    job.servingHours !== undefined
      ? l10n.t('Serving hours cost the price × the hours; the price is read as per hour for the whole machine.')
      : l10n.t("The estimate rests on: {0} × parameters × tokens FLOPs; each GPU's dense BF16 tensor throughput and memory bandwidth from its datasheet; utilization {1} ({2}–{3}); scaling over GPUs without NVLink {4} ({5}–{6}), with NVLink none lost; cost = price × hours, the price read as per hour for the whole machine. A range, not a promise.", flopsFactor, mid, low, high, pcie, pcieLow, pcieHigh);
  lines.push('', restsOn);
  if (unknown) lines.push(l10n.t('{0} machines have a GPU the throughput table does not know: no estimate, listed last.', unknown));
  return lines.join('\n');
}
