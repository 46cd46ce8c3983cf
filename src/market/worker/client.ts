// The editor's side of the protocol: asks the market for what it draws and
// keeps the market running. One client, whichever side the market runs on
// (a worker, or the same thread when no worker can start): the editor layer
// has one code path. It watches over the worker: a crash or a ping that
// goes unanswered past its deadline (a hang) restarts it, configures it as
// before and reloads what was loaded; meanwhile the last answers are served
// again, marked stale. Plain TypeScript: the Node specifics are in `start`.
import { Emitter, type Disposable } from '../events';
import { CANCELLED, isMessage, PROTOCOL_VERSION, type Method, type NotificationName, type Notifications, type Params, type Result, type Which, type WireError } from '../protocol';
import type { Transport } from './transport';

/** A running market: its messages, and how to end it at once (a hung worker is terminated, not asked). */
export interface Connection {
  transport: Transport;
  terminate(): void;
}

export interface MarketClientOptions {
  start: () => Connection;
  hello: Params<'hello'>;
  /** How often the watchdog pings, and how long an answer may take before the market counts as hung; 0 = no watchdog (the in-thread market cannot hang apart from the editor). */
  pingEveryMs: number;
  pingDeadlineMs: number;
  /** Restarts in a row (without a load that ends in between) before giving up. */
  maxRestarts?: number;
}

/** A request answered with an error: the kind says what (cancelled, restarted, bug, or an ApiError kind). */
export class MarketRequestError extends Error {
  constructor(readonly wire: WireError) {
    super(wire.message);
  }
  get kind(): string {
    return this.wire.kind;
  }
}

type Pending = { method: Method; params: unknown; resolve: (value: unknown) => void; reject: (err: unknown) => void };

/** Answers worth serving again while the market restarts: what the views draw. */
const REMEMBERED: readonly Method[] = ['summary', 'rows', 'state', 'machine', 'watchStats', 'nearMisses', 'machineDetails', 'template', 'templateView'];

export class MarketClient implements Disposable {
  private connection: Connection | undefined;
  private subscriptions: Disposable[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly last = new Map<string, unknown>();
  private service: Params<'configure'> | undefined;
  /** The active watches, told again to a restarted market. */
  private watches: Params<'watches'> | undefined;
  private readonly loaded = new Set<Which>();
  private recovering = false;
  private restarts = 0;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private pingSent: number | undefined;
  private disposed = false;
  private gaveUp = false;
  private readonly notified = new Emitter<{ [N in NotificationName]: { name: N; params: Notifications[N] } }[NotificationName]>();
  readonly onNotify = this.notified.event;
  private readonly restarted = new Emitter<string>();
  /** The market was restarted (why: "crashed: …", "hung"); told each time. */
  readonly onDidRestart = this.restarted.event;
  private readonly recovered = new Emitter<void>();
  /** A restarted market has reloaded what was loaded: the views draw fresh answers again. */
  readonly onDidRecover = this.recovered.event;

  constructor(private readonly options: MarketClientOptions) {
    this.connect();
  }

  /** Gave up after too many restarts in a row (or disposed): every request now fails with kind `stopped`. */
  get stopped(): boolean {
    return this.disposed || this.gaveUp;
  }

  /** While the market restarts and reloads, the views are drawn from the last answers: stale. */
  get stale(): boolean {
    return this.recovering;
  }

  /** Asks the market; an abort cancels the request (its answer is then dropped, and skipped if not begun). */
  request<M extends Method>(method: M, params: Params<M>, signal?: AbortSignal): Promise<Result<M>> {
    const key = REMEMBERED.includes(method) ? `${method}\n${JSON.stringify(params)}` : undefined;
    if (this.recovering && key && this.last.has(key)) {
      return Promise.resolve(markStale(this.last.get(key)) as Result<M>);
    }
    if (method === 'configure') this.service = params as Params<'configure'>;
    if (method === 'watches') this.watches = params as Params<'watches'>;
    if (method === 'configure' && !(params as Params<'configure'>).service) this.loaded.clear();
    if (method === 'load') this.loaded.add((params as Params<'load'>).which);
    const answer = this.send(method, params, signal);
    return key ? answer.then((result) => (this.remember(key, result), result)) : answer;
  }

  private send<M extends Method>(method: M, params: unknown, signal?: AbortSignal): Promise<Result<M>> {
    if (this.disposed || !this.connection) return Promise.reject(new MarketRequestError({ kind: 'stopped', message: 'The market is not running.' }));
    if (signal?.aborted) return Promise.reject(new MarketRequestError({ kind: CANCELLED, message: CANCELLED }));
    const id = this.nextId++;
    const connection = this.connection;
    return new Promise<Result<M>>((resolve, reject) => {
      this.pending.set(id, { method, params, resolve: resolve as (value: unknown) => void, reject });
      signal?.addEventListener(
        'abort',
        () => {
          if (this.pending.delete(id)) {
            connection.transport.send({ v: PROTOCOL_VERSION, type: 'cancel', id });
            reject(new MarketRequestError({ kind: CANCELLED, message: CANCELLED }));
          }
        },
        { once: true },
      );
      connection.transport.send({ v: PROTOCOL_VERSION, type: 'request', id, method, params });
    });
  }

  private remember(key: string, result: unknown): void {
    this.last.delete(key);
    this.last.set(key, result);
    if (this.last.size > 64) this.last.delete(this.last.keys().next().value as string);
  }

  /** Starts the market, says hello, and configures and reloads it as it was; hands back the reloads. */
  private connect(): Map<Which, Promise<Result<'load'>>> {
    const connection = this.options.start();
    this.connection = connection;
    this.subscriptions = [connection.transport.onMessage((m) => this.receive(m)), connection.transport.onClose((reason) => this.restart(`crashed: ${reason}`))];
    const hello = this.send('hello', this.options.hello);
    hello.catch(() => undefined);
    if (this.service) void this.send('configure', this.service).catch(() => undefined);
    if (this.watches) void this.send('watches', this.watches).catch(() => undefined);
    const reloads = new Map([...this.loaded].map((which) => [which, this.send('load', { which })] as const));
    for (const reload of reloads.values()) reload.catch(() => undefined); // the restart that ends this market says why
    if (this.recovering) {
      // Recovered once the reloads are answered (or, with nothing to reload, the hello): a worker that dies again before counts as another restart in a row.
      const settled: Promise<unknown> = reloads.size ? Promise.all(reloads.values()) : hello;
      settled.then(
        () => {
          if (this.connection !== connection) return;
          this.recovering = false;
          this.restarts = 0;
          this.recovered.fire();
        },
        () => undefined,
      );
    }
    this.startWatchdog();
    return reloads;
  }

  private receive(message: unknown): void {
    if (!isMessage(message)) return;
    if (message.type === 'notify') {
      if (this.recovering && message.name === 'changed') return; // the views keep the last data until the reload ends
      this.notified.fire({ name: message.name, params: message.params } as never);
      return;
    }
    if (message.type !== 'response' && message.type !== 'error') return;
    if (message.id === this.pingSent) this.pingSent = undefined;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.type === 'response') pending.resolve(message.result);
    else pending.reject(new MarketRequestError(message.error));
  }

