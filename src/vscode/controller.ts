// Decides when data is fetched and tells the user what failed. Owns the
// setup state (base URL and token), the two listings, and the context keys
// that drive welcome content and menus.
import * as vscode from 'vscode';
import { showError } from './notify';
import { checkBaseUrl, isLoopbackHost } from '../api/baseUrl';
import { GpuRentalClient, type RetryNotice, type RetryPolicy } from '../api/client';
import { ApiError } from '../api/errors';
import type { MachineRecord, Template } from '../api/types';
import type { Config } from './config';
import type { Log } from './log';
import { Resource } from './resource';
import type { TokenStore } from './tokenStore';

export type SetupState = 'unknown' | 'noBaseUrl' | 'badBaseUrl' | 'noToken' | 'insecure' | 'ready';
export type Which = 'machines' | 'templates';

export const VIEW_IDS: Record<Which, string> = { machines: 'gpuRental.machines', templates: 'gpuRental.templates' };

export class Controller implements vscode.Disposable {
  readonly machines = new Resource<MachineRecord>('machine');
  readonly templates = new Resource<Template>('template');
  setup: SetupState = 'unknown';
  setupProblem: string | undefined;
  /** The service the current client talks to, as shown to users. */
  serviceUrl: string | undefined;
  private client: GpuRentalClient | undefined;
  private serviceKey: string | undefined;
  private readonly setupChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeSetup = this.setupChanged.event;
  private readonly disposables: vscode.Disposable[] = [];
  /** Overrides of the client's retry policy (tests use short delays). */
  retryPolicy: Partial<RetryPolicy> = {};

  constructor(
    private readonly config: Config,
    private readonly tokens: TokenStore,
    private readonly log: Log,
    private readonly trustedHosts: HttpConsent,
  ) {
    this.disposables.push(
      this.machines,
      this.templates,
      this.setupChanged,
      this.machines.onDidChange(() => this.updateDataKeys()),
      this.templates.onDidChange(() => this.updateDataKeys()),
      tokens.onDidChange(() => void this.reconfigure()),
      config.onDidChange((affects) => {
        if (affects('baseUrl') || affects('requestTimeoutSeconds') || affects('templates.pageSize')) {
          void this.reconfigure(true);
        }
      }),
    );
  }

  resource(which: Which): Resource<MachineRecord> | Resource<Template> {
    return which === 'machines' ? this.machines : this.templates;
  }

  /**
   * Re-reads the base URL and token. Data from another service, or fetched
   * with a token that is gone, is dropped; views that have been shown reload
   * when the service or token changed (or always, with `force`).
   */
  async reconfigure(force = false): Promise<void> {
    const check = checkBaseUrl(this.config.baseUrl);
    const token = await this.tokens.get();
    let state: SetupState;
    if (!check.ok) {
      state = this.config.baseUrl.trim() ? 'badBaseUrl' : 'noBaseUrl';
      this.setupProblem = check.problem;
      this.client = undefined;
    } else if (!token) {
      state = 'noToken';
      this.setupProblem = 'No API token is set.';
      this.client = undefined;
    } else if (check.url.protocol === 'http:' && !isLoopbackHost(check.url.hostname) && !(await this.trustedHosts.allow(check.url.host))) {
      state = 'insecure';
      this.setupProblem = `The API token was not sent: ${check.display} uses plain http://, which would expose it on the network. Use https://, or allow plain http for this host when asked.`;
      this.client = undefined;
    } else {
      state = 'ready';
      this.setupProblem = undefined;
      this.client = this.createClient(check.url, token);
    }
    this.serviceUrl = state === 'ready' && check.ok ? check.display : undefined;
    const serviceKey = state === 'ready' && check.ok ? `${check.url.href}\n${token}` : undefined;
    const serviceChanged = serviceKey !== this.serviceKey;
    this.serviceKey = serviceKey;
    if (state !== this.setup) {
      this.log.info(`Setup: ${state}${check.ok ? ` (${check.display})` : ''}`);
    }
    this.setup = state;
    void vscode.commands.executeCommand('setContext', 'gpuRental.setup', state);
    if (serviceChanged) {
      const requested = { machines: this.machines.requested, templates: this.templates.requested };
      this.machines.reset();
      this.templates.reset();
      this.machines.requested = requested.machines;
      this.templates.requested = requested.templates;
    }
    this.setupChanged.fire();
    if (state === 'ready') {
      const shown = (['machines', 'templates'] as Which[]).filter((w) => this.resource(w).requested);
      // Entering the same token again after the service rejected it (a revoked
      // token reinstated, a fixed account) changes nothing here, but the person
      // expects the views to try again.
      const rejected = shown.some((w) => this.resource(w).error?.kind === 'auth');
      if (shown.length && (serviceChanged || force || rejected)) {
        await this.refresh(shown);
      }
    }
  }

