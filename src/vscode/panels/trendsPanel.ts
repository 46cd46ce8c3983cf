// The one Show Market Trends panel: charts and tables of the market history
// of the service the settings name, per GPU model, over a range. It asks the
// history's keeper (the market's server: in this thread, or the worker) for
// what it draws, thinned there to the chart's width, follows the history (a
// new list recorded, the history cleared) by its version's notifications, and
// exports what it shows to a CSV file the person chooses. Brought back after
// a reload, it knows its range and models and asks for them again.
import * as vscode from 'vscode';
import { CHART_COLUMNS, type TrendsView } from '../../market/history/trendsView';
import { CANCELLED } from '../../market/protocol';
import { MarketRequestError } from '../../market/worker/client';
import { toCsv } from '../../model/csv';
import { modelsNamed } from '../../model/query/namedModels';
import { trendsContent, trendsShell } from '../../webview/trends/content';
import { outlookContent } from '../../webview/trends/outlook';
import { MAX_TREND_MODELS, parseTrendsRequest, trendsKey, type TrendsContent, type TrendsKey, type TrendsRequest } from '../../webview/trends/protocol';
import type { ReadyRequest } from '../../webview/protocol';
import { Disposable } from '../services/lifecycle';
import { describeError, type Log } from '../services/log';
import type { MarketHost } from '../services/marketHost';
import type { FilterOutlook } from '../views/filterOutlook';
import { WebviewHost, type PageKind } from './host';

export const TRENDS_VIEW_TYPE = 'gpuRental.marketTrends';

/** Before the first answer: no history (yet). */
const NOTHING: TrendsView = { models: [], defaults: [], trends: [], from: 0, end: 0, latest: undefined, stepMs: 0 };

const TRENDS_PAGE: PageKind<TrendsKey, TrendsContent, TrendsRequest> = {
  viewType: TRENDS_VIEW_TYPE,
  script: 'trends',
  styles: ['trends.css'],
  shell: trendsShell,
  // One panel, whatever it shows.
  id: () => 'trends',
  restoredKey: trendsKey,
  parse: (message, content) => parseTrendsRequest(message, content.models.length),
};

export class TrendsPanel extends Disposable {
  readonly host: WebviewHost<TrendsKey, TrendsContent, TrendsRequest>;
  private key: TrendsKey = { range: 'week', models: [] };
  /** The last answer drawn: the models the page's indexes point into. */
  private drawn: TrendsView = NOTHING;
  /** The request of the drawing in flight: the next supersedes it. */
  private asking: AbortController | undefined;
  /** The Machines view's filter the models were last chosen for: only a new one moves them. */
  private followed: string | undefined;

  constructor(
    extensionUri: vscode.Uri,
    /** The history's keeper (the market's server: in the worker or this thread) and its changes. */
    private readonly market: Pick<MarketHost, 'client' | 'onDidChangeHistory'>,
    /** The Machines view's filter's outlook (issue 36), asked by its owner: the panel draws its last answer. */
    private readonly outlook: Pick<FilterOutlook, 'filter' | 'last' | 'settled' | 'onDidChange'>,
    private readonly log: Log,
  ) {
    super();
    this.host = this._register(
      new WebviewHost(extensionUri, TRENDS_PAGE, {
        request: (_key, request) => this.act(request),
        restored: (key) => {
          this.key = key;
          // The filter of the view brought back with it, answered or not yet.
          this.followed = this.outlook.filter;
          void this.redraw();
          return this.contentOf(this.drawn);
        },
        closed: () => undefined,
      }),
    );
    // Only while the panel is open: a closed one would have the worker read 30 days of trends for every list recorded.
    this._register(market.onDidChangeHistory(() => this.open && void this.redraw()));
    this._register(outlook.onDidChange(() => this.open && this.followFilter()));
  }

  /** The panel is open (there is one at most). */
  private get open(): boolean {
    return this.host.keys().length > 0;
  }

  /** Opens the panel (or reveals it) on these models, or as modelsToOpenOn says. */
  async show(models?: readonly string[]): Promise<void> {
    const chosen = models && models.length > 0 ? [...new Set(models)] : await this.modelsToOpenOn();
    this.followed = this.outlook.filter;
    this.key = { range: this.key.range, models: chosen.slice(0, MAX_TREND_MODELS) };
    const [view] = await Promise.all([this.ask(this.key), this.outlook.settled()]);
    if (view) this.host.show(this.key, this.contentOf(view));
  }

