// The editor's side of the protocol: asks the market for what it draws, and
// watches over the worker (restarts, stale answers, the in-thread fallback:
// docs/architecture.md, "Where the work happens"). Plain TypeScript: the Node
// specifics are in `start` and `inThread`.
import { CancellationTokenSource, ResponseError, type MessageConnection, type NotificationType } from 'vscode-jsonrpc';
import { Emitter, type Disposable } from '../events';
import { CANCELLED, MarketRequestError, NOTIFICATIONS, PROTOCOL_VERSION, VERSION_MISMATCH, versionMismatch, type Method, type NotificationName, type Notifications, type Params, type Result, type Which, type WireError } from '../protocol';

export { MarketRequestError };

/** A running market: its connection, when it ends by itself (a crash), and how to end it at once (a hung worker is terminated, not asked). */
export interface Connection {
  rpc: MessageConnection;
  onClose(listener: (reason: string) => void): Disposable;
  terminate(): void;
  /** Runs in this thread: no watchdog (it cannot hang apart from the editor). */
  inThread?: boolean;
}

export interface MarketClientOptions {
  start: () => Connection;
  /** The same server in this thread: what replaces a worker that keeps dying (without it, the client stops). */
  inThread?: () => Connection;
  hello: Params<'hello'>;
  /** How often the watchdog pings, and how long an answer may take before the market counts as hung; 0 = no watchdog (the in-thread market cannot hang apart from the editor). */
  pingEveryMs: number;
  pingDeadlineMs: number;
  /** Restarts in a row (without a load that ends in between) before the market moves into this thread, or gives up. */
  maxRestarts?: number;
}

type Pending = { method: Method; params: unknown; resolve: (value: unknown) => void; reject: (err: unknown) => void };

/** Answers worth serving again while the market restarts: what the views draw. */
const REMEMBERED: readonly Method[] = ['summary', 'rows', 'state', 'machine', 'watchStats', 'nearMisses', 'machineDetails', 'template', 'templateView'];

export class MarketClient implements Disposable {
  private connection: { rpc: MessageConnection; market: Connection } | undefined;
  private subscriptions: Disposable[] = [];
  private readonly pending = new Set<Pending>();
  private readonly last = new Map<string, unknown>();
  private service: Params<'configure'> | undefined;
  /** The active watches, told again to a restarted market. */
  private watches: Params<'watches'> | undefined;
  private readonly loaded = new Set<Which>();
  private recovering = false;
  private restarts = 0;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private pingSentAt: number | undefined;
  private disposed = false;
  /** Why every request fails from now on (gave up, or another protocol version). */
  private failure: WireError | undefined;
  private movedInThread = false;
  private readonly notified = new Emitter<{ [N in NotificationName]: { name: N; params: Notifications[N] } }[NotificationName]>();
  readonly onNotify = this.notified.event;
  private readonly restarted = new Emitter<string>();
  /** The market was restarted (why: "crashed: …", "hung", "… moved into this thread"), or failed for good (then `stopped`); told each time. */
  readonly onDidRestart = this.restarted.event;
  private readonly recovered = new Emitter<void>();
  /** A restarted market has reloaded what was loaded: the views draw fresh answers again. */
  readonly onDidRecover = this.recovered.event;

  constructor(private readonly options: MarketClientOptions) {
    this.connect(options.start);
  }

  /** Failed for good (too many restarts without `inThread`, another protocol version) or disposed: every request now fails. */
  get stopped(): boolean {
    return this.disposed || this.failure !== undefined;
  }

  /** The market runs in this thread now: the worker kept dying. */
  get inThread(): boolean {
    return this.movedInThread;
  }

  /** While the market restarts and reloads, the views are drawn from the last answers: stale. */
  get stale(): boolean {
    return this.recovering;
  }

  /** Asks the market; an abort cancels the request (its answer is then dropped, and the handler told through its token). */
  request<M extends Method>(method: M, params: Params<M>, signal?: AbortSignal): Promise<Result<M>> {
    const key = REMEMBERED.includes(method) ? keyOf(method, params) : undefined;
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
    if (this.failure) return Promise.reject(new MarketRequestError(this.failure));
    if (this.disposed || !this.connection) return Promise.reject(new MarketRequestError({ kind: 'stopped', message: 'The market is not running.' }));
    if (signal?.aborted) return Promise.reject(new MarketRequestError({ kind: CANCELLED, message: CANCELLED }));
    const { rpc } = this.connection;
    return new Promise<Result<M>>((resolve, reject) => {
      const source = new CancellationTokenSource();
      const pending: Pending = { method, params, resolve: resolve as (value: unknown) => void, reject };
      // Settled once: by the answer, the abort, or a restart (which takes the pending requests).
      const settle = () => (signal?.removeEventListener('abort', abort), this.pending.delete(pending));
      const abort = () => settle() && (source.cancel(), reject(new MarketRequestError({ kind: CANCELLED, message: CANCELLED })));
      this.pending.add(pending);
      signal?.addEventListener('abort', abort, { once: true });
      // JSON-RPC says null for nothing; the protocol says undefined.
      rpc.sendRequest(method, params, source.token).then(
        (result) => settle() && resolve((result ?? undefined) as Result<M>),
        (err: unknown) => settle() && reject(requestError(err)),
      );
    });
  }

