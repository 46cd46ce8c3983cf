// The Image Templates view's model on the editor's side (issue 24): the
// market's latest `templateView` answer for the view's template filter, asked
// again when the filter changes or the templates change (a new snapshot, a
// first look, another market), the last ask cancelled by the next. The tree,
// its message and its quick picks read it synchronously or await it.
import * as vscode from 'vscode';
import type { Template } from '../../api/types';
import type { ListingState, Notifications, TemplateViewAnswer, Which } from '../../market/protocol';
import { CANCELLED } from '../../market/protocol';
import type { Log } from '../services/log';
import { describeError } from '../services/log';

/** What the model needs of the MarketHost. */
export interface TemplateSource {
  readonly client: { request(method: 'templateView', params: { filter: string }, signal?: AbortSignal): Promise<TemplateViewAnswer> };
  readonly onDidChange: vscode.Event<Notifications['changed']>;
  state(which: Which): ListingState | undefined;
}

export class TemplatesModel implements vscode.Disposable {
  private last: TemplateViewAnswer | undefined;
  private lastFrom: TemplateSource['client'] | undefined;
  private asking: { abort: AbortController; done: Promise<void> } | undefined;
  private readonly subscription: vscode.Disposable;
  private readonly changed = new vscode.EventEmitter<void>();
  /** A new answer, or an ask that failed (the last answer stays). */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly host: TemplateSource,
    /** The template filter and its changes. */
    private readonly view: { readonly templateFilter: string; readonly onDidChange: vscode.Event<unknown> },
    private readonly log: Log,
  ) {
    this.subscription = vscode.Disposable.from(
      // Only a new snapshot (or a first look, or another market) changes the templates; a load starting or failing is told by the listing's state.
      host.onDidChange((change) => change.which === 'templates' && (change.diff || change.firstLook || !this.last || host.client !== this.lastFrom) && this.refresh()),
      view.onDidChange(() => this.refresh()),
    );
    this.refresh();
  }

  /** The latest answer (the last one while the next is asked); undefined before the first. */
  get answer(): TemplateViewAnswer | undefined {
    return this.last;
  }

  /** The answer to the current filter, once it has come. */
  async current(): Promise<TemplateViewAnswer | undefined> {
    // Each ask ends (answered, failed or superseded), and a superseding one is then `asking`.
    while (this.asking) await this.asking.done;
    return this.last;
  }

  /** The templates the view shows in its order, asked afresh (quick picks); empty when the market cannot answer (logged). */
  async inOrder(): Promise<Template[]> {
    try {
      const answer = await this.host.client.request('templateView', { filter: this.view.templateFilter });
      return answer.groups.flatMap((group) => group.templates);
    } catch (err) {
      this.log.error(`The templates could not be read: ${describeError(err)}`);
      return [];
    }
  }

  /** Asks again for the current filter, cancelling the last ask. */
  refresh(): void {
    this.asking?.abort.abort();
    const abort = new AbortController();
    const client = this.host.client;
    const pending: { abort: AbortController; done: Promise<void> } = { abort, done: Promise.resolve() };
    pending.done = client.request('templateView', { filter: this.view.templateFilter }, abort.signal).then(
      (answer) => this.settle(pending, () => {
        this.last = answer;
        this.lastFrom = client;
      }),
      (err: unknown) => this.settle(pending, () => {
        if ((err as { kind?: string }).kind === CANCELLED) return false;
        this.log.error(`The Image Templates view's answer failed: ${describeError(err)}`);
        return true;
      }),
    );
    this.asking = pending;
  }

  /** Ends `pending` unless a later ask superseded it, and tells the change (unless `apply` says not to). */
  private settle(pending: unknown, apply: () => boolean | void): void {
    if (this.asking !== pending) return;
    this.asking = undefined;
    if (apply() !== false) this.changed.fire();
  }

  dispose(): void {
    this.asking?.abort.abort();
    this.subscription.dispose();
    this.changed.dispose();
  }
}
