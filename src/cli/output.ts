// What `gpu-rental` prints: JSON, JSON lines, bare IDs, or a table for a
// person. Pure: each function turns records into text. Everything in a
// record came from the service and is untrusted: JSON escapes every
// character a terminal could act on, and a table cell holds no control
// character, so no value can move the cursor, recolour or retitle a terminal.
import type { Json, Machine, Template } from '../api/types';
import { copyTemplates, machineJson } from '../model/copyFormats';
import { formatPercent, formatPricePerGpu, INVARIANT_LOCALE } from '../model/format';
import { machineDetails } from '../model/machines';
import { pricePerGpu } from '../model/price';
import type { MachineHistory } from '../model/query';
import { templateImage } from '../model/templates';

/**
 * JSON.stringify escapes C0 controls; this also escapes DEL, the C1
 * controls (U+009B is a CSI on some terminals), line and paragraph
 * separators and bidirectional overrides. They only occur inside strings,
 * so the text stays valid JSON with the same value.
 */
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A number to `digits` decimals, as the JSON gives it. */
export const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** A machine as scripts get it: the spec's fields as sent, and the price per GPU as a number (null when it has none). */
export function machineOut(machine: Machine, history?: MachineHistory): Record<string, Json> {
  const perGpu = pricePerGpu(machine);
  const known = (x: number | undefined, digits: number) => (x !== undefined && Number.isFinite(x) ? round(x, digits) : null);
  return {
    ...machineJson(machine),
    price_per_gpu: Number.isFinite(perGpu) ? perGpu : null,
    // What the market history says (null where it knows nothing); absent where this Node cannot read it. Three null
    // fields on every machine, for nothing, doubled the peak memory of a sorted 100k list (test/unit/cli/process.test.ts).
    ...(history ? { listed_hours: known(history.listedHours(machine.node_name), 2), flaps_7d: known(history.flaps7d(machine.node_name), 0), below_median: known(history.belowMedian(machine), 4) } : {}),
  };
}

/** Text for a terminal: no control character of any kind, line breaks folded, cut to `max`. */
export function terminalText(text: string, max = Infinity): string {
  const clean = text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return clean.length > max ? `${clean.slice(0, Math.max(0, max - 1))}…` : clean;
}

/** Bare IDs, one a line, for scripts (`$(gpu-rental machines … --ids --limit 1)`). */
export function machineIdLine(machine: Machine): string {
  return `${terminalText(machine.node_name)}\n`;
}

export function templateIdLine(template: Template): string {
  return `${copyTemplates([template], 'id')}\n`;
}

export interface TableStyle {
  color: boolean;
  /** The terminal's width, if known: the widest column gives way. */
  width?: number;
}

const BOLD = '\u001b[1m';
const DIM = '\u001b[2m';
const GREEN = '\u001b[32m';
const RESET = '\u001b[0m';

type Align = 'left' | 'right';

export interface Column<T> {
  title: string;
  align: Align;
  max: number;
  value: (row: T) => string;
  /** Colour of the cell on a terminal. */
  tint?: string;
}

export const MACHINE_COLUMNS: Column<Machine>[] = [
  { title: 'NODE ID', align: 'left', max: 36, value: (m) => m.node_name },
  { title: 'GPUS', align: 'left', max: 28, value: (m) => `${m.gpu_count}× ${m.gpu_name}` },
  { title: 'PRICE', align: 'right', max: 12, value: (m) => m.price },
  { title: 'PER GPU', align: 'right', max: 10, value: (m) => formatPricePerGpu(pricePerGpu(m), INVARIANT_LOCALE), tint: GREEN },
  { title: 'VRAM', align: 'right', max: 8, value: (m) => String(m.gpu_memory) },
  { title: 'REGION', align: 'left', max: 16, value: (m) => m.region },
  { title: 'ONLINE', align: 'right', max: 8, value: (m) => formatPercent(m.online_rate, INVARIANT_LOCALE) },
  { title: 'CUDA', align: 'left', max: 8, value: (m) => m.cuda_version },
];

export const TEMPLATE_COLUMNS: Column<Template>[] = [
  { title: 'ID', align: 'right', max: 12, value: (t) => String(t.id) },
  { title: 'NAME', align: 'left', max: 32, value: (t) => t.name },
  { title: 'IMAGE', align: 'left', max: 60, value: (t) => templateImage(t) },
  { title: 'TYPE', align: 'right', max: 6, value: (t) => String(t.image_type) },
];

/** Rows under a heading of their own (a group), or plain rows. */
export interface TableSection<T> {
  heading?: string;
  rows: readonly T[];
}

/** A table for a person: aligned columns, cells cleaned of control characters, colour only when asked. */
export function table<T>(columns: readonly Column<T>[], sections: readonly TableSection<T>[], style: TableStyle): string {
  const cells = sections.map((s) => s.rows.map((row) => columns.map((c) => terminalText(c.value(row), c.max))));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.flat().map((r) => r[i].length)));
  if (style.width) {
    // Cut the widest columns until the row fits (each keeps at least 6 characters).
    const room = () => widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
    while (room() > style.width) {
      const widest = widths.indexOf(Math.max(...widths));
      if (widths[widest] <= 6) break;
      widths[widest]--;
    }
  }
  const paint = (text: string, code: string | undefined) => (style.color && code ? `${code}${text}${RESET}` : text);
  const line = (values: string[], tints: (string | undefined)[]) =>
    values
      .map((v, i) => {
        const text = v.length > widths[i] ? `${v.slice(0, widths[i] - 1)}…` : v;
        const padded = columns[i].align === 'right' ? text.padStart(widths[i]) : text.padEnd(widths[i]);
        return paint(padded, tints[i]);
      })
      .join('  ')
      .trimEnd();
  const out = [line(columns.map((c) => c.title), columns.map(() => BOLD))];
  sections.forEach((section, s) => {
    if (section.heading !== undefined) out.push(paint(terminalText(section.heading, 80), DIM));
    for (const row of cells[s]) out.push(line(row, columns.map((c) => c.tint)));
  });
  return `${out.join('\n')}\n`;
}

/** One machine for a person: every field, labelled, as the details page shows it (in English). */
export function machineText(machine: Machine): string {
  const rows = machineDetails(machine, INVARIANT_LOCALE);
  const width = Math.max(...rows.map((r) => r.label.length));
  return `${rows.map((r) => `${r.label.padEnd(width)}  ${terminalText(r.value, 200)}`).join('\n')}\n`;
}
