// One webview panel per machine, showing all its fields, with Copy Node ID.
// Opening a machine that already has a panel reveals it. Panels follow the
// market (./recordPanels.ts) by messages: the page is never rendered again,
// so scroll position and focus stay.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import type { Market } from '../../market/market';
import { lowestPerGpu, type MarketFacts } from '../../model/memoryText';
import { detailsContent, detailsShell, detailsWithoutMachine } from '../../webview/details/content';
import { detailsKey, parseDetailsRequest, type DetailsContent, type DetailsKey, type DetailsRequest } from '../../webview/details/protocol';
import type { PageKind } from './host';
import { RecordPanels, type Seen } from './recordPanels';

export const DETAILS_VIEW_TYPE = 'gpuRental.machineDetails';

const DETAILS_PAGE: PageKind<DetailsKey, DetailsContent, DetailsRequest> = {
  viewType: DETAILS_VIEW_TYPE,
  script: 'details',
  styles: ['details.css'],
  shell: detailsShell,
  id: (nodeName) => nodeName,
  restoredKey: detailsKey,
  parse: parseDetailsRequest,
};

export class DetailsPanels extends RecordPanels<DetailsKey, Machine, DetailsContent, DetailsRequest> {
  private readonly historySubscription: vscode.Disposable;

  constructor(
    extensionUri: vscode.Uri,
    market: Market,
    private readonly copyNodeIds: (ids: string[]) => Promise<void>,
    /** The market history: the machine's model's week and its place in it (absent: no history section). */
    private readonly facts?: MarketFacts & { onDidChange: vscode.Event<void> },
  ) {
    super(extensionUri, market, 'machines', DETAILS_PAGE);
    // A list recorded, or the history cleared or read again: the open panels say what it says now.
    this.historySubscription = facts?.onDidChange(() => this.followAll()) ?? new vscode.Disposable(() => undefined);
  }

  get openNodeNames(): string[] {
    return this.host.keys();
  }

  protected find(nodeName: string): Machine | undefined {
    return this.market.machine(nodeName);
  }

  protected keyOf(machine: Machine): string {
    return machine.node_name;
  }

  protected render(machine: Machine, seen: Seen): DetailsContent {
    const facts = this.facts;
    const memory = facts && {
      week: facts.modelWeek(machine.gpu_name),
      listing: seen.missing ? undefined : facts.listing(machine.node_name),
      lowestNow: lowestPerGpu(this.market.machines.snapshot?.items ?? [], machine.gpu_name),
    };
    return detailsContent({ machine, ...seen, memory });
  }

  protected without(nodeName: string, listed: boolean): DetailsContent {
    return detailsWithoutMachine(nodeName, listed);
  }

  override dispose(): void {
    this.historySubscription.dispose();
    super.dispose();
  }

  protected async act(nodeName: string): Promise<string> {
    // The only request: Copy Node ID, of the machine this panel shows (known even while it waits).
    await this.copyNodeIds([nodeName]);
    return vscode.l10n.t('Copied');
  }
}
