// The outlook of the Machines view's filter (issue 36): rent now or wait,
// asked of the market (its history) when the filter or the history changes (a
// list recorded here or by another writer; filterAnswer.ts), not with each
// list. Its one owner: the view's message reads its line, the Market Trends
// panel the whole answer, so each change asks the market once.
// Nothing is said without a filter or without a history.
import { lineOfAnswer } from '../../market/outlookLine';
import type { Result } from '../../market/protocol';
import type { Log } from '../services/log';
import type { MarketHost } from '../services/marketHost';
import { FilterAnswer } from './filterAnswer';
import type { ViewState } from './viewState';

export class FilterOutlook extends FilterAnswer<Result<'outlook'> | undefined> {
  protected readonly what = "The filter's outlook";

  constructor(market: Pick<MarketHost, 'client' | 'onDidChange' | 'onDidChangeHistory'>, state: ViewState, log: Log) {
    super(market, state, log, undefined, undefined, false);
    this._register(market.onDidChangeHistory(() => void this.refresh()));
    void this.refresh();
  }

  /** The line for the current filter, as last answered. */
  line(): string | undefined {
    const answer = this.current();
    return answer && lineOfAnswer(answer);
  }

  /** The filter last answered and its outlook, kept while the next is asked (a failure, logged, answers undefined). */
  get last(): { filter: string; answer: Result<'outlook'> | undefined } | undefined {
    return this.latest.value;
  }

  /** The last answer once the one asked now has come. */
  async settled(): Promise<FilterOutlook['last']> {
    await this.latest.current();
    return this.last;
  }

  protected ask(filter: string, signal: AbortSignal): Promise<Result<'outlook'>> {
    return this.market.client.request('outlook', { query: filter }, signal);
  }
}
