// The first outlooks in a fresh process, for `npm run bench` (test/bench/history.ts
// runs this file five times on copies of the modelled year): the first time a
// process asks is when V8 has compiled none of the outlook's code and the read's
// garbage is still to be collected, which one measurement in the bench's own
// process, after everything else it ran, would hide. Prints, as JSON, the
// milliseconds of the first filter asked and of a second, new one.
import { generateMachines } from '../../dev/demo/fixtures';
import { validateMachines } from '../../src/api/schema';
import { outlookAnswer } from '../../src/market/history/outlookAnswer';
import { finish } from '../../src/market/history/steps';
import { openHistory } from '../../src/node/historyFile';

const [file, origin, count, seed, now, first, second] = process.argv.slice(2);
const store = openHistory({ file, origin, keepDays: 365 });
try {
  // As the bench's own process: the list of the moment recorded, then the window read (here at once).
  store.record(Number(now), validateMachines(generateMachines(Number(count), Number(seed))).items);
  finish(store.outlookSteps());
  const time = (query: string) => {
    const t0 = performance.now();
    outlookAnswer(store.outlook(), query);
    return performance.now() - t0;
  };
  process.stdout.write(JSON.stringify({ first: time(first), second: time(second) }));
} finally {
  store.close();
}
