// The market worker's entry (dist/marketWorker.js): a MarketServer on the
// parent port, with the market history on disk. Started by the extension
// (src/vscode/services/marketHost.ts). Where no worker can start, the
// extension loads this same file into its own thread and serves the market
// on a pair of ends there (`serveInThread`): the market's code ships once.
import { parentPort } from 'node:worker_threads';
import { openHistory } from './historyFile';
import type { Connection } from '../market/worker/client';
import { MarketServer } from '../market/worker/server';
import { transportPair } from '../market/worker/transport';
import { parentTransport } from './nodeTransport';

/** The market in the caller's thread: the client's end of a pair, and how to end it. */
export function serveInThread(): Connection {
  const [near, far] = transportPair();
  const server = new MarketServer(far, { openHistory });
  return { transport: near, terminate: () => (near.dispose(), server.dispose()) };
}

if (parentPort) {
  new MarketServer(parentTransport(parentPort), { crash: () => process.exit(70), openHistory });
  // Node loads and compiles its fetch (undici) on first use, 30–50 ms: done while the worker idles, not in the first load a person waits for.
  setTimeout(() => void fetch('data:application/json,[]').then((response) => response.json()).catch(() => undefined), 0);
}
