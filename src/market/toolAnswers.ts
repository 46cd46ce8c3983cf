// What the language model tools answer, as text a model reads well: a
// compact table, the count, the query as understood, and how old the data
// is. Pure: input validation and formatting over the market. Only listing
// data ever goes in: no token, no docker_passwd.
import * as l10n from '@vscode/l10n';
import type { Machine, Template } from '../api/types';
import { firstInGroups, SORT_KEYS, type SortKey, type SortOrder } from '../model/arrange';
import { toolMachinesHeader, toolTemplatesHeader } from '../model/countText';
import { oneLine } from '../model/escape';
import { formatPercent, formatPricePerGpu, INVARIANT_LOCALE } from '../model/format';
import { findByNodeId, machineDetails } from '../model/machines';
import { fullWeek, historySpan, pricePlace, type MarketFacts } from '../model/historyText';
import { describeNearMiss, nearMisses } from '../model/nearMiss';
import { pricePerGpu } from '../model/price';
import { FIELD_KINDS, kindWord, PRINT_NAME } from '../model/query/fields';
import { isEmptyQuery, parseQuery, printQuery, type QueryError } from '../model/query';
import { templateImage } from '../model/templates';
import type { Market } from './market';

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

export type Checked<T> = { ok: true; input: T } | { ok: false; message: string };

/** What a model reads of a query that does not parse: the mistake, where it is, and the fields a query may use with their kinds. */
export function invalidQuery(error: QueryError): string {
  const fields = [...PRINT_NAME.entries()].map(([field, name]) => `${name} (${kindWord(FIELD_KINDS[field])})`).join(', ');
  return l10n.t('The query is not valid: {0} (at character {1}). Fields: {2}. Write clauses like gpus>=2 price_per_gpu<2.5, separated by spaces.', error.message, error.position, fields);
}

export function limitOf(value: unknown, fallback: number): number | string {
  if (value === undefined) return fallback;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LIMIT ? value : l10n.t('limit must be a whole number from 1 to {0}', MAX_LIMIT);
}

export function checkFindInput(raw: unknown): Checked<FindMachinesInput> {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (input.query !== undefined && typeof input.query !== 'string') return { ok: false, message: l10n.t('query must be text in the filter language') };
  if (input.sortBy !== undefined && !(SORT_KEYS as readonly unknown[]).includes(input.sortBy)) return { ok: false, message: l10n.t('sortBy must be one of {0}', SORT_KEYS.join(', ')) };
  if (input.order !== undefined && input.order !== 'ascending' && input.order !== 'descending') return { ok: false, message: l10n.t('order must be ascending or descending') };
  const limit = limitOf(input.limit, 10);
  if (typeof limit === 'string') return { ok: false, message: limit };
  return { ok: true, input: { query: input.query as string | undefined, sortBy: input.sortBy as SortKey | undefined, order: input.order as SortOrder | undefined, limit } };
}

export function checkTemplatesInput(raw: unknown): Checked<ListTemplatesInput> {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (input.text !== undefined && typeof input.text !== 'string') return { ok: false, message: l10n.t('text must be text') };
  if (input.imageType !== undefined && !Number.isInteger(input.imageType)) return { ok: false, message: l10n.t('imageType must be an integer') };
  const limit = limitOf(input.limit, 20);
  if (typeof limit === 'string') return { ok: false, message: limit };
  return { ok: true, input: { text: input.text as string | undefined, imageType: input.imageType as number | undefined, limit } };
}

/** "Data as of 14:02:11 UTC (3 minutes ago)." */
export function dataAge(fetchedAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - fetchedAt.getTime()) / 60_000));
  const ago = minutes === 0 ? l10n.t('just now') : minutes === 1 ? l10n.t('1 minute ago') : l10n.t('{0} minutes ago', minutes);
  return l10n.t('Data as of {0} UTC ({1}).', fetchedAt.toISOString().slice(11, 19), ago);
}

