// The Machines view's near-miss rows: when the filter finds fewer than three
// machines, the smallest change to each clause that finds more, asked of the
// market (src/market/worker/watchHandlers.ts, cached there per snapshot and
// filter) when the filter changes or a new list arrives. The tree reads the
// last answer synchronously and redraws when it changes.
import * as vscode from 'vscode';
import type { NearMiss } from '../../model/nearMiss';
import { CANCELLED, type Which } from '../../market/protocol';
import { MarketRequestError, type MarketClient } from '../../market/worker/client';
import { describeError, type Log } from '../services/log';
import type { ViewState } from './viewState';

export interface NearMissMarket {
  readonly client: MarketClient;
  readonly onDidChange: vscode.Event<{ which: Which; diff?: unknown; firstLook?: boolean }>;
}

export class NearMissRows implements vscode.Disposable {
  private misses: readonly NearMiss[] = [];
  /** The filter the rows are for, and the ask under way (the next keystroke cancels it). */
  private filter = '';
  private ask: AbortController | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** New rows (or none any more). */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable;

  constructor(
    private readonly market: NearMissMarket,
    private readonly state: ViewState,
    private readonly log: Log,
  ) {
    this.subscriptions = vscode.Disposable.from(
      this.changed,
      state.onDidChange(() => this.queryChanged()),
      market.onDidChange((change) => change.which === 'machines' && (change.diff || change.firstLook) && void this.refresh()),
    );
    void this.refresh();
  }

  /** The rows for the current filter, as last answered; none while the answer for a new filter is on its way. */
  current(): readonly NearMiss[] {
    return this.filter === this.state.queryText ? this.misses : [];
  }

  /** The answer asked last (tests wait for it). */
  settled: Promise<void> = Promise.resolve();

  private queryChanged(): void {
    if (this.state.queryText !== this.filter) void this.refresh();
  }

  private refresh(): Promise<void> {
    this.ask?.abort();
    const filter = this.state.queryText;
    const ask = new AbortController();
    this.ask = ask;
    this.settled = (filter ? this.market.client.request('nearMisses', { filter }, ask.signal) : Promise.resolve([])).then(
      (misses) => this.answered(ask, filter, misses),
      (err: unknown) => {
        if (err instanceof MarketRequestError && err.kind === CANCELLED) return;
        this.log.error(`Near misses failed: ${describeError(err)}`);
        this.answered(ask, filter, []);
      },
    );
    return this.settled;
  }

  private answered(ask: AbortController, filter: string, misses: readonly NearMiss[]): void {
    if (this.ask !== ask) return;
    const had = this.current().length > 0 || misses.length > 0;
    this.filter = filter;
    this.misses = misses;
    if (had) this.changed.fire();
  }

  dispose(): void {
    this.ask?.abort();
    this.subscriptions.dispose();
  }
}
