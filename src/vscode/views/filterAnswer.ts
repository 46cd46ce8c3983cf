// What the market answers about the Machines view's filter, kept current: asked
// again when the filter changes and when what it reads changes (a new list, or
// the subclass's own event), each ask cancelling the one before. The view reads the last
// answer synchronously, and only while it is for the filter shown. The near-miss
// rows and the filter's outlook are two of these.
import type * as vscode from 'vscode';
import { CANCELLED } from '../../market/protocol';
import { MarketRequestError } from '../../market/worker/client';
import { LatestAnswer } from '../../market/worker/latestAnswer';
import { Disposable } from '../services/lifecycle';
import { describeError, type Log } from '../services/log';
import type { MarketHost } from '../services/marketHost';
import type { ViewState } from './viewState';

export type FilterMarket = Pick<MarketHost, 'client' | 'onDidChange'>;

export abstract class FilterAnswer<T> extends Disposable {
  protected readonly latest: LatestAnswer<{ filter: string; answer: T }>;
  /** A new answer (or none any more). */
  readonly onDidChange: vscode.Event<void>;

  constructor(
    protected readonly market: FilterMarket,
    private readonly state: ViewState,
    private readonly log: Log,
    /** What the view shows without an answer, and after a failure (logged). */
    private readonly none: T,
    /** Whether a new answer is worth telling, from the last one shown. */
    worthTelling?: (last: T, next: T) => boolean,
    /** Asked again with each new list (else the subclass says when). */
    followsList = true,
  ) {
    super();
    this.latest = this._register(
      new LatestAnswer<{ filter: string; answer: T }>({
        failed: () => undefined, // the ask answers `none` itself when the market fails (logged there)
        worthTelling: worthTelling && ((last, next) => worthTelling(this.shownOf(last), next.answer)),
      }),
    );
    this.onDidChange = this.latest.onDidChange;
    this._register(state.onDidChange(() => this.state.queryText !== (this.latest.value?.filter ?? '') && void this.refresh()));
    if (followsList) this._register(market.onDidChange((change) => change.which === 'machines' && (change.diff || change.firstLook) && void this.refresh()));
  }

  /** The view's filter now, whose answer may still be on its way. */
  get filter(): string {
    return this.state.queryText;
  }

  /** The answer for the filter shown, as last answered; `none` while the answer for a new filter is on its way. */
  current(): T {
    return this.shownOf(this.latest.value);
  }

  private shownOf(last: { filter: string; answer: T } | undefined): T {
    return last && last.filter === this.state.queryText ? last.answer : this.none;
  }

  /** The market's answer for a filter (never asked for an empty one: `none`). */
  protected abstract ask(filter: string, signal: AbortSignal): Promise<T>;

  /** A name for the log when an ask fails. */
  protected abstract readonly what: string;

  protected refresh(): Promise<void> {
    const filter = this.state.queryText;
    return this.latest.ask(async (signal) => {
      try {
        return { filter, answer: filter ? await this.ask(filter, signal) : this.none };
      } catch (err) {
        if (err instanceof MarketRequestError && err.kind === CANCELLED) throw err;
        this.log.error(`${this.what} failed: ${describeError(err)}`);
        return { filter, answer: this.none };
      }
    });
  }
}
