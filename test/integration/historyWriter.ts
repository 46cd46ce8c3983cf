// Another window recording the same service's market history, for the
// integration suite: a separate Node process (the extension host's own
// runtime, so one with node:sqlite) that opens the history file with
// openHistory exactly as the market worker does (the same options: origin,
// days kept) and records each list the test sends it, as another window
// would record the lists it loads. It answers each with the time it
// recorded, and exits when told to.
import type { Machine } from '../../src/api/types';
import { openHistory } from '../../src/node/historyFile';

const [file, origin, days] = process.argv.slice(2);
const store = openHistory({ file, origin, keepDays: Number(days) });

process.on('message', (message: { t: number; machines: Machine[] } | { exit: true }) => {
  if ('exit' in message) {
    store.close();
    process.exit(0);
  }
  store.record(message.t, message.machines);
  process.send?.({ recorded: message.t });
});
process.send?.({ ready: true });
