// Queries over a snapshot: the machines that pass a filter query, grouped and
// sorted; the templates that pass a text filter, grouped by type. Each result
// is remembered per question (the query, the arrangement) for the current
// snapshot, so asking again after nothing changed costs nothing, and one
// asker's question never evicts another's answer.
import type { Machine, Template } from '../api/types';
import { arrangeMachines, type Arrangement, type ArrangedGroup } from '../model/arrange';
import { compileQuery, isEmptyQuery, printQuery, usesHistory, type MachineHistory, type Query } from '../model/query';
import { filterTemplates, groupByImageType, type TemplateGroup } from '../model/templates';
import type { Snapshot } from './snapshot';
import type { CancellationToken } from 'vscode-jsonrpc';
import { eachInTurns } from './turns';

export interface MachineQuery {
  /** A parsed filter query; an empty one matches every machine. */
  filter: Query;
  arrangement: Arrangement;
  /** The market history, for the fields that read it (listed_hours, flaps_7d, below_median); without it they read 0. */
  history?: MachineHistory;
}

export interface MachineView {
  /** How many machines the snapshot holds, filtered or not. */
  total: number;
  /** The machines that pass the filter, in no particular order. */
  matching: readonly Machine[];
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

/**
 * How many questions are answered from history per snapshot: the views ask
 * one each, the chat tools a few of their own. The least recently used
 * answer goes first.
 */
export const REMEMBERED_QUESTIONS = 8;

/**
 * Remembers its answers per question for the current snapshot, so that one
 * asker (a chat tool) never evicts another's answer (the tree's); a new
 * snapshot forgets them all, so no old list is kept alive.
 */
export class MachineViews {
  private readonly compiled = new WeakMap<Query, Compiled>();
  private snapshot: Snapshot<Machine> | undefined;
  /** Machines passing each filter (by its text, and the history's version when it reads the history) in the current snapshot. */
  private readonly filtered = new Map<string, readonly Machine[]>();
  /** Answers by filter text and arrangement, for the current snapshot. */
  private readonly answers = new Map<string, MachineView>();

  view(snapshot: Snapshot<Machine> | undefined, query: MachineQuery): MachineView {
    const { text, test, readsHistory } = this.compile(query.filter, query.history);
    if (!snapshot) {
      return text ? { ...EMPTY_MACHINES, filterText: text } : EMPTY_MACHINES;
    }
    this.use(snapshot);
    const filterKey = this.filterKey(query, text, readsHistory);
    const key = `${filterKey}\n${arrangementKey(query.arrangement)}`;
    const known = recall(this.answers, key);
    if (known) {
      return known;
    }
    let matching = this.filtered.get(filterKey);
    if (!matching) {
      matching = test ? snapshot.items.filter(test) : snapshot.items;
      remember(this.filtered, filterKey, matching);
    }
    const view: MachineView = { total: snapshot.items.length, matching, groups: arrangeMachines(matching, query.arrangement), filterText: text };
    remember(this.answers, key, view);
    return view;
  }

  /** Filters the snapshot for a query a slice per turn (a cancel stops it), so that `view` then finds the machines filtered. */
  async prepare(snapshot: Snapshot<Machine> | undefined, query: MachineQuery, token: CancellationToken): Promise<void> {
    const { text, test, readsHistory } = this.compile(query.filter, query.history);
    if (!snapshot || !test) return;
    this.use(snapshot);
    const filterKey = this.filterKey(query, text, readsHistory);
    if (this.filtered.has(filterKey)) return;
    const matching: Machine[] = [];
    await eachInTurns(snapshot.items, token, (m) => test(m) && matching.push(m));
    if (this.snapshot === snapshot) remember(this.filtered, filterKey, matching);
  }

  private use(snapshot: Snapshot<Machine>): void {
    if (snapshot !== this.snapshot) {
      this.snapshot = snapshot;
      this.filtered.clear();
      this.answers.clear();
    }
  }

  /** A filter that reads the history is another question once the history changed, the machines the same. */
  private filterKey(query: MachineQuery, text: string, readsHistory: boolean): string {
    return readsHistory ? `${text}\n@${query.history?.version ?? ''}` : text;
  }

  /** Compiling is cheap but not free at 100k machines; the same query object compiles once per history. */
  private compile(filter: Query, history: MachineHistory | undefined): Compiled {
    let compiled = this.compiled.get(filter);
    if (!compiled || compiled.history !== history) {
      const empty = isEmptyQuery(filter);
      compiled = { history, text: empty ? '' : printQuery(filter), test: empty ? undefined : compileQuery(filter, history), readsHistory: usesHistory(filter) };
      this.compiled.set(filter, compiled);
    }
    return compiled;
  }
}

interface Compiled {
  history: MachineHistory | undefined;
  text: string;
  test: ((m: Machine) => boolean) | undefined;
  readsHistory: boolean;
}

export class TemplateViews {
  private snapshot: Snapshot<Template> | undefined;
  private readonly answers = new Map<string, TemplateView>();

  view(snapshot: Snapshot<Template> | undefined, filterText: string): TemplateView {
    const text = filterText.trim();
    if (snapshot !== this.snapshot) {
      this.snapshot = snapshot;
      this.answers.clear();
    }
    const known = recall(this.answers, text);
    if (known) {
      return known;
    }
    const items = snapshot?.items ?? [];
    const matching = text ? filterTemplates(items, text) : items;
    const view = { total: items.length, matching, groups: groupByImageType(matching), filterText: text };
    remember(this.answers, text, view);
    return view;
  }
}

/** A remembered answer, which becomes the most recent one. */
function recall<V>(answers: Map<string, V>, key: string): V | undefined {
  const value = answers.get(key);
  if (value !== undefined) {
    answers.delete(key);
    answers.set(key, value);
  }
  return value;
}

/** Adds an answer, forgetting the least recently used beyond REMEMBERED_QUESTIONS. */
function remember<V>(answers: Map<string, V>, key: string, value: V): void {
  answers.set(key, value);
  if (answers.size > REMEMBERED_QUESTIONS) {
    answers.delete(answers.keys().next().value as string);
  }
}

export function arrangementKey(arrangement: Arrangement): string {
  const key = `${arrangement.groupBy}/${arrangement.sortBy}/${arrangement.order}`;
  // Another job is another order (and the key of an arrangement without a job stays as it was).
  return arrangement.job ? `${key}/${JSON.stringify(arrangement.job)}` : key;
}
