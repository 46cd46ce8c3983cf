// Pure grouping, sorting and describing of machines for the Machines view,
// the quick pick and the details panel.
import { MACHINE_FIELDS, type Machine } from '../api/types';
import { oneLine } from './escape';
import { displayName, formatInteger, formatJson, formatLabels, formatPercent, formatPrice, formatPricePerGpu, truncate, yesNo } from './format';

/** Plain code-unit order: fast, and stable for identifiers. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Natural, case-insensitive order: "RTX 3090" before "RTX 4090", "A10" before "A100". */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b) || compareIds(a, b);
}

// One collator for all comparisons: String.localeCompare with options builds one per call.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** "4× RTX 4090" */
export function machineTitle(machine: Machine): string {
  return `${machine.gpu_count}× ${truncate(displayName(machine.gpu_name), 80)}`;
}

/** What a user compares at a glance: price, GPU memory, region, online rate, NVLink. */
export function machineSummary(machine: Machine): string {
  const parts = [
    `${formatPrice(machine.price)} (${formatPricePerGpu(pricePerGpu(machine))}/GPU)`,
    `VRAM ${formatInteger(machine.gpu_memory)}`,
    oneLine(machine.region, 40),
    `${formatPercent(machine.online_rate)} online`,
  ];
  if (machine.nvlink_status) {
    parts.push('NVLink');
  }
  return parts.join(' · ');
}

/** Derived here too so that plain `Machine`s (details of any origin) can show it. */
export function pricePerGpu(machine: Machine): number {
  return Number(machine.price) / machine.gpu_count;
}

export interface DetailRow {
  field: keyof Machine | 'price_per_gpu';
  label: string;
  value: string;
}

const FIELD_LABELS: Record<keyof Machine, string> = {
  price: 'Price',
  labels: 'Labels',
  node_name: 'Node ID',
  gpu_name: 'GPU model',
  gpu_count: 'GPU count',
  gpu_memory: 'GPU memory',
  cpu_name: 'CPU model',
  cpu_count: 'CPU count',
  cpu_per_gpu: 'CPUs per GPU',
  memory_per_gpu: 'Memory per GPU',
  memory_total: 'Memory total',
  disk_per_gpu: 'Disk per GPU',
  disk_total: 'Disk total',
  region: 'Region',
  network_upload_speed: 'Upload speed',
  network_download_speed: 'Download speed',
  up_time: 'Up time',
  online_rate: 'Online rate',
  driver_version: 'Driver version',
  cuda_version: 'CUDA version',
  nvlink_status: 'NVLink',
};

/** Every field of a machine, labelled and formatted for people, in spec order. */
export function machineDetails(machine: Machine): DetailRow[] {
  const rows: DetailRow[] = MACHINE_FIELDS.map((field) => ({ field, label: FIELD_LABELS[field], value: formatField(machine, field) }));
  rows.splice(1, 0, { field: 'price_per_gpu', label: 'Price per GPU', value: formatPricePerGpu(pricePerGpu(machine)) });
  return rows;
}

function formatField(machine: Machine, field: keyof Machine): string {
  switch (field) {
    case 'gpu_name':
    case 'cpu_name':
      return displayName(machine[field]);
    case 'price':
      return formatPrice(machine.price);
    case 'online_rate':
      return formatPercent(machine.online_rate);
    case 'nvlink_status':
      return yesNo(machine.nvlink_status);
    case 'labels':
      return formatLabels(machine.labels);
    default: {
      const value = machine[field];
      return typeof value === 'number' ? formatInteger(value) : formatJson(value);
    }
  }
}

/** Words a quick pick can match: GPU, region, price, CUDA, node ID. */
export function machinePickText(machine: Machine): { label: string; description: string; detail: string } {
  return {
    label: `${machineTitle(machine)} · ${formatPrice(machine.price)} (${formatPricePerGpu(pricePerGpu(machine))}/GPU)`,
    description: `${oneLine(machine.region, 40)} · VRAM ${formatInteger(machine.gpu_memory)} · CUDA ${oneLine(machine.cuda_version, 20)} · ${formatPercent(machine.online_rate)} online`,
    detail: oneLine(machine.node_name, 100),
  };
}
