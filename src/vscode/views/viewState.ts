// What the Machines and Image Templates views show of the market: the filter
// query and how machines are grouped and sorted, and the template filter.
// Kept in workspace state so it survives a reload; the settings give the
// defaults and, when changed, take over.
import * as vscode from 'vscode';
import { GROUP_BY, VIEW_SORT_KEYS, type Arrangement } from '../../model/arrange';
import type { Job } from '../../model/jobCost';
import { checkJob } from '../../model/jobInput';
import { isEmptyQuery, parseQuery, printQuery, type ParseResult, type Query } from '../../model/query';
import type { MachineAsk } from '../../market/protocol';
import { oneOf, type Config } from '../services/config';
import { Disposable } from '../services/lifecycle';

const STATE_KEY = 'gpuRental.machines.view';
const TEMPLATE_FILTER_KEY = 'gpuRental.templates.filter';

interface Stored {
  query?: string;
  groupBy?: string;
  sortBy?: string;
  order?: string;
  /** The job of Find Machines for a Model… (checked again when read back). */
  job?: Job;
}

/** A stored job as checkJob reads it: anything else (an older or edited state) is no job. */
function restoreJob(stored: unknown): Job | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const job = stored as Partial<Job>;
  const checked = checkJob({ size: job.paramsB, kind: job.kind, tokens: job.tokens, batch: job.batch, hours: job.servingHours, utilization: job.utilization });
  return checked.ok ? checked.job : undefined;
}

export class ViewState extends Disposable {
  private stored: Stored;
  private parsed: Query = { clauses: [] };
  private setJobValue: Job | undefined;
  templateFilter: string;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly config: Config,
  ) {
    super();
    this.stored = memento.get<Stored>(STATE_KEY) ?? {};
    this.templateFilter = memento.get<string>(TEMPLATE_FILTER_KEY) ?? '';
    const restored = parseQuery(this.stored.query ?? '');
    if (restored.ok) {
      this.parsed = restored.query;
    }
    this.setJobValue = restoreJob(this.stored.job);
    this._register(config.onDidChange((affects) => {
      // A changed setting is a deliberate choice: it wins over what this workspace remembered.
      const next = { ...this.stored };
      if (affects('machines.groupBy')) delete next.groupBy;
      if (affects('machines.sortBy')) delete next.sortBy;
      if (affects('machines.sortOrder')) delete next.order;
      if (affects('machines.groupBy') || affects('machines.sortBy') || affects('machines.sortOrder')) {
        this.store(next);
      }
    }));
  }

  get queryText(): string {
    return isEmptyQuery(this.parsed) ? '' : printQuery(this.parsed);
  }

  get filtered(): boolean {
    return !isEmptyQuery(this.parsed);
  }

  get arrangement(): Arrangement {
    const defaults = this.config.arrangement;
    const sortBy = oneOf(this.stored.sortBy, VIEW_SORT_KEYS);
    const arrangement: Arrangement = {
      groupBy: oneOf(this.stored.groupBy, GROUP_BY) ?? defaults.groupBy,
      // Job cost without a job would sort by nothing the view says: the default then.
      sortBy: sortBy && (sortBy !== 'jobCost' || this.setJobValue) ? sortBy : defaults.sortBy,
      order: oneOf(this.stored.order, ['ascending', 'descending'] as const) ?? defaults.order,
    };
    if (this.setJobValue) arrangement.job = this.setJobValue;
    return arrangement;
  }

  /** The question the Machines view asks the market, as the protocol carries it (its quick picks ask the same). */
  get ask(): MachineAsk {
    return { filter: this.queryText, arrangement: this.arrangement };
  }

  /** The job of Find Machines for a Model…, while one is set. */
  get job(): Job | undefined {
    return this.setJobValue;
  }

  /** Sets the job (or none) with the arrangement it brings, in one change. */
  setJob(job: Job | undefined, change: Partial<Omit<Arrangement, 'job'>> = {}): void {
    this.setJobValue = job;
    this.store({ ...this.stored, ...change, job });
  }

  /** Clear Filter: no filter and no job. */
  clearFilter(): void {
    this.parsed = { clauses: [] };
    this.setJobValue = undefined;
    this.store({ ...this.stored, query: '', job: undefined });
  }

  /** Applies a query text; returns the parse result so callers can show an error. */
  setQuery(text: string): ParseResult {
    const result = parseQuery(text);
    if (result.ok) {
      this.parsed = result.query;
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
    this.changed.fire();
  }

  private store(next: Stored): void {
    this.stored = next;
    void this.memento.update(STATE_KEY, next);
    this.changed.fire();
  }
}
