// Hovering a node ID in any text document shows what the last refresh knew
// about that machine, with links to its details and to copy it. Asks the
// market (one small request, cancelled with the hover) only for a UUID
// under the pointer once a list is in: VS Code asks only on a hover, and only
// the hovered line is searched.
import * as vscode from 'vscode';
import { escapeMarkdownCell } from '../../model/escape';
import { machineSummary, machineTitle } from '../../model/machines';
import { pricePlace } from '../../model/historyText';
import { formatTime } from '../../model/status';
import type { MachineDetails } from '../../market/protocol';
import type { Config } from '../services/config';
import { DisposableStore, toDisposable } from '../services/lifecycle';
import { describeError, type Log } from '../services/log';
import type { MarketHost } from '../services/marketHost';

/** What the hover needs of the market: to ask it, and the machine list's state. */
export type HoverMarket = Pick<MarketHost, 'client' | 'state'>;

const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;
/** The only commands a hover link may run, each with the node ID as its one argument. */
export const HOVER_COMMANDS = ['gpuRental.showMachineDetails', 'gpuRental.copyNodeId'] as const;

export class NodeIdHover implements vscode.HoverProvider {
  constructor(
    private readonly market: HoverMarket,
    private readonly log: Pick<Log, 'warn'>,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token?: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const range = document.getWordRangeAtPosition(position, UUID);
    if (!range) {
      return undefined;
    }
    const fetchedAt = this.market.state('machines')?.fetchedAt;
    if (fetchedAt === undefined) {
      return undefined;
    }
    const id = document.getText(range);
    const cancel = new AbortController();
    const cancelling = token?.onCancellationRequested(() => cancel.abort());
    let details: MachineDetails | undefined;
    try {
      details = await this.details(id, cancel.signal);
    } catch (err) {
      if (!cancel.signal.aborted) this.log.warn(`The node-ID hover could not ask the market: ${describeError(err)}`);
      return undefined;
    } finally {
      cancelling?.dispose();
    }
    const machine = details?.machine;
    const asOf = formatTime(new Date(fetchedAt));
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
    const place = details?.history && pricePlace(machine, details.history.week, details.history.listing);
    if (place) markdown.appendMarkdown(`${vscode.l10n.t('Market history: {0}', escapeMarkdownCell(place))}\n\n`);
    // Link texts are our own words, escaped all the same: a translation must not be able to break the link.
    const link = (text: string, command: string) => `[${escapeMarkdownCell(text)}](command:${command}?${args})`;
    markdown.appendMarkdown(`${link(vscode.l10n.t('Show Machine Details'), HOVER_COMMANDS[0])} · ${link(vscode.l10n.t('Copy'), HOVER_COMMANDS[1])}`);
    return new vscode.Hover(markdown, range);
  }

  /** The machine of this node ID with the history's facts of it (as written, then in lower case: the service's IDs are). */
  private async details(id: string, signal: AbortSignal): Promise<MachineDetails | undefined> {
    const asWritten = await this.market.client.request('machineDetails', { nodeId: id }, signal);
    if (asWritten || id === id.toLowerCase()) return asWritten;
    return this.market.client.request('machineDetails', { nodeId: id.toLowerCase() }, signal);
  }
}

/** Registers the hover while `gpuRental.hover.enabled` is on. */
export function registerNodeIdHover(market: HoverMarket, config: Config, log: Pick<Log, 'warn'>): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  const apply = () => {
    if (config.hoverEnabled && !registration) {
      registration = vscode.languages.registerHoverProvider('*', new NodeIdHover(market, log));
    } else if (!config.hoverEnabled && registration) {
      registration.dispose();
      registration = undefined;
    }
  };
  apply();
  const subscription = config.onDidChange((affects) => affects('hover.enabled') && apply());
  return new DisposableStore(subscription, toDisposable(() => registration?.dispose()));
}
