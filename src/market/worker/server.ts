// The market's side of the protocol: owns a Market and the API client, and
// answers the editor's requests with small results. Plain TypeScript with no
// Node-only API, so the same server runs in a worker_threads Worker, a Web
// Worker, or the editor's own thread (the fallback).
import * as l10n from '@vscode/l10n';
import { ResponseError, type CancellationToken, type MessageConnection, type NotificationType, type RequestType } from 'vscode-jsonrpc';
import { checkBaseUrl } from '../../api/baseUrl';
import { GpuRentalClient, type Logger, type RetryNotice } from '../../api/client';
import { ApiError } from '../../api/errors';
import { groupKeyOf } from '../../model/arrange';
import { setDisplayLocale } from '../../model/format';
import { parseQuery } from '../../model/query';
import type { Disposable } from '../events';
import type { MachineDiff } from '../diff';
import { Market, type MarketChange, type Which } from '../market';
import { MarketRequestError, NOTIFICATIONS, PROTOCOL_VERSION, REQUESTS, VERSION_MISMATCH, versionMismatch, type Handlers, type ListingState, type MachineAsk, type Method, type Notifications, type Requests, type ServiceSettings, type WireError } from '../protocol';
import { retryNote } from '../retryNote';
import { outlookToolQuery, toolAnswer } from '../tools';
import { checkCancelled } from '../turns';
import { askedView, pickHandlers } from './pickHandlers';
import { templateHandlers } from './templateHandlers';
import { panelHandlers } from './panelHandlers';
import { askOutlook, historyHandlers, ServerHistory, type OpenHistory } from './historyHandlers';
import { groupModels, rowHistory } from './treeFacts';
import { watchDomain } from './watchHandlers';

export interface ServerOptions {
  now?: () => Date;
  /** Opens the market history of a service (Node's fs: given by src/node/main.ts); without it, no history. */
  openHistory?: OpenHistory;
}

export class MarketServer implements Disposable {
  readonly market: Market;
  private client: GpuRentalClient | undefined;
  private serviceKey: string | undefined;
  /** A hello of this protocol's version came: before it, nothing else is answered. */
  private greeted = false;
  private readonly subscriptions: Disposable[];
  /** The market history this server records (with `openHistory`): the filter's history fields read it (listed_hours, flaps_7d, below_median), and the chat tools. */
  private readonly history: ServerHistory | undefined;
  /** The watches: active queries, their news and figures, near misses. */
  private readonly watches: ReturnType<typeof watchDomain>;

  constructor(
    /** The JSON-RPC connection to the editor (a test worker adds its own methods to it: test/support/faultyWorker.ts). */
    readonly connection: MessageConnection,
    options: ServerOptions = {},
  ) {
    this.market = new Market({ now: options.now, onListenerError: (err) => this.notify('log', { level: 'error', text: `A change listener failed: ${String(err)}` }) });
    this.history = options.openHistory ? new ServerHistory(options.openHistory, (version) => this.notify('history', { version }), (text) => this.notify('log', { level: 'warn', text })) : undefined;
    this.watches = watchDomain(this.market, this.history);
    const handlers = this.makeHandlers();
    for (const method of Object.keys(handlers) as Method[]) {
      this.connection.onRequest(REQUESTS[method] as RequestType<object, unknown, WireError>, (params, token) => this.answer(method, handlers[method] as (p: unknown, t: CancellationToken) => Promise<unknown>, params, token));
    }
    this.subscriptions = [this.market.onDidChange((change) => this.changed(change)), this.connection];
    this.connection.listen();
  }

  private async answer(method: Method, handler: (params: unknown, token: CancellationToken) => Promise<unknown>, params: unknown, token: CancellationToken): Promise<unknown> {
    try {
      if (!this.greeted && method !== 'hello' && method !== 'ping') throw new MarketRequestError({ kind: VERSION_MISMATCH, message: 'The market was not greeted with its protocol version.' });
      checkCancelled(token);
      return await handler(params, token);
    } catch (err) {
      const wire = wireError(err);
      throw new ResponseError(1, wire.message, wire);
    }
  }

  private makeHandlers(): Handlers {
    return {
      hello: async ({ version, language, bundle }) => {
        if (version !== PROTOCOL_VERSION) throw new MarketRequestError(versionMismatch(version));
        this.greeted = true;
        l10n.config({ contents: bundle ?? {} });
        setDisplayLocale(language);
        return { version: PROTOCOL_VERSION };
      },
      ping: async () => ({}),
      configure: async ({ service, history }) => {
        this.configure(service);
        this.history?.configure(history);
        return {};
      },
      load: async ({ which }) => errorAnswer(await this.load(which)),
      checkToken: async () => errorAnswer(await this.checkToken()),
      state: async ({ which }) => this.state(which),
      summary: (ask, token) => this.summary(ask, token),
      rows: async (ask, token) => {
        const { groups } = await askedView(this.market, ask, this.history, token);
        // With no grouping, the one group whatever its key.
        const group = groups.find((g) => g.key === ask.groupKey) ?? (groups.length === 1 ? groups[0] : undefined);
        const machines = group ? group.head(ask.start + ask.count).slice(ask.start) : [];
        return { machines, history: this.history && rowHistory(this.history, machines), size: group?.size ?? 0 };
      },
      locate: async (ask, token) => {
        const machine = this.market.machine(ask.nodeId);
        const group = machine && (await askedView(this.market, ask, this.history, token)).groups.find((g) => g.key === groupKeyOf(machine, ask.arrangement.groupBy));
        const index = group ? group.machines.indexOf(machine) : -1;
        return group && index >= 0 ? { groupKey: group.key, index } : undefined;
      },
      machine: async ({ nodeId }) => this.market.machine(nodeId),
      tool: async ({ name, input, now }, token) => {
        const query = outlookToolQuery(name, input);
        const outlook = query === undefined ? undefined : await askOutlook(this.history, query, undefined, () => checkCancelled(token));
        return toolAnswer(name, this.market, input, new Date(now), this.history ?? 'outside', outlook);
      },
      ...this.watches.handlers,
      ...panelHandlers(this.market, this.history),
      ...historyHandlers(this.history),
      ...pickHandlers(this.market, this.history),
      ...templateHandlers(this.market),
    };
  }