  private remember(key: string, result: unknown): void {
    this.last.delete(key);
    this.last.set(key, result);
    if (this.last.size > 64) this.last.delete(this.last.keys().next().value as string);
  }

  /** Starts the market, says hello, and configures and reloads it as it was; hands back the reloads. */
  private connect(start: () => Connection): Map<Which, Promise<Result<'load'>>> {
    const market = start();
    const rpc = market.rpc;
    const connection = { rpc, market };
    this.connection = connection;
    for (const name of Object.keys(NOTIFICATIONS) as NotificationName[]) {
      rpc.onNotification(NOTIFICATIONS[name] as NotificationType<object>, (params) => {
        if (this.recovering && name === 'changed') return; // the views keep the last data until the reload ends
        this.notified.fire({ name, params } as never);
      });
    }
    this.subscriptions = [rpc, market.onClose((reason) => this.restart(`crashed: ${reason}`))];
    rpc.listen();
    const hello = this.send('hello', this.options.hello).then((answer) => {
      if (answer.version !== PROTOCOL_VERSION) throw new MarketRequestError(versionMismatch(answer.version));
    });
    hello.catch((err: unknown) => err instanceof MarketRequestError && err.kind === VERSION_MISMATCH && this.fail(err.wire));
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
    if (!market.inThread) this.startWatchdog();
    return reloads;
  }

  private startWatchdog(): void {
    this.stopWatchdog();
    const { pingEveryMs, pingDeadlineMs } = this.options;
    if (!pingEveryMs) return;
    this.watchdog = setInterval(() => {
      if (this.pingSentAt !== undefined) {
        if (Date.now() - this.pingSentAt >= pingDeadlineMs) this.restart('hung');
        return;
      }
      const connection = this.connection;
      if (!connection) return;
      this.pingSentAt = Date.now();
      connection.rpc.sendRequest('ping', {}).then(
        () => this.connection === connection && (this.pingSentAt = undefined),
        () => undefined,
      );
    }, Math.max(1, Math.min(pingEveryMs, pingDeadlineMs)));
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = undefined;
    this.pingSentAt = undefined;
  }

  /** Ends the market as it is, and its requests in flight (handed back). */
  private end(): Pending[] {
    this.stopWatchdog();
    for (const s of this.subscriptions) s.dispose();
    this.subscriptions = [];
    this.connection?.market.terminate();
    this.connection = undefined;
    const pending = [...this.pending];
    this.pending.clear();
    return pending;
  }

  /** Another protocol version, or too many restarts: every request fails with this error from now on. */
  private fail(error: WireError): void {
    if (this.failure || this.disposed) return;
    this.failure = error;
    for (const p of this.end()) p.reject(new MarketRequestError(error));
    this.restarted.fire(error.message);
  }

  /** Ends the market as it is and starts it again (in this thread after too many restarts); requests in flight are answered from the last answers or with an error, loads are sent again. */
  private restart(why: string): void {
    if (this.disposed || this.failure) return;
    const pending = this.end();
    this.recovering = true;
    this.restarts++;
    let start = this.options.start;
    if (this.restarts > (this.options.maxRestarts ?? 5)) {
      if (this.movedInThread || !this.options.inThread) {
        for (const p of pending) this.pending.add(p);
        this.fail({ kind: 'stopped', message: `The market stopped: ${why}; stopped after ${this.restarts - 1} restarts` });
        return;
      }
      this.movedInThread = true;
      start = this.options.inThread;
      why = `${why}; moved into this thread after ${this.restarts - 1} restarts`;
    }
    this.restarted.fire(why);
    const reloads = this.connect(start);
    for (const p of pending) {
      const key = keyOf(p.method, p.params);
      const reload = p.method === 'load' ? reloads.get((p.params as Params<'load'>).which) : undefined;
      if (reload) reload.then(p.resolve, p.reject);
      else if (this.last.has(key)) p.resolve(markStale(this.last.get(key)));
      else p.reject(new MarketRequestError({ kind: 'restarted', message: `The market restarted (${why}).` }));
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const p of this.end()) p.reject(new MarketRequestError({ kind: 'stopped', message: 'The market stopped.' }));
    this.notified.dispose();
    this.restarted.dispose();
    this.recovered.dispose();
  }
}

function keyOf(method: Method, params: unknown): string {
  return `${method}\n${JSON.stringify(params)}`;
}

/** The server's error as it sent it (a WireError in the JSON-RPC error's data), or what the connection says. */
function requestError(err: unknown): MarketRequestError {
  if (err instanceof ResponseError && typeof (err.data as WireError | undefined)?.kind === 'string') return new MarketRequestError(err.data as WireError);
  return new MarketRequestError({ kind: 'bug', message: err instanceof Error ? err.message : String(err) });
}

function markStale(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, stale: true } : value;
}
