// `gpu-rental watch QUERY` (docs/cli.md): each machine as it newly matches,
// one JSON line. The first poll is the baseline, as for the extension's
// watches (src/market/watch.ts).
import type { Machine } from '../api/types';
import { diffMachines } from '../market/diff';
import { newlyMatching, parseWatches } from '../market/watch';
import type { Command } from './args';
import { clientFor, queryOf, write, type Io } from './commands';
import { EXIT } from './errors';
import { machineOut, safeJson, terminalText } from './output';
import type { Service } from './setup';
import { everyInterval } from './polling';

/** Runs until `stop` is aborted (SIGINT, SIGTERM) or --limit machines were printed; resolves with the exit code. */
export async function runWatch(command: Extract<Command, { kind: 'watch' }>, service: Service, io: Io, stop: AbortSignal): Promise<number> {
  queryOf(command.query);
  const watch = parseWatches([{ query: command.query }]).watches[0];
  const client = clientFor(service, command.timeoutSeconds);
  let before: readonly Machine[] | undefined;
  let printed = 0;
  const limit = command.limit ?? Infinity;
  await everyInterval(command.intervalSeconds, stop, io, 'poll failed', async () => {
    const { items } = await client.listMachines(stop);
    const diff = diffMachines(before, items);
    if (!before) {
      const now = items.filter(watch.matches).length;
      await write(io.stderr, `gpu-rental: watching ${terminalText(watch.queryText)}: ${now} of ${items.length} machines match now; printing those that newly match, every ${command.intervalSeconds} s\n`);
    }
    before = items;
    for (const machine of newlyMatching(watch, diff)) {
      await write(io.stdout, `${safeJson(machineOut(machine))}\n`);
      if (++printed >= limit) return true;
    }
    return false;
  });
  return printed ? EXIT.found : EXIT.nothing;
}
