// Reading a body's items as they arrive (./arrayItems.ts), for a caller
// that hands each on and holds none: the command line's `--ndjson`. Plain
// TypeScript, no `vscode`.
import { ArrayItems, ArrayItemsError } from './arrayItems';
import { bodyProblemError } from './errors';
import type { AttemptClock } from './retry';

/** One item larger than this ends the reading (a machine is about 500 bytes). */
export const MAX_ITEM_BYTES = 1024 * 1024;


/**
 * Reads the items of a JSON array body, handing those each chunk completes
 * to `onItems` and waiting for it before reading on, so a slow reader
 * slows the download rather than filling memory; the attempt's clock stops
 * meanwhile. Resolves with the number of items once the array is closed.
 */
export async function readItems(stream: ReadableStream<Uint8Array> | undefined, what: string, clock: AttemptClock, onItems: (items: unknown[]) => void | Promise<void>, maxItemBytes = MAX_ITEM_BYTES): Promise<number> {
  const items = new ArrayItems(maxItemBytes);
  if (!stream) {
    throw bodyProblemError({ kind: 'empty' }, what);
  }
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const ready = items.push(value);
      if (ready.length === 0) continue;
      clock.pause();
      try {
        await onItems(ready);
      } finally {
        clock.resume();
      }
    }
    items.end();
    return items.count;
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    throw err instanceof ArrayItemsError ? bodyProblemError(err.problem, what) : err;
  }
}
