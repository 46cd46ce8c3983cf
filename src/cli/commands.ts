// The listing commands of `gpu-rental`: machines, machine, templates and
// image-ref, through the extension's client and model. Output is written record
// by record, waiting when the reader is slower, so a long list never becomes one big string.
import { GpuRentalClient } from '../api/client';
import type { Machine, Template } from '../api/types';
import { arrangeMachines } from '../model/arrange';
import { findByNodeId } from '../model/machines';
import { imageReference } from '../model/imageRef';
import { maskedTemplate } from '../model/secrets';
import { compileQuery, isEmptyQuery, HISTORY_FIELDS, parseQuery, usesHistory, type MachineHistory, type Query } from '../model/query';
import { filterTemplates, groupByImageType } from '../model/templates';
import type { Command, Format } from './args';
import { streamMatching, topMatching } from './machineStream';
import { CliError, EXIT } from './errors';
import { historyIfAvailable } from './historyAccess';
import { MACHINE_COLUMNS, machineIdLine, machineOut as machineRecord, machineText, safeJson, table, TEMPLATE_COLUMNS, templateIdLine, terminalText, type Column, type TableSection } from './output';
import type { Service } from './setup';

/** Where a command writes, and what it knows about the terminal. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
}

type ListCommand = Extract<Command, { kind: 'machines' | 'machine' | 'templates' | 'image-ref' }>;

export const TEMPLATE_PAGE_SIZE = 100;

/** Writes, and waits while the reader is behind. */
export async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (!stream.write(text)) {
    await new Promise<void>((resolve) => stream.once('drain', resolve));
  }
}

export function formatOf(command: { format?: Format }, io: Io): Format {
  return command.format ?? (io.stdout.isTTY ? 'table' : 'json');
}

export function colorOf(command: { color: boolean }, io: Io): boolean {
  return command.color && io.stdout.isTTY === true && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
}

/** Parses a query or ends the run with exit code 2 and the mistake's position. */
export function queryOf(text: string): Query {
  const parsed = parseQuery(text);
  if (!parsed.ok) {
    throw new CliError('bad_query', `bad query: ${parsed.error.message}`, EXIT.usage, { text, position: parsed.error.position });
  }
  return parsed.query;
}

export function clientFor(service: Service, timeoutSeconds: number): GpuRentalClient {
  return new GpuRentalClient({ baseUrl: service.baseUrl, token: service.token, timeoutMs: timeoutSeconds * 1000 });
}

export async function runListCommand(command: ListCommand, service: Service, io: Io): Promise<number> {
  const client = clientFor(service, command.timeoutSeconds);
  switch (command.kind) {
    case 'machines': {
      const query = queryOf(command.query);
      // The market history answers listed_hours, flaps_7d and below_median, in the query and in the JSON.
      const history = historyIfAvailable(service.baseUrl.origin, io.env, io.stderr);
      if (!history && usesHistory(query)) {
        throw new CliError('history', `${[...HISTORY_FIELDS].join(', ')} read the market history, which needs a Node.js with SQLite (22.13 or newer; this is ${process.version})`, EXIT.usage);
      }
      try {
        return await machines(command, query, client, io, history);
      } finally {
        history?.close();
      }
    }
    case 'machine':
      return machine(command, client, io);
    case 'templates':
      return templates(command, client, io);
    case 'image-ref':
      return imageRef(command, client, io);
  }
}

export async function skippedNote(io: Io, skipped: number, noun: string): Promise<void> {
  if (skipped > 0) await write(io.stderr, `gpu-rental: ${skipped} malformed ${noun}${skipped === 1 ? '' : 's'} left out\n`);
}

type MachinesCommand = Extract<Command, { kind: 'machines' }>;
type Section = TableSection<Machine> & { label: string; size: number };

/**
 * The matching machines. --ndjson without --sort, --order or --group is
 * written as the list arrives, in the service's order; with --limit and
 * no --group only the first N of the sort are kept while it arrives; the
 * rest (a whole sorted list, or groups) holds the matching machines.
 */
async function machines(command: MachinesCommand, query: Query, client: GpuRentalClient, io: Io, history: MachineHistory | undefined): Promise<number> {
  const match = isEmptyQuery(query) ? () => true : compileQuery(query, history);
  const machineOut = (m: Machine) => machineRecord(m, history);
  const format = formatOf(command, io);
  if (format === 'ndjson' && !command.arranged) {
    const { matched, skipped } = await streamMatching(client, match, command.limit ?? Infinity, (m) => write(io.stdout, `${safeJson(machineOut(m))}\n`));
    await skippedNote(io, skipped, 'machine');
    return matched ? EXIT.found : EXIT.nothing;
  }
  const sections = command.groupBy === 'none' && command.limit !== undefined ? await firstMachines(command, command.limit, match, client, io) : await arrangedMachines(command, match, client, io);
  const count = sections.reduce((n, s) => n + s.rows.length, 0);
  if (format === 'json' && command.groupBy !== 'none') {
    await jsonArray(io, sections, (s) => safeJson({ group: s.label, matching: s.size, machines: s.rows.map((m) => machineOut(m)) }));
  } else {
    await writeRows(command, io, sections, { columns: MACHINE_COLUMNS, json: machineOut, id: machineIdLine, none: noneMatch('machine', command.query) });
  }
  return count ? EXIT.found : EXIT.nothing;
}

/** The first `limit` in the sort's order, from the list as it arrives. */
async function firstMachines(command: MachinesCommand, limit: number, match: (m: Machine) => boolean, client: GpuRentalClient, io: Io): Promise<Section[]> {
  const top = await topMatching(client, match, limit, command.sortBy, command.order);
  await skippedNote(io, top.skipped, 'machine');
  return top.machines.length ? [{ label: 'all', size: top.matched, rows: top.machines }] : [];
}

