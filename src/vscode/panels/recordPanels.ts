// What the machine details and the template panels share: one panel per item
// of a listing (a machine by its node ID, a template by its ID), following the
// market. A refresh gives each open panel the item as it is now (asked of the
// market by its key); an item gone from the list keeps its last values and is
// marked. A panel brought back after a reload knows only its key: it waits
// for the list, then shows the item, or says that the list does not have it.
import * as vscode from 'vscode';
import type { Which } from '../../market/protocol';
import type { Job } from '../../model/jobCost';
import type { ReadyRequest } from '../../webview/protocol';
import { Disposable, toDisposable } from '../services/lifecycle';
import type { MarketHost } from '../services/marketHost';
import { describeError, type Log } from '../services/log';
import { WebviewHost, type PageKind } from './host';

/** What the panels need of the market: to ask it, a listing's state, and its changes. */
export type PanelMarket = Pick<MarketHost, 'client' | 'state' | 'onDidChange'>;

/** What a page knows about the list its item came from. */
export interface Seen {
  fetchedAt?: Date;
  /** The latest list does not have the item. */
  missing: boolean;
  stale: boolean;
}

/** What a listing's state says of the list a panel shows: whether it is in, when it was fetched, whether its last refresh failed. */
export function seenIn(market: PanelMarket, which: Which): { listed: boolean; fetchedAt?: Date; stale: boolean } {
  const state = market.state(which);
  const listed = state?.count !== undefined;
  return { listed, fetchedAt: state?.fetchedAt === undefined ? undefined : new Date(state.fetchedAt), stale: listed && state?.errorKind !== undefined };
}

export abstract class RecordPanels<Key extends string | number, Item, Content extends { title: string }, Request extends { type: string }> extends Disposable {
  readonly host: WebviewHost<Key, Content, Request>;
  /** The item each open panel shows: as last seen in the market, or as shown. */
  private readonly items = new Map<Key, Item>();
  /** The question in flight for each panel: a newer one supersedes it. */
  private readonly asking = new Map<Key, AbortController>();

  protected constructor(
    extensionUri: vscode.Uri,
    protected readonly market: PanelMarket,
    private readonly which: Which,
    kind: PageKind<Key, Content, Request>,
    private readonly log: Pick<Log, 'warn'>,
  ) {
    super();
    this.host = this._register(
      new WebviewHost(extensionUri, kind, {
        request: (key, request) => this.act(key, this.items.get(key), request),
        restored: async (key) => this.contentOf(key, await this.ask(key, true)),
        closed: (key) => {
          this.items.delete(key);
          this.asking.get(key)?.abort();
          this.asking.delete(key);
          this.forget(key);
        },
      }),
    );
    this._register(toDisposable(() => this.asking.forEach((cancel) => cancel.abort())));
    this._register(market.onDidChange((change) => change.which === which && this.followAll()));
  }

  /** The item of this key in the latest list (`last`: as the panel shows it), asked of the market. */
  protected abstract find(key: Key, last: Item | undefined, signal: AbortSignal): Promise<Item | undefined>;
  protected abstract keyOf(item: Item): Key;
  protected abstract render(item: Item, seen: Seen): Content;
  /** The content before the item is known: `listed` when the list is in (and does not have it). */
  protected abstract without(key: Key, listed: boolean): Content;
  /** Acts on a request of the page showing `item` (undefined while it waits); a sentence to show for a moment. */
  protected abstract act(key: Key, item: Item | undefined, request: Exclude<Request, ReadyRequest>): Promise<string | undefined>;
  /** The panel of `key` closed: what was kept for it can go. */
  protected forget(_key: Key): void {}

  /** Opens the item's panel, or reveals it, with these values (once the market said whether its list still has it). */
  async show(item: Item, preserveFocus = false): Promise<void> {
    const key = this.keyOf(item);
    this.items.set(key, item);
    const found = await this.ask(key, false);
    this.host.show(key, this.contentOf(key, found), preserveFocus);
  }

  /**
   * Asks the market for the item of `key` (taking it as the panel's item when
   * `adopt`): true when the list has it, false when not, undefined when the
   * question was superseded or failed (the panel then keeps what it says).
   */
  private async ask(key: Key, adopt: boolean): Promise<boolean | undefined> {
    this.asking.get(key)?.abort();
    const cancel = new AbortController();
    this.asking.set(key, cancel);
    try {
      const now = await this.find(key, this.items.get(key), cancel.signal);
      if (cancel.signal.aborted) return undefined;
      if (adopt && now !== undefined) this.items.set(key, now);
      return now !== undefined;
    } catch (err) {
      if (!cancel.signal.aborted) this.log.warn(`A panel could not ask the market for ${String(key)}: ${describeError(err)}`);
      return undefined;
    } finally {
      if (this.asking.get(key) === cancel) this.asking.delete(key);
    }
  }

  /** The content of the panel of `key`; `found` as `ask` answered (undefined: nothing new is known, so it is not marked missing). */
  private contentOf(key: Key, found: boolean | undefined): Content {
    const item = this.items.get(key);
    const { listed, fetchedAt, stale } = seenIn(this.market, this.which);
    if (item === undefined) {
      return this.without(key, listed && found === false);
    }
    return this.render(item, { fetchedAt, missing: listed && found === false, stale });
  }

  private async follow(key: Key): Promise<void> {
    const found = await this.ask(key, true);
    if (found !== undefined) this.host.update(key, this.contentOf(key, found));
  }

  protected followAll(): void {
    for (const key of this.host.keys()) {
      void this.follow(key);
    }
  }
}

/** Where the job comes from (the view state): the machine panels show its rows while one is set. */
export interface JobSource {
  readonly job: Job | undefined;
  readonly onDidChange: vscode.Event<void>;
}

/** Calls `changed` when the job changes, not on every change of the view state. */
export function onJobChange(jobs: JobSource, changed: () => void): vscode.Disposable {
  let job = jobs.job;
  return jobs.onDidChange(() => {
    if (jobs.job === job) return;
    job = jobs.job;
    changed();
  });
}
