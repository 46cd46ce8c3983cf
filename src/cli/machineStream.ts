// `gpu-rental machines` without holding the list (src/api/streamMachines.ts):
// each machine written at once (--ndjson in the service's order) or kept among
// the first N of the sort (--limit N); never the whole list.
import { ApiError } from '../api/errors';
import type { GpuRentalClient } from '../api/client';
import { streamMachines } from '../api/streamMachines';
import type { Machine } from '../api/types';
import type { SortKey, SortOrder } from '../model/arrange';
import { TopMachines } from '../model/topMachines';

/** Machines written (or kept), and malformed or repeated ones left out (unknown, 0, when the run stopped at its limit). */
type Streamed = { matched: number; skipped: number };

/**
 * Hands each matching machine to `write` as it arrives, in the service's
 * order, waiting for it (the reader's pace); stops reading once `limit`
 * were written. A failure before anything was written is retried as
 * usual; after that it ends the run, since written lines cannot be taken back.
 */
export async function streamMatching(client: GpuRentalClient, match: (m: Machine) => boolean, limit: number, write: (m: Machine) => Promise<void>): Promise<Streamed> {
  const enough = new AbortController();
  let matched = 0;
  const sink = {
    machine: async (machine: Machine) => {
      if (matched >= limit || !match(machine)) return;
      matched++;
      await write(machine);
      if (matched >= limit) enough.abort();
    },
    restart: () => matched === 0,
  };
  try {
    const { skipped } = await streamMachines(client, sink, enough.signal);
    return { matched, skipped };
  } catch (err) {
    if (enough.signal.aborted && err instanceof ApiError && err.kind === 'cancelled') return { matched, skipped: 0 };
    throw err;
  }
}

/** The first `limit` matching machines in the sort's order, holding about max(2 × limit, 1024) at once; and how many matched in all. */
export async function topMatching(client: GpuRentalClient, match: (m: Machine) => boolean, limit: number, sortBy: SortKey, order: SortOrder): Promise<Streamed & { machines: Machine[] }> {
  const top = new TopMachines(limit, sortBy, order);
  const sink = {
    machine: (machine: Machine) => {
      if (match(machine)) top.add(machine);
    },
    restart: () => {
      top.clear();
      return true;
    },
  };
  const { skipped } = await streamMachines(client, sink);
  return { machines: top.first(), matched: top.count, skipped };
}
