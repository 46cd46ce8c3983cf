// How the Machines view arranges machines: group by one field, sort by one
// key in either direction. Pure, and linear: a group sorts its machines
// when they are first read.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import { oneLine } from './escape';
import { displayName, formatPricePerGpu, gpuCount, machineCount, truncate } from './format';
import { costKey, estimateJob, type Job } from './jobCost';
import { compareIds, compareText, groupedBy } from './machines';
import { priceOf, pricePerGpu } from './price';
import { compareVersions } from './version';

export const GROUP_BY = ['gpu', 'region', 'gpuCount', 'cuda', 'none'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

export const SORT_KEYS = ['pricePerGpu', 'price', 'gpuMemory', 'gpuCount', 'onlineRate', 'upTime'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** The Machines view's keys: those above, and the job's total cost while a job is set (a job is not a setting, so neither is this key). */
export const VIEW_SORT_KEYS = [...SORT_KEYS, 'jobCost'] as const;
export type ViewSortKey = (typeof VIEW_SORT_KEYS)[number];
export type SortOrder = 'ascending' | 'descending';

export interface Arrangement {
  groupBy: GroupBy;
  sortBy: ViewSortKey;
  order: SortOrder;
  /** The job whose cost `jobCost` sorts by; without one that key sorts by price per GPU. */
  job?: Job;
}

export const DEFAULT_ARRANGEMENT: Arrangement = { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' };

// Functions rather than tables: the labels are looked up in the display
// language, which is set at activation, after this module has loaded.

// jscpd:ignore-start (two label tables of the same shape: data, not logic)
/** Menu and quick pick labels (title case, as the menus of package.json). */
export function groupByLabels(): Record<GroupBy, string> {
  return {
    gpu: l10n.t('GPU Model'),
    region: l10n.t('Region'),
    gpuCount: l10n.t('GPU Count'),
    cuda: l10n.t('CUDA Version'),
    none: l10n.t('None'),
  };
}

export function sortLabels(): Record<ViewSortKey, string> {
  return {
    jobCost: l10n.t('Job Cost'),
    pricePerGpu: l10n.t('Price per GPU'),
    price: l10n.t('Price'),
    gpuMemory: l10n.t('GPU Memory'),
    gpuCount: l10n.t('GPU Count'),
    onlineRate: l10n.t('Online Rate'),
    upTime: l10n.t('Up Time'),
  };
}
// jscpd:ignore-end

/** "GPU model · price per GPU ↑": the Machines view's description, in running text. */
export function arrangementDescription(arrangement: Arrangement): string {
  const group: Record<GroupBy, string> = {
    gpu: l10n.t({ message: 'GPU model', comment: ['How the Machines view is grouped, in the view description "GPU model · price per GPU ↑".'] }),
    region: l10n.t({ message: 'region', comment: ['How the Machines view is grouped.'] }),
    gpuCount: l10n.t({ message: 'GPU count', comment: ['How the Machines view is grouped.'] }),
    cuda: l10n.t({ message: 'CUDA version', comment: ['How the Machines view is grouped.'] }),
    none: l10n.t({ message: 'ungrouped', comment: ['How the Machines view is grouped.'] }),
  };
  const sort: Record<ViewSortKey, string> = {
    jobCost: l10n.t({ message: 'job cost', comment: ['How the Machines view is sorted: by the total cost of the job set in Find Machines for a Model.'] }),
    pricePerGpu: l10n.t({ message: 'price per GPU', comment: ['How the Machines view is sorted, in the view description "GPU model · price per GPU ↑".'] }),
    price: l10n.t({ message: 'price', comment: ['How the Machines view is sorted.'] }),
    gpuMemory: l10n.t({ message: 'GPU memory', comment: ['How the Machines view is sorted.'] }),
    gpuCount: l10n.t({ message: 'GPU count', comment: ['How the Machines view is sorted.'] }),
    onlineRate: l10n.t({ message: 'online rate', comment: ['How the Machines view is sorted.'] }),
    upTime: l10n.t({ message: 'up time', comment: ['How the Machines view is sorted.'] }),
  };
  return `${group[arrangement.groupBy]} · ${sort[arrangement.sortBy]} ${arrangement.order === 'ascending' ? '↑' : '↓'}`;
}

export interface ArrangedGroup {
  /** Stable key for tree item ids: the grouping and its raw value. */
  readonly key: string;
  readonly label: string;
  /** How many machines the group holds: known without sorting them. */
  readonly size: number;
  /** The group's machines in the arrangement's order, sorted on first use. */
  readonly machines: readonly Machine[];
  /** The first `count` of `machines`, without sorting the rest (a group's first rows: 200 of 11,765 at 100k machines). */
  head(count: number): readonly Machine[];
  /** The first `limit` of `machines` that `matches` accepts, and how many it accepts: only those are sorted (a quick pick's typed text). */
  firstMatching(matches: (machine: Machine) => boolean, limit: number): { items: Machine[]; total: number };
  /** The first machine under the sort: what the group is ordered by. */
  readonly first: Machine;
  /** The machine with the lowest price per GPU, whatever the sort. */
  readonly cheapestPerGpu: Machine;
}

/**
 * A group sorts its machines the first time someone reads them. A refresh
 * of 100k machines then costs one linear pass; only the groups a person
 * opens (or a quick pick lists) pay for their sort, once per snapshot.
 */
class LazyGroup implements ArrangedGroup {
  /** Each machine's sort key and price per GPU, in the list's order: computed once, for the sort and the head. */
  private readonly values: Float64Array;
  private readonly perGpu: Float64Array;
  /** The list sorted, once read whole. */
  private sorted: Machine[] | undefined;
  /** The first machines chosen so far without sorting the rest (see head). */
  private top: Machine[] | undefined;
  readonly size: number;
  readonly first: Machine;
  readonly cheapestPerGpu: Machine;

  constructor(
    readonly key: string,
    readonly label: string,
    private readonly list: readonly Machine[],
    private readonly sort: SortOrderOf,
  ) {
    this.size = list.length;
    // One pass, each machine's keys computed once: the price is parsed from its text.
    const { value, sign } = sort;
    const byPerGpu = value === pricePerGpu;
    const values = (this.values = new Float64Array(list.length));
    const perGpus = (this.perGpu = new Float64Array(list.length));
    let first = list[0];
    let firstValue = value(first);
    let firstPerGpu = byPerGpu ? firstValue : pricePerGpu(first);
    values[0] = firstValue;
    perGpus[0] = firstPerGpu;
    let cheapest = first;
    let cheapestValue = firstValue;
    let cheapestPerGpu = firstPerGpu;
    for (let i = 1; i < list.length; i++) {
      const machine = list[i];
      const v = value(machine);
      const p = byPerGpu ? v : pricePerGpu(machine);
      values[i] = v;
      perGpus[i] = p;
      if (inOrder(sign, v, p, machine.node_name, firstValue, firstPerGpu, first.node_name) < 0) {
        first = machine;
        firstValue = v;
        firstPerGpu = p;
      }
      // Of equally cheap machines, the one the sort puts first, as a sorted scan would find.
      if (p < cheapestPerGpu || (p === cheapestPerGpu && inOrder(sign, v, p, machine.node_name, cheapestValue, cheapestPerGpu, cheapest.node_name) < 0)) {
        cheapest = machine;
        cheapestValue = v;
        cheapestPerGpu = p;
      }
    }
    this.first = first;
    this.cheapestPerGpu = cheapest;
  }

  get machines(): readonly Machine[] {
    if (!this.sorted) {
      const order = orderOf(this.list, this.values, this.perGpu, this.sort.sign);
      this.sorted = Array.from(this.list, (_, i) => i).sort(order).map((i) => this.list[i]);
      this.top = undefined;
    }
    return this.sorted;
  }

  head(count: number): readonly Machine[] {
    if (this.sorted || count * HEAD_SHARE >= this.size) return this.machines.slice(0, count);
    if (!this.top || this.top.length < count) this.top = this.inOrder(firstInOrder(this.size, undefined, this.order(), count));
    return this.top.slice(0, count);
  }

  firstMatching(matches: (machine: Machine) => boolean, limit: number): { items: Machine[]; total: number } {
    if (this.sorted) {
      const items: Machine[] = [];
      let total = 0;
      for (const machine of this.sorted) {
        if (!matches(machine)) continue;
        if (items.length < limit) items.push(machine);
        total++;
      }
      return { items, total };
    }
    const matching: number[] = [];
    for (let i = 0; i < this.list.length; i++) if (matches(this.list[i])) matching.push(i);
    return { items: this.inOrder(firstInOrder(matching.length, matching, this.order(), limit)), total: matching.length };
  }

  private order(): (a: number, b: number) => number {
    return orderOf(this.list, this.values, this.perGpu, this.sort.sign);
  }

  private inOrder(indices: readonly number[]): Machine[] {
    return indices.map((i) => this.list[i]);
  }
}

/** A group's head is chosen apart from the rest while it is under this share of the group; a larger one sorts the group. */
const HEAD_SHARE = 8;

/** The arrangement's order of machines by their place in `list` (`values` and `perGpu`: their keys; see inOrder). */
function orderOf(list: readonly Machine[], values: Float64Array, perGpu: Float64Array, sign: number): (a: number, b: number) => number {
  return (a, b) => inOrder(sign, values[a], perGpu[a], list[a].node_name, values[b], perGpu[b], list[b].node_name);
}

/**
 * The first `count` of `n` places under `order` (the places `among` holds, or 0 to n - 1), without sorting the
 * rest: the best `count` kept in a heap whose root is the worst of them (most are compared once, with the root),
 * then those sorted. The order is total (the node ID breaks ties), so it is the sorted list's head.
 */
function firstInOrder(n: number, among: readonly number[] | undefined, order: (a: number, b: number) => number, count: number): number[] {
  const k = Math.max(0, Math.min(count, n));
  if (k === 0) return [];
  const heap = new Int32Array(k);
  let size = 0;
  // A binary heap, the machine that comes last in order at its root.
  for (let j = 0; j < n; j++) {
    const i = among ? among[j] : j;
    if (size < k) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (order(i, heap[parent]) <= 0) break;
        heap[at] = heap[parent];
        at = parent;
      }
      heap[at] = i;
    } else if (order(i, heap[0]) < 0) {
      let at = 0;
      for (;;) {
        const l = 2 * at + 1;
        if (l >= size) break;
        const child = l + 1 < size && order(heap[l + 1], heap[l]) > 0 ? l + 1 : l;
        if (order(heap[child], i) <= 0) break;
        heap[at] = heap[child];
        at = child;
      }
      heap[at] = i;
    }
  }
  return Array.from(heap.subarray(0, size)).sort(order);
}

const SORT_VALUE: Record<SortKey, (m: Machine) => number> = {
  pricePerGpu,
  price: priceOf,
  gpuMemory: (m) => m.gpu_memory,
  gpuCount: (m) => m.gpu_count,
  onlineRate: (m) => m.online_rate,
  upTime: (m) => m.up_time,
};

/** A sort as its key and direction. */
interface SortOrderOf {
  value: (m: Machine) => number;
  sign: 1 | -1;
}

function sortOrderOf({ sortBy, order, job }: Pick<Arrangement, 'sortBy' | 'order' | 'job'>): SortOrderOf {
  const sign = order === 'ascending' ? 1 : -1;
  if (sortBy !== 'jobCost') return { value: SORT_VALUE[sortBy], sign };
  if (!job) return { value: pricePerGpu, sign };
  // A machine without a cost (a GPU the table does not know, no price) goes last whichever the direction.
  const value = (m: Machine) => {
    const cost = costKey(estimateJob(job, m));
    return cost === Infinity ? sign * Infinity : cost;
  };
  return { value, sign };
}

/**
 * The order of machines: the key in the given direction; ties go to the
 * lower price per GPU, then to the node ID, so the order is total and stable.
 * Takes the keys rather than the machines so that each is computed once.
 */
function inOrder(sign: number, aValue: number, aPerGpu: number, aId: string, bValue: number, bPerGpu: number, bId: string): number {
  return sign * (aValue - bValue) || aPerGpu - bPerGpu || compareIds(aId, bId);
}

interface GroupKind {
  key(m: Machine): string;
  label(key: string, first: Machine): string;
}

const GROUPINGS: Record<Exclude<GroupBy, 'none'>, GroupKind> = {
  gpu: { key: (m) => m.gpu_name, label: (key) => truncate(displayName(key), 80) },
  region: { key: (m) => m.region, label: (key) => oneLine(key, 40) || l10n.t('(no region)') },
  gpuCount: { key: (m) => String(m.gpu_count), label: (_key, m) => gpuCount(m.gpu_count) },
  cuda: { key: (m) => m.cuda_version, label: (key) => (oneLine(key, 20) ? l10n.t('CUDA {0}', oneLine(key, 20)) : l10n.t('(no CUDA version)')) },
};

/**
 * Groups machines and orders the groups. Machines within a group follow the
 * sort (applied when first read); groups are ordered by their best machine
 * under the same sort. With `none`, one group holds everything.
 */
export function arrangeMachines(machines: readonly Machine[], arrangement: Arrangement): ArrangedGroup[] {
  const sort = sortOrderOf(arrangement);
  if (arrangement.groupBy === 'none') {
    return machines.length ? [new LazyGroup('all', l10n.t('All machines'), [...machines], sort)] : [];
  }
  const grouping = GROUPINGS[arrangement.groupBy];
  const byKey = groupedBy(machines, grouping.key);
  const groups = [...byKey].map(([key, list]) => new LazyGroup(`${arrangement.groupBy}:${key}`, grouping.label(key, list[0]), list, sort));
  // Best machines that tie on the sort put their groups in label order: a node
  // ID would order them at random as far as a user can tell.
  const { value, sign } = sort;
  // By the best machines' sort key, then their price per GPU: no node ID, so distinct machines can tie.
  return groups.sort((a, b) => sign * (value(a.first) - value(b.first)) || pricePerGpu(a.first) - pricePerGpu(b.first) || compareGroupLabels(arrangement.groupBy, a, b) || compareIds(a.key, b.key));
}

/** The key of the group a machine falls in under a grouping: finds its group without sorting any. */
export function groupKeyOf(machine: Machine, groupBy: GroupBy): string {
  return groupBy === 'none' ? 'all' : `${groupBy}:${GROUPINGS[groupBy].key(machine)}`;
}

function compareGroupLabels(groupBy: GroupBy, a: ArrangedGroup, b: ArrangedGroup): number {
  if (groupBy === 'cuda') {
    return compareVersions(a.first.cuda_version, b.first.cuda_version);
  }
  return compareText(a.label, b.label);
}

/** The first `limit` machines of the groups in order, each group's from its head: no group is sorted whole for them. */
export function firstInGroups(groups: readonly Pick<ArrangedGroup, 'head'>[], limit: number): Machine[] {
  const items: Machine[] = [];
  for (const group of groups) {
    if (items.length >= limit) break;
    items.push(...group.head(limit - items.length));
  }
  return items;
}

/** The first `limit` machines of the groups in order that `matches` accepts, and how many it accepts in all: each group sorts its matches only. */
export function firstMatchingInGroups(groups: readonly Pick<ArrangedGroup, 'firstMatching'>[], matches: (machine: Machine) => boolean, limit: number): { items: Machine[]; total: number } {
  const items: Machine[] = [];
  let total = 0;
  for (const group of groups) {
    const found = group.firstMatching(matches, Math.max(0, limit - items.length));
    items.push(...found.items);
    total += found.total;
  }
  return { items, total };
}

/** "12 machines · from 1.85/GPU" */
export function arrangedGroupDescription(group: Pick<ArrangedGroup, 'size' | 'cheapestPerGpu'>): string {
  return l10n.t('{0} · from {1}/GPU', machineCount(group.size), formatPricePerGpu(pricePerGpu(group.cheapestPerGpu)));
}
