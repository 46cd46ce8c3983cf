// One webview panel per machine, showing all its fields, with Copy Node ID.
// Opening a machine that already has a panel reveals it. Panels follow the
// market (./recordPanels.ts) by messages: the page is never rendered again,
// so scroll position and focus stay.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import type { MachineDetails } from '../../market/protocol';
import { detailsContent, detailsShell, detailsTabTitle, detailsWithoutMachine } from '../../webview/details/content';
import { detailsKey, parseDetailsRequest, type DetailsContent, type DetailsKey, type DetailsRequest } from '../../webview/details/protocol';
import type { PageKind } from './host';
import type { Log } from '../services/log';
import { onJobChange, RecordPanels, type JobSource, type PanelMarket, type Seen } from './recordPanels';

export const DETAILS_VIEW_TYPE = 'gpuRental.machineDetails';

const DETAILS_PAGE: PageKind<DetailsKey, DetailsContent, DetailsRequest> = {
  viewType: DETAILS_VIEW_TYPE,
  script: 'details',
  styles: ['details.css'],
  shell: detailsShell,
  tabTitle: detailsTabTitle,
  id: (nodeName) => nodeName,
  restoredKey: detailsKey,
  parse: parseDetailsRequest,
};

export class DetailsPanels extends RecordPanels<DetailsKey, Machine, DetailsContent, DetailsRequest> {
  /** What the market history said of each open panel's machine, with the market's answer (absent: no history section). */
  private readonly history = new Map<string, NonNullable<MachineDetails['history']>>();

  constructor(
    extensionUri: vscode.Uri,
    market: PanelMarket,
    private readonly copyNodeIds: (ids: string[]) => Promise<void>,
    log: Pick<Log, 'warn'>,
    /** The market history changed: a list recorded, or the history cleared or read again. */
    onHistoryChange: vscode.Event<void>,
    private readonly jobs: JobSource,
  ) {
    super(extensionUri, market, 'machines', DETAILS_PAGE, log);
    // The open panels say what the history says now, and show the job set now.
    this._register(onHistoryChange(() => this.followAll()));
    this._register(onJobChange(jobs, () => this.followAll()));
  }

  /** The machine in the latest list, with the history's facts of it (of its last known model when the list does not have it). */
  protected async find(nodeName: string, last: Machine | undefined, signal: AbortSignal): Promise<Machine | undefined> {
    const details = await this.market.client.request('machineDetails', { nodeId: nodeName, gpuName: last?.gpu_name }, signal);
    if (details?.history) this.history.set(nodeName, details.history);
    else this.history.delete(nodeName);
    return details?.machine;
  }

  protected override forget(nodeName: string): void {
    this.history.delete(nodeName);
  }

  protected keyOf(machine: Machine): string {
    return machine.node_name;
  }

  protected render(machine: Machine, seen: Seen): DetailsContent {
    return detailsContent({ machine, ...seen, history: this.history.get(machine.node_name), job: this.jobs.job });
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