  /** A client for the current setup, or undefined when the extension is not set up. */
  private createClient(baseUrl: URL, token: string): GpuRentalClient {
    return new GpuRentalClient({
      baseUrl,
      token,
      timeoutMs: this.config.timeoutMs,
      log: this.log,
      retry: this.retryPolicy,
      onRetry: (notice) => this.onRetry(notice),
    });
  }

  private onRetry(notice: RetryNotice): void {
    const seconds = Math.max(1, Math.round(notice.delayMs / 1000));
    const text = notice.rateLimited
      ? `Rate limited, retrying in ${seconds} s (${notice.attempt} of ${notice.of})…`
      : `Request failed, retrying in ${seconds} s (${notice.attempt} of ${notice.of})…`;
    this.resource(notice.resource === 'machines' ? 'machines' : 'templates').setProgress(text);
  }

  /**
   * Sends one small request with the current token and says whether the
   * service accepted it. Returns undefined when it did.
   */
  async checkToken(): Promise<ApiError | undefined> {
    const client = this.client;
    if (!client) {
      return undefined;
    }
    try {
      await client.checkToken();
      return undefined;
    } catch (err) {
      return err instanceof ApiError ? err : new ApiError('network', 'The token could not be checked; see the log.');
    }
  }

  /** Called when a view first asks for its children: the first fetch happens here, not at activation. */
  ensureLoaded(which: Which): void {
    const resource = this.resource(which);
    if (resource.requested) {
      return;
    }
    resource.requested = true;
    if (this.setup === 'ready') {
      void this.refresh([which]);
    }
  }

  /**
   * Refreshes the given listings (both by default) with progress in their
   * views, then reports failures in one notification.
   */
  async refresh(which: Which[] = ['machines', 'templates']): Promise<void> {
    if (this.setup === 'unknown' || this.setup === 'insecure') {
      await this.reconfigure(true);
      return;
    }
    const client = this.client;
    if (!client) {
      this.notifySetupProblem();
      return;
    }
    const pageSize = this.config.templatePageSize;
    const jobs = which.map((w) => {
      const promise =
        w === 'machines'
          ? this.machines.load((signal) => client.listMachines(signal))
          : this.templates.load((signal) => client.listTemplates(pageSize, signal));
      void vscode.window.withProgress({ location: { viewId: VIEW_IDS[w] } }, () => promise);
      return promise;
    });
    const errors = (await Promise.all(jobs)).filter((e): e is ApiError => e !== undefined);
    this.notify(errors);
  }

  /** Waits for a listing to be loaded (loading it if need be) and returns its items. */
  async items<W extends Which>(which: W): Promise<(W extends 'machines' ? MachineRecord : Template)[] | undefined> {
    const resource = this.resource(which);
    if (resource.items === undefined) {
      if (resource.pending) {
        await resource.pending;
      } else if (this.setup !== 'ready') {
        this.notifySetupProblem();
        return undefined;
      } else {
        await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `GPU Rental: loading ${resource.noun}s…` },
          () => this.refresh([which]),
        );
      }
    }
    return resource.items as (W extends 'machines' ? MachineRecord : Template)[] | undefined;
  }

  private notify(errors: ApiError[]): void {
    const messages = [...new Set(errors.map((e) => e.message))];
    if (messages.length === 0) {
      return;
    }
    const auth = errors.some((e) => e.kind === 'auth');
    const actions = auth ? ['Set API Token'] : ['Retry', 'Show Log'];
    void showError(`GPU Rental: ${messages.join(' ')}`, ...actions).then((choice) => this.runAction(choice));
  }

  private notifySetupProblem(): void {
    const noToken = this.setup === 'noToken';
    const action = noToken ? 'Set API Token' : 'Open Settings';
    void vscode.window
      .showWarningMessage(`GPU Rental: ${this.setupProblem ?? 'The extension is not set up yet.'}`, action)
      .then((choice) => this.runAction(choice));
  }

  private runAction(choice: string | undefined): void {
    switch (choice) {
      case 'Retry':
        void vscode.commands.executeCommand('gpuRental.refresh');
        break;
      case 'Set API Token':
        void vscode.commands.executeCommand('gpuRental.setToken');
        break;
      case 'Open Settings':
        void vscode.commands.executeCommand('workbench.action.openSettings', 'gpuRental.baseUrl');
        break;
      case 'Show Log':
        this.log.channel.show(true);
        break;
    }
  }

  private updateDataKeys(): void {
    // With nothing to show, a rejected token gets welcome content with a button, not only a message.
    const rejected = [this.machines, this.templates].some((r) => r.error?.kind === 'auth' && r.items === undefined);
    void vscode.commands.executeCommand('setContext', 'gpuRental.tokenRejected', rejected);
    void vscode.commands.executeCommand('setContext', 'gpuRental.machinesLoaded', (this.machines.items?.length ?? 0) > 0);
    void vscode.commands.executeCommand('setContext', 'gpuRental.templatesLoaded', (this.templates.items?.length ?? 0) > 0);
  }

  dispose(): void {
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}

/** Remembers the hosts for which the user allowed the token over plain http. */
export interface HttpConsent {
  allow(host: string): Promise<boolean>;
}