/** The whole list, filtered, grouped and sorted; the limit counts machines across groups, in order, and groups it leaves empty are not shown. */
async function arrangedMachines(command: MachinesCommand, match: (m: Machine) => boolean, client: GpuRentalClient, io: Io): Promise<Section[]> {
  const listing = await client.listMachines();
  await skippedNote(io, listing.skipped, 'machine');
  const groups = arrangeMachines(listing.items.filter(match), { groupBy: command.groupBy, sortBy: command.sortBy, order: command.order });
  let left = command.limit ?? Infinity;
  const sections: Section[] = [];
  for (const group of groups) {
    if (left <= 0) break;
    const rows = group.machines.slice(0, left);
    left -= rows.length;
    sections.push({ heading: command.groupBy === 'none' ? undefined : `${group.label} (${group.size})`, label: group.label, size: group.size, rows });
  }
  return sections;
}

/** A JSON array, one element a line, written element by element. */
async function jsonArray<T>(io: Io, items: readonly T[], text: (item: T) => string): Promise<void> {
  if (!items.length) {
    await write(io.stdout, '[]\n');
    return;
  }
  await write(io.stdout, '[\n');
  for (let i = 0; i < items.length; i++) {
    await write(io.stdout, `${text(items[i])}${i < items.length - 1 ? ',' : ''}\n`);
  }
  await write(io.stdout, ']\n');
}

/**
 * Rows in the form the command asks for: a table (with a heading per section), bare IDs, JSON lines, or a
 * JSON array. With no row, a table or IDs say `none` on stderr: a person at a terminal saw nothing at all,
 * and a script that took the IDs went on with none (JSON's empty array says it already).
 */
export async function writeRows<T>(command: { format?: Format; color: boolean }, io: Io, sections: readonly TableSection<T>[], form: { columns: readonly Column<T>[]; json: (row: T) => unknown; id: (row: T) => string; none: string }): Promise<void> {
  const rows = sections.flatMap((s) => s.rows);
  const format = formatOf(command, io);
  if (!rows.length && (format === 'table' || format === 'ids')) await write(io.stderr, `gpu-rental: ${terminalText(form.none)}\n`);
  switch (format) {
    case 'table':
      if (rows.length) await write(io.stdout, table(form.columns, sections, { color: colorOf(command, io), width: io.stdout.columns }));
      break;
    case 'ids':
      for (const row of rows) await write(io.stdout, form.id(row));
      break;
    case 'ndjson':
      for (const row of rows) await write(io.stdout, `${safeJson(form.json(row))}\n`);
      break;
    case 'json':
      await jsonArray(io, rows, (row) => safeJson(form.json(row)));
      break;
  }
}

/** "no machine listed now matches gpus>=100", or that none is listed at all. */
export function noneMatch(noun: 'machine' | 'template', what: string): string {
  return what.trim() ? `no ${noun} listed now matches ${what.trim()}` : `the service lists no ${noun} now`;
}

async function machine(command: Extract<Command, { kind: 'machine' }>, client: GpuRentalClient, io: Io): Promise<number> {
  const listing = await client.listMachines();
  const { machine: found, ambiguous } = findByNodeId(listing.items, command.nodeId);
  if (ambiguous) {
    throw new CliError('usage', `${ambiguous} machines listed now have node IDs that start so: give more of the node ID`, EXIT.usage);
  }
  if (!found) {
    throw new CliError('not_found', 'no machine with this node ID is listed now', EXIT.nothing);
  }
  await write(io.stdout, formatOf(command, io) === 'table' ? machineText(found) : `${safeJson(machineRecord(found), 2)}\n`);
  return EXIT.found;
}

async function templates(command: Extract<Command, { kind: 'templates' }>, client: GpuRentalClient, io: Io): Promise<number> {
  const listing = await client.listTemplates(TEMPLATE_PAGE_SIZE);
  await skippedNote(io, listing.skipped, 'template');
  if (listing.incomplete) await write(io.stderr, `gpu-rental: the template list may be incomplete: ${listing.incomplete}\n`);
  // In the order of the Image Templates view and the chat tool: by image type, then as listed.
  let found: Template[] = groupByImageType(filterTemplates(listing.items, command.text)).flatMap((g) => g.templates);
  if (command.imageType !== undefined) found = found.filter((t) => t.image_type === command.imageType);
  const rows = found.slice(0, command.limit ?? Infinity);
  // Every field, secrets masked, as Copy Template as JSON gives it.
  const chosen = [command.text.trim(), command.imageType === undefined ? '' : `image type ${command.imageType}`].filter(Boolean).join(', ');
  await writeRows(command, io, [{ rows }], { columns: TEMPLATE_COLUMNS, json: maskedTemplate, id: templateIdLine, none: noneMatch('template', chosen) });
  return rows.length ? EXIT.found : EXIT.nothing;
}

async function imageRef(command: Extract<Command, { kind: 'image-ref' }>, client: GpuRentalClient, io: Io): Promise<number> {
  const listing = await client.listTemplates(TEMPLATE_PAGE_SIZE);
  const template = listing.items.find((t) => t.id === command.templateId);
  if (!template) {
    throw new CliError('not_found', `no template with ID ${command.templateId} is listed now`, EXIT.nothing);
  }
  const reference = imageReference(template);
  await write(io.stdout, command.format === 'json' ? `${safeJson({ id: template.id, image_ref: reference })}\n` : `${terminalText(reference)}\n`);
  return EXIT.found;
}
