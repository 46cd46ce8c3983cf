// The first items of a JSON array whose body is still arriving, so that a
// first load can show some machines long before the last byte is in. Plain
// TypeScript, no `vscode`.
import type { EarlyLook } from './readBody';

const CLOSE_BRACE = 0x7d; // }
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b; // [

/** How many candidate cuts are tried before giving up: a preview is a nicety, not worth a long search. */
const MAX_CUTS = 8;

/**
 * The complete items at the start of `bytes` (the beginning of a JSON array
 * of objects), or undefined when none can be told apart. A cut is tried
 * after each of the last few `}` that a comma follows, and kept only when
 * the text up to it, closed with `]`, parses as an array: a cut inside a
 * string leaves that string open, and a cut inside a nested value leaves it
 * unclosed, so a cut that parses is one between two items of the top-level
 * array, and what it gives is exactly the items the whole body starts with.
 */
export function firstItems(bytes: Uint8Array): unknown[] | undefined {
  if (firstNonSpace(bytes) !== OPEN_BRACKET) {
    return undefined;
  }
  const decoder = new TextDecoder();
  let tries = 0;
  for (let end = bytes.length - 1; end > 0 && tries < MAX_CUTS; end--) {
    if (bytes[end] !== COMMA) {
      continue;
    }
    const close = lastNonSpaceBefore(bytes, end);
    if (close < 0 || bytes[close] !== CLOSE_BRACE) {
      continue;
    }
    tries++;
    try {
      // The cut ends on `}`, a byte that never falls inside a multi-byte character.
      const items: unknown = JSON.parse(`${decoder.decode(bytes.subarray(0, close + 1))}]`);
      if (Array.isArray(items) && items.length > 0) {
        return items;
      }
    } catch {
      // Not between two items: try an earlier cut.
    }
    end = close;
  }
  return undefined;
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function firstNonSpace(bytes: Uint8Array): number | undefined {
  for (let i = 0; i < bytes.length; i++) {
    if (!isSpace(bytes[i])) return bytes[i];
  }
  return undefined;
}

function lastNonSpaceBefore(bytes: Uint8Array, index: number): number {
  let i = index - 1;
  while (i >= 0 && isSpace(bytes[i])) i--;
  return i;
}

/** A body's first items are looked at once this much of it is in: about 1,000 machines. */
export const EARLY_AT_BYTES = 512 * 1024;
/** A body announced smaller than this is all in about as soon as a first look could be drawn. */
export const EARLY_MIN_BODY = 4 * EARLY_AT_BYTES;

/**
 * The look `readCapped` takes at a body of `declared` bytes (NaN when not
 * announced) to hand its first items to `onItems`; none for a small body.
 * Whatever goes wrong in a first look is dropped: it must never fail the load.
 */
export function earlyLook(declared: number, onItems: (items: unknown[]) => void): EarlyLook | undefined {
  if (Number.isFinite(declared) && declared < EARLY_MIN_BODY) {
    return undefined;
  }
  return {
    atBytes: EARLY_AT_BYTES,
    read: (bytes) => {
      try {
        const items = firstItems(bytes);
        if (items) onItems(items);
      } catch {
        // The whole body, read as always, decides what is loaded.
      }
    },
  };
}