  private configure(service: ServiceSettings | undefined): void {
    const check = service && checkBaseUrl(service.baseUrl);
    const key = service && check?.ok ? `${check.url.href}\n${service.token}` : undefined;
    if (key !== this.serviceKey) this.market.reset();
    this.serviceKey = key;
    this.client =
      service && check?.ok
        ? new GpuRentalClient({ baseUrl: check.url, token: service.token, timeoutMs: service.timeoutMs, retry: service.retry, log: this.logger(), onRetry: (notice) => this.onRetry(notice) })
        : undefined;
    this.pageSize = service?.templatePageSize ?? 0;
  }

  private pageSize = 0;

  private async checkToken(): Promise<ApiError | undefined> {
    const client = this.client;
    if (!client) return new ApiError('network', l10n.t('The extension is not set up yet.'));
    try {
      await client.checkToken();
      return undefined;
    } catch (err) {
      if (err instanceof ApiError) return err;
      this.notify('log', { level: 'error', text: `Checking the token failed: ${String(err)}` });
      return new ApiError('network', l10n.t('The token could not be checked; see the log.'));
    }
  }

  private load(which: Which): Promise<ApiError | undefined> {
    const client = this.client;
    if (!client) return Promise.resolve(new ApiError('network', l10n.t('The extension is not set up yet.')));
    return which === 'machines'
      ? this.market.loadMachines((signal, firstLook) => client.listMachines(signal, this.market.machines.snapshot ? undefined : firstLook))
      : this.market.loadTemplates((signal) => client.listTemplates(this.pageSize, signal));
  }

  private onRetry(notice: RetryNotice): void {
    this.market.listing(notice.resource === 'machines' ? 'machines' : 'templates').setProgress(retryNote(notice));
  }

  private logger(): Logger {
    const line = (level: Notifications['log']['level']) => (text: string) => this.notify('log', { level, text });
    return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
  }

  state(which: Which): ListingState {
    const listing = this.market.listing(which);
    return {
      count: listing.snapshot?.items.length,
      fetchedAt: listing.snapshot?.fetchedAt.getTime(),
      loading: listing.loading,
      errorKind: listing.error?.kind,
      errorMessage: listing.error?.message,
      status: this.market.status(which),
      firstLook: listing.firstLook?.items.length,
    };
  }

  /** The Machines view's groups; a new list waits to be recorded until this is answered (ServerHistory.record). */
  private async summary(ask: MachineAsk, token: CancellationToken): Promise<Requests['summary']['result']> {
    const list = this.market.machines.snapshot?.items;
    try {
      return await this.groups(ask, token);
    } finally {
      this.history?.answered(list);
    }
  }

  private async groups(ask: MachineAsk, token: CancellationToken): Promise<Requests['summary']['result']> {
    const parsed = parseQuery(ask.filter);
    if (!parsed.ok) return { total: this.market.machines.snapshot?.items.length ?? 0, matching: 0, filterText: ask.filter, filterError: parsed.error.message, groups: [] };
    const view = await askedView(this.market, ask, this.history, token);
    const byGpu = ask.arrangement.groupBy === 'gpu';
    const groups = view.groups.map((g) => ({ key: g.key, label: g.label, size: g.size, first: g.first, cheapestPerGpu: g.cheapestPerGpu, models: groupModels(g, byGpu) }));
    return { total: view.total, matching: view.matching.length, filterText: view.filterText, groups };
  }

  private changed(change: MarketChange): void {
    // Recorded once the views have answered for it, or before anything reads the history.
    this.history?.record(change);
    const d = change.diff;
    this.notify('changed', {
      which: change.which,
      state: this.state(change.which),
      diff: d && { appeared: d.appeared.length, disappeared: d.disappeared.length, changed: d.changed.length, initial: d.initial },
      firstLook: change.firstLook,
    });
    if (change.which === 'machines' && d) this.notify('news', this.watches.news(d as MachineDiff));
  }

  private notify<N extends keyof Notifications>(name: N, params: Notifications[N]): void {
    void this.connection.sendNotification(NOTIFICATIONS[name] as NotificationType<object>, params).catch(() => undefined);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.history?.dispose();
    this.market.dispose();
  }
}

/** A load's or token check's answer: the error, when there was one, as the wire carries it. */
function errorAnswer(error: ApiError | undefined): { error?: WireError } {
  return error ? { error: { kind: error.kind, message: error.message } } : {};
}

function wireError(err: unknown): WireError {
  if (err instanceof ApiError) return { kind: err.kind, message: err.message };
  if (err instanceof MarketRequestError) return err.wire;
  return { kind: 'bug', message: err instanceof Error ? err.message : String(err) };
}
