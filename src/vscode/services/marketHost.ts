// The market behind the protocol (src/market/protocol.ts), as the extension
// runs it: a worker of its own started from dist/marketWorker.js, which loads
// the market and keeps its history, configured with the service the
// controller uses; its log lines in the extension's log (redacted), and one
// notification the first time it had to be restarted. Where no worker can
// start, or the worker keeps dying, the same server runs in this thread behind
// the same client (given the service, loads and watches again), and the log
// says so. The views read the listings' state and hear their changes
// here, whichever client runs.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkBaseUrl } from '../../api/baseUrl';
import type { RetryPolicy } from '../../api/client';
import { ApiError, type ApiErrorKind } from '../../api/errors';
import { originOf } from '../../market/history/origin';
import { historyDirectory, historyFileName, legacyFolder } from '../../node/historyLocation';
import { PROTOCOL_VERSION, type HistorySettings, type ListingState, type Notifications, type ServiceSettings, type Which, type WireError } from '../../market/protocol';
import { MarketClient, type Connection } from '../../market/worker/client';
import { startWorker } from '../../node/nodeTransport';
import type { Config } from './config';
import type { Controller, LoadHost } from './controller';
import { Disposable } from './lifecycle';
import { describeError, type Log } from './log';
import type { TokenStore } from './tokenStore';

export interface MarketHostOptions {
  script: string;
  config: Config;
  controller: Controller;
  tokens: TokenStore;
  log: Log;
  retryPolicy: () => Partial<RetryPolicy>;
  /** `<globalStorage>/market-history`: the worker keeps one folder per service there. */
  historyRoot: string;
  /** How long an answer may take before the worker counts as hung (10 s: a busy worker still answers pings between requests). */
  hungAfterMs?: number;
}

export class MarketHost extends Disposable implements LoadHost {
  /** The market's client (the worker's, or the in-thread fallback's). */
  readonly client: MarketClient;
  /** The worker could not start: the market runs in this thread from the first. */
  private inThreadFromStart = false;
  private toldRestart = false;
  private readonly states = new Map<Which, ListingState>();
  private readonly changed = this._register(new vscode.EventEmitter<Notifications['changed']>());
  /**
   * A listing changed (a load started or ended, a progress note, a new
   * snapshot with its diff's sizes), whichever client runs: what the views
   * listen to instead of the market's own event.
   */
  readonly onDidChange = this.changed.event;
  private readonly news = this._register(new vscode.EventEmitter<Notifications['news']>());
  /** A new machine snapshot's news (node IDs), whichever client runs: what the watches and the "new" marks follow. */
  readonly onDidFindNews = this.news.event;
  private readonly historyChanged = this._register(new vscode.EventEmitter<void>());
  /** The market history's answers may have changed (a list recorded, the history cleared): the marks, the details page and the trends panel redraw. */
  readonly onDidChangeHistory = this.historyChanged.event;
  /** The last configuration sent: a load waits for it (the worker must fetch from the service the controller just took). */
  private configured: Promise<void> = Promise.resolve();

  constructor(private readonly options: MarketHostOptions) {
    super();
    this.client = this._register(new MarketClient({
      start: () => this.connect(),
      inThread: () => this.serveInThread(),
      hello: { version: PROTOCOL_VERSION, language: vscode.env.language, bundle: vscode.l10n.bundle },
      pingEveryMs: Math.min(2_000, (options.hungAfterMs ?? 10_000) / 4),
      pingDeadlineMs: options.hungAfterMs ?? 10_000,
    }));
    this.client.onNotify((n) => {
      if (n.name === 'log') this.options.log[n.params.level](`Market worker: ${n.params.text}`);
      else if (n.name === 'history') this.historyChanged.fire();
      else if (n.name === 'news') this.news.fire(n.params);
      else {
        this.states.set(n.params.which, n.params.state);
        this.changed.fire(n.params);
      }
    });
    this.client.onDidRestart((why) => this.restarted(why));
    this._register(options.controller.onDidChangeSetup(() => void this.configure()));
    this._register(options.config.onDidChange((affects) => (affects('history.days') || affects('history.enabled')) && void this.configure()));
    void this.configure();
    void this.askStates();
  }

