// The one Show Market Trends panel: charts and tables of the market history
// of the service the settings name, per GPU model, over a range. It follows
// the history (a new list recorded, the history cleared) by messages, and
// exports what it shows to a CSV file the person chooses. Brought back after a
// reload, it knows its range and models and draws them from the history.
import * as vscode from 'vscode';
import { ALL_COUNTS } from '../../market/history/aggregate';
import type { StoredPoint } from '../../market/history/downsample';
import { lineOf, pointsInRange, RANGE_MS, tableRows, tableStepMs, thinLine, trendModels, trendSeries, type TrendSeries } from '../../market/history/trends';
import { toCsv } from '../../model/csv';
import { trendsContent, trendsShell, type ModelTrend } from '../../webview/trends/content';
import { MAX_TREND_MODELS, parseTrendsRequest, trendsKey, type TrendsContent, type TrendsKey, type TrendsRequest } from '../../webview/trends/protocol';
import type { ReadyRequest } from '../../webview/protocol';
import { WebviewHost, type PageKind } from './host';

export const TRENDS_VIEW_TYPE = 'gpuRental.marketTrends';

/** Columns of pixels a chart is thinned to: wider than it is drawn on most screens. */
export const CHART_COLUMNS = 640;

/** What the panel needs of the market history. */
export interface TrendsSource {
  /** Its points, in time order. */
  readonly points: readonly StoredPoint[];
  readonly onDidChange: vscode.Event<void>;
}

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

export class TrendsPanel implements vscode.Disposable {
  /** The panel; `host.receive` is the way in for messages from its page. */
  readonly host: WebviewHost<TrendsKey, TrendsContent, TrendsRequest>;
  private key: TrendsKey = { range: 'week', models: [] };
  /** Where the next Export CSV writes instead of asking (the test API sets it, once). */
  answerNextSave: vscode.Uri | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    extensionUri: vscode.Uri,
    private readonly history: TrendsSource,
  ) {
    this.host = new WebviewHost(extensionUri, TRENDS_PAGE, {
      request: (_key, request) => this.act(request),
      restored: (key) => {
        this.key = key;
        return this.current();
      },
      closed: () => undefined,
    });
    this.subscription = history.onDidChange(() => this.host.update(this.key, this.current()));
  }

  /** Opens the panel (or reveals it) on these models, or on what it showed, or on the model with the most GPUs listed. */
  show(models?: readonly string[]): void {
    const chosen = models && models.length > 0 ? [...new Set(models)].slice(0, MAX_TREND_MODELS) : this.key.models.length > 0 ? this.key.models : defaultModels(this.history.points);
    this.key = { range: this.key.range, models: chosen };
    this.host.show(this.key, this.current());
  }

  /** What the page shows now (for tests and diagnostics). */
  content(): TrendsContent | undefined {
    return this.host.content(this.key);
  }

  /** The page's shell, as rendered when it opened (for tests). */
  html(): string | undefined {
    return this.host.html(this.key);
  }

  /** The range and models shown. */
  get shown(): TrendsKey {
    return this.key;
  }

  private async act(request: Exclude<TrendsRequest, ReadyRequest>): Promise<string | undefined> {
    if (request.type === 'choose') {
      const models = this.current().models;
      this.key = { range: request.range, models: request.models.map((i) => models[i].name) };
      this.host.update(this.key, this.current());
      return undefined;
    }
    return this.exportCsv();
  }

  private view(): { series: TrendSeries[]; from: number; end: number; points: readonly StoredPoint[] } {
    const points = this.history.points;
    const end = points.at(-1)?.t ?? 0;
    const inRange = pointsInRange(points, this.key.range, end);
    const from = this.key.range === 'all' ? (inRange[0]?.t ?? end) : end - RANGE_MS[this.key.range];
    return { series: trendSeries(inRange, this.key.models), from, end, points };
  }

  private current(): TrendsContent {
    const { series, from, end, points } = this.view();
    const stepMs = tableStepMs(this.key.range);
    const thin = (s: TrendSeries, metric: 'low' | 'p25' | 'median' | 'gpus') => thinLine(lineOf(s, metric), CHART_COLUMNS, from, end);
    const trends: ModelTrend[] = series.map((s) => ({
      gpu: s.gpu,
      lines: { low: thin(s, 'low'), p25: thin(s, 'p25'), median: thin(s, 'median'), gpus: thin(s, 'gpus') },
      rows: tableRows(s, stepMs),
    }));
    return trendsContent({ range: this.key.range, models: trendModels(points), chosen: this.key.models, trends, from, to: end, latest: points.length > 0 ? end : undefined, stepMs });
  }

  /** Every recorded point of the models shown, in the range shown, to a file the person chooses. */
  private async exportCsv(): Promise<string | undefined> {
    const { series } = this.view();
    const rows: (string | number)[][] = [['gpu', 'time_utc', 'lists', 'machines', 'gpus', 'lowest_per_gpu', 'p25_per_gpu', 'median_per_gpu']];
    for (const s of series) {
      for (const x of s.samples) rows.push([s.gpu, new Date(x.t).toISOString(), x.n, x.machines, x.gpus, x.low, x.p25, x.median]);
    }
    let target = this.answerNextSave;
    this.answerNextSave = undefined;
    target ??= await vscode.window.showSaveDialog({
      defaultUri: defaultFolder(`gpu-rental-trends-${this.key.range}.csv`),
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

  dispose(): void {
    this.subscription.dispose();
    this.host.dispose();
  }
}

/** The model with the most GPUs listed in the latest point, or none. */
export function defaultModels(points: readonly StoredPoint[]): string[] {
  const latest = points.at(-1)?.groups.filter((g) => g.count === ALL_COUNTS) ?? [];
  const top = [...latest].sort((a, b) => b.gpus - a.gpus || (a.gpu < b.gpu ? -1 : 1))[0];
  return top ? [top.gpu] : [];
}

function defaultFolder(file: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder ? vscode.Uri.joinPath(folder, file) : undefined;
}
