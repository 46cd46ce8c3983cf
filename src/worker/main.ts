// The market worker's entry (dist/marketWorker.js): a MarketServer on the
// parent port, with the market history on disk. Started by the extension
// (src/vscode/services/marketHost.ts).
import { parentPort } from 'node:worker_threads';
import { HistoryStore } from '../market/history/store';
import { MarketServer } from '../market/worker/server';
import { parentTransport } from './nodeTransport';

if (parentPort) {
  new MarketServer(parentTransport(parentPort), { crash: () => process.exit(70), openHistory: (options) => new HistoryStore(options) });
}
