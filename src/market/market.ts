// The market as the extension knows it: the last good snapshot of machines
// and of templates, how their loads are going, what changed with each new
// snapshot, and the questions every part of the UI asks of it (what matches
// this query, which machine has this node ID). Plain TypeScript: the editor
// layer renders it and turns user actions into calls on it.
import type { CancellationToken } from 'vscode-jsonrpc';
import type { ApiError } from '../api/errors';
import type { Machine, Template } from '../api/types';
import { statusMessage } from '../model/status';
import { diffMachines, diffTemplates, type MachineDiff, type TemplateDiff } from './diff';
import { Emitter, type Disposable } from './events';
import { Listing, type Fetch } from './listing';
import { ItemIndex, type Snapshot } from './snapshot';
import { MachineViews, TemplateViews, type MachineQuery, type MachineView, type TemplateView } from './views';

export type Which = 'machines' | 'templates';

/**
 * What a change event carries. `diff` is there when a load brought a new
 * snapshot (or a reset dropped one); `firstLook` when what a first load
 * shows before it ends came or went (see Listing.firstLook); otherwise only
 * the load state changed (started, failed, a progress note).
 */
export type MarketChange =
  | {
      which: 'machines';
      diff: MachineDiff | undefined;
      firstLook?: boolean;
      /** The snapshots the diff is between (the market history records a list by its diff from the one before). */
      before?: Snapshot<Machine>;
      after?: Snapshot<Machine>;
    }
  | { which: 'templates'; diff: TemplateDiff | undefined; firstLook?: boolean };

export interface MarketOptions {
  now?: () => Date;
  /** Told what a change listener threw; the other listeners still run. */
  onListenerError?: (err: unknown) => void;
}

export class Market implements Disposable {
  readonly machines: Listing<Machine>;
  readonly templates: Listing<Template>;
  private readonly changed: Emitter<MarketChange>;
  readonly onDidChange;
  private readonly machineViews = new MachineViews();
  private readonly templateViews = new TemplateViews();
  private readonly machineIndex = new ItemIndex<Machine, string>((m) => m.node_name);
  private readonly templateIndex = new ItemIndex<Template, number>((t) => t.id);
  private readonly subscriptions: Disposable[];

  constructor(options: MarketOptions = {}) {
    const now = options.now ?? (() => new Date());
    const onError = options.onListenerError ?? (() => undefined);
    this.machines = new Listing<Machine>('machine', now, onError);
    this.templates = new Listing<Template>('template', now, onError);
    this.changed = new Emitter(onError);
    this.onDidChange = this.changed.event;
    this.subscriptions = [
      this.machines.onDidChange(({ before, after, firstLook }) =>
        this.changed.fire({ which: 'machines', diff: before === after ? undefined : diffMachines(before?.items, after?.items ?? []), firstLook, before, after }),
      ),
      this.templates.onDidChange(({ before, after, firstLook }) =>
        this.changed.fire({ which: 'templates', diff: before === after ? undefined : diffTemplates(before?.items, after?.items ?? []), firstLook }),
      ),
    ];
  }

  listing(which: Which): Listing<Machine> | Listing<Template> {
    return which === 'machines' ? this.machines : this.templates;
  }

  loadMachines(fetch: Fetch<Machine>): Promise<ApiError | undefined> {
    return this.machines.load(fetch);
  }

  loadTemplates(fetch: Fetch<Template>): Promise<ApiError | undefined> {
    return this.templates.load(fetch);
  }

  /** Forgets both listings (another service or token). */
  reset(): void {
    this.machines.reset();
    this.templates.reset();
  }

  /**
   * The machines matching a query, grouped and sorted; cached until the
   * snapshot or the query changes. Before the first snapshot, a first look.
   */
  machineView(query: MachineQuery): MachineView {
    return this.machineViews.view(this.machines.snapshot ?? this.machines.firstLook, query);
  }

  /** The same view, its filtering done a slice per turn: a cancelled token stops it (throws). */
  async machineViewInTurns(query: MachineQuery, token: CancellationToken): Promise<MachineView> {
    await this.machineViews.prepare(this.machines.snapshot ?? this.machines.firstLook, query, token);
    return this.machineView(query);
  }

  templateView(filterText: string): TemplateView {
    return this.templateViews.view(this.templates.snapshot, filterText);
  }

  /** The listed machine with this node ID in the last snapshot. */
  machine(nodeId: string): Machine | undefined {
    const snapshot = this.machines.snapshot;
    return snapshot && this.machineIndex.get(snapshot, nodeId);
  }

  template(id: number): Template | undefined {
    const snapshot = this.templates.snapshot;
    return snapshot && this.templateIndex.get(snapshot, id);
  }

  /** The status line of a listing: progress, staleness, skipped items, incompleteness. */
  status(which: Which): string | undefined {
    const listing = this.listing(which);
    const snapshot = listing.snapshot;
    return statusMessage({
      noun: listing.noun,
      count: snapshot?.items.length,
      fetchedAt: snapshot?.fetchedAt,
      errorMessage: listing.error?.message,
      skipped: snapshot?.skipped ?? 0,
      incomplete: snapshot?.incomplete,
      progress: listing.progress,
      firstLook: listing.firstLook?.items.length,
    });
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.machines.dispose();
    this.templates.dispose();
    this.changed.dispose();
  }
}
