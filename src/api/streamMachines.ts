// The machine list item by item as its body arrives, for a caller that
// holds none of it (the command line's `--ndjson` and `--limit`). Apart from
// the client so that the extension's bundle does not carry it. Plain
// TypeScript, no `vscode`.
import type { AttemptClock } from './retry';
import type { GpuRentalClient } from './client';
import { machineChecker, validateItems } from './schema';
import { readItems } from './streamItems';
import type { Machine } from './types';

/** Where streamMachines hands the machines. */
export interface MachineSink {
  /** Each machine, checked, in the order listed; the body is read on once its promise settles. */
  machine(machine: Machine): void | Promise<void>;
  /**
   * A failed attempt after some machines were handed on is retried only if
   * this takes them back (and says so); without it, the failure ends the call.
   */
  restart?(): boolean;
}

/**
 * The machines as the body arrives, each checked and handed to the sink,
 * none held: memory stays that of one item and the node IDs seen (a
 * repeated one is skipped, as in listMachines), whatever the list's length.
 * No size cap applies to the body, only to each item (./streamItems.ts).
 */
export async function streamMachines(client: GpuRentalClient, sink: MachineSink, signal?: AbortSignal): Promise<{ count: number; skipped: number }> {
  let handedOn = 0;
  let skipped = 0;
  const consume = async (stream: ReadableStream<Uint8Array> | undefined, what: string, clock: AttemptClock) => {
    const seen = new Set<string>();
    handedOn = 0;
    skipped = 0;
    await readItems(stream, what, clock, async (raw) => {
      const page = validateItems(raw, machineChecker, (m) => m.node_name, seen);
      skipped += page.skipped;
      for (const machine of page.items) {
        handedOn++;
        await sink.machine(machine);
      }
    });
  };
  await client.consumeMachines(consume, () => handedOn === 0 || sink.restart?.() === true, signal);
  return { count: handedOn, skipped };
}
