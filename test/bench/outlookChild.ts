// The first outlooks in a fresh process, for `npm run bench` (test/bench/history.ts
// runs this file five times on copies of the modelled year): the first time a
// process asks is when V8 has compiled none of the outlook's code and the read's
// garbage is still to be collected, which one measurement in the bench's own
// process, after everything else it ran, would hide. The window is read as the
// market worker reads it, a slice a turn of the event loop, and the outlook asked
// a turn after the last (historyHandlers.ts), with the worker's practice of the
// outlook's code between the slices (outlookPractice.ts): between turns V8
// finishes the collections the read began, there as here. Prints, as JSON, the milliseconds
// of the read, of the first filter asked and of a second, new one.
import { generateMachines } from '../../dev/demo/fixtures';
import { validateMachines } from '../../src/api/schema';
import { outlookAnswer } from '../../src/market/history/outlookAnswer';
import { nextTurn } from '../../src/market/turns';
import { openHistory } from '../../src/node/historyFile';

const [file, origin, count, seed, now, first, second] = process.argv.slice(2);

async function main(): Promise<void> {
  const store = openHistory({ file, origin, keepDays: 365 });
  try {
    // As the bench's own process: the list of the moment recorded, then the window read as the worker reads it.
    store.record(Number(now), validateMachines(generateMachines(Number(count), Number(seed))).items);
    const read = performance.now();
    const steps = store.outlookSteps({ practise: true });
    while (!steps.next().done) await nextTurn();
    await nextTurn();
    const readMs = performance.now() - read;
    const time = (query: string) => {
      const t0 = performance.now();
      outlookAnswer(store.outlook(), query);
      return performance.now() - t0;
    };
    const firstMs = time(first);
    // The worker answers each asker in a turn of its own.
    await nextTurn();
    process.stdout.write(JSON.stringify({ read: readMs, first: firstMs, second: time(second) }));
  } finally {
    store.close();
  }
}

void main();
