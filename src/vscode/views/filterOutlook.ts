// The outlook of the Machines view's filter (issue 36): rent now or wait, in
// one line for the view's message, asked of the market (its history) when the
// filter or the history changes (a list recorded here or by another writer;
// filterAnswer.ts), not with each list.
// Nothing is said without a filter or without a history.
import type * as vscode from 'vscode';
import { outlookLineOf } from '../../market/outlookLine';
import type { Log } from '../services/log';
import { FilterAnswer, type FilterMarket } from './filterAnswer';
import type { ViewState } from './viewState';

export interface OutlookMarket extends FilterMarket {
  readonly onDidChangeHistory: vscode.Event<void>;
}

export class FilterOutlook extends FilterAnswer<string | undefined> {
  protected readonly what = "The filter's outlook";

  constructor(market: OutlookMarket, state: ViewState, log: Log) {
    super(market, state, log, undefined, undefined, false);
    this._register(market.onDidChangeHistory(() => void this.refresh()));
    void this.refresh();
  }

  /** The line for the current filter, as last answered. */
  line(): string | undefined {
    return this.shown();
  }

  protected ask(filter: string, signal: AbortSignal): Promise<string | undefined> {
    return outlookLineOf(this.market.client, filter, signal);
  }
}
