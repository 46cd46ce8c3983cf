// The Image Templates view's model on the editor's side (issue 24): the
// market's latest `templateView` answer for the view's template filter, asked
// again when the filter changes or the templates change (a new snapshot, a
// first look, another market), the last ask cancelled by the next. The tree,
// its message and its quick picks read it synchronously or await it.
import * as vscode from 'vscode';
import type { Template } from '../../api/types';
import type { TemplateViewAnswer } from '../../market/protocol';
import { LatestAnswer } from '../../market/worker/latestAnswer';
import { Disposable } from '../services/lifecycle';
import type { Log } from '../services/log';
import type { MarketHost } from '../services/marketHost';
import { describeError } from '../services/log';

/** What the model needs of the MarketHost. */
type TemplateSource = Pick<MarketHost, 'client' | 'onDidChange'>;

export class TemplatesModel extends Disposable {
  /** The latest answer, with the client that gave it: the host replaces it when the worker setting changes. */
  private readonly latest = this._register(
    new LatestAnswer<{ answer: TemplateViewAnswer; from: TemplateSource['client'] }>({
      failed: (err) => this.log.error(`The Image Templates view's answer failed: ${describeError(err)}`),
    }),
  );
  /** A new answer, or an ask that failed (the last answer stays). */
  readonly onDidChange = this.latest.onDidChange;

  constructor(
    private readonly host: TemplateSource,
    /** The template filter and its changes. */
    private readonly view: { readonly templateFilter: string; readonly onDidChange: vscode.Event<unknown> },
    private readonly log: Log,
  ) {
    super();
    // Only a new snapshot (or a first look, or another market, or no answer yet) changes the templates; a load starting or failing is told by the listing's state.
    this._register(host.onDidChange((change) => change.which === 'templates' && (change.diff || change.firstLook || host.client !== this.latest.value?.from) && this.refresh()));
    this._register(view.onDidChange(() => this.refresh()));
    this.refresh();
  }

  /** The latest answer (the last one while the next is asked); undefined before the first. */
  get answer(): TemplateViewAnswer | undefined {
    return this.latest.value?.answer;
  }

  /** The answer to the current filter, once it has come. */
  async current(): Promise<TemplateViewAnswer | undefined> {
    return (await this.latest.current())?.answer;
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
    const filter = this.view.templateFilter;
    const client = this.host.client;
    void this.latest.ask(async (signal) => ({ answer: await client.request('templateView', { filter }, signal), from: client }));
  }
}