/** Text for a table cell: one line, no pipes. */
export function cell(text: string): string {
  return oneLine(text, 80).replace(/\|/g, '/');
}

const NO_HISTORY = () => l10n.t('Market history: not readable here (it needs Node.js 22.13 or newer, with SQLite).');

/**
 * What the market history says of a machine's price, for a model: "2.10/GPU:
 * 12% below the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95; listed
 * for 3 days". Outside VS Code (the MCP server) there is no history: it says so.
 */
export function historyLine(machine: Machine, history: MarketFacts | undefined): string {
  if (!history) return NO_HISTORY();
  const place = pricePlace(machine, history.modelWeek(machine.gpu_name), history.listing(machine.node_name), INVARIANT_LOCALE, false);
  const perGpu = `${formatPricePerGpu(pricePerGpu(machine), INVARIANT_LOCALE)}/GPU`;
  return place ? l10n.t('Market history: {0}: {1}.', perGpu, place) : l10n.t('Market history: nothing recorded yet for this GPU model.');
}

/** A cell of the find answer's last column: "12% below", "3% above", "at median", or "unknown". */
function medianCell(machine: Machine, history: MarketFacts): string {
  const below = history.belowMedian(machine);
  if (!Number.isFinite(below)) return l10n.t('unknown');
  const percent = formatPercent(Math.round(Math.abs(below) * 100) / 100, INVARIANT_LOCALE);
  return Math.round(below * 100) === 0 ? l10n.t('at median') : below > 0 ? l10n.t('{0} below', percent) : l10n.t('{0} above', percent);
}

/** Per GPU model of the rows: its 7-day low and median price per GPU, and how much history there is before a week. */
function modelWeekLines(rows: readonly Machine[], history: MarketFacts): string[] {
  return [...new Set(rows.map((m) => m.gpu_name))].map((gpu) => {
    const week = history.modelWeek(gpu);
    if (!week) return `- ${l10n.t('{0}: no market history yet', cell(gpu))}`;
    const span = fullWeek(week.coveredMs) ? '' : ` (${historySpan(week.coveredMs)})`;
    return `- ${l10n.t('{0}: 7-day low {1}/GPU, 7-day median {2}/GPU', cell(gpu), formatPricePerGpu(week.low, INVARIANT_LOCALE), formatPricePerGpu(week.median, INVARIANT_LOCALE))}${span}`;
  });
}

/**
 * The find answer. With the market history (VS Code), each row says where its
 * price per GPU is against its model's 7-day median, and each model its 7-day
 * low and median; outside VS Code (the MCP server), one line says there is
 * none; without either, the answer is the table alone.
 */
export function findMachinesAnswer(market: Market, input: FindMachinesInput, now: Date, facts?: MarketFacts | 'outside'): string {
  const history = facts === 'outside' ? undefined : facts;
  const snapshot = market.machines.snapshot;
  if (!snapshot) return l10n.t('No machine list is loaded.');
  const parsed = parseQuery(input.query ?? '');
  if (!parsed.ok) return invalidQuery(parsed.error);
  const sortBy = input.sortBy ?? 'pricePerGpu';
  const order = input.order ?? 'ascending';
  const view = market.machineView({ filter: parsed.query, arrangement: { groupBy: 'none', sortBy, order } });
  const rows = firstInGroups(view.groups, input.limit ?? 10);
  // Counts are plain digits and the sort key and order are the tool's own words: the model reads them back.
  const lines = [
    toolMachinesHeader(view.matching.length, view.total, isEmptyQuery(parsed.query) ? undefined : printQuery(parsed.query), sortBy, order, rows.length),
    dataAge(snapshot.fetchedAt, now),
  ];
  if (view.matching.length === 0) {
    lines.push(...nearMissLines(snapshot.items, parsed.query));
  }
  if (rows.length) {
    const [head, rule] = history ? [' vs 7-day median |', '---|'] : ['', ''];
    lines.push('', `| node_id | GPUs | price | price/GPU | VRAM | region | online | CUDA |${head}`, `|---|---|---|---|---|---|---|---|${rule}`);
    for (const m of rows) {
      const last = history ? ` ${medianCell(m, history)} |` : '';
      lines.push(`| ${cell(m.node_name)} | ${m.gpu_count}× ${cell(m.gpu_name)} | ${cell(m.price)} | ${formatPricePerGpu(pricePerGpu(m), INVARIANT_LOCALE)} | ${m.gpu_memory} | ${cell(m.region)} | ${formatPercent(m.online_rate, INVARIANT_LOCALE)} | ${cell(m.cuda_version)} |${last}`);
    }
    if (history) lines.push('', l10n.t('Market history, the 7 days before the latest list (price per GPU):'), ...modelWeekLines(rows, history));
    if (facts === 'outside') lines.push('', NO_HISTORY());
  }
  return lines.join('\n');
}

