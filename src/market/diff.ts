// What changed between two snapshots of a listing: items that appeared,
// items that went away, and items whose fields changed. Linear: one walk
// over both in order, and a map for what that walk could not pair.
import { MACHINE_FIELDS, TEMPLATE_FIELDS, type Json, type Machine, type Template } from '../api/types';

export interface Changed<T, F extends string> {
  before: T;
  after: T;
  /** The fields that differ, in the listing's field order. */
  fields: F[];
}

export interface Diff<T, F extends string> {
  /** True when there was no earlier snapshot: everything "appeared", which is no news. */
  initial: boolean;
  appeared: T[];
  disappeared: T[];
  changed: Changed<T, F>[];
}

export type MachineDiff = Diff<Machine, keyof Machine>;
export type TemplateDiff = Diff<Template, keyof Template>;

export function diffListings<T, K, F extends string>(
  before: readonly T[] | undefined,
  after: readonly T[],
  keyOf: (item: T) => K,
  changedFields: (before: T, after: T) => F[] | undefined,
): Diff<T, F> {
  if (!before) {
    return { initial: true, appeared: [...after], disappeared: [], changed: [] };
  }
  const changed: Changed<T, F>[] = [];
  const compare = (old: T, item: T) => {
    if (old !== item) {
      const differing = changedFields(old, item);
      if (differing) changed.push({ before: old, after: item, fields: differing });
    }
  };
  const { restBefore, restAfter } = pairInOrder(before, after, keyOf, compare);
  // What the walk in order could not pair (moved, new or gone) is paired by key.
  const index = new Map<K, number>();
  for (let i = 0; i < restBefore.length; i++) {
    index.set(keyOf(restBefore[i]), i);
  }
  // Marks what the newer snapshot still has: cheaper than deleting from the map.
  const kept = new Uint8Array(restBefore.length);
  const appeared: T[] = [];
  for (const item of restAfter) {
    const i = index.get(keyOf(item));
    if (i === undefined || kept[i]) {
      appeared.push(item);
      continue;
    }
    kept[i] = 1;
    compare(restBefore[i], item);
  }
  const disappeared: T[] = [];
  for (let i = 0; i < restBefore.length; i++) {
    if (!kept[i]) disappeared.push(restBefore[i]);
  }
  return { initial: false, appeared, disappeared, changed };
}

/** How far ahead the walk in order looks for the item it expected, on either side. */
const LOOKAHEAD = 8;

/**
 * A service usually lists its items in the same order each time, so most
 * items sit where they sat, shifted by what came and went. Walking both
 * lists together pairs those without a map of 100k keys (that map was
 * most of the diff's cost). On a mismatch it looks a few items ahead on
 * either side to step over what went or came; what it still cannot pair is
 * left to the caller, and after many misses (another order altogether) it
 * leaves the rest too, so the worst case stays linear.
 */
function pairInOrder<T, K>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => K,
  pair: (old: T, item: T) => void,
): { restBefore: T[]; restAfter: T[] } {
  const restBefore: T[] = [];
  const restAfter: T[] = [];
  let misses = 0;
  const maxMisses = 64 + (after.length >> 4);
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length && misses <= maxMisses) {
    const old = before[i];
    const item = after[j];
    const oldKey = keyOf(old);
    const key = keyOf(item);
    if (oldKey === key) {
      pair(old, item);
      i++;
      j++;
      continue;
    }
    let skip = 0;
    for (let k = 1; k <= LOOKAHEAD && !skip; k++) {
      if (i + k < before.length && keyOf(before[i + k]) === key) {
        // before[i, i + k) are not here at this place: gone, or listed elsewhere.
        for (let n = 0; n < k; n++) restBefore.push(before[i + n]);
        i += k;
        skip = k;
      } else if (j + k < after.length && keyOf(after[j + k]) === oldKey) {
        for (let n = 0; n < k; n++) restAfter.push(after[j + n]);
        j += k;
        skip = k;
      }
    }
    if (!skip) {
      misses++;
      restBefore.push(old);
      restAfter.push(item);
      i++;
      j++;
    }
  }
  for (; i < before.length; i++) restBefore.push(before[i]);
  for (; j < after.length; j++) restAfter.push(after[j]);
  return { restBefore, restAfter };
}

export function diffMachines(before: readonly Machine[] | undefined, after: readonly Machine[]): MachineDiff {
  return diffListings(before, after, (m) => m.node_name, changedMachineFields);
}

export function diffTemplates(before: readonly Template[] | undefined, after: readonly Template[]): TemplateDiff {
  return diffListings(before, after, (t) => t.id, (a, b) => changedFields(a, b, TEMPLATE_FIELDS));
}

/** The fields (of `fields`) whose values differ; undefined when none does. */
export function changedFields<T extends object, F extends keyof T & string>(a: T, b: T, fields: readonly F[]): F[] | undefined {
  let differing: F[] | undefined;
  for (const field of fields) {
    if (!sameValue(a[field] as Json, b[field] as Json)) {
      (differing ??= []).push(field);
    }
  }
  return differing;
}

/**
 * Most machines do not change between two refreshes. Spelling the fields out
 * lets the engine compare them at full speed (a loop over field names is four
 * times slower at 100k machines); only a machine that differs somewhere pays
 * for the list of fields.
 */
function changedMachineFields(a: Machine, b: Machine): (keyof Machine)[] | undefined {
  const same =
    a.price === b.price &&
    a.gpu_count === b.gpu_count &&
    a.online_rate === b.online_rate &&
    a.up_time === b.up_time &&
    a.gpu_name === b.gpu_name &&
    a.gpu_memory === b.gpu_memory &&
    a.cpu_name === b.cpu_name &&
    a.cpu_count === b.cpu_count &&
    a.cpu_per_gpu === b.cpu_per_gpu &&
    a.memory_per_gpu === b.memory_per_gpu &&
    a.memory_total === b.memory_total &&
    a.disk_per_gpu === b.disk_per_gpu &&
    a.disk_total === b.disk_total &&
    a.region === b.region &&
    a.network_upload_speed === b.network_upload_speed &&
    a.network_download_speed === b.network_download_speed &&
    a.driver_version === b.driver_version &&
    a.cuda_version === b.cuda_version &&
    a.nvlink_status === b.nvlink_status &&
    a.node_name === b.node_name &&
    (a.labels.length === 0 ? b.labels.length === 0 : sameValue(a.labels, b.labels));
  return same ? undefined : changedFields(a, b, MACHINE_FIELDS);
}

/** JSON equality: values from two parses of the service's answers are never the same objects. */
export function sameValue(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) {
    return true;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return false;
  }
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((value, i) => sameValue(value, b[i]));
  }
  if (Array.isArray(b)) {
    return false;
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameValue(a[key], b[key]));
}
