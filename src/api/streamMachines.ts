// The machine list item by item as its body arrives (./arrayItems.ts), for a
// caller that holds none of it (the command line's `--ndjson` and `--limit`).
// Apart from the client so that the extension's bundle does not carry it.
// Plain TypeScript, no `vscode`.
import { ArrayItems, ArrayItemsError } from './arrayItems';
import type { GpuRentalClient } from './client';
import { bodyProblemError } from './errors';
import type { AttemptClock } from './retry';
import { machineChecker, validateItems } from './schema';
import type { Machine } from './types';

/** One item larger than this ends the reading (a machine is about 500 bytes). */
const MAX_ITEM_BYTES = 1024 * 1024;

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
 * No size cap applies to the body, only to each item. The body is read on
 * only once the sink has taken what a chunk completed, so a slow reader
 * slows the download rather than filling memory; the attempt's clock
 * stops meanwhile.
 */
export async function streamMachines(client: GpuRentalClient, sink: MachineSink, signal?: AbortSignal): Promise<{ count: number; skipped: number }> {
  let handedOn = 0;
  let skipped = 0;
  const consume = async (stream: ReadableStream<Uint8Array> | undefined, what: string, clock: AttemptClock) => {
    if (!stream) throw bodyProblemError({ kind: 'empty' }, what);
    const seen = new Set<string>();
    const items = new ArrayItems(MAX_ITEM_BYTES);
    const reader = stream.getReader();
    handedOn = 0;
    skipped = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const page = validateItems(items.push(value), machineChecker, (m) => m.node_name, seen);
        skipped += page.skipped;
        clock.pause();
        try {
          for (const machine of page.items) {
            handedOn++;
            await sink.machine(machine);
          }
        } finally {
          clock.resume();
        }
      }
      items.end();
    } catch (err) {
      await reader.cancel().catch(() => undefined);
      throw err instanceof ArrayItemsError ? bodyProblemError(err.problem, what) : err;
    }
  };
  await client.consumeMachines(consume, () => handedOn === 0 || sink.restart?.() === true, signal);
  return { count: handedOn, skipped };
}
