// One webview panel per machine, showing all its fields. Opening a machine
// that already has a panel reveals it; panels follow data refreshes.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { MachineRecord } from '../api/types';
import { machineTitle } from '../model/machines';
import { renderDetailsHtml } from '../webview/detailsHtml';
import { parseWebviewRequest, type WebviewNotification } from '../webview/protocol';
import type { Controller } from './controller';

export const DETAILS_VIEW_TYPE = 'gpuRental.machineDetails';

interface OpenPanel {
  panel: vscode.WebviewPanel;
  machine: MachineRecord;
  disposables: vscode.Disposable[];
}

export class DetailsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, OpenPanel>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: Controller,
    private readonly copyNodeIds: (ids: string[]) => Promise<void>,
  ) {
    this.subscription = controller.machines.onDidChange(() => this.refreshAll());
  }

  show(machine: MachineRecord, preserveFocus = false): void {
    const existing = this.panels.get(machine.node_name);
    if (existing) {
      existing.machine = machine;
      this.render(existing);
      existing.panel.reveal(undefined, preserveFocus);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      DETAILS_VIEW_TYPE,
      machineTitle(machine),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus },
      { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'media')] },
    );
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'gpu-rental.svg');
    const open: OpenPanel = { panel, machine, disposables: [] };
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
    this.render(open);
  }

  /** The current HTML of a machine's panel (for tests and diagnostics). */
  html(nodeName: string): string | undefined {
    return this.panels.get(nodeName)?.panel.webview.html;
  }

  get openNodeNames(): string[] {
    return [...this.panels.keys()];
  }

  private async onMessage(open: OpenPanel, message: unknown): Promise<void> {
    const request = parseWebviewRequest(message);
    switch (request?.type) {
      case 'copyNodeId': {
        await this.copyNodeIds([open.machine.node_name]);
        const reply: WebviewNotification = { type: 'copied' };
        void open.panel.webview.postMessage(reply);
        break;
      }
      case 'refresh':
        void this.controller.refresh(['machines']);
        break;
    }
  }

  private refreshAll(): void {
    for (const open of this.panels.values()) {
      const fresh = this.controller.machines.items?.find((m) => m.node_name === open.machine.node_name);
      if (fresh) {
        open.machine = fresh;
      }
      this.render(open);
    }
  }

  private render(open: OpenPanel): void {
    const webview = open.panel.webview;
    const media = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', file)).toString();
    const items = this.controller.machines.items;
    open.panel.title = machineTitle(open.machine);
    webview.html = renderDetailsHtml({
      machine: open.machine,
      nonce: randomBytes(16).toString('base64'),
      cspSource: webview.cspSource,
      styleUri: media('details.css'),
      scriptUri: media('details.js'),
      fetchedAt: this.controller.machines.fetchedAt,
      missing: items !== undefined && !items.some((m) => m.node_name === open.machine.node_name),
      stale: this.controller.machines.stale,
    });
  }

  dispose(): void {
    this.subscription.dispose();
    for (const open of [...this.panels.values()]) {
      open.panel.dispose();
    }
  }
}
