// One host for every webview panel of ours (the GitLens `WebviewController`
// idea at our size; what it does for all of them, once, is in
// docs/architecture.md, "The market model"). A page kind (details, template,
// compare, trends) says only what differs: its view type, script, stylesheets
// and shell, how its key names a panel, and how it checks a request.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { ShellFrame } from '../../webview/frame';
import type { PageNotification, ReadyRequest } from '../../webview/protocol';
import { Disposable, DisposableStore, toDisposable } from '../services/lifecycle';
import { pageFiles, pageRoots, type PageScript } from './pageFiles';

export interface PageKind<Key, Content extends { title: string }, Request extends { type: string }> {
  readonly viewType: string;
  readonly script: PageScript;
  /** Files of media/, in the order the page loads them. */
  readonly styles: readonly string[];
  /** The page's HTML: its fixed words and empty places, with our CSP. */
  shell(frame: ShellFrame): string;
  /** The editor tab's title (default: the content's). */
  tabTitle?(content: Content): string;
  /** Names the panel of a key: one panel per name. */
  id(key: Key): string;
  /** The key a page kept in its state (for a panel brought back after a reload), checked; undefined when there is none. */
  restoredKey(state: unknown): Key | undefined;
  /** A request from the page, checked against what the page shows now; undefined to ignore it. */
  parse(message: unknown, content: Content): Request | ReadyRequest | undefined;
}

export interface PageHandlers<Key, Content, Request> {
  /** Acts on a request of the page; a sentence it returns is shown on the page for a moment. */
  request(key: Key, request: Exclude<Request, ReadyRequest>): Promise<string | undefined>;
  /** The content of a panel brought back after a reload, asked of the market by its key. */
  restored(key: Key): Content | Promise<Content>;
  /** The panel of this key was closed. */
  closed(key: Key): void;
}

interface OpenPanel<Key, Content> {
  key: Key;
  content: Content;
  /** The page asked for its content since it last loaded: messages reach it. */
  ready: boolean;
  readonly panel: vscode.WebviewPanel;
  /** The panel's listeners, ended when it closes. */
  readonly listeners: DisposableStore;
}

export class WebviewHost<Key, Content extends { title: string }, Request extends { type: string }> extends Disposable {
  private readonly panels = new Map<string, OpenPanel<Key, Content>>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly kind: PageKind<Key, Content, Request>,
    private readonly handlers: PageHandlers<Key, Content, Request>,
  ) {
    super();
    this._register(vscode.window.registerWebviewPanelSerializer(kind.viewType, { deserializeWebviewPanel: (panel, state: unknown) => this.restore(panel, state) }));
    this._register(toDisposable(() => [...this.panels.values()].forEach((open) => open.panel.dispose())));
  }

  /** Opens the panel of `key` on this content, or gives its panel this content and reveals it. */
  show(key: Key, content: Content, preserveFocus = false): void {
    const open = this.panels.get(this.kind.id(key));
    if (open) {
      this.set(open, key, content);
      open.panel.reveal(undefined, preserveFocus);
      return;
    }
    const panel = vscode.window.createWebviewPanel(this.kind.viewType, this.tabTitle(content), { viewColumn: vscode.ViewColumn.Active, preserveFocus }, this.options());
    this.adopt(panel, key, content);
  }

  /**
   * Takes over a panel VS Code brings back after a reload (the serializer
   * calls this) with the state its page kept. A state without a valid key, or
   * a key that has a panel already, closes it.
   */
  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const key = this.kind.restoredKey(state);
    if (key === undefined || this.panels.has(this.kind.id(key))) {
      panel.dispose();
      return;
    }
    panel.webview.options = this.options();
    const content = await this.handlers.restored(key);
    // Brought back twice while the market answered: the first keeps it.
    if (this.panels.has(this.kind.id(key))) {
      panel.dispose();
      return;
    }
    this.adopt(panel, key, content);
  }

  /** New content for the panel of `key`, if it has one (a comparison's key changes with its columns). */
  update(key: Key, content: Content): void {
    const open = this.panels.get(this.kind.id(key));
    if (open) this.set(open, key, content);
  }

  /** The keys of the open panels. */
  keys(): Key[] {
    return [...this.panels.values()].map((open) => open.key);
  }

  close(key: Key): void {
    this.panels.get(this.kind.id(key))?.panel.dispose();
  }

  private tabTitle(content: Content): string {
    return this.kind.tabTitle?.(content) ?? content.title;
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return { enableScripts: true, localResourceRoots: pageRoots(this.extensionUri) };
  }

  private adopt(panel: vscode.WebviewPanel, key: Key, content: Content): void {
    const open: OpenPanel<Key, Content> = { key, content, ready: false, panel, listeners: new DisposableStore() };
    panel.title = this.tabTitle(content);
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'gpu-rental.svg');
    // What an action fails with, it reports itself (a notification); nothing more to do here.
    open.listeners.add(panel.webview.onDidReceiveMessage((message: unknown) => this.onMessage(open, message).catch(() => undefined)));
    // A hidden page loses its document: it asks again when it is shown.
    open.listeners.add(panel.onDidChangeViewState(() => (open.ready &&= panel.visible)));
    open.listeners.add(
      panel.onDidDispose(() => {
        this.panels.delete(this.kind.id(open.key));
        open.listeners.dispose();
        this.handlers.closed(open.key);
      }),
    );
    this.panels.set(this.kind.id(key), open);
    const files = pageFiles(panel.webview, this.extensionUri);
    panel.webview.html = this.kind.shell({
      nonce: randomBytes(16).toString('base64'),
      cspSource: panel.webview.cspSource,
      styleUris: this.kind.styles.map((file) => files.media(file)),
      scriptUri: files.script(this.kind.script),
    });
  }

  private set(open: OpenPanel<Key, Content>, key: Key, content: Content): void {
    open.key = key;
    open.content = content;
    open.panel.title = this.tabTitle(content);
    this.post(open, { type: 'update', key, content });
  }

  private async onMessage(open: OpenPanel<Key, Content>, message: unknown): Promise<void> {
    const request = this.kind.parse(message, open.content);
    if (request?.type === 'ready') {
      open.ready = true;
      this.post(open, { type: 'update', key: open.key, content: open.content });
    } else if (request) {
      const status = await this.handlers.request(open.key, request as Exclude<Request, ReadyRequest>);
      if (status) this.post(open, { type: 'status', text: status });
    }
  }

  private post(open: OpenPanel<Key, Content>, message: PageNotification<Key, Content>): void {
    // Until the page asks, it has nothing to show this in: it gets the content when it asks; a status is moot.
    if (open.ready && this.panels.get(this.kind.id(open.key)) === open) void open.panel.webview.postMessage(message);
  }
}
