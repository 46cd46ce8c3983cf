// One webview panel per image template, with every field (secrets as "set" /
// "not set" only). Like the machine details panels, it follows the market by
// messages and is never re-rendered.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { Template } from '../../api/types';
import type { Market } from '../../market/market';
import { renderTemplateHtml, templateContent } from '../../webview/templateHtml';
import { parseTemplateRequest, type TemplateContent, type TemplateNotification } from '../../webview/compareProtocol';
import { pageFiles, pageRoots } from './pageFiles';

export const TEMPLATE_VIEW_TYPE = 'gpuRental.templateDetails';

interface OpenPanel {
  panel: vscode.WebviewPanel;
  template: Template;
  content: TemplateContent;
  disposables: vscode.Disposable[];
}

export interface TemplateActions {
  copyImageReference(template: Template): Promise<void>;
  copyTemplateJson(template: Template): Promise<void>;
}

export class TemplatePanels implements vscode.Disposable {
  private readonly panels = new Map<number, OpenPanel>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly market: Market,
    private readonly actions: TemplateActions,
  ) {
    this.subscription = market.onDidChange((change) => change.which === 'templates' && this.updateAll());
  }

  show(template: Template, preserveFocus = false): void {
    const existing = this.panels.get(template.id);
    if (existing) {
      existing.template = template;
      this.update(existing);
      existing.panel.reveal(undefined, preserveFocus);
      return;
    }
    const content = templateContent(this.state(template));
    const panel = vscode.window.createWebviewPanel(
      TEMPLATE_VIEW_TYPE,
      content.title,
      { viewColumn: vscode.ViewColumn.Active, preserveFocus },
      { enableScripts: true, localResourceRoots: pageRoots(this.extensionUri) },
    );
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'gpu-rental.svg');
    const open: OpenPanel = { panel, template, content, disposables: [] };
    open.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => this.onMessage(open, message)),
      panel.onDidDispose(() => {
        this.panels.delete(open.template.id);
        for (const d of open.disposables) d.dispose();
      }),
    );
    this.panels.set(template.id, open);
    const webview = panel.webview;
    const files = pageFiles(webview, this.extensionUri);
    webview.html = renderTemplateHtml({
      ...this.state(template),
      nonce: randomBytes(16).toString('base64'),
      cspSource: webview.cspSource,
      styleUris: [files.media('details.css'), files.media('template.css')],
      scriptUri: files.script('template'),
    });
  }

  html(id: number): string | undefined {
    return this.panels.get(id)?.panel.webview.html;
  }

  content(id: number): TemplateContent | undefined {
    return this.panels.get(id)?.content;
  }

  get openIds(): number[] {
    return [...this.panels.keys()];
  }

  /** As if the page of template `id` had asked (for tests). */
  async request(id: number, message: unknown): Promise<void> {
    const open = this.panels.get(id);
    if (open) await this.onMessage(open, message);
  }

  private async onMessage(open: OpenPanel, message: unknown): Promise<void> {
    switch (parseTemplateRequest(message)?.type) {
      case 'copyImageReference':
        await this.actions.copyImageReference(open.template);
        this.post(open, { type: 'status', text: vscode.l10n.t('Copied the image reference') });
        break;
      case 'copyTemplateJson':
        await this.actions.copyTemplateJson(open.template);
        this.post(open, { type: 'status', text: vscode.l10n.t('Copied as JSON, secrets masked') });
        break;
      case 'ready':
        this.post(open, { type: 'update', content: open.content });
        break;
    }
  }

  private state(template: Template) {
    const listing = this.market.templates;
    return {
      template,
      fetchedAt: listing.snapshot?.fetchedAt,
      missing: listing.snapshot !== undefined && this.market.template(template.id) === undefined,
      stale: listing.stale,
    };
  }

  private updateAll(): void {
    for (const open of this.panels.values()) {
      open.template = this.market.template(open.template.id) ?? open.template;
      this.update(open);
    }
  }

  private update(open: OpenPanel): void {
    open.content = templateContent(this.state(open.template));
    open.panel.title = open.content.title;
    this.post(open, { type: 'update', content: open.content });
  }

  private post(open: OpenPanel, message: TemplateNotification): void {
    void open.panel.webview.postMessage(message);
  }

  dispose(): void {
    this.subscription.dispose();
    for (const open of [...this.panels.values()]) open.panel.dispose();
  }
}
