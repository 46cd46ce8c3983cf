// A window recording into a market history file, for the torture test: a
// real process that opens the file as the market worker does (openHistory)
// and records lists as fast as it can, each with the market's diff from its
// list before. Every writer sees one market: machine k of the spares is
// missing in every 10th phase of PHASE_MS, so machines go and come back.
// It says {begin: t} before each list and {done: t, ms} once committed, so
// the parent knows which lists may be there if it is killed in between.
import type { Machine } from '../../src/api/types';
import { diffMachines } from '../../src/market/diff';
import { isBusy } from '../../src/market/history/database';
import { openHistory } from '../../src/node/historyFile';
import { generateMachines } from '../../dev/demo/fixtures';

const [file, origin, machinesText, indexText] = process.argv.slice(2);
const index = Number(indexText);
const PHASE_MS = 40;
const SPARES = 10;
const all = generateMachines(Number(machinesText) + SPARES, 5) as Machine[];
const store = openHistory({ file, origin, keepDays: 365, onProblem: (m) => process.send?.({ problem: m }) });

let before: Machine[] | undefined;
let last = 0;
function next(): void {
  // A list is known by its time: this writer's times are its own (≡ its index modulo 8), and never ahead of the clock.
  let t = Math.max(Date.now(), last + 1);
  t += (((index - t) % 8) + 8) % 8;
  if (t > Date.now()) {
    setTimeout(next, t - Date.now());
    return;
  }
  last = t;
  const missing = Math.floor(t / PHASE_MS) % SPARES;
  const machines = all.filter((_, k) => k >= SPARES || k !== missing);
  process.send?.({ begin: t });
  const started = performance.now();
  try {
    store.record(t, machines, before ? { before, diff: diffMachines(before, machines) } : undefined);
    before = machines;
    process.send?.({ done: t, ms: performance.now() - started });
  } catch (err) {
    process.send?.({ failed: t, busy: isBusy(err), message: err instanceof Error ? err.message : String(err) });
  }
  setImmediate(next);
}
next();
