// The market's protocol in one thread, for the unit tests of the server and
// its handlers: a MarketClient and a MarketServer on a MessageChannel (as the
// in-thread fallback runs), configured against the demo API on 127.0.0.1 (or with
// no service), ended together.
import type { Disposable } from '../../src/market/events';
import { PROTOCOL_VERSION, type HistorySettings, type ServiceSettings } from '../../src/market/protocol';
import { MarketClient } from '../../src/market/worker/client';
import type { OpenHistory } from '../../src/market/worker/historyHandlers';
import { MarketServer } from '../../src/market/worker/server';
import { portPair } from '../../src/node/nodeTransport';
import { SECRET } from './client';

/** The service settings of a demo API: the tests' token, no retries unless a test asks for them. */
export function demoService(api: { url: string }, retry: ServiceSettings['retry'] = { retries: 0 }): ServiceSettings {
  return { baseUrl: api.url, token: SECRET, timeoutMs: 5000, templatePageSize: 100, retry };
}

export interface InThreadOptions {
  /** The server's clock. */
  now?: () => Date;
  /** Opens the server's market history; without it, no history. */
  openHistory?: OpenHistory;
  /** The protocol version the client says it speaks (this one's without it). */
  version?: number;
  /** Restarts in a row before the client gives up (the client's default without it). */
  maxRestarts?: number;
  /** Told each start of a market, with how to crash it and the starts so far: a test can end it early. */
  started?: (crash: () => void, starts: number) => void;
}

export interface InThreadMarket extends Disposable {
  readonly client: MarketClient;
  /** The market started last (a restart starts another); undefined before the first request. */
  readonly server: MarketServer | undefined;
  /** How many markets the client has started. */
  readonly starts: number;
  /** Ends the market started last as a worker's crash would: its client hears it closed. */
  crash(): void;
}

/** A client of a market in this thread, not configured yet: it starts at its first request. */
export function marketInThread(options: InThreadOptions = {}): InThreadMarket {
  let server: MarketServer | undefined;
  let crash = () => undefined as void;
  let starts = 0;
  const client = new MarketClient({
    start: () => {
      starts++;
      const pair = portPair();
      const started = new MarketServer(pair.far, { now: options.now, openHistory: options.openHistory });
      const closers = new Set<(reason: string) => void>();
      const end = () => (started.dispose(), pair.close());
      server = started;
      crash = () => {
        end();
        for (const closer of [...closers]) closer('closed');
      };
      options.started?.(crash, starts);
      return {
        rpc: pair.near,
        onClose: (listener) => (closers.add(listener), { dispose: () => void closers.delete(listener) }),
        terminate: () => (closers.clear(), end()),
      };
    },
    hello: { version: options.version ?? PROTOCOL_VERSION, language: undefined, bundle: undefined },
    pingEveryMs: 0,
    pingDeadlineMs: 0,
    maxRestarts: options.maxRestarts,
  });
  return {
    client,
    get server() {
      return server;
    },
    get starts() {
      return starts;
    },
    crash: () => crash(),
    dispose: () => client.dispose(),
  };
}

export interface StartOptions extends InThreadOptions {
  /** The demo API the market asks; without it, no service. */
  api?: { url: string };
  retry?: ServiceSettings['retry'];
  /** Where and how the market keeps its history (with `openHistory`). */
  history?: HistorySettings;
  /** Listens to the market's notifications from before it is configured. */
  onNotify?: Parameters<MarketClient['onNotify']>[0];
}

/** A market in this thread, configured with the demo API (or no service) and the history given. */
export async function startMarket(options: StartOptions = {}): Promise<InThreadMarket> {
  const market = marketInThread(options);
  if (options.onNotify) market.client.onNotify(options.onNotify);
  await market.client.request('configure', { service: options.api && demoService(options.api, options.retry), history: options.history });
  return market;
}
