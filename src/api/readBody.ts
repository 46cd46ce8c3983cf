// Reading a response body within a size cap. Plain TypeScript, no `vscode`.
import * as l10n from '@vscode/l10n';
import { leadingItems } from './arrayItems';
import { ApiError } from './errors';

/** A look at the first bytes of a body while the rest is still arriving. */
export interface EarlyLook {
  /** Once this many bytes are in (and never again). */
  atBytes: number;
  /** Handed a view of the bytes so far, valid only during the call; must not throw. */
  read(bytes: Uint8Array): void;
}

/** A body's first items are looked at once this much of it is in: about 280 machines. */
export const EARLY_AT_BYTES = 128 * 1024;
/** A body announced smaller than this is all in about as soon as a first look could be drawn. */
export const EARLY_MIN_BODY = 2 * 1024 * 1024;

/**
 * The look `readCapped` takes at a body of `declared` bytes (NaN when not
 * announced) to hand the complete items at its start to `onItems`, so that
 * a first load shows some machines long before the last byte is in; none
 * for a small body. Whatever goes wrong in a first look is dropped: it must
 * never fail the load.
 */
export function earlyLook(declared: number, onItems: (items: unknown[]) => void): EarlyLook | undefined {
  if (Number.isFinite(declared) && declared < EARLY_MIN_BODY) {
    return undefined;
  }
  return {
    atBytes: EARLY_AT_BYTES,
    read: (bytes) => {
      try {
        const items = leadingItems(bytes);
        if (items) onItems(items);
      } catch {
        // Not the start of an array, or a listener that failed: the whole body, read as always, decides what is loaded.
      }
    },
  };
}

/**
 * Reads a body's bytes, refusing it once it passes the cap (announced by
 * Content-Length or found while reading), so a runaway response cannot
 * exhaust the editor's memory. The bytes are gathered into one buffer, to be
 * decoded once: a string joined from decoded pieces is a rope that
 * JSON.parse must flatten first, which at 100k machines cost more than the
 * decoding itself, and held the body twice while it did. The machines body
 * is also kept until the next one (./reread.ts), so it is trimmed to size.
 */
export async function readCapped(stream: ReadableStream<Uint8Array> | undefined, declared: number, cap: number, what: string, early?: EarlyLook): Promise<Uint8Array> {
  const tooLarge = () => new ApiError('parse', l10n.t("The service's {0} is larger than {1} MB and was not loaded.", what, Math.round(cap / 1024 / 1024)));
  if (Number.isFinite(declared) && declared > cap) {
    await stream?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!stream) {
    return new Uint8Array(0);
  }
  const ownsChunks = isByteStream(stream);
  const reader = stream.getReader();
  // With a Content-Length, the chunks are copied into a buffer of that size as they come.
  let buffer = new Uint8Array(Number.isFinite(declared) && declared > 0 ? declared : 64 * 1024);
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    if (total + value.byteLength > cap) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    if (total + value.byteLength > buffer.byteLength) {
      const grown = new Uint8Array(Math.min(cap, Math.max(2 * buffer.byteLength, total + value.byteLength)));
      grown.set(buffer.subarray(0, total));
      buffer = grown;
    }
    buffer.set(value, total);
    total += value.byteLength;
    // Frees the chunk once copied, where the runtime can (as releaseBody): reading 47 MB leaves as much in
    // chunks, and in VS Code's extension host the chunks of the last response stayed reachable even after a
    // full collection (plain Node does not keep them). Only a view of its whole buffer from a byte stream:
    // a view of part of a buffer leaves the rest to whoever made it.
    if (ownsChunks && value.byteLength === value.buffer.byteLength) releaseBody(value);
    if (early && total >= early.atBytes) {
      const look = early;
      early = undefined;
      look.read(buffer.subarray(0, total));
    }
  }
  // A buffer grown without a Content-Length can be up to twice the body.
  return total < buffer.byteLength - buffer.byteLength / 8 ? buffer.slice(0, total) : buffer.subarray(0, total);
}

/**
 * Frees a body's bytes now rather than at the next garbage collection, where
 * the runtime can (ArrayBuffer.prototype.transfer: Node 21 and later). A
 * refresh read against the last body makes little garbage, so collections
 * come rarely, and every body left waiting for one is the size of the whole
 * list. Only for bytes `readCapped` returned, which nothing else holds: the
 * views on them become empty.
 */
export function releaseBody(bytes: Uint8Array): void {
  (bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }).transfer?.(0);
}

/**
 * Whether the stream is a byte stream, whose reader is then the only holder
 * of each chunk's buffer: enqueueing a chunk into a byte stream transfers its
 * buffer (the Streams standard, ReadableByteStreamControllerEnqueue), which
 * detaches every other view of it. Node's fetch gives byte streams.
 */
function isByteStream(stream: ReadableStream<Uint8Array>): boolean {
  try {
    stream.getReader({ mode: 'byob' }).releaseLock();
    return true;
  } catch {
    return false;
  }
}
