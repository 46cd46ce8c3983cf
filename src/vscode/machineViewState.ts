// What the Machines view shows of the data: the filter query and how machines
// are grouped and sorted. Kept in workspace state so it survives a reload;
// the settings give the defaults and, when changed, take over.
import * as vscode from 'vscode';
import type { MachineRecord } from '../api/types';
import { DEFAULT_ARRANGEMENT, GROUP_BY, SORT_KEYS, type Arrangement, type GroupBy, type SortKey, type SortOrder } from '../model/arrange';
import { compileQuery, isEmptyQuery, parseQuery, printQuery, type ParseResult, type Query } from '../model/query';
import { SECTION } from './config';

const STATE_KEY = 'gpuRental.machines.view';
const TEMPLATE_FILTER_KEY = 'gpuRental.templates.filter';

interface Stored {
  query?: string;
  groupBy?: GroupBy;
  sortBy?: SortKey;
  order?: SortOrder;
}

export class MachineViewState implements vscode.Disposable {
  private stored: Stored;
  private parsed: Query = { clauses: [] };
  private compiled: ((m: MachineRecord) => boolean) | undefined;
  templateFilter: string;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly memento: vscode.Memento) {
    this.stored = memento.get<Stored>(STATE_KEY) ?? {};
    this.templateFilter = memento.get<string>(TEMPLATE_FILTER_KEY) ?? '';
    const restored = parseQuery(this.stored.query ?? '');
    if (restored.ok) {
      this.setParsed(restored.query);
    }
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      // A changed setting is a deliberate choice: it wins over what this workspace remembered.
      const forget: (keyof Stored)[] = [];
      if (event.affectsConfiguration(`${SECTION}.machines.groupBy`)) forget.push('groupBy');
      if (event.affectsConfiguration(`${SECTION}.machines.sortBy`)) forget.push('sortBy');
      if (event.affectsConfiguration(`${SECTION}.machines.sortOrder`)) forget.push('order');
      if (forget.length) {
        const next = { ...this.stored };
        for (const key of forget) delete next[key];
        this.store(next);
      }
    });
  }

  get query(): Query {
    return this.parsed;
  }

  get queryText(): string {
    return isEmptyQuery(this.parsed) ? '' : printQuery(this.parsed);
  }

  get filtered(): boolean {
    return this.compiled !== undefined;
  }

  /** The compiled filter, or undefined when every machine passes. */
  get matcher(): ((m: MachineRecord) => boolean) | undefined {
    return this.compiled;
  }

  get arrangement(): Arrangement {
    const settings = vscode.workspace.getConfiguration(SECTION);
    return {
      groupBy: oneOf(this.stored.groupBy, GROUP_BY) ?? oneOf(settings.get('machines.groupBy'), GROUP_BY) ?? DEFAULT_ARRANGEMENT.groupBy,
      sortBy: oneOf(this.stored.sortBy, SORT_KEYS) ?? oneOf(settings.get('machines.sortBy'), SORT_KEYS) ?? DEFAULT_ARRANGEMENT.sortBy,
      order: oneOf(this.stored.order, ['ascending', 'descending'] as const) ?? oneOf(settings.get('machines.sortOrder'), ['ascending', 'descending'] as const) ?? DEFAULT_ARRANGEMENT.order,
    };
  }

  /** Applies a query text; returns the parse result so callers can show an error. */
  setQuery(text: string): ParseResult {
    const result = parseQuery(text);
    if (result.ok) {
      this.setParsed(result.query);
      this.store({ ...this.stored, query: this.queryText });
    }
    return result;
  }

  arrange(change: Partial<Arrangement>): void {
    this.store({ ...this.stored, ...change });
  }

  setTemplateFilter(text: string): void {
    this.templateFilter = text.trim();
    void this.memento.update(TEMPLATE_FILTER_KEY, this.templateFilter);
    this.fire();
  }

  private setParsed(query: Query): void {
    this.parsed = query;
    this.compiled = isEmptyQuery(query) ? undefined : compileQuery(query);
  }

  private store(next: Stored): void {
    this.stored = next;
    void this.memento.update(STATE_KEY, next);
    this.fire();
  }

  private fire(): void {
    const arrangement = this.arrangement;
    void vscode.commands.executeCommand('setContext', 'gpuRental.machines.filtered', this.filtered);
    void vscode.commands.executeCommand('setContext', 'gpuRental.machines.groupBy', arrangement.groupBy);
    void vscode.commands.executeCommand('setContext', 'gpuRental.machines.sortBy', arrangement.sortBy);
    void vscode.commands.executeCommand('setContext', 'gpuRental.machines.sortOrder', arrangement.order);
    void vscode.commands.executeCommand('setContext', 'gpuRental.templates.filtered', this.templateFilter !== '');
    this.changed.fire();
  }

  /** Publishes the context keys once at start-up. */
  announce(): void {
    this.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
