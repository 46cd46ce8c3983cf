// What the language model tools answer, as text a model reads well: a
// compact table, the count, the query as understood, and how old the data
// is. Pure: input validation and formatting over the market. Only listing
// data ever goes in: no token, no docker_passwd.
import type { MachineRecord, Template } from '../api/types';
import { SORT_KEYS, type SortKey, type SortOrder } from '../model/arrange';
import { oneLine } from '../model/escape';
import { formatPercent, formatPricePerGpu } from '../model/format';
import { machineDetails } from '../model/machines';
import { FIELD_KINDS, KIND_WORDS, PRINT_NAME } from '../model/query/fields';
import { isEmptyQuery, parseQuery, printQuery } from '../model/query';
import { templateImage } from '../model/templates';
import type { Market } from './market';
import { machinesInOrder } from './views';

export interface FindMachinesInput {
  query?: string;
  sortBy?: SortKey;
  order?: SortOrder;
  limit?: number;
}

export interface ListTemplatesInput {
  text?: string;
  imageType?: number;
  limit?: number;
}

export const MAX_LIMIT = 50;

type Checked<T> = { ok: true; input: T } | { ok: false; message: string };

/** The fields a query may use, with their kinds: what a model needs to correct a query. */
export function fieldList(): string {
  return [...PRINT_NAME.entries()].map(([field, name]) => `${name} (${KIND_WORDS[FIELD_KINDS[field]]})`).join(', ');
}

function limitOf(value: unknown, fallback: number): number | string {
  if (value === undefined) return fallback;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LIMIT ? value : `limit must be a whole number from 1 to ${MAX_LIMIT}`;
}

export function checkFindInput(raw: unknown): Checked<FindMachinesInput> {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (input.query !== undefined && typeof input.query !== 'string') return { ok: false, message: 'query must be text in the filter language' };
  if (input.sortBy !== undefined && !(SORT_KEYS as readonly unknown[]).includes(input.sortBy)) return { ok: false, message: `sortBy must be one of ${SORT_KEYS.join(', ')}` };
  if (input.order !== undefined && input.order !== 'ascending' && input.order !== 'descending') return { ok: false, message: 'order must be ascending or descending' };
  const limit = limitOf(input.limit, 10);
  if (typeof limit === 'string') return { ok: false, message: limit };
  return { ok: true, input: { query: input.query as string | undefined, sortBy: input.sortBy as SortKey | undefined, order: input.order as SortOrder | undefined, limit } };
}

export function checkTemplatesInput(raw: unknown): Checked<ListTemplatesInput> {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (input.text !== undefined && typeof input.text !== 'string') return { ok: false, message: 'text must be text' };
  if (input.imageType !== undefined && !Number.isInteger(input.imageType)) return { ok: false, message: 'imageType must be an integer' };
  const limit = limitOf(input.limit, 20);
  if (typeof limit === 'string') return { ok: false, message: limit };
  return { ok: true, input: { text: input.text as string | undefined, imageType: input.imageType as number | undefined, limit } };
}

/** "Data as of 14:02:11 UTC (3 minutes ago)." */
export function dataAge(fetchedAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - fetchedAt.getTime()) / 60_000));
  const ago = minutes === 0 ? 'just now' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  return `Data as of ${fetchedAt.toISOString().slice(11, 19)} UTC (${ago}).`;
}

/** Text for a table cell: one line, no pipes. */
function cell(text: string): string {
  return oneLine(text, 80).replace(/\|/g, '/');
}

export function findMachinesAnswer(market: Market, input: FindMachinesInput, now: Date): string {
  const snapshot = market.machines.snapshot;
  if (!snapshot) return 'No machine list is loaded.';
  const parsed = parseQuery(input.query ?? '');
  if (!parsed.ok) {
    return `The query is not valid: ${parsed.error.message} (at character ${parsed.error.position}). Fields: ${fieldList()}. Write clauses like gpus>=2 price_per_gpu<2.5, separated by spaces.`;
  }
  const sortBy = input.sortBy ?? 'pricePerGpu';
  const order = input.order ?? 'ascending';
  const view = market.machineView({ filter: parsed.query, arrangement: { groupBy: 'none', sortBy, order } });
  const rows = machinesInOrder(view).slice(0, input.limit ?? 10);
  const understood = isEmptyQuery(parsed.query) ? 'all machines (no filter)' : `the query ${printQuery(parsed.query)}`;
  const lines = [
    `${view.matching.length} of ${view.total} listed machines match ${understood}; sorted by ${sortBy} ${order}; showing ${rows.length}.`,
    dataAge(snapshot.fetchedAt, now),
  ];
  if (rows.length) {
    lines.push('', '| node_id | GPUs | price | price/GPU | VRAM | region | online | CUDA |', '|---|---|---|---|---|---|---|---|');
    for (const m of rows) {
      lines.push(`| ${cell(m.node_name)} | ${m.gpu_count}× ${cell(m.gpu_name)} | ${cell(m.price)} | ${formatPricePerGpu(m.pricePerGpu)} | ${m.gpu_memory} | ${cell(m.region)} | ${formatPercent(m.online_rate)} | ${cell(m.cuda_version)} |`);
    }
  }
  return lines.join('\n');
}

export function getMachineAnswer(market: Market, nodeId: unknown, now: Date): string {
  const snapshot = market.machines.snapshot;
  if (!snapshot) return 'No machine list is loaded.';
  if (typeof nodeId !== 'string' || !nodeId.trim()) return 'nodeId must be the machine\'s node ID (a UUID).';
  const machine: MachineRecord | undefined = market.machine(nodeId.trim());
  if (!machine) return `No machine with node ID ${cell(nodeId)} is listed now. ${dataAge(snapshot.fetchedAt, now)}`;
  return [dataAge(snapshot.fetchedAt, now), '', ...machineDetails(machine).map((row) => `${row.label}: ${oneLine(row.value, 200)}`)].join('\n');
}

export function listTemplatesAnswer(market: Market, input: ListTemplatesInput, now: Date): string {
  const snapshot = market.templates.snapshot;
  if (!snapshot) return 'No template list is loaded.';
  const view = market.templateView(input.text ?? '');
  let templates: Template[] = view.groups.flatMap((g) => g.templates);
  if (input.imageType !== undefined) templates = templates.filter((t) => t.image_type === input.imageType);
  const rows = templates.slice(0, input.limit ?? 20);
  const lines = [`${templates.length} of ${view.total} templates match; showing ${rows.length}.`, dataAge(snapshot.fetchedAt, now)];
  if (rows.length) {
    lines.push('', '| id | name | image | type |', '|---|---|---|---|');
    for (const t of rows) {
      lines.push(`| ${t.id} | ${cell(t.name)} | ${cell(templateImage(t))} | ${t.image_type} |`);
    }
  }
  return lines.join('\n');
}
