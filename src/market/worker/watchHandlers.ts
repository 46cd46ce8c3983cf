// The watches' side of the market server: which watch queries are active,
// what each new snapshot newly brings them (the `news` notification, node IDs
// only), their figures (matches, cheapest per GPU), the machines an alert is
// about, and near misses. The matching over machines happens here, where the
// market is; the editor keeps the alerts' timing, text and buttons.
import type { CancellationToken } from 'vscode-jsonrpc';
import type { Machine } from '../../api/types';
import { compileQuery, isEmptyQuery, parseQuery, type MachineHistory } from '../../model/query';
import { nearMisses, NEAR_MISS_BELOW, type NearMiss } from '../../model/nearMiss';
import { pricePerGpu } from '../../model/price';
import { cheapest } from '../alertText';
import type { MachineDiff } from '../diff';
import type { Market } from '../market';
import { newsOf } from '../news';
import type { Handlers, Notifications, WatchStats } from '../protocol';
import type { Snapshot } from '../snapshot';
import { checkCancelled, eachInTurns } from '../turns';

type Test = (machine: Machine) => boolean;

/** Filters typed in a snapshot's life whose near misses are kept (each keystroke is one). */
const KEPT_FILTERS = 32;

/** The watches' handlers, and the news of a new machine snapshot for the active watches. */
export function watchDomain(market: Market, history: MachineHistory | undefined): { handlers: Handlers<'watches' | 'watchStats' | 'watchAlert' | 'nearMisses'>; news(diff: MachineDiff): Notifications['news'] } {
  /** Compiled queries by text (the watches' and the near misses' gates); undefined: not valid, or empty. */
  const tests = new Map<string, Test | undefined>();
  let active: { queryText: string; matches: Test }[] = [];
  const stats = new WeakMap<Snapshot<Machine>, Map<string, WatchStats>>();
  const misses = new WeakMap<Snapshot<Machine>, Map<string, NearMiss[]>>();

  const testOf = (text: string): Test | undefined => {
    if (!tests.has(text)) {
      if (tests.size >= 4 * KEPT_FILTERS) tests.delete(tests.keys().next().value as string);
      const parsed = parseQuery(text);
      tests.set(text, parsed.ok && !isEmptyQuery(parsed.query) ? compileQuery(parsed.query, history) : undefined);
    }
    return tests.get(text);
  };

  const perSnapshot = <T>(cache: WeakMap<Snapshot<Machine>, Map<string, T>>, snapshot: Snapshot<Machine>): Map<string, T> => {
    let map = cache.get(snapshot);
    if (!map) cache.set(snapshot, (map = new Map()));
    return map;
  };

  const statsOf = async (snapshot: Snapshot<Machine>, query: string, token: CancellationToken): Promise<WatchStats> => {
    const cached = perSnapshot(stats, snapshot);
    let found = cached.get(query);
    if (!found) {
      const test = testOf(query);
      let matches = 0;
      let low = Infinity;
      if (test) {
        await eachInTurns(snapshot.items, token, (machine) => {
          if (test(machine)) {
            matches++;
            low = Math.min(low, pricePerGpu(machine));
          }
        });
      }
      found = { matches, cheapestPerGpu: matches ? low : undefined };
      cached.set(query, found);
    }
    return found;
  };

  const nearMissesOf = async (snapshot: Snapshot<Machine>, filter: string, token: CancellationToken): Promise<NearMiss[]> => {
    const cached = perSnapshot(misses, snapshot);
    let found = cached.get(filter);
    if (!found) {
      const parsed = parseQuery(filter);
      const test = testOf(filter);
      found = [];
      if (parsed.ok && test) {
        // The same count the view shows (history fields included), stopped as soon as it reaches the bound.
        let matching = 0;
        await eachInTurns(snapshot.items, token, (machine) => test(machine) && matching++);
        checkCancelled(token);
        if (matching < NEAR_MISS_BELOW) found = nearMisses(snapshot.items, parsed.query);
      }
      if (cached.size >= KEPT_FILTERS) cached.delete(cached.keys().next().value as string);
      cached.set(filter, found);
    }
    return found;
  };

  return {
    handlers: {
      watches: async ({ queries }) => {
        active = queries.flatMap((queryText) => {
          const matches = testOf(queryText);
          return matches ? [{ queryText, matches }] : [];
        });
        return {};
      },
      watchStats: async ({ queries }, token) => {
        const snapshot = market.machines.snapshot;
        if (!snapshot) return { stats: undefined };
        const stats: WatchStats[] = [];
        for (const query of queries) stats.push(await statsOf(snapshot, query, token));
        return { stats };
      },
      watchAlert: async ({ nodeIds }) => {
        const listed = nodeIds.map((id) => market.machine(id)).filter((m): m is Machine => m !== undefined);
        return { listed: listed.length, first: listed[0], cheapest: cheapest(listed) };
      },
      nearMisses: async ({ filter }, token) => {
        const snapshot = market.machines.snapshot;
        return snapshot ? nearMissesOf(snapshot, filter, token) : [];
      },
    },
    news: (diff) => newsOf(diff, active),
  };
}