/** What to try when a query finds nothing: each near miss with the whole query that finds it. */
function nearMissLines(machines: readonly Machine[], query: Parameters<typeof nearMisses>[1]): string[] {
  const misses = nearMisses(machines, query);
  if (misses.length === 0) return [];
  return [
    '',
    l10n.t('Near misses (change one clause):'),
    ...misses.map((miss) => `- ${l10n.t('{0}; query: {1}', describeNearMiss(miss, INVARIANT_LOCALE), printQuery(miss.query))}`),
  ];
}

/** Every field of one machine, then what the market history says of its price (see historyLine). */
export function getMachineAnswer(market: Market, nodeId: unknown, now: Date, history?: MarketFacts | 'outside'): string {
  const snapshot = market.machines.snapshot;
  if (!snapshot) return l10n.t('No machine list is loaded.');
  if (typeof nodeId !== 'string' || !nodeId.trim()) return l10n.t("nodeId must be the machine's node ID (a UUID).");
  const id = nodeId.trim();
  // The start of an ID, as a details tab shows it (`9d32cc50`), is looked up as `gpu-rental machine` does.
  const exact = market.machine(id);
  const { machine, ambiguous } = exact ? { machine: exact } : findByNodeId(snapshot.items, id);
  if (ambiguous) return l10n.t('{0} machines listed now have node IDs that start with {1}: give more of the node ID. {2}', ambiguous, cell(id), dataAge(snapshot.fetchedAt, now));
  if (!machine) return l10n.t('No machine with node ID {0} is listed now. {1}', cell(nodeId), dataAge(snapshot.fetchedAt, now));
  const lines = [dataAge(snapshot.fetchedAt, now), '', ...machineDetails(machine, INVARIANT_LOCALE).map((row) => `${row.label}: ${oneLine(row.value, 200)}`)];
  if (history) lines.push(oneLine(historyLine(machine, history === 'outside' ? undefined : history), 400));
  return lines.join('\n');
}

export function listTemplatesAnswer(market: Market, input: ListTemplatesInput, now: Date): string {
  const snapshot = market.templates.snapshot;
  if (!snapshot) return l10n.t('No template list is loaded.');
  const view = market.templateView(input.text ?? '');
  let templates: Template[] = view.groups.flatMap((g) => g.templates);
  if (input.imageType !== undefined) templates = templates.filter((t) => t.image_type === input.imageType);
  const rows = templates.slice(0, input.limit ?? 20);
  const lines = [toolTemplatesHeader(templates.length, view.total, rows.length), dataAge(snapshot.fetchedAt, now)];
  if (rows.length) {
    lines.push('', '| id | name | image | type |', '|---|---|---|---|');
    for (const t of rows) {
      lines.push(`| ${t.id} | ${cell(t.name)} | ${cell(templateImage(t))} | ${t.image_type} |`);
    }
  }
  return lines.join('\n');
}
