// The market's side of the protocol: owns a Market and the API client, and
// answers the editor's requests with small results. Plain TypeScript with no
// Node-only API, so the same server runs in a worker_threads Worker, in a Web
// Worker, or in the editor's own thread (the fallback). A request that fails
// answers with an error; the others go on.
import * as l10n from '@vscode/l10n';
import { checkBaseUrl } from '../../api/baseUrl';
import { GpuRentalClient, type Logger, type RetryNotice } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { Machine } from '../../api/types';
import { groupKeyOf, type ArrangedGroup } from '../../model/arrange';
import { setDisplayLocale } from '../../model/format';
import { parseQuery } from '../../model/query';
import type { Disposable } from '../events';
import type { MachineDiff } from '../diff';
import { Market, type MarketChange, type Which } from '../market';
import { CANCELLED, isMessage, PROTOCOL_VERSION, type ListingState, type MachineAsk, type Message, type Method, type Notifications, type Params, type Requests, type Result, type ServiceSettings, type WireError } from '../protocol';
import { retryNote } from '../retryNote';
import { toolAnswer } from '../tools';
import { pickHandlers } from './pickHandlers';
import { templateHandlers } from './templateHandlers';
import type { MachineView } from '../views';
import { panelHandlers } from './panelHandlers';
import { historyHandlers, ServerHistory, type OpenHistory } from './historyHandlers';
import type { Transport } from './transport';
import { groupHistory, groupModels, rowHistory } from './treeFacts';
import { watchDomain, type WatchDomain } from './watchHandlers';

type Handlers = { [M in Method]: (params: Params<M>) => Result<M> | Promise<Result<M>> };

export interface ServerOptions {
  now?: () => Date;
  /** Ends the worker at once (a test hook: a crash mid-load); where there is no such thing, an uncaught error. */
  crash?: () => void;
  /** Opens the market history of a service (Node's fs: given by src/worker/main.ts, or the MarketHost's fallback); without it, no history. */
  openHistory?: OpenHistory;
}

export class MarketServer implements Disposable {
  readonly market: Market;
  private client: GpuRentalClient | undefined;
  private serviceKey: string | undefined;
  private testHooks = false;
  /** Requests waiting for their turn, by id: a cancel that arrives first takes one out. */
  private readonly queue = new Map<number, { method: Method; params: unknown }>();
  private draining = false;
  private readonly subscriptions: Disposable[];
  private readonly handlers: Handlers;
  /** The market history this server records (with `openHistory`): the filter's history fields read it (listed_hours, flaps_7d, below_median), and the chat tools. */
  private readonly memory: ServerHistory | undefined;
  /** The watches: active queries, their news and figures, near misses. */
  private readonly watches: WatchDomain;

  constructor(
    private readonly transport: Transport,
    private readonly options: ServerOptions = {},
  ) {
    this.market = new Market({ now: options.now, onListenerError: (err) => this.notify('log', { level: 'error', text: `A change listener failed: ${String(err)}` }) });
    this.memory = options.openHistory ? new ServerHistory(options.openHistory, (version) => this.notify('history', { version }), (text) => this.notify('log', { level: 'warn', text })) : undefined;
    this.watches = watchDomain(this.market, this.memory);
    this.handlers = this.makeHandlers();
    this.subscriptions = [transport.onMessage((message) => this.receive(message)), this.market.onDidChange((change) => this.changed(change))];
  }

  private receive(message: unknown): void {
    if (!isMessage(message)) return;
    if (message.type === 'cancel') {
      if (this.queue.delete(message.id)) this.reply({ v: PROTOCOL_VERSION, type: 'error', id: message.id, error: { kind: CANCELLED, message: CANCELLED } });
      return;
    }
    if (message.type !== 'request') return;
    if (message.method === 'ping') {
      // Answered at once, ahead of the queue: the watchdog asks whether this thread runs, not whether it is idle.
      this.reply({ v: PROTOCOL_VERSION, type: 'response', id: message.id, result: {} });
      return;
    }
    this.queue.set(message.id, { method: message.method, params: message.params });
    this.drain();
  }

