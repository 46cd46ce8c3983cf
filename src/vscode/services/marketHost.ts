// The market worker as the extension runs it: started from
// dist/marketWorker.js while the hidden setting
// gpuRental.experimental.marketWorker is on, configured with the service the
// controller uses, its log lines in the extension's log (redacted), and one
// notification the first time it had to be restarted. Where no worker can
// start, the same server runs in this thread behind the same client, and the
// log says so once.
import * as vscode from 'vscode';
import { checkBaseUrl } from '../../api/baseUrl';
import type { RetryPolicy } from '../../api/client';
import { PROTOCOL_VERSION, type ServiceSettings } from '../../market/protocol';
import { MarketClient, type Connection } from '../../market/worker/client';
import { MarketServer } from '../../market/worker/server';
import { transportPair } from '../../market/worker/transport';
import { startWorker } from '../../worker/nodeTransport';
import type { Config } from './config';
import type { Controller } from './controller';
import { describeError, type Log } from './log';
import { showWarning } from './notify';
import type { TokenStore } from './tokenStore';

export const MARKET_WORKER_SETTING = 'experimental.marketWorker';

export interface MarketHostOptions {
  script: string;
  config: Config;
  controller: Controller;
  tokens: TokenStore;
  log: Log;
  /** Only the extension's own test runs: the worker then honours its test hooks. */
  testHooks: boolean;
  retryPolicy: () => Partial<RetryPolicy>;
}

export class MarketHost implements vscode.Disposable {
  private running: MarketClient | undefined;
  private inThread = false;
  private toldRestart = false;
  private toldFallback = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly options: MarketHostOptions) {
    this.subscriptions = [
      options.controller.onDidChangeSetup(() => void this.configure()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`gpuRental.${MARKET_WORKER_SETTING}`) && this.apply()),
    ];
    this.apply();
  }

  /** The market's client while the setting is on; undefined otherwise (the market then runs in this thread, as it always has). */
  get client(): MarketClient | undefined {
    return this.running;
  }

  /** True when the worker could not start and the same server runs in this thread. */
  get fallback(): boolean {
    return this.inThread;
  }

  private apply(): void {
    const on = vscode.workspace.getConfiguration('gpuRental').get<boolean>(MARKET_WORKER_SETTING, false) === true;
    if (on && !this.running) {
      this.running = this.start();
      void this.configure();
    } else if (!on && this.running) {
      this.running.dispose();
      this.running = undefined;
    }
  }

  private start(): MarketClient {
    const client = new MarketClient({
      start: () => this.connect(),
      hello: { version: PROTOCOL_VERSION, language: vscode.env.language, bundle: vscode.l10n.bundle, testHooks: this.options.testHooks },
      // A worker busy with one request still answers pings between requests; 10 s without one is a hang.
      pingEveryMs: this.inThread ? 0 : 2_000,
      pingDeadlineMs: 10_000,
    });
    client.onNotify((n) => n.name === 'log' && this.options.log[n.params.level](`Market worker: ${n.params.text}`));
    client.onDidRestart((why) => {
      this.restarted(why);
      if (client.stopped) setTimeout(() => this.fallBack(client), 0);
    });
    return client;
  }

  /** A worker that keeps dying is given up for the same server in this thread. */
  private fallBack(stopped: MarketClient): void {
    if (this.running !== stopped) return;
    this.inThread = true;
    this.options.log.warn("The market worker kept stopping; the market runs in the extension host's thread.");
    stopped.dispose();
    this.running = this.start();
    void this.configure();
  }

  private connect(): Connection {
    if (!this.inThread) {
      try {
        const connection = startWorker(this.options.script);
        this.options.log.info('The market worker started.');
        return connection;
      } catch (err) {
        this.inThread = true;
        if (!this.toldFallback) {
          this.toldFallback = true;
          this.options.log.warn(`The market worker could not start (${describeError(err, (t) => this.options.log.redact(t))}); the market runs in the extension host's thread.`);
        }
      }
    }
    const [near, far] = transportPair();
    const server = new MarketServer(far);
    return { transport: near, terminate: () => (near.dispose(), server.dispose()) };
  }

  private restarted(why: string): void {
    this.options.log.error(`The market worker stopped (${why}) and was restarted; it reloads what was loaded.`);
    if (!this.toldRestart) {
      this.toldRestart = true;
      void showWarning(vscode.l10n.t('GPU Rental: the market worker stopped and was restarted. The machines shown may be out of date until it has reloaded them.'));
    }
  }

  /** The service the controller talks to, handed to the worker (our own thread: the token goes nowhere else). */
  private async configure(): Promise<void> {
    const client = this.running;
    if (!client) return;
    const { config, controller, tokens } = this.options;
    const token = controller.setup === 'ready' ? await tokens.get() : undefined;
    const check = checkBaseUrl(config.baseUrl);
    const service: ServiceSettings | undefined =
      token && check.ok ? { baseUrl: check.url.href, token, timeoutMs: config.timeoutMs, templatePageSize: config.templatePageSize, retry: this.options.retryPolicy() } : undefined;
    await client.request('configure', { service }).catch((err: unknown) => this.options.log.error(`Configuring the market worker failed: ${describeError(err)}`));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.running?.dispose();
    this.running = undefined;
  }
}
