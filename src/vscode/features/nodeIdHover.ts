// Hovering a node ID in any text document shows what the last refresh knew
// about that machine, with links to its details and to copy it. Reads only
// the last snapshot: never a request. Costs nothing where there is no UUID:
// VS Code asks only on a hover, and only the hovered line is searched.
import * as vscode from 'vscode';
import { escapeMarkdownCell } from '../../model/escape';
import { machineSummary, machineTitle } from '../../model/machines';
import { pricePlace, type MarketFacts } from '../../model/memoryText';
import { formatTime } from '../../model/status';
import type { Market } from '../../market/market';
import type { Config } from '../services/config';

const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;
/** The only commands a hover link may run, each with the node ID as its one argument. */
export const HOVER_COMMANDS = ['gpuRental.showMachineDetails', 'gpuRental.copyNodeId'] as const;

export class NodeIdHover implements vscode.HoverProvider {
  constructor(
    private readonly market: Market,
    /** The market history: where the machine's price per GPU is against its model's 7-day median, and since when it is listed. */
    private readonly history?: MarketFacts,
  ) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const snapshot = this.market.machines.snapshot;
    if (!snapshot) {
      return undefined;
    }
    const range = document.getWordRangeAtPosition(position, UUID);
    if (!range) {
      return undefined;
    }
    const id = document.getText(range);
    const machine = this.market.machine(id) ?? this.market.machine(id.toLowerCase());
    const asOf = formatTime(snapshot.fetchedAt);
    const markdown = new vscode.MarkdownString();
    markdown.supportHtml = false;
    if (!machine) {
      markdown.isTrusted = false;
      markdown.appendMarkdown(vscode.l10n.t('**GPU Rental**: not listed in the last refresh ({0})', escapeMarkdownCell(asOf)));
      return new vscode.Hover(markdown, range);
    }
    // Trusted for our two commands only; every value from the service is escaped, so no link can form from it.
    markdown.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
    const args = encodeURIComponent(JSON.stringify([machine.node_name]));
    markdown.appendMarkdown(`**${escapeMarkdownCell(machineTitle(machine))}** · ${escapeMarkdownCell(machineSummary(machine))}\n\n`);
    markdown.appendMarkdown(`${vscode.l10n.t('GPU Rental: listed as of {0}', escapeMarkdownCell(asOf))}\n\n`);
    const place = this.history && pricePlace(machine, this.history.modelWeek(machine.gpu_name), this.history.listing(machine.node_name));
    if (place) markdown.appendMarkdown(`${vscode.l10n.t('Market history: {0}', escapeMarkdownCell(place))}\n\n`);
    // Link texts are our own words, escaped all the same: a translation must not be able to break the link.
    const link = (text: string, command: string) => `[${escapeMarkdownCell(text)}](command:${command}?${args})`;
    markdown.appendMarkdown(`${link(vscode.l10n.t('Show Machine Details'), HOVER_COMMANDS[0])} · ${link(vscode.l10n.t('Copy'), HOVER_COMMANDS[1])}`);
    return new vscode.Hover(markdown, range);
  }
}

/** Registers the hover while `gpuRental.hover.enabled` is on. */
export function registerNodeIdHover(market: Market, config: Config, history?: MarketFacts): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  const apply = () => {
    if (config.hoverEnabled && !registration) {
      registration = vscode.languages.registerHoverProvider('*', new NodeIdHover(market, history));
    } else if (!config.hoverEnabled && registration) {
      registration.dispose();
      registration = undefined;
    }
  };
  apply();
  const subscription = config.onDidChange((affects) => affects('hover.enabled') && apply());
  return vscode.Disposable.from(subscription, new vscode.Disposable(() => registration?.dispose()));
}
