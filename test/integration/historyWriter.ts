// Another window recording the same service's market history, for the
// integration suite: a separate Node process that opens the history folder
// with HistoryStore exactly as the extension host does (the same options:
// origin, days kept) and records each list the test sends it, as another
// window would record the lists it loads. It answers each with the time it
// recorded, and exits when told to.
import { HistoryStore } from '../../src/market/history/store';
import type { Machine } from '../../src/api/types';

const [dir, origin, days] = process.argv.slice(2);
const store = new HistoryStore({ dir, origin, keepDays: Number(days) });

process.on('message', (message: { t: number; machines: Machine[] } | { exit: true }) => {
  if ('exit' in message) {
    process.exit(0);
  }
  store.record(message.t, message.machines);
  process.send?.({ recorded: message.t });
});
process.send?.({ ready: true });
