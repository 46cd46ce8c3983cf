// The market worker's entry (dist/marketWorker.js): a MarketServer on the
// parent port, with the market history on disk; also served in the
// extension's own thread where no worker can start (`serveInThread`).
import { parentPort } from 'node:worker_threads';
import { openHistory } from './historyFile';
import type { MessageConnection } from 'vscode-jsonrpc';
import type { Connection } from '../market/worker/client';
import { MarketServer } from '../market/worker/server';
import { portConnection, portPair } from './nodeTransport';
import { warmFetch } from './warmFetch';

/** The market on a connection, with its history on disk. */
export function serve(connection: MessageConnection): MarketServer {
  return new MarketServer(connection, { openHistory });
}

/** The market in the caller's thread: the client's end of a channel, and how to end it. */
export function serveInThread(): Connection {
  const pair = portPair();
  const server = serve(pair.far);
  return { rpc: pair.near, onClose: () => ({ dispose: () => undefined }), terminate: () => (server.dispose(), pair.close()), inThread: true };
}

// Run as a worker (not loaded into the extension's thread, nor by a test worker that wraps it).
if (parentPort && require.main === module) {
  serve(portConnection(parentPort));
  // Node loads and compiles its fetch on first use: done while the worker idles, not in the first load a person waits for.
  setTimeout(() => void warmFetch(), 0);
}
