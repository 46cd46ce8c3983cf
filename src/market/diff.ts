// What changed between two snapshots of a listing: items that appeared,
// items that went away, and items whose fields changed. Linear: one map of
// the older snapshot, one pass over the newer one.
import { MACHINE_FIELDS, TEMPLATE_FIELDS, type Json, type Machine, type MachineRecord, type Template } from '../api/types';

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

export type MachineDiff = Diff<MachineRecord, keyof Machine>;
export type TemplateDiff = Diff<Template, keyof Template>;

export function diffListings<T, K, F extends string>(
  before: readonly T[] | undefined,
  after: readonly T[],
  keyOf: (item: T) => K,
  fields: readonly F[],
): Diff<T, F> {
  if (!before) {
    return { initial: true, appeared: [...after], disappeared: [], changed: [] };
  }
  const previous = new Map<K, T>();
  for (const item of before) {
    previous.set(keyOf(item), item);
  }
  const appeared: T[] = [];
  const changed: Changed<T, F>[] = [];
  for (const item of after) {
    const key = keyOf(item);
    const old = previous.get(key);
    if (old === undefined) {
      appeared.push(item);
      continue;
    }
    previous.delete(key);
    if (old === item) {
      continue;
    }
    let differing: F[] | undefined;
    for (const field of fields) {
      if (!sameValue((old as Record<string, Json>)[field], (item as Record<string, Json>)[field])) {
        (differing ??= []).push(field);
      }
    }
    if (differing) {
      changed.push({ before: old, after: item, fields: differing });
    }
  }
  // What is left in the map was not in the newer snapshot, in the older one's order.
  return { initial: false, appeared, disappeared: [...previous.values()], changed };
}

export function diffMachines(before: readonly MachineRecord[] | undefined, after: readonly MachineRecord[]): MachineDiff {
  return diffListings(before, after, (m) => m.node_name, MACHINE_FIELDS);
}

export function diffTemplates(before: readonly Template[] | undefined, after: readonly Template[]): TemplateDiff {
  return diffListings(before, after, (t) => t.id, TEMPLATE_FIELDS);
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

/** "3 new, 1 gone, 2 changed" — for the log. */
export function describeDiff(diff: Diff<unknown, string>): string {
  if (diff.initial) {
    return `${diff.appeared.length} loaded`;
  }
  return `${diff.appeared.length} new, ${diff.disappeared.length} gone, ${diff.changed.length} changed`;
}
