// The demo market running inside the demo server: a timer that ticks the pure
// simulation (market.ts), a machine added by hand, and a log of everything it
// did with node IDs, so tests and benchmarks can tell what a watcher should
// have been told. Served under /__demo/market/.
import type { Machine } from '../../src/api/types';
import { mulberry32, randomMachine, type MachineSpec } from './fixtures';
import { marketTick, type MarketChange } from './market';

export interface MarketLogEntry extends MarketChange {
  /** 1, 2, … in the order things happened; `/__demo/market/log?since=N` gives the later ones. */
  seq: number;
  at: string;
  kind: 'tick' | 'add' | 'reset';
  /** The tick number, for kind 'tick'. */
  tick?: number;
}

export interface MarketOptions {
  /** Milliseconds between ticks; default 5000. */
  intervalMs?: number;
  /** Same seed, same ticks (given the same start list); default 1. */
  seed?: number;
}

/** Where the market reads and writes the served machine list. */
export interface MarketStore {
  get(): readonly unknown[];
  set(machines: unknown[]): void;
}

export const DEFAULT_MARKET_INTERVAL_MS = 5000;
/** Enough for a 1,000-poll soak at a few events each; older entries are dropped. */
const LOG_LIMIT = 20_000;

export class DemoMarket {
  readonly intervalMs: number;
  readonly seed: number;
  readonly log: MarketLogEntry[] = [];
  private readonly rng: ReturnType<typeof mulberry32>;
  // Machines added by hand come from their own stream, so adding one does not change what later ticks do.
  private readonly addRng: ReturnType<typeof mulberry32>;
  private ticks = 0;
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly store: MarketStore, options: MarketOptions = {}) {
    this.intervalMs = options.intervalMs ?? DEFAULT_MARKET_INTERVAL_MS;
    this.seed = options.seed ?? 1;
    this.rng = mulberry32(this.seed);
    this.addRng = mulberry32(this.seed ^ 0xadd);
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  get tickCount(): number {
    return this.ticks;
  }

  /** Starts ticking every intervalMs (again); no-op when running. */
  resume(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    // A forgotten market must not keep a test run or the extension host alive.
    this.timer.unref();
  }

  pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One step now, whether running or not. */
  tick(): MarketLogEntry {
    this.ticks++;
    const { machines, ...change } = marketTick(this.store.get(), this.rng, this.ticks);
    this.store.set(machines);
    return this.record('tick', change, this.ticks);
  }

  /** Lists a machine like `spec` at once (at the end of the list) and returns it. */
  add(spec: MachineSpec = {}): Machine {
    const list = this.store.get();
    const taken = new Set(list.map((m) => (m as { node_name?: unknown } | null)?.node_name).filter((id): id is string => typeof id === 'string'));
    const machine = randomMachine(this.addRng, taken, spec);
    this.store.set([...list, machine]);
    this.record('add', { appeared: [machine.node_name], gone: [], repriced: [] });
    return machine;
  }

  /** The server restored its start list: logged, so the log still explains the list. */
  noteReset(): void {
    this.record('reset', { appeared: [], gone: [], repriced: [] });
  }

  since(seq: number): MarketLogEntry[] {
    return this.log.filter((e) => e.seq > seq);
  }

  dispose(): void {
    this.pause();
  }

  private record(kind: MarketLogEntry['kind'], change: MarketChange, tick?: number): MarketLogEntry {
    const entry: MarketLogEntry = { seq: ++this.seq, at: new Date().toISOString(), kind, ...(tick === undefined ? {} : { tick }), ...change };
    this.log.push(entry);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
    return entry;
  }
}

export type ControlReply = { status: number; body: string; contentType: string };

const GPU_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const PRICE = /^\d{1,6}(\.\d{1,3})?$/;

function jsonReply(status: number, value: unknown): ControlReply {
  return { status, body: `${JSON.stringify(value, null, 2)}\n`, contentType: 'application/json' };
}

/** Reads `gpu`, `gpus` and `price` of /__demo/market/add; a string says what is wrong. */
export function parseMachineSpec(q: URLSearchParams): MachineSpec | string {
  const spec: MachineSpec = {};
  const gpu = q.get('gpu');
  if (gpu !== null) {
    if (!GPU_NAME.test(gpu)) return 'gpu must be a GPU model name such as H100_SXM5_80GB (letters, digits, _ . -)';
    spec.gpu = gpu;
  }
  const gpus = q.get('gpus');
  if (gpus !== null) {
    if (!/^\d{1,2}$/.test(gpus) || Number(gpus) < 1 || Number(gpus) > 16) return 'gpus must be a whole number from 1 to 16';
    spec.gpus = Number(gpus);
  }
  const price = q.get('price');
  if (price !== null) {
    if (!PRICE.test(price) || Number(price) <= 0) return 'price must be a positive decimal such as 12.00';
    spec.price = price;
  }
  return spec;
}

/** Answers /__demo/market/<action>; undefined for an unknown action. */
export function marketControl(market: DemoMarket, action: string, q: URLSearchParams): ControlReply | undefined {
  const state = () => ({ running: market.running, intervalMs: market.intervalMs, seed: market.seed, ticks: market.tickCount });
  switch (action) {
    case '':
      return jsonReply(200, state());
    case 'pause':
      market.pause();
      return jsonReply(200, state());
    case 'resume':
      market.resume();
      return jsonReply(200, state());
    case 'tick':
      return jsonReply(200, market.tick());
    case 'log': {
      const since = q.get('since');
      if (since !== null && !/^\d{1,15}$/.test(since)) return jsonReply(400, { error: 'since must be a non-negative integer' });
      return jsonReply(200, market.since(since === null ? 0 : Number(since)));
    }
    case 'add': {
      const spec = parseMachineSpec(q);
      if (typeof spec === 'string') return jsonReply(400, { error: spec });
      return jsonReply(200, market.add(spec));
    }
    default:
      return undefined;
  }
}

export const MARKET_HELP = `
The demo market (npm start runs it; node out/dev/demo/main.js --market):
every few seconds a few machines appear, go or change price, the same way for
the same --seed, so a watch in GPU Rental finds news within a minute.
GET /__demo/market                         running, interval, seed, ticks (JSON)
GET /__demo/market/add?[gpu=H100_SXM5_80GB]&[gpus=8]&[price=12.00]
                                           list a machine like that now; answers it as JSON
GET /__demo/market/pause | /resume         stop or restart the ticking
GET /__demo/market/tick                    one step now (answers what it did)
GET /__demo/market/log?[since=N]           what the market did, with node IDs (JSON)
/__demo/reset restores the start list but leaves the market running.
`;
