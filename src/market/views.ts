// Queries over a snapshot: the machines that pass a filter query, grouped and
// sorted; the templates that pass a text filter, grouped by type. Each result
// is remembered for its inputs (the snapshot, the query, the arrangement), so
// asking again after nothing changed costs nothing, whoever asks.
import type { MachineRecord, Template } from '../api/types';
import { arrangeMachines, type Arrangement, type ArrangedGroup } from '../model/arrange';
import { compileQuery, isEmptyQuery, printQuery, usesMemory, type MachineMemory, type Query } from '../model/query';
import { filterTemplates, groupByImageType, type TemplateGroup } from '../model/templates';
import type { Snapshot } from './snapshot';

export interface MachineQuery {
  /** A parsed filter query; an empty one matches every machine. */
  filter: Query;
  arrangement: Arrangement;
  /** The market history, for the fields that read it (listed_hours, flaps_7d, below_median); without it they read 0. */
  memory?: MachineMemory;
}

export interface MachineView {
  /** How many machines the snapshot holds, filtered or not. */
  total: number;
  /** The machines that pass the filter, in no particular order. */
  matching: readonly MachineRecord[];
  /** The matching machines grouped and sorted; with groupBy none, one group. */
  groups: readonly ArrangedGroup[];
  /** The filter as it reads back ("" when there is none). */
  filterText: string;
}

export interface TemplateView {
  total: number;
  matching: readonly Template[];
  groups: readonly TemplateGroup[];
  filterText: string;
}

const EMPTY_MACHINES: MachineView = Object.freeze({ total: 0, matching: [], groups: [], filterText: '' });

/** Remembers the last answer per kind of question; a new snapshot or query replaces it. */
export class MachineViews {
  private compiled: { filter: Query; memory: MachineMemory | undefined; text: string; test: ((m: MachineRecord) => boolean) | undefined; readsMemory: boolean } | undefined;
  private filtered: { snapshot: Snapshot<MachineRecord>; test: unknown; version: number | undefined; matching: readonly MachineRecord[] } | undefined;
  private arranged: { matching: readonly MachineRecord[]; key: string; groups: readonly ArrangedGroup[] } | undefined;
  private last: MachineView | undefined;

  view(snapshot: Snapshot<MachineRecord> | undefined, query: MachineQuery): MachineView {
    const { text, test, readsMemory } = this.compile(query.filter, query.memory);
    if (!snapshot) {
      return text ? { ...EMPTY_MACHINES, filterText: text } : EMPTY_MACHINES;
    }
    // A filter that reads the history is out of date when the history changed, the machines the same.
    const version = readsMemory ? query.memory?.version : undefined;
    if (this.filtered?.snapshot !== snapshot || this.filtered.test !== test || this.filtered.version !== version) {
      this.filtered = { snapshot, test, version, matching: test ? snapshot.items.filter(test) : snapshot.items };
    }
    const matching = this.filtered.matching;
    const key = arrangementKey(query.arrangement);
    if (this.arranged?.matching !== matching || this.arranged.key !== key) {
      this.arranged = { matching, key, groups: arrangeMachines(matching, query.arrangement) };
    }
    const groups = this.arranged.groups;
    const last = this.last;
    if (last && last.groups === groups && last.matching === matching && last.total === snapshot.items.length && last.filterText === text) {
      return last;
    }
    this.last = { total: snapshot.items.length, matching, groups, filterText: text };
    return this.last;
  }

  /** Compiling is cheap but not free at 100k machines; the same query object compiles once. */
  private compile(filter: Query, memory: MachineMemory | undefined): { text: string; test: ((m: MachineRecord) => boolean) | undefined; readsMemory: boolean } {
    if (this.compiled?.filter !== filter || this.compiled.memory !== memory) {
      const empty = isEmptyQuery(filter);
      this.compiled = { filter, memory, text: empty ? '' : printQuery(filter), test: empty ? undefined : compileQuery(filter, memory), readsMemory: usesMemory(filter) };
    }
    return this.compiled;
  }
}

export class TemplateViews {
  private last: { snapshot: Snapshot<Template> | undefined; text: string; view: TemplateView } | undefined;

  view(snapshot: Snapshot<Template> | undefined, filterText: string): TemplateView {
    const text = filterText.trim();
    const last = this.last;
    if (last && last.snapshot === snapshot && last.text === text) {
      return last.view;
    }
    const items = snapshot?.items ?? [];
    const matching = text ? filterTemplates(items, text) : items;
    const view = { total: items.length, matching, groups: groupByImageType(matching), filterText: text };
    this.last = { snapshot, text, view };
    return view;
  }
}

export function arrangementKey(arrangement: Arrangement): string {
  return `${arrangement.groupBy}/${arrangement.sortBy}/${arrangement.order}`;
}

/** Every machine of a view in its order (groups in order, machines in order): what quick picks offer. */
export function machinesInOrder(view: MachineView): MachineRecord[] {
  return view.groups.flatMap((group) => group.machines);
}

export function templatesInOrder(view: TemplateView): Template[] {
  return view.groups.flatMap((group) => group.templates);
}