  /** One request per turn of the event loop, so that cancels (and pings) between them are heard. */
  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    setTimeout(() => {
      this.draining = false;
      const next = this.queue.entries().next();
      if (next.done) return;
      const [id, request] = next.value;
      this.queue.delete(id);
      void this.answer(id, request.method, request.params);
      if (this.queue.size) this.drain();
    }, 0);
  }

  private async answer(id: number, method: Method, params: unknown): Promise<void> {
    try {
      const handler = this.handlers[method] as ((p: unknown) => unknown) | undefined;
      if (!handler) throw new Error(`unknown request ${String(method)}`);
      const result = await handler(params);
      this.reply({ v: PROTOCOL_VERSION, type: 'response', id, result });
    } catch (err) {
      this.reply({ v: PROTOCOL_VERSION, type: 'error', id, error: wireError(err) });
    }
  }

  private makeHandlers(): Handlers {
    return {
      hello: ({ version, language, bundle, testHooks }) => {
        if (version !== PROTOCOL_VERSION) throw new Error(`protocol ${version} asked, ${PROTOCOL_VERSION} spoken`);
        l10n.config({ contents: bundle ?? {} });
        setDisplayLocale(language);
        this.testHooks = testHooks;
        return { version: PROTOCOL_VERSION };
      },
      ping: () => ({}),
      configure: ({ service, history }) => {
        this.configure(service);
        this.memory?.configure(history);
        return {};
      },
      load: async ({ which }) => {
        const error = await this.load(which);
        return error ? { error: { kind: error.kind, message: error.message } } : {};
      },
      checkToken: async () => {
        const error = await this.checkToken();
        return error ? { error: { kind: error.kind, message: error.message } } : {};
      },
      state: ({ which }) => this.state(which),
      summary: (ask) => this.summary(ask),
      rows: (ask) => {
        const group = this.group(this.view(ask), ask.groupKey);
        const machines = group ? group.machines.slice(ask.start, ask.start + ask.count) : [];
        return { machines, history: this.memory && rowHistory(this.memory, machines), size: group?.size ?? 0 };
      },
      locate: (ask) => {
        const machine = this.market.machine(ask.nodeId);
        const group = machine && this.view(ask).groups.find((g) => g.key === groupKeyOf(machine, ask.arrangement.groupBy));
        const index = group ? group.machines.indexOf(machine) : -1;
        return group && index >= 0 ? { groupKey: group.key, index } : undefined;
      },
      machine: ({ nodeId }) => this.market.machine(nodeId),
      tool: ({ name, input, now }) => toolAnswer(name, this.market, input, new Date(now), this.memory ?? 'outside'),
      ...this.watches.handlers,
      ...panelHandlers(this.market, this.memory),
      ...historyHandlers(this.memory),
      ...pickHandlers(this.market, this.memory),
      ...templateHandlers(this.market),
      'test.hang': () => {
        this.checkTestHooks();
        for (;;) {
          // A bug that never returns: only the watchdog ends it.
        }
      },
      'test.forget': () => {
        this.checkTestHooks();
        this.market.reset();
        return {};
      },
      'test.throw': () => {
        this.checkTestHooks();
        throw new Error('a bug in one request');
      },
      'test.crash': () => {
        this.checkTestHooks();
        const crash = this.options.crash;
        if (crash) crash();
        else
          setTimeout(() => {
            throw new Error('the worker crashed');
          }, 0);
        return {};
      },
    };
  }

  private checkTestHooks(): void {
    if (!this.testHooks) throw new Error('test hooks are off');
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

  private view(ask: MachineAsk): MachineView {
    const parsed = parseQuery(ask.filter);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return this.market.machineView({ filter: parsed.query, arrangement: ask.arrangement, memory: this.memory });
  }

  private summary(ask: MachineAsk): Requests['summary']['result'] {
    const parsed = parseQuery(ask.filter);
    if (!parsed.ok) return { total: this.market.machines.snapshot?.items.length ?? 0, matching: 0, filterText: ask.filter, filterError: parsed.error.message, groups: [] };
    const view = this.view(ask);
    const byGpu = ask.arrangement.groupBy === 'gpu';
    const items = this.market.machines.snapshot?.items ?? [];
    const groups = view.groups.map((g) => ({ ...summaryOf(g), models: groupModels(g, byGpu), history: byGpu && this.memory ? groupHistory(this.memory, items, g.first.gpu_name) : undefined }));
    return { total: view.total, matching: view.matching.length, filterText: view.filterText, groups };
  }

  /** A group by key; with no grouping, the one group whatever its key. */
  private group(view: MachineView, key: string): ArrangedGroup | undefined {
    return view.groups.find((g) => g.key === key) ?? (view.groups.length === 1 ? view.groups[0] : undefined);
  }

  private changed(change: MarketChange): void {
    // Recorded first: the views that redraw with this change read it recorded.
    this.memory?.record(change);
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
    this.reply({ v: PROTOCOL_VERSION, type: 'notify', name, params });
  }

  private reply(message: Message): void {
    this.transport.send(message);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.queue.clear();
    this.memory?.dispose();
    this.market.dispose();
  }
}

function summaryOf(group: ArrangedGroup): { key: string; label: string; size: number; first: Machine; cheapestPerGpu: Machine } {
  return { key: group.key, label: group.label, size: group.size, first: group.first, cheapestPerGpu: group.cheapestPerGpu };
}

export function wireError(err: unknown): WireError {
  if (err instanceof ApiError) return { kind: err.kind, message: err.message };
  return { kind: 'bug', message: err instanceof Error ? err.message : String(err) };
}
