// What the market has, field by field, for the filter box's suggestions: the
// distinct values of the fields a person picks from (GPU models, regions, CPU
// names, CUDA and driver versions, GPU counts and memory, NVLink, labels) with
// how many machines have each. Made in one pass over a snapshot and kept per
// snapshot (the list's identity), so typing never walks 100k machines for it.
import type { Machine } from '../../api/types';
import { labelText } from './compile';
import { compareVersions } from '../version';
import type { FieldName, Value } from './fields';

export interface ValueCount {
  value: Value;
  /** Machines that have this value (a machine counts once per label). */
  count: number;
}

export interface MarketSummary {
  /** Machines in the snapshot. */
  total: number;
  /**
   * Per summarised field, its distinct values: text, yes/no and labels with
   * the most common first, numbers and versions in ascending order. At most
   * MAX_VALUES per field (the most common).
   */
  values: ReadonlyMap<FieldName, readonly ValueCount[]>;
}

/** A field with more distinct values than this keeps its most common ones only: suggestions show a dozen. */
export const MAX_VALUES = 200;

type Reader = (machine: Machine) => Value | undefined;

const text =
  (read: (m: Machine) => unknown): Reader =>
  (m) => {
    const value = read(m);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
const number =
  (read: (m: Machine) => number): Reader =>
  (m) => {
    const value = read(m);
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  };

/** The fields summarised, and how each reads a machine. Fields with a value per machine (prices, speeds, up time) have nothing to pick from. */
const READERS: readonly (readonly [FieldName, Reader, 'count' | 'ascending' | 'version'])[] = [
  ['gpu_name', text((m) => m.gpu_name), 'count'],
  ['region', text((m) => m.region), 'count'],
  ['cpu_name', text((m) => m.cpu_name), 'count'],
  ['cuda_version', text((m) => m.cuda_version), 'version'],
  ['driver_version', text((m) => m.driver_version), 'version'],
  ['gpu_count', number((m) => m.gpu_count), 'ascending'],
  ['gpu_memory', number((m) => m.gpu_memory), 'ascending'],
  ['vram_total', number((m) => m.gpu_memory * m.gpu_count), 'ascending'],
  ['cpu_count', number((m) => m.cpu_count), 'ascending'],
  ['nvlink_status', (m) => (typeof m.nvlink_status === 'boolean' ? m.nvlink_status : undefined), 'count'],
];

const cache = new WeakMap<readonly Machine[], MarketSummary>();

/** The summary of a snapshot, made in one pass over its machines once per list (a new snapshot is a new list). */
export function marketSummary(machines: readonly Machine[]): MarketSummary {
  const cached = cache.get(machines);
  if (cached) {
    return cached;
  }
  const counts = READERS.map(() => new Map<Value, number>());
  const labels = new Map<string, number>();
  const seen = new Set<string>();
  for (const machine of machines) {
    for (let i = 0; i < READERS.length; i++) {
      const value = READERS[i][1](machine);
      if (value !== undefined) {
        counts[i].set(value, (counts[i].get(value) ?? 0) + 1);
      }
    }
    if (Array.isArray(machine.labels) && machine.labels.length > 0) {
      seen.clear();
      for (const label of machine.labels) {
        const name = labelText(label);
        if (name !== '' && !seen.has(name)) {
          seen.add(name);
          labels.set(name, (labels.get(name) ?? 0) + 1);
        }
      }
    }
  }
  const values = new Map<FieldName, readonly ValueCount[]>();
  READERS.forEach(([field, , order], i) => values.set(field, ordered(counts[i], order)));
  values.set('labels', ordered(labels, 'count'));
  const summary = { total: machines.length, values };
  cache.set(machines, summary);
  return summary;
}

function ordered(counts: ReadonlyMap<Value, number>, order: 'count' | 'ascending' | 'version'): ValueCount[] {
  let list = [...counts].map(([value, count]) => ({ value, count }));
  if (list.length > MAX_VALUES) {
    list = list.sort((a, b) => b.count - a.count).slice(0, MAX_VALUES);
  }
  switch (order) {
    case 'count':
      return list.sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)));
    case 'ascending':
      return list.sort((a, b) => (a.value as number) - (b.value as number));
    case 'version':
      return list.sort((a, b) => compareVersions(String(a.value), String(b.value)) || String(a.value).localeCompare(String(b.value)));
  }
}
