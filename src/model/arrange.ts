// How the Machines view arranges machines: group by one field, sort by one
// key in either direction. Pure, and linear: a group sorts its machines
// when they are first read.
import type { MachineRecord } from '../api/types';
import { oneLine } from './escape';
import { displayName, formatPricePerGpu, plural, truncate } from './format';
import { compareIds, compareText } from './machines';
import { compareVersions } from './version';

export const GROUP_BY = ['gpu', 'region', 'gpuCount', 'cuda', 'none'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

export const SORT_KEYS = ['pricePerGpu', 'price', 'gpuMemory', 'gpuCount', 'onlineRate', 'upTime'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'ascending' | 'descending';

export interface Arrangement {
  groupBy: GroupBy;
  sortBy: SortKey;
  order: SortOrder;
}

export const DEFAULT_ARRANGEMENT: Arrangement = { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' };

export const GROUP_BY_LABELS: Record<GroupBy, string> = {
  gpu: 'GPU Model',
  region: 'Region',
  gpuCount: 'GPU Count',
  cuda: 'CUDA Version',
  none: 'None',
};

export const SORT_LABELS: Record<SortKey, string> = {
  pricePerGpu: 'Price per GPU',
  price: 'Price',
  gpuMemory: 'GPU Memory',
  gpuCount: 'GPU Count',
  onlineRate: 'Online Rate',
  upTime: 'Up Time',
};

export interface ArrangedGroup {
  /** Stable key for tree item ids: the grouping and its raw value. */
  readonly key: string;
  readonly label: string;
  /** How many machines the group holds: known without sorting them. */
  readonly size: number;
  /** The group's machines in the arrangement's order, sorted on first use. */
  readonly machines: readonly MachineRecord[];
  /** The first machine under the sort: what the group is ordered by. */
  readonly first: MachineRecord;
  /** The machine with the lowest price per GPU, whatever the sort. */
  readonly cheapestPerGpu: MachineRecord;
}

/**
 * A group sorts its machines the first time someone reads them. A refresh
 * of 100k machines then costs one linear pass; only the groups a person
 * opens (or a quick pick lists) pay for their sort, once per snapshot.
 */
class LazyGroup implements ArrangedGroup {
  private sorted = false;
  readonly size: number;
  readonly first: MachineRecord;
  readonly cheapestPerGpu: MachineRecord;

  constructor(
    readonly key: string,
    readonly label: string,
    private readonly list: MachineRecord[],
    private readonly compare: (a: MachineRecord, b: MachineRecord) => number,
  ) {
    this.size = list.length;
    let first = list[0];
    let cheapest = list[0];
    for (const machine of list) {
      if (compare(machine, first) < 0) first = machine;
      // Of equally cheap machines, the one the sort puts first, as a sorted scan would find.
      if (machine.pricePerGpu < cheapest.pricePerGpu || (machine.pricePerGpu === cheapest.pricePerGpu && compare(machine, cheapest) < 0)) cheapest = machine;
    }
    this.first = first;
    this.cheapestPerGpu = cheapest;
  }

  get machines(): readonly MachineRecord[] {
    if (!this.sorted) {
      this.list.sort(this.compare);
      this.sorted = true;
    }
    return this.list;
  }
}

const SORT_VALUE: Record<SortKey, (m: MachineRecord) => number> = {
  pricePerGpu: (m) => m.pricePerGpu,
  price: (m) => m.priceValue,
  gpuMemory: (m) => m.gpu_memory,
  gpuCount: (m) => m.gpu_count,
  onlineRate: (m) => m.online_rate,
  upTime: (m) => m.up_time,
};

/**
 * Orders machines by the key in the given direction; ties go to the lower
 * price per GPU, then to the node ID, so the order is total and stable.
 */
export function machineComparator(sortBy: SortKey, order: SortOrder): (a: MachineRecord, b: MachineRecord) => number {
  const byValue = valueComparator(sortBy, order);
  return (a, b) => byValue(a, b) || compareIds(a.node_name, b.node_name);
}

/** The sort key in the given direction, then the lower price per GPU: no node ID, so distinct machines can tie. */
function valueComparator(sortBy: SortKey, order: SortOrder): (a: MachineRecord, b: MachineRecord) => number {
  const value = SORT_VALUE[sortBy];
  const sign = order === 'ascending' ? 1 : -1;
  return (a, b) => sign * (value(a) - value(b)) || a.pricePerGpu - b.pricePerGpu;
}

interface GroupKind {
  key(m: MachineRecord): string;
  label(key: string, first: MachineRecord): string;
}

const GROUPINGS: Record<Exclude<GroupBy, 'none'>, GroupKind> = {
  gpu: { key: (m) => m.gpu_name, label: (key) => truncate(displayName(key), 80) },
  region: { key: (m) => m.region, label: (key) => oneLine(key, 40) || '(no region)' },
  gpuCount: { key: (m) => String(m.gpu_count), label: (_key, m) => plural(m.gpu_count, 'GPU') },
  cuda: { key: (m) => m.cuda_version, label: (key) => (oneLine(key, 20) ? `CUDA ${oneLine(key, 20)}` : '(no CUDA version)') },
};

/**
 * Groups machines and orders the groups. Machines within a group follow the
 * sort (applied when first read); groups are ordered by their best machine
 * under the same sort. With `none`, one group holds everything.
 */
export function arrangeMachines(machines: readonly MachineRecord[], arrangement: Arrangement): ArrangedGroup[] {
  const compare = machineComparator(arrangement.sortBy, arrangement.order);
  if (arrangement.groupBy === 'none') {
    return machines.length ? [new LazyGroup('all', 'All machines', [...machines], compare)] : [];
  }
  const grouping = GROUPINGS[arrangement.groupBy];
  const byKey = new Map<string, MachineRecord[]>();
  for (const machine of machines) {
    const key = grouping.key(machine);
    const list = byKey.get(key);
    if (list) {
      list.push(machine);
    } else {
      byKey.set(key, [machine]);
    }
  }
  const groups: ArrangedGroup[] = [];
  for (const [key, list] of byKey) {
    groups.push(new LazyGroup(`${arrangement.groupBy}:${key}`, grouping.label(key, list[0]), list, compare));
  }
  // Best machines that tie on the sort put their groups in label order: a node
  // ID would order them at random as far as a user can tell.
  const byValue = valueComparator(arrangement.sortBy, arrangement.order);
  return groups.sort((a, b) => byValue(a.first, b.first) || compareGroupLabels(arrangement.groupBy, a, b) || compareIds(a.key, b.key));
}

/** The key of the group a machine falls in under a grouping: finds its group without sorting any. */
export function groupKeyOf(machine: MachineRecord, groupBy: GroupBy): string {
  return groupBy === 'none' ? 'all' : `${groupBy}:${GROUPINGS[groupBy].key(machine)}`;
}

function compareGroupLabels(groupBy: GroupBy, a: ArrangedGroup, b: ArrangedGroup): number {
  if (groupBy === 'cuda') {
    return compareVersions(a.first.cuda_version, b.first.cuda_version);
  }
  return compareText(a.label, b.label);
}

/** "12 machines · from 1.85/GPU" */
export function arrangedGroupDescription(group: ArrangedGroup): string {
  return `${plural(group.size, 'machine')} · from ${formatPricePerGpu(group.cheapestPerGpu.pricePerGpu)}/GPU`;
}
