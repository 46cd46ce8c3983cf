// One webview panel per machine, showing all its fields, with Copy Node ID.
// Opening a machine that already has a panel reveals it. Panels follow the
// market (./recordPanels.ts) by messages: the page is never rendered again,
// so scroll position and focus stay.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import type { Market } from '../../market/market';
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
  constructor(
    extensionUri: vscode.Uri,
    market: Market,
    private readonly copyNodeIds: (ids: string[]) => Promise<void>,
  ) {
    super(extensionUri, market, 'machines', DETAILS_PAGE);
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
    return detailsContent({ machine, ...seen });
  }

  protected without(nodeName: string, listed: boolean): DetailsContent {
    return detailsWithoutMachine(nodeName, listed);
  }

  protected async act(nodeName: string): Promise<string> {
    // The only request: Copy Node ID, of the machine this panel shows (known even while it waits).
    await this.copyNodeIds([nodeName]);
    return vscode.l10n.t('Copied');
  }
}
