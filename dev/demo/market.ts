// The demo market's simulation, pure: given the listed machines, a seeded RNG
// and the tick number, the next list and what changed. A few machines per
// tick appear, go or change price, so a person watching a filter sees an
// alert within a minute at the default five-second tick, and the same seed
// always tells the same story.
import type { Machine } from '../../src/api/types';
import { randomMachine, type Rng } from './fixtures';

export interface Repricing {
  id: string;
  from: string;
  to: string;
}

/** What one tick (or one hand-made change) did, by node ID. */
export interface MarketChange {
  appeared: string[];
  gone: string[];
  repriced: Repricing[];
}

export interface MarketTick extends MarketChange {
  /** The next list: the old one minus the gone, with new prices, plus the new machines at the end. */
  machines: unknown[];
}

/** The list never shrinks below this through ticks, so a long run does not empty the market. */
export const MIN_LISTED = 20;

/** Machines the simulation may touch; `setData` can serve anything, and junk is left as it is. */
function isMachineLike(item: unknown): item is Machine {
  const m = item as Partial<Machine> | null;
  return typeof m === 'object' && m !== null && typeof m.node_name === 'string' && typeof m.price === 'string' && Number(m.price) > 0;
}

/** A new price up to 10% below or 11% above the old (no drift over many changes), two decimals, never below 0.01. */
export function nextPrice(rng: Rng, price: string): string {
  const factor = 0.9 + rng() * 0.2111;
  return Math.max(0.01, Number(price) * factor).toFixed(2);
}

/**
 * One step of the market. `tick` (1, 2, …) shapes the rhythm: every third
 * tick brings at least one new machine, so a demo never waits long for news.
 */
export function marketTick(list: readonly unknown[], rng: Rng, tick: number): MarketTick {
  const machines = list.filter(isMachineLike);
  // As many go as come, on average: a long run neither empties nor floods the market.
  const appear = Math.floor(rng() * 3) + (tick % 3 === 0 ? 1 : 0);
  const go = machines.length > MIN_LISTED ? Math.floor(rng() * 3) + (tick % 3 === 1 ? 1 : 0) : 0;
  const reprice = 1 + Math.floor(rng() * 3);

  const goneIds = new Set<string>();
  for (let i = 0; i < go; i++) goneIds.add(machines[Math.floor(rng() * machines.length)].node_name);
  const newPrices = new Map<string, string>();
  for (let i = 0; i < reprice && machines.length > goneIds.size; i++) {
    const m = machines[Math.floor(rng() * machines.length)];
    if (!goneIds.has(m.node_name)) newPrices.set(m.node_name, nextPrice(rng, newPrices.get(m.node_name) ?? m.price));
  }
  // Every ID listed before this tick counts as taken, gone ones included: a new machine never reuses one.
  const taken = new Set(machines.map((m) => m.node_name));
  const added: Machine[] = [];
  for (let i = 0; i < appear; i++) {
    const m = randomMachine(rng, taken);
    taken.add(m.node_name);
    added.push(m);
  }

  const repriced: Repricing[] = [];
  const next: unknown[] = [];
  for (const item of list) {
    if (!isMachineLike(item)) {
      next.push(item);
      continue;
    }
    if (goneIds.has(item.node_name)) continue;
    const to = newPrices.get(item.node_name);
    if (to !== undefined && to !== item.price) {
      repriced.push({ id: item.node_name, from: item.price, to });
      next.push({ ...item, price: to });
    } else next.push(item);
  }
  next.push(...added);
  return { machines: next, appeared: added.map((m) => m.node_name), gone: [...goneIds], repriced };
}
