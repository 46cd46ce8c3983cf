// The first N machines of an arrangement's order, kept while a list goes
// by one machine at a time: the command line's `--limit` reads 100k
// machines holding a few thousand. Pure.
import type { Machine } from '../api/types';
import { arrangeMachines, type SortKey, type SortOrder } from './arrange';

/** Below this many machines held, sorting is not worth it yet. */
const MIN_HELD = 1024;

/**
 * Holds at most about max(2N, 1024) machines: when full, it sorts them by
 * the arrangement (arrangeMachines, whose order is total: ties go to the
 * price per GPU, then the node ID) and keeps the first N. What it returns
 * is therefore exactly the first N of the whole list sorted at once.
 */
export class TopMachines {
  private held: Machine[] = [];
  private seen = 0;

  constructor(
    private readonly limit: number,
    private readonly sortBy: SortKey,
    private readonly order: SortOrder,
  ) {}

  /** How many machines were added since the start (or the last clear). */
  get count(): number {
    return this.seen;
  }

  add(machine: Machine): void {
    this.seen++;
    this.held.push(machine);
    // Stryker disable next-line all: when it sorts and trims changes only memory and time, never the answer: first() sorts whatever is held
    if (this.held.length >= Math.max(2 * this.limit, MIN_HELD)) {
      this.held = this.first();
    }
  }

  /** The first N so far, in order. */
  first(): Machine[] {
    const [all] = arrangeMachines(this.held, { groupBy: 'none', sortBy: this.sortBy, order: this.order });
    return all ? all.machines.slice(0, this.limit) : [];
  }

  clear(): void {
    this.held = [];
    this.seen = 0;
  }
}