  private startWatchdog(): void {
    this.stopWatchdog();
    const { pingEveryMs, pingDeadlineMs } = this.options;
    if (!pingEveryMs) return;
    let sentAt = 0;
    this.watchdog = setInterval(() => {
      if (this.pingSent !== undefined) {
        if (Date.now() - sentAt >= pingDeadlineMs) this.restart('hung');
        return;
      }
      sentAt = Date.now();
      const id = this.nextId++;
      this.pingSent = id;
      this.connection?.transport.send({ v: PROTOCOL_VERSION, type: 'request', id, method: 'ping', params: {} });
    }, Math.max(1, Math.min(pingEveryMs, pingDeadlineMs)));
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = undefined;
    this.pingSent = undefined;
  }

  /** Ends the market as it is and starts it again; requests in flight are answered from the last answers or with an error, loads are sent again. */
  private restart(why: string): void {
    if (this.disposed) return;
    this.stopWatchdog();
    for (const s of this.subscriptions) s.dispose();
    this.connection?.terminate();
    this.connection = undefined;
    this.recovering = true;
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.restarts++;
    if (this.restarts > (this.options.maxRestarts ?? 5)) {
      this.gaveUp = true;
      for (const p of pending) p.reject(new MarketRequestError({ kind: 'stopped', message: `The market stopped: ${why}` }));
      this.restarted.fire(`${why}; stopped after ${this.restarts - 1} restarts`);
      return;
    }
    this.restarted.fire(why);
    const reloads = this.connect();
    for (const p of pending) {
      const key = `${p.method}\n${JSON.stringify(p.params)}`;
      const reload = p.method === 'load' ? reloads.get((p.params as Params<'load'>).which) : undefined;
      if (reload) reload.then(p.resolve, p.reject);
      else if (this.last.has(key)) p.resolve(markStale(this.last.get(key)));
      else p.reject(new MarketRequestError({ kind: 'restarted', message: `The market restarted (${why}).` }));
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopWatchdog();
    for (const s of this.subscriptions) s.dispose();
    this.connection?.terminate();
    this.connection = undefined;
    for (const p of this.pending.values()) p.reject(new MarketRequestError({ kind: 'stopped', message: 'The market stopped.' }));
    this.pending.clear();
    this.notified.dispose();
    this.restarted.dispose();
    this.recovered.dispose();
  }
}

function markStale(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, stale: true } : value;
}

