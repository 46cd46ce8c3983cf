// The forms "Copy As…" offers for machines and templates: the IDs, a shell
// variable line, JSON, and Markdown table rows. Pure. Values are written as
// the service sent them (a price is never reformatted); template secrets are
// masked; Markdown cells are escaped so data cannot break the table. Copies
// are the same in every display language: they go into scripts and files.
import { MACHINE_FIELDS, type Json, type Machine, type Template } from '../api/types';
import { escapeMarkdownCell } from './escape';
import { formatPercent, formatPricePerGpu, INVARIANT_LOCALE } from './format';
import { machineTitle } from './machines';
import { pricePerGpu } from './price';
import { maskedTemplate } from './secrets';
import { templateImage } from './templates';

export type CopyForm = 'id' | 'shell' | 'json' | 'markdown';

export const COPY_FORMS: readonly CopyForm[] = ['id', 'shell', 'json', 'markdown'];

/** Only the fields of the spec, in its order: no derived or unknown fields end up in a script. */
export function machineJson(machine: Machine): Record<string, Json> {
  return Object.fromEntries(MACHINE_FIELDS.map((field) => [field, machine[field]]));
}

/** A shell-safe value: IDs are UUIDs or integers, but the service is not ours to trust. */
function shellQuote(value: string): string {
  return /^[A-Za-z0-9._:@/-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

export function copyMachines(machines: readonly Machine[], form: CopyForm): string {
  const ids = machines.map((m) => m.node_name);
  switch (form) {
    case 'id':
      return ids.join('\n');
    case 'shell':
      return ids.length === 1 ? `NODE_ID=${shellQuote(ids[0])}` : `NODE_IDS=${shellQuote(ids.join(' '))}`;
    case 'json':
      return JSON.stringify(machines.length === 1 ? machineJson(machines[0]) : machines.map(machineJson), null, 2);
    case 'markdown':
      return [
        '| Machine | Price | Price per GPU | VRAM | Region | Online | Node ID |',
        '|:--|--:|--:|--:|:--|--:|:--|',
        ...machines.map((m) =>
          row([machineTitle(m), m.price, formatPricePerGpu(pricePerGpu(m), INVARIANT_LOCALE), String(m.gpu_memory), m.region, formatPercent(m.online_rate, INVARIANT_LOCALE), m.node_name]),
        ),
      ].join('\n');
  }
}

export function copyTemplates(templates: readonly Template[], form: CopyForm): string {
  const ids = templates.map((t) => String(t.id));
  switch (form) {
    case 'id':
      return ids.join('\n');
    case 'shell':
      return ids.length === 1 ? `TEMPLATE_ID=${ids[0]}` : `TEMPLATE_IDS=${shellQuote(ids.join(' '))}`;
    case 'json':
      return JSON.stringify(templates.length === 1 ? maskedTemplate(templates[0]) : templates.map(maskedTemplate), null, 2);
    case 'markdown':
      return ['| Template | Image | Type | ID |', '|:--|:--|--:|--:|', ...templates.map((t) => row([t.name, templateImage(t), String(t.image_type), String(t.id)]))].join('\n');
  }
}

function row(cells: string[]): string {
  return `| ${cells.map(escapeMarkdownCell).join(' | ')} |`;
}
