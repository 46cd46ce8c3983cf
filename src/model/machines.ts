// Pure grouping, sorting and describing of machines for the Machines view,
// the quick pick and the details panel.
import * as l10n from '@vscode/l10n';
import { MACHINE_FIELDS, type Machine } from '../api/types';
import { oneLine } from './escape';
import { pricePerGpu } from './price';
import { displayName, formatInteger, formatJson, formatLabels, formatPercent, formatPrice, formatPricePerGpu, getDisplayLocale, truncate, yesNo } from './format';

/** Plain code-unit order: fast, and stable for identifiers. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Natural, case-insensitive order: "RTX 3090" before "RTX 4090", "A10" before "A100". */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b) || compareIds(a, b);
}

/** The items by key, in the order each key first appears. */
export function groupedBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const byKey = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = byKey.get(key);
    if (list) list.push(item);
    else byKey.set(key, [item]);
  }
  return byKey;
}

// One collator for all comparisons: String.localeCompare with options builds one per call.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The fewest characters of a node ID that are looked up as its start (a details tab shows eight). */
export const NODE_ID_PREFIX_MIN = 6;

/**
 * The machine of a node ID, or of the start of one as a details tab shows it (`9d32cc50`, as git takes a
 * short hash): an exact ID first; then, from NODE_ID_PREFIX_MIN characters on, the one machine whose ID
 * starts so. `ambiguous` counts the machines that do when there are several.
 */
export function findByNodeId<M extends Pick<Machine, 'node_name'>>(machines: readonly M[], id: string): { machine?: M; ambiguous?: number } {
  const exact = machines.find((m) => m.node_name === id);
  if (exact || [...id].length < NODE_ID_PREFIX_MIN) return { machine: exact };
  const starting = machines.filter((m) => m.node_name.startsWith(id));
  return starting.length > 1 ? { ambiguous: starting.length } : { machine: starting[0] };
}

/** "4× RTX 4090" */
export function machineTitle(machine: Machine): string {
  return `${machine.gpu_count}× ${truncate(displayName(machine.gpu_name), 80)}`;
}

/** "7.40 (1.85/GPU)": the price as sent, and per GPU. */
export function priceWithPerGpu(machine: Machine): string {
  return l10n.t('{0} ({1}/GPU)', formatPrice(machine.price), formatPricePerGpu(pricePerGpu(machine)));
}

/** What a user compares at a glance: price, GPU memory, region, online rate, NVLink. */
export function machineSummary(machine: Machine): string {
  return [
    priceWithPerGpu(machine),
    l10n.t('VRAM {0}', formatInteger(machine.gpu_memory)),
    oneLine(machine.region, 40),
    l10n.t('{0} online', formatPercent(machine.online_rate)),
    ...(machine.nvlink_status ? ['NVLink'] : []),
  ].join(' · ');
}

/** GPU memory of the whole machine: one GPU's memory times the GPUs (the filter field vram_total). */
export function vramTotal(machine: Machine): number {
  return machine.gpu_memory * machine.gpu_count;
}

export interface DetailRow {
  field: keyof Machine | 'price_per_gpu' | 'vram_total';
  label: string;
  value: string;
}

/**
 * The label of every field (and of the derived price per GPU), in the display
 * language. A function, not a table: the labels are looked up after the
 * language is set at activation, never when the module loads.
 */
export function fieldLabels(): Record<keyof Machine | 'price_per_gpu' | 'vram_total', string> {
  return {
    price: l10n.t('Price'),
    price_per_gpu: l10n.t('Price per GPU'),
    labels: l10n.t('Labels'),
    node_name: l10n.t('Node ID'),
    gpu_name: l10n.t('GPU model'),
    gpu_count: l10n.t('GPU count'),
    gpu_memory: l10n.t('GPU memory'),
    vram_total: l10n.t({ message: 'GPU memory total', comment: ['GPU memory of one GPU times the number of GPUs of a machine (the filter field vram_total).'] }),
    cpu_name: l10n.t('CPU model'),
    cpu_count: l10n.t('CPU count'),
    cpu_per_gpu: l10n.t('CPUs per GPU'),
    memory_per_gpu: l10n.t('Memory per GPU'),
    memory_total: l10n.t('Memory total'),
    disk_per_gpu: l10n.t('Disk per GPU'),
    disk_total: l10n.t('Disk total'),
    region: l10n.t('Region'),
    network_upload_speed: l10n.t('Upload speed'),
    network_download_speed: l10n.t('Download speed'),
    up_time: l10n.t('Up time'),
    online_rate: l10n.t('Online rate'),
    driver_version: l10n.t('Driver version'),
    cuda_version: l10n.t('CUDA version'),
    nvlink_status: l10n.t('NVLink'),
  };
}

/** The fields of the details rows, in order: spec order, the price per GPU after the price, the GPU memory total after the GPU memory. */
export function detailFields(): DetailRow['field'][] {
  return MACHINE_FIELDS.flatMap((field): DetailRow['field'][] => (field === 'price' ? [field, 'price_per_gpu'] : field === 'gpu_memory' ? [field, 'vram_total'] : [field]));
}

/**
 * Every field of a machine, labelled and formatted for people, in the order of
 * detailFields; numbers in `locale` (the display language unless told otherwise).
 */
export function machineDetails(machine: Machine, locale = getDisplayLocale()): DetailRow[] {
  const labels = fieldLabels();
  return detailFields().map((field) => ({ field, label: labels[field], value: detailValue(machine, field, locale) }));
}

function detailValue(machine: Machine, field: DetailRow['field'], locale: string): string {
  switch (field) {
    case 'price_per_gpu':
      return formatPricePerGpu(pricePerGpu(machine), locale);
    case 'vram_total':
      return formatInteger(vramTotal(machine), locale);
    case 'gpu_name':
    case 'cpu_name':
      return displayName(machine[field]);
    case 'price':
      return formatPrice(machine.price, locale);
    case 'online_rate':
      return formatPercent(machine.online_rate, locale);
    case 'nvlink_status':
      return yesNo(machine.nvlink_status);
    case 'labels':
      return formatLabels(machine.labels);
    default: {
      const value = machine[field];
      return typeof value === 'number' ? formatInteger(value, locale) : formatJson(value);
    }
  }
}

/** Words a quick pick can match: GPU, region, price, CUDA, node ID. */
export function machinePickText(machine: Machine): { label: string; description: string; detail: string } {
  return {
    label: `${machineTitle(machine)} · ${priceWithPerGpu(machine)}`,
    description: [
      oneLine(machine.region, 40),
      l10n.t('VRAM {0}', formatInteger(machine.gpu_memory)),
      l10n.t('CUDA {0}', oneLine(machine.cuda_version, 20)),
      l10n.t('{0} online', formatPercent(machine.online_rate)),
    ].join(' · '),
    detail: oneLine(machine.node_name, 100),
  };
}
