// One status bar item: how many machines match the current filter (or the
// first watch) and the cheapest price per GPU among them; its tooltip lists
// every watch with its matches and the polling times. Shown while a watch
// exists or the setting gpuRental.statusBar.show is on.
import * as vscode from 'vscode';
import { machinesListed, machinesMatchFilter, machinesMatchWatch } from '../../model/countText';
import { escapeMarkdownCell } from '../../model/escape';
import { formatInteger, formatPricePerGpu } from '../../model/format';
import { pricePerGpu } from '../../model/price';
import { formatTime } from '../../model/status';
import type { ListingState } from '../../market/protocol';
import type { Config } from '../services/config';
import { Disposable } from '../services/lifecycle';
import type { MarketHost } from '../services/marketHost';
import type { MachinesModel } from '../views/machinesModel';
import type { ViewState } from '../views/viewState';
import type { WatchService } from './watches';

export const STATUS_ITEM_ID = 'gpuRental.status';

export class StatusBar extends Disposable {
  readonly item = this._register(vscode.window.createStatusBarItem(STATUS_ITEM_ID, vscode.StatusBarAlignment.Left, 10));
  /** VS Code sends the workbench a message at each hide(), shown or not: one per change of the market while hidden. */
  private shown = false;

  constructor(
    /** The machines listing's state (loaded? when?) and its changes. */
    private readonly host: Pick<MarketHost, 'state' | 'onDidChange'>,
    /** The Machines view's answer: what the current filter matches. */
    private readonly machines: MachinesModel,
    private readonly view: ViewState,
    private readonly watches: WatchService,
    private readonly config: Config,
  ) {
    super();
    this.item.name = vscode.l10n.t('GPU Rental');
    this.item.command = 'gpuRental.machines.focus';
    this._register(host.onDidChange((change) => change.which === 'machines' && this.update()));
    for (const event of [machines.onDidChange, view.onDidChange, watches.onDidChange]) this._register(event(() => this.update()));
    this._register(config.onDidChange((affects) => affects('statusBar.show') && this.update()));
    this.update();
  }

  private update(): void {
    const { item, watches } = this;
    if (watches.watches.length === 0 && !this.config.statusBarShow) {
      if (this.shown) item.hide();
      this.shown = false;
      return;
    }
    const state = this.host.state('machines');
    const { text, label } = summary(state, this.machines, this.view, watches);
    item.text = `${watches.polling ? '$(sync~spin)' : '$(circuit-board)'} ${text}`;
    item.accessibilityInformation = { label: vscode.l10n.t('GPU Rental: {0}', label) };
    item.tooltip = tooltip(state, watches);
    item.show();
    this.shown = true;
  }
}

/** "12 · 1.50/GPU" for the current filter, else the first watch, else every machine. */
function summary(state: ListingState | undefined, machines: MachinesModel, view: ViewState, watches: WatchService): { text: string; label: string } {
  if (state?.count === undefined) {
    return { text: '—', label: vscode.l10n.t('no machines loaded') };
  }
  let matches: number;
  let cheapest: string | undefined;
  let what: string;
  const first = watches.watches[0];
  if (!view.filtered && first) {
    const stats = watches.statsOf(first);
    matches = stats?.matches ?? 0;
    cheapest = stats?.cheapest;
    what = machinesMatchWatch(matches, first.label);
  } else {
    const current = machines.summary;
    matches = current?.matching ?? 0;
    cheapest = current?.groups.length ? formatPricePerGpu(Math.min(...current.groups.map((g) => pricePerGpu(g.cheapestPerGpu)))) : undefined;
    what = view.filtered ? machinesMatchFilter(matches, current?.filterText ?? view.queryText) : machinesListed(matches);
  }
  const text = cheapest ? vscode.l10n.t('{0} · {1}/GPU', formatInteger(matches), cheapest) : formatInteger(matches);
  const label = cheapest ? vscode.l10n.t('{0}, from {1} per GPU', what, cheapest) : what;
  return { text, label };
}

function tooltip(state: ListingState | undefined, watches: WatchService): vscode.MarkdownString {
  // Our own words go in as they are; only data (a watch's name) is escaped.
  const cell = (text: string) => escapeMarkdownCell(text);
  const lines = [`**${vscode.l10n.t('GPU Rental')}**`, ''];
  if (watches.watches.length) {
    const outlooks = watches.watches.map((watch) => watches.outlookLineOf(watch));
    // The outlook's column only where the history said something (none on a first day without one).
    const withOutlook = outlooks.some(Boolean);
    // The count and the cheapest price in one cell, as the status bar item says them: in two columns, both
    // right-aligned with a hover's narrow padding, "1" and "12.26/GPU" read as "112.26/GPU".
    lines.push(`| ${cell(vscode.l10n.t('Watch'))} | ${cell(vscode.l10n.t('Matches · cheapest'))} |${withOutlook ? ` ${cell(vscode.l10n.t('Outlook'))} |` : ''}`, `|:--|--:|${withOutlook ? ':--|' : ''}`);
    watches.watches.forEach((watch, i) => {
      const stats = watches.statsOf(watch);
      const label = watch.setting.paused ? vscode.l10n.t('{0} (paused)', cell(watch.label)) : cell(watch.label);
      const now = !stats ? '—' : stats.cheapest ? vscode.l10n.t('{0} · {1}/GPU', formatInteger(stats.matches), stats.cheapest) : formatInteger(stats.matches);
      lines.push(`| ${label} | ${now} |${withOutlook ? ` ${cell(outlooks[i] ?? '—')} |` : ''}`);
    });
    lines.push('');
  }
  const fetched = state?.fetchedAt === undefined ? undefined : new Date(state.fetchedAt);
  lines.push(fetched ? vscode.l10n.t('Last refresh: {0}', formatTime(fetched)) : vscode.l10n.t('Last refresh: none yet'));
  if (watches.polling) {
    lines.push('', vscode.l10n.t('Polling now…'));
  } else if (watches.nextPollAt) {
    lines.push('', vscode.l10n.t('Next poll: {0}', formatTime(watches.nextPollAt)));
  } else if (watches.active.length) {
    lines.push('', vscode.l10n.t('Polling waits for the window to have focus and a token to be set.'));
  }
  const markdown = new vscode.MarkdownString(lines.join('\n'));
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}
