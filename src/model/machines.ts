// Pure grouping, sorting and describing of machines for the Machines view,
// the quick pick and the details panel.
import { MACHINE_FIELDS, type Machine, type MachineRecord } from '../api/types';
import { displayName, formatInteger, formatJson, formatLabels, formatPercent, formatPrice, formatPriceRange, plural, yesNo } from './format';

export interface MachineGroup {
  /** Stable key (the raw gpu_name), used as the tree item id. */
  key: string;
  label: string;
  machines: MachineRecord[];
  cheapest: MachineRecord;
  dearest: MachineRecord;
}

/** Cheapest first; ties broken by node ID so the order is stable across refreshes. */
export function compareByPrice(a: MachineRecord, b: MachineRecord): number {
  return a.priceValue - b.priceValue || compareText(a.node_name, b.node_name);
}

/** One group per GPU model, groups by display name, machines by price. */
export function groupByGpu(machines: readonly MachineRecord[]): MachineGroup[] {
  const byKey = new Map<string, MachineRecord[]>();
  for (const machine of machines) {
    const list = byKey.get(machine.gpu_name);
    if (list) {
      list.push(machine);
    } else {
      byKey.set(machine.gpu_name, [machine]);
    }
  }
  const groups: MachineGroup[] = [];
  for (const [key, list] of byKey) {
    list.sort(compareByPrice);
    groups.push({ key, label: displayName(key), machines: list, cheapest: list[0], dearest: list[list.length - 1] });
  }
  return groups.sort((a, b) => compareText(a.label, b.label) || compareText(a.key, b.key));
}

/** Natural, case-insensitive order: "RTX 3090" before "RTX 4090", "A10" before "A100". */
export function compareText(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
}

export function groupDescription(group: MachineGroup): string {
  return `${plural(group.machines.length, 'machine')} · ${formatPriceRange(group.cheapest.price, group.dearest.price)}`;
}

/** "4× RTX 4090" */
export function machineTitle(machine: Machine): string {
  return `${machine.gpu_count}× ${displayName(machine.gpu_name)}`;
}

/** What a user compares at a glance: price, GPU memory, region, online rate, NVLink. */
export function machineSummary(machine: Machine): string {
  const parts = [
    `price ${formatPrice(machine.price)}`,
    `VRAM ${formatInteger(machine.gpu_memory)}`,
    machine.region,
    `${formatPercent(machine.online_rate)} online`,
  ];
  if (machine.nvlink_status) {
    parts.push('NVLink');
  }
  return parts.join(' · ');
}

export interface DetailRow {
  field: keyof Machine;
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
  return MACHINE_FIELDS.map((field) => ({ field, label: FIELD_LABELS[field], value: formatField(machine, field) }));
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
    label: `${machineTitle(machine)} · ${formatPrice(machine.price)}`,
    description: `${machine.region} · VRAM ${formatInteger(machine.gpu_memory)} · CUDA ${machine.cuda_version} · ${formatPercent(machine.online_rate)} online`,
    detail: machine.node_name,
  };
}
