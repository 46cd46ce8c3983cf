// `gpu-rental record [QUERY]` (docs/cli.md): records each complete list into
// the market history with no editor open. Always the whole market (a part
// would read as machines gone): QUERY only chooses what the stderr line says.
import type { Machine } from '../api/types';
import type { Command } from './args';
import { diffMachines } from '../market/diff';
import { compileQuery } from '../model/query';
import { pricePerGpu } from '../model/price';
import { clientFor, queryOf, write, type Io } from './commands';
import { EXIT } from './errors';
import { withCliHistory } from './historyAccess';
import { terminalText } from './output';
import { everyInterval } from './polling';
import type { Service } from './setup';

function lineOf(t: number, items: readonly Machine[], query: string, matches: (m: Machine) => boolean): string {
  const at = new Date(t).toISOString();
  if (!query) return `gpu-rental: recorded ${items.length} machines at ${at}\n`;
  let n = 0;
  let low = Infinity;
  for (const m of items) {
    if (!matches(m)) continue;
    n++;
    low = Math.min(low, pricePerGpu(m));
  }
  const lowest = n > 0 && Number.isFinite(low) ? `, lowest ${low.toFixed(2)}/GPU` : '';
  return `gpu-rental: recorded ${items.length} machines at ${at}; ${n} match ${terminalText(query)}${lowest}\n`;
}

/** Runs until `stop` is aborted or --limit lists were recorded; resolves with the exit code (0 when a list was recorded). */
export async function runRecord(command: Extract<Command, { kind: 'record' }>, service: Service, io: Io, stop: AbortSignal): Promise<number> {
  const matches = command.query ? compileQuery(queryOf(command.query)) : () => true;
  const client = clientFor(service, command.timeoutSeconds);
  let before: readonly Machine[] | undefined;
  let recorded = 0;
  const limit = command.limit ?? Infinity;
  await withCliHistory(service.baseUrl.origin, io, (store) =>
    everyInterval(command.intervalSeconds, stop, io, 'list not recorded', async () => {
      const { items } = await client.listMachines(stop);
      const t = Date.now();
      store.record(t, items, before ? { before, diff: diffMachines(before, items) } : undefined);
      before = items;
      recorded++;
      await write(io.stderr, lineOf(t, items, command.query, matches));
      return recorded >= limit;
    }),
  );
  return recorded > 0 ? EXIT.found : EXIT.nothing;
}
