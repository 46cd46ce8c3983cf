// The outlook of the Machines view's filter (issue 36): rent now or wait, in
// one line for the view's message, asked of the market (its history) when the
// filter changes, a new list arrives or the history changes. The view reads
// the last answer synchronously; nothing is said without a filter, without a
// history, or while the answer for a new filter is on its way.
import * as vscode from 'vscode';
import { outlookLine } from '../../model/outlookText';
import type { OutlookAnswer } from '../../market/history/outlookAnswer';
import { CANCELLED, type Which } from '../../market/protocol';
import { MarketRequestError, type MarketClient } from '../../market/worker/client';
import { LatestAnswer } from '../../market/worker/latestAnswer';
import { describeError, type Log } from '../services/log';
import type { ViewState } from './viewState';

export interface OutlookMarket {
  readonly client: MarketClient;
  readonly onDidChange: vscode.Event<{ which: Which; diff?: unknown; firstLook?: boolean }>;
  readonly onDidChangeHistory: vscode.Event<void>;
}

/** The outlook's line for a filter's text, or undefined where there is nothing to say (no history, no filter, a failure). */
export async function outlookLineOf(client: Pick<MarketClient, 'request'>, query: string, signal?: AbortSignal): Promise<string | undefined> {
  if (!query.trim()) return undefined;
  const answer: OutlookAnswer = await client.request('outlook', { query }, signal);
  return 'outlook' in answer ? outlookLine(answer.outlook) : undefined;
}

export class FilterOutlook implements vscode.Disposable {
  private readonly latest = new LatestAnswer<{ filter: string; line: string | undefined }>({ failed: () => undefined });
  /** A new line (or none any more). */
  readonly onDidChange = this.latest.onDidChange;
  private readonly subscriptions: vscode.Disposable;

  constructor(
    private readonly market: OutlookMarket,
    private readonly state: ViewState,
    private readonly log: Log,
  ) {
    this.subscriptions = vscode.Disposable.from(
      this.latest,
      state.onDidChange(() => this.state.queryText !== (this.latest.value?.filter ?? '') && void this.refresh()),
      market.onDidChange((change) => change.which === 'machines' && (change.diff || change.firstLook) && void this.refresh()),
      market.onDidChangeHistory(() => void this.refresh()),
    );
    void this.refresh();
  }

  /** The line for the current filter, as last answered. */
  line(): string | undefined {
    const answer = this.latest.value;
    return answer && answer.filter === this.state.queryText ? answer.line : undefined;
  }

  private refresh(): Promise<void> {
    const filter = this.state.queryText;
    return this.latest.ask(async (signal) => {
      try {
        return { filter, line: await outlookLineOf(this.market.client, filter, signal) };
      } catch (err) {
        if (err instanceof MarketRequestError && err.kind === CANCELLED) throw err;
        this.log.error(`The filter's outlook failed: ${describeError(err)}`);
        return { filter, line: undefined };
      }
    });
  }

  dispose(): void {
    this.subscriptions.dispose();
  }
}
