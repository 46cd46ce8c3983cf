// The Machines view's near-miss rows: when the filter finds fewer than three
// machines, the smallest change to each clause that finds more, asked of the
// market (src/market/worker/watchHandlers.ts, cached there per snapshot and
// filter) when the filter changes or a new list arrives. The tree reads the
// last answer synchronously and redraws when it changes.
import * as vscode from 'vscode';
import type { NearMiss } from '../../model/nearMiss';
import { CANCELLED, type Which } from '../../market/protocol';
import { MarketRequestError, type MarketClient } from '../../market/worker/client';
import { LatestAnswer } from '../../market/worker/latestAnswer';
import { Disposable } from '../services/lifecycle';
import { describeError, type Log } from '../services/log';
import type { ViewState } from './viewState';

export interface NearMissMarket {
  readonly client: MarketClient;
  readonly onDidChange: vscode.Event<{ which: Which; diff?: unknown; firstLook?: boolean }>;
}

export class NearMissRows extends Disposable {
  /** The rows as last answered, with the filter they are for (the next keystroke cancels the ask under way). */
  private readonly latest = this._register(
    new LatestAnswer<{ filter: string; misses: readonly NearMiss[] }>({
      failed: () => undefined, // the ask answers none itself when the market fails (logged there)
      // Only a change of what the tree shows is told: rows before or after.
      worthTelling: (last, next) => this.shownOf(last).length > 0 || next.misses.length > 0,
    }),
  );
  /** New rows (or none any more). */
  readonly onDidChange = this.latest.onDidChange;

  constructor(
    private readonly market: NearMissMarket,
    private readonly state: ViewState,
    private readonly log: Log,
  ) {
    super();
    this._register(state.onDidChange(() => this.queryChanged()));
    this._register(market.onDidChange((change) => change.which === 'machines' && (change.diff || change.firstLook) && void this.refresh()));
    void this.refresh();
  }

  /** The rows for the current filter, as last answered; none while the answer for a new filter is on its way. */
  current(): readonly NearMiss[] {
    return this.shownOf(this.latest.value);
  }

  private shownOf(answer: { filter: string; misses: readonly NearMiss[] } | undefined): readonly NearMiss[] {
    return answer && answer.filter === this.state.queryText ? answer.misses : [];
  }

  private queryChanged(): void {
    if (this.state.queryText !== (this.latest.value?.filter ?? '')) void this.refresh();
  }

  private refresh(): Promise<void> {
    const filter = this.state.queryText;
    return this.latest.ask(async (signal) => {
      try {
        return { filter, misses: filter ? await this.market.client.request('nearMisses', { filter }, signal) : [] };
      } catch (err) {
        if (err instanceof MarketRequestError && err.kind === CANCELLED) throw err;
        this.log.error(`Near misses failed: ${describeError(err)}`);
        return { filter, misses: [] };
      }
    });
  }
}