  /**
   * Without models asked for: those the Machines view's filter names (its outlook is the panel's
   * section), or what the panel showed, or the model with the most GPUs listed.
   */
  private async modelsToOpenOn(): Promise<string[]> {
    const filter = (await this.outlook.settled())?.filter;
    if (!filter && this.key.models.length > 0) return this.key.models;
    const all = await this.ask({ ...this.key, models: [] });
    const named = filter && all ? modelsNamed(filter, all.models) : [];
    if (named.length > 0) return named;
    return this.key.models.length > 0 ? this.key.models : (all?.defaults ?? []);
  }

  /**
   * A new filter in the Machines view that names GPU models moves the charts to them, as opening
   * the panel would: its outlook is the section below them. One that names none, or the same
   * filter's outlook again (a new list recorded), keeps the models chosen.
   */
  private followFilter(): void {
    const filter = this.outlook.last?.filter;
    if (filter !== this.followed) {
      this.followed = filter;
      const named = filter ? modelsNamed(filter, this.drawn.models).slice(0, MAX_TREND_MODELS) : [];
      if (named.length > 0) {
        this.key = { range: this.key.range, models: named };
        void this.redraw();
        return;
      }
    }
    this.host.update(this.key, this.contentOf(this.drawn));
  }

  private async act(request: Exclude<TrendsRequest, ReadyRequest>): Promise<string | undefined> {
    if (request.type === 'choose') {
      const models = this.drawn.models;
      this.key = { range: request.range, models: request.models.map((i) => models[i]) };
      await this.redraw();
      return undefined;
    }
    return this.exportCsv();
  }

  /** Asks for what the key shows and draws it, unless the panel moved on meanwhile. */
  private async redraw(): Promise<void> {
    const key = this.key;
    const view = await this.ask(key, 'redraw');
    if (view && key === this.key) this.host.update(key, this.contentOf(view));
  }

  /**
   * The history's answer for a key; undefined when superseded or failed
   * (logged unless superseded). A redraw supersedes the one before; opening the panel
   * and exporting are not superseded.
   */
  private async ask(key: TrendsKey, how: 'redraw' | 'open' | 'samples' = 'open'): Promise<TrendsView | undefined> {
    const asking = how === 'redraw' ? new AbortController() : undefined;
    if (asking) {
      this.asking?.abort();
      this.asking = asking;
    }
    try {
      const view = await this.market.client.request('history.trends', { range: key.range, models: [...key.models], columns: CHART_COLUMNS, samples: how === 'samples' }, asking?.signal);
      if (how !== 'samples') this.drawn = view;
      return view;
    } catch (err) {
      if (!(err instanceof MarketRequestError && err.kind === CANCELLED)) this.log.warn(`The market trends could not be read: ${describeError(err, (text) => this.log.redact(text))}`);
      return undefined;
    }
  }

  private contentOf(view: TrendsView): TrendsContent {
    const content = trendsContent({ range: this.key.range, models: view.models, chosen: this.key.models, trends: view.trends, from: view.from, to: view.end, latest: view.latest, stepMs: view.stepMs, off: view.off });
    const last = this.outlook.last;
    const outlook = last && outlookContent(last.filter, last.answer);
    return outlook ? { ...content, outlook } : content;
  }

  /** Every recorded point of the models shown, in the range shown, to a file the person chooses. */
  private async exportCsv(): Promise<string | undefined> {
    const view = await this.ask(this.key, 'samples');
    const rows: (string | number)[][] = [['gpu', 'time_utc', 'lists', 'machines', 'gpus', 'lowest_per_gpu', 'p25_per_gpu', 'median_per_gpu']];
    for (const s of view?.trends ?? []) {
      for (const x of s.samples ?? []) rows.push([s.gpu, new Date(x.t).toISOString(), x.n, x.machines, x.gpus, x.low, x.p25, x.median]);
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      defaultUri: folder && vscode.Uri.joinPath(folder, `gpu-rental-trends-${this.key.range}.csv`),
      filters: { CSV: ['csv'] },
      saveLabel: vscode.l10n.t('Export'),
      title: vscode.l10n.t('Export Market Trends as CSV'),
    });
    if (!target) return undefined;
    try {
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(toCsv(rows)));
    } catch (err) {
      return vscode.l10n.t('Could not export: {0}', err instanceof Error ? err.message : String(err));
    }
    return vscode.l10n.t('Exported to {0}', target.path.split('/').pop() ?? '');
  }
}
