// What the machine details and the template panels share: one panel per item
// of a listing (a machine by its node ID, a template by its ID), following the
// market. A refresh gives each open panel the item as it is now; an item gone
// from the list keeps its last values and is marked. A panel brought back
// after a reload knows only its key: it waits for the list, then shows the
// item, or says that the list does not have it.
import * as vscode from 'vscode';
import type { Market } from '../../market/market';
import type { ReadyRequest } from '../../webview/protocol';
import { WebviewHost, type PageKind } from './host';

/** What a page knows about the list its item came from. */
export interface Seen {
  fetchedAt?: Date;
  /** The latest list does not have the item. */
  missing: boolean;
  stale: boolean;
}

export abstract class RecordPanels<Key extends string | number, Item, Content extends { title: string }, Request extends { type: string }> implements vscode.Disposable {
  /** The panels; `host.receive` is the way in for messages from their pages. */
  readonly host: WebviewHost<Key, Content, Request>;
  /** The item each open panel shows: as last seen in the market, or as shown. */
  private readonly items = new Map<Key, Item>();
  private readonly subscription: vscode.Disposable;

  protected constructor(
    extensionUri: vscode.Uri,
    protected readonly market: Market,
    private readonly which: 'machines' | 'templates',
    kind: PageKind<Key, Content, Request>,
  ) {
    this.host = new WebviewHost(extensionUri, kind, {
      request: (key, request) => this.act(key, this.items.get(key), request),
      restored: (key) => this.follow(key),
      closed: (key) => this.items.delete(key),
    });
    this.subscription = market.onDidChange((change) => change.which === which && this.followAll());
  }

  /** The item of this key in the latest list. */
  protected abstract find(key: Key): Item | undefined;
  protected abstract keyOf(item: Item): Key;
  protected abstract render(item: Item, seen: Seen): Content;
  /** The content before the item is known: `listed` when the list is in (and does not have it). */
  protected abstract without(key: Key, listed: boolean): Content;
  /** Acts on a request of the page showing `item` (undefined while it waits); a sentence to show for a moment. */
  protected abstract act(key: Key, item: Item | undefined, request: Exclude<Request, ReadyRequest>): Promise<string | undefined>;

  /** Opens the item's panel, or reveals it with these values. */
  show(item: Item, preserveFocus = false): void {
    const key = this.keyOf(item);
    this.items.set(key, item);
    this.host.show(key, this.contentOf(key), preserveFocus);
  }

  /** What the panel of `key` shows now (for tests and diagnostics). */
  content(key: Key): Content | undefined {
    return this.host.content(key);
  }

  /** The panel's shell, as rendered when it opened (for tests and diagnostics). */
  html(key: Key): string | undefined {
    return this.host.html(key);
  }

  private listing(): { readonly snapshot?: { readonly fetchedAt: Date }; readonly stale: boolean } {
    return this.market[this.which];
  }

  private contentOf(key: Key): Content {
    const item = this.items.get(key);
    const snapshot = this.listing().snapshot;
    if (item === undefined) {
      return this.without(key, snapshot !== undefined);
    }
    return this.render(item, { fetchedAt: snapshot?.fetchedAt, missing: snapshot !== undefined && this.find(key) === undefined, stale: this.listing().stale });
  }

  private follow(key: Key): Content {
    const now = this.find(key);
    if (now !== undefined) this.items.set(key, now);
    return this.contentOf(key);
  }

  protected followAll(): void {
    for (const key of this.host.keys()) {
      this.host.update(key, this.follow(key));
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.host.dispose();
  }
}
