// One status bar item: how many machines match the current filter (or the
// first watch) and the cheapest price per GPU among them; its tooltip lists
// every watch with its matches and the polling times. Shown while a watch
// exists or the setting gpuRental.statusBar.show is on.
import * as vscode from 'vscode';
import { escapeMarkdownCell } from '../model/escape';
import { formatInteger, formatPricePerGpu } from '../model/format';
import { formatTime } from '../model/status';
import type { Market } from '../market/market';
import type { Config } from './config';
import type { MachineViewState } from './machineViewState';
import type { WatchService } from './watches';

export const STATUS_ITEM_ID = 'gpuRental.status';

export class StatusBar implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem(STATUS_ITEM_ID, vscode.StatusBarAlignment.Left, 10);
  private readonly subscription: vscode.Disposable;
  /** Whether the item is on screen (VS Code offers no getter). */
  shown = false;

  constructor(
    private readonly market: Market,
    private readonly view: MachineViewState,
    private readonly watches: WatchService,
    private readonly config: Config,
  ) {
    this.item.name = 'GPU Rental';
    this.item.command = 'gpuRental.machines.focus';
    this.subscription = vscode.Disposable.from(
      market.onDidChange((change) => change.which === 'machines' && this.update()),
      view.onDidChange(() => this.update()),
      watches.onDidChange(() => this.update()),
      config.onDidChange((affects) => affects('statusBar.show') && this.update()),
    );
    this.update();
  }

  private update(): void {
    const { item, market, view, watches } = this;
    if (watches.watches.length === 0 && !this.config.statusBarShow) {
      item.hide();
      this.shown = false;
      return;
    }
    const { text, label } = summary(market, view, watches);
    item.text = `${watches.polling ? '$(sync~spin)' : '$(circuit-board)'} ${text}`;
    item.accessibilityInformation = { label: `GPU Rental: ${label}` };
    item.tooltip = tooltip(market, watches);
    item.show();
    this.shown = true;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}

/** "12 · 1.50/GPU" for the current filter, else the first watch, else every machine. */
function summary(market: Market, view: MachineViewState, watches: WatchService): { text: string; label: string } {
  if (!market.machines.snapshot) {
    return { text: '—', label: 'no machines loaded' };
  }
  let matches: number;
  let cheapest: string | undefined;
  let what: string;
  const first = watches.watches[0];
  if (!view.filtered && first) {
    const stats = watches.statsOf(first);
    matches = stats?.matches ?? 0;
    cheapest = stats?.cheapest;
    what = `match the watch ${first.label}`;
  } else {
    const current = market.machineView(view.machineQuery);
    matches = current.matching.length;
    cheapest = current.groups.length ? formatPricePerGpu(Math.min(...current.groups.map((g) => g.cheapestPerGpu.pricePerGpu))) : undefined;
    what = view.filtered ? `match the filter ${current.filterText}` : 'listed';
  }
  const text = cheapest ? `${formatInteger(matches)} · ${cheapest}/GPU` : formatInteger(matches);
  const label = `${formatInteger(matches)} machines ${what}${cheapest ? `, from ${cheapest} per GPU` : ''}`;
  return { text, label };
}

function tooltip(market: Market, watches: WatchService): vscode.MarkdownString {
  const lines = ['**GPU Rental**', ''];
  if (watches.watches.length) {
    lines.push('| Watch | Matches | Cheapest |', '|:--|--:|--:|');
    for (const watch of watches.watches) {
      const stats = watches.statsOf(watch);
      const paused = watch.setting.paused ? ' (paused)' : '';
      lines.push(`| ${escapeMarkdownCell(watch.label + paused)} | ${stats ? formatInteger(stats.matches) : '—'} | ${stats?.cheapest ? `${stats.cheapest}/GPU` : '—'} |`);
    }
    lines.push('');
  }
  const fetched = market.machines.snapshot?.fetchedAt;
  lines.push(`Last refresh: ${fetched ? formatTime(fetched) : 'none yet'}`);
  if (watches.polling) {
    lines.push('', 'Polling now…');
  } else if (watches.nextPollAt) {
    lines.push('', `Next poll: ${formatTime(watches.nextPollAt)}`);
  } else if (watches.active.length) {
    lines.push('', 'Polling waits for the window to have focus and a token to be set.');
  }
  const markdown = new vscode.MarkdownString(lines.join('\n'));
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}
