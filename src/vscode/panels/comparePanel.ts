// The one Compare Machines panel. It holds the machines compared, each with
// the values seen when the comparison opened, and follows the market: a
// refresh sends the page new content (the page is not reloaded), a machine
// that went away stays as "No longer listed" with its last values.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { MachineRecord } from '../../api/types';
import type { Market } from '../../market/market';
import { compareContent, renderCompareHtml, type CompareState } from '../../webview/compareHtml';
import { parseCompareRequest, type CompareContent, type CompareNotification } from '../../webview/compareProtocol';
import { pageFiles, pageRoots } from './pageFiles';

export const COMPARE_VIEW_TYPE = 'gpuRental.compareMachines';

interface Column {
  nodeId: string;
  machine: MachineRecord;
  baseline: MachineRecord;
  missing: boolean;
}

export interface CompareActions {
  copyNodeId(nodeId: string): Promise<void>;
  showDetails(machine: MachineRecord): void;
}

export class ComparePanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private columns: Column[] = [];
  private current: CompareContent | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly market: Market,
    private readonly actions: CompareActions,
  ) {
    this.subscription = market.onDidChange((change) => change.which === 'machines' && this.follow());
  }

  /** Opens the panel on these machines, or replaces what it compares. */
  show(machines: readonly MachineRecord[]): void {
    this.columns = machines.map((machine) => ({ nodeId: machine.node_name, machine, baseline: machine, missing: false }));
    this.current = compareContent(this.state());
    if (this.panel) {
      this.panel.title = this.current.title;
      this.post({ type: 'update', content: this.current });
      this.panel.reveal(undefined, false);
      return;
    }
    const panel = vscode.window.createWebviewPanel(COMPARE_VIEW_TYPE, this.current.title, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: pageRoots(this.extensionUri),
    });
    this.panel = panel;
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'gpu-rental.svg');
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => this.onMessage(message)),
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.columns = [];
        this.current = undefined;
        for (const d of this.disposables.splice(0)) d.dispose();
      }),
    );
    const webview = panel.webview;
    const files = pageFiles(webview, this.extensionUri);
    webview.html = renderCompareHtml({
      ...this.state(),
      nonce: randomBytes(16).toString('base64'),
      cspSource: webview.cspSource,
      styleUri: files.media('compare.css'),
      scriptUri: files.script('compare'),
    });
  }

  /** What the page shows now (for tests and diagnostics). */
  content(): CompareContent | undefined {
    return this.current;
  }

  /** The page's HTML as first rendered (for tests). */
  html(): string | undefined {
    return this.panel?.webview.html;
  }

  /** As if the page had asked (for tests): the same path a message takes. */
  request(message: unknown): Promise<void> {
    return this.onMessage(message);
  }

  private async onMessage(message: unknown): Promise<void> {
    const request = parseCompareRequest(message, this.columns.length);
    if (!request) {
      return;
    }
    if (request.type === 'ready') {
      if (this.current) this.post({ type: 'update', content: this.current });
      return;
    }
    const column = this.columns[request.column];
    switch (request.type) {
      case 'copyNodeId':
        await this.actions.copyNodeId(column.nodeId);
        this.post({ type: 'status', text: vscode.l10n.t('Copied the node ID') });
        break;
      case 'showDetails':
        this.actions.showDetails(this.market.machine(column.nodeId) ?? column.machine);
        break;
      case 'remove':
        this.columns.splice(request.column, 1);
        if (this.columns.length === 0) {
          this.panel?.dispose();
        } else {
          this.update();
        }
        break;
    }
  }

  private state(): CompareState {
    const listing = this.market.machines;
    return { columns: this.columns, fetchedAt: listing.snapshot?.fetchedAt, stale: listing.stale };
  }

  private follow(): void {
    if (!this.panel) {
      return;
    }
    // Without a snapshot (signed out, another service) there is nothing to say about presence.
    if (this.market.machines.snapshot) {
      for (const column of this.columns) {
        const now = this.market.machine(column.nodeId);
        column.missing = now === undefined;
        column.machine = now ?? column.machine;
      }
    }
    this.update();
  }

  private update(): void {
    this.current = compareContent(this.state());
    if (this.panel) {
      this.panel.title = this.current.title;
      this.post({ type: 'update', content: this.current });
    }
  }

  private post(message: CompareNotification): void {
    // A hidden page misses the message; it asks again ('ready') when it is shown.
    void this.panel?.webview.postMessage(message);
  }

  dispose(): void {
    this.subscription.dispose();
    this.panel?.dispose();
  }
}
