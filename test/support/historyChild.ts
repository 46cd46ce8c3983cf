// A process that records into a market history, for the store's tests: told
// a folder, an origin, its index among the writers, how many lists to record
// and how many machines each has. Like windows watching one market, every
// writer sees the same market at the same time: spare machine k (of ten) is
// missing during every 10th phase of PHASE_MS after `start` (argv), so it goes
// and comes back while they record. It compacts after every list (the most contention there is) and
// tells the parent each list it has recorded. With count 0 it records until killed.
// With a sixth argument `diff`, it records each list with the market's diff
// from its list before, as the extension does (see ListFollower).
import { HistoryStore } from '../../src/market/history/store';
import type { Machine } from '../../src/api/types';
import { diffMachines } from '../../src/market/diff';
import { generateMachines } from '../../dev/demo/fixtures';

const [dir, origin, startText, countText, machinesText, mode] = process.argv.slice(2);
const start = Number(startText);
const PHASE_MS = 60;
const count = Number(countText);
const all = generateMachines(Number(machinesText) + 10, 5) as Machine[];
const store = new HistoryStore({ dir, origin, keepDays: 365 * 5, compactBytes: 1 });

let before: Machine[] | undefined;
for (let i = 0; count === 0 || i < count; i++) {
  const t = Date.now();
  const missing = Math.floor((t - start) / PHASE_MS) % 10;
  const machines = all.filter((_, k) => k >= 10 || k !== missing);
  store.record(t, machines, mode === 'diff' && before ? { before, diff: diffMachines(before, machines) } : undefined);
  before = machines;
  process.send?.({ recorded: t, missing });
}
process.send?.({ done: true }, () => process.exit(0));
