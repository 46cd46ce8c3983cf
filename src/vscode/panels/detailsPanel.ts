// One webview panel per machine, showing all its fields. Opening a machine
// that already has a panel reveals it. Panels follow the market: a refresh
// sends the page its new text as a message (the page is not reloaded, so
// scroll position and focus stay), and a machine that went away is marked.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { MachineRecord } from '../../api/types';
import { machineTitle } from '../../model/machines';
import type { Market } from '../../market/market';
import { detailsContent, renderDetailsHtml } from '../../webview/detailsHtml';
import { parseWebviewRequest, type DetailsContent, type WebviewNotification } from '../../webview/protocol';
import { pageFiles, pageRoots } from './pageFiles';

export const DETAILS_VIEW_TYPE = 'gpuRental.machineDetails';

interface OpenPanel {
  panel: vscode.WebviewPanel;
  machine: MachineRecord;
  content: DetailsContent;
  disposables: vscode.Disposable[];
}

export class DetailsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, OpenPanel>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly market: Market,
    private readonly copyNodeIds: (ids: string[]) => Promise<void>,
  ) {
    this.subscription = market.onDidChange((change) => change.which === 'machines' && this.updateAll());
  }

  show(machine: MachineRecord, preserveFocus = false): void {
    const existing = this.panels.get(machine.node_name);
    if (existing) {
      existing.machine = machine;
      this.update(existing);
      existing.panel.reveal(undefined, preserveFocus);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      DETAILS_VIEW_TYPE,
      machineTitle(machine),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus },
      { enableScripts: true, localResourceRoots: pageRoots(this.extensionUri) },
    );
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'gpu-rental.svg');
    const open: OpenPanel = { panel, machine, content: detailsContent(this.state(machine)), disposables: [] };
    open.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => this.onMessage(open, message)),
      panel.onDidDispose(() => {
        this.panels.delete(open.machine.node_name);
        for (const d of open.disposables) {
          d.dispose();
        }
      }),
    );
    this.panels.set(machine.node_name, open);
    const webview = panel.webview;
    const files = pageFiles(webview, this.extensionUri);
    // The only time the page is rendered: later changes travel as messages.
    webview.html = renderDetailsHtml({
      ...this.state(machine),
      nonce: randomBytes(16).toString('base64'),
      cspSource: webview.cspSource,
      styleUri: files.media('details.css'),
      scriptUri: files.script('details'),
    });
  }

  /** The page's HTML as first rendered (for tests and diagnostics). */
  html(nodeName: string): string | undefined {
    return this.panels.get(nodeName)?.panel.webview.html;
  }

  /** What a machine's page shows now (for tests and diagnostics). */
  content(nodeName: string): DetailsContent | undefined {
    return this.panels.get(nodeName)?.content;
  }

  get openNodeNames(): string[] {
    return [...this.panels.keys()];
  }

  private async onMessage(open: OpenPanel, message: unknown): Promise<void> {
    switch (parseWebviewRequest(message)?.type) {
      case 'copyNodeId':
        await this.copyNodeIds([open.machine.node_name]);
        this.post(open, { type: 'copied' });
        break;
      case 'ready':
        this.post(open, { type: 'update', content: open.content });
        break;
    }
  }

  private state(machine: MachineRecord) {
    const listing = this.market.machines;
    return {
      machine,
      fetchedAt: listing.snapshot?.fetchedAt,
      missing: listing.snapshot !== undefined && this.market.machine(machine.node_name) === undefined,
      stale: listing.stale,
    };
  }

  private updateAll(): void {
    for (const open of this.panels.values()) {
      open.machine = this.market.machine(open.machine.node_name) ?? open.machine;
      this.update(open);
    }
  }

  private update(open: OpenPanel): void {
    open.content = detailsContent(this.state(open.machine));
    open.panel.title = open.content.title;
    this.post(open, { type: 'update', content: open.content });
  }

  private post(open: OpenPanel, message: WebviewNotification): void {
    // A hidden page misses the message; it asks again ('ready') when it is shown.
    void open.panel.webview.postMessage(message);
  }

  dispose(): void {
    this.subscription.dispose();
    for (const open of [...this.panels.values()]) {
      open.panel.dispose();
    }
  }
}