  /**
   * What a listing holds and how its load goes, as the last `changed`
   * notification said (undefined before the first): the view messages and the
   * status bar read it synchronously.
   */
  state(which: Which): ListingState | undefined {
    return this.states.get(which);
  }

  /** Loads a listing in the market, with the service the controller's last change configured; resolves to the failure. */
  load(which: Which): Promise<ApiError | undefined> {
    return this.failureOf(() => this.client.request('load', { which }));
  }

  /** Sends the service one small request with the token the market was configured with; resolves to the failure (undefined: accepted). */
  checkToken(): Promise<ApiError | undefined> {
    return this.failureOf(() => this.client.request('checkToken', {}));
  }

  /** A request's failure as an ApiError, once the last configuration is sent. */
  private async failureOf(request: () => Promise<{ error?: WireError }>): Promise<ApiError | undefined> {
    await this.configured;
    try {
      const { error } = await request();
      return error && new ApiError(error.kind as ApiErrorKind, error.message);
    } catch (err) {
      return new ApiError('network', err instanceof Error ? err.message : String(err));
    }
  }

  /** The active watches' queries: the market says with each new snapshot what each newly found. */
  watch(queries: string[]): void {
    void this.client.request('watches', { queries }).catch((err: unknown) => this.options.log.error(`Telling the market the watches failed: ${describeError(err)}`));
  }

  /** The listings' states as the market starts, so that a reader never waits for the next change. */
  private async askStates(): Promise<void> {
    for (const which of ['machines', 'templates'] as const) {
      const state = await this.client.request('state', { which }).catch(() => undefined);
      if (state && !this.states.has(which)) {
        this.states.set(which, state);
        this.changed.fire({ which, state });
      }
    }
  }

  private connect(): Connection {
    if (!this.inThreadFromStart) {
      try {
        const connection = startWorker(this.options.script);
        this.options.log.info('The market worker started.');
        return connection;
      } catch (err) {
        this.inThreadFromStart = true;
        this.options.log.warn(`The market worker could not start (${describeError(err, (t) => this.options.log.redact(t))}); the market runs in the extension host's thread.`);
      }
    }
    return this.serveInThread();
  }

  /** The worker's own bundle, loaded into this thread: the market's code is not in the extension's bundle twice. */
  private serveInThread(): Connection {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require(this.options.script) as typeof import('../../node/main');
    return bundle.serveInThread();
  }

  private restarted(why: string): void {
    if (this.client.stopped) {
      this.options.log.error(`The market stopped: ${why}`);
      return;
    }
    if (this.client.inThread) this.options.log.warn("The market worker kept stopping; the market runs in the extension host's thread.");
    this.options.log.error(`The market worker stopped (${why}) and was restarted; it reloads what was loaded.`);
    if (!this.toldRestart) {
      this.toldRestart = true;
      void vscode.window.showWarningMessage(vscode.l10n.t('GPU Rental: the market worker stopped and was restarted. The machines shown may be out of date until it has reloaded them.'));
    }
  }

  /** The service the controller talks to, handed to the worker (our own thread: the token goes nowhere else). */
  private configure(): Promise<void> {
    this.configured = this.sendConfiguration();
    return this.configured;
  }

  private async sendConfiguration(): Promise<void> {
    const { config, controller, tokens } = this.options;
    const token = controller.setup === 'ready' ? await tokens.get() : undefined;
    const check = checkBaseUrl(config.baseUrl);
    const service: ServiceSettings | undefined =
      token && check.ok ? { baseUrl: check.url.href, token, timeoutMs: config.timeoutMs, templatePageSize: config.templatePageSize, retry: this.options.retryPolicy() } : undefined;
    const origin = originOf(config.baseUrl);
    const history: HistorySettings | undefined = origin ? { file: path.join(historyDirectory(config.historyLocation), historyFileName(origin)), legacyDir: legacyFolder(this.options.historyRoot, origin), origin, days: config.historyDays, enabled: config.historyEnabled } : undefined;
    await this.client.request('configure', { service, history }).catch((err: unknown) => this.options.log.error(`Configuring the market worker failed: ${describeError(err)}`));
  }
}
