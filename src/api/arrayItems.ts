// The one scanner of JSON arrays in src/api: where a value's text ends
// (`valueEnd`, strings and nesting tracked), and on it the items of an array
// read as its bytes arrive, each handed on as soon as its last byte is in,
// so a list of any length passes through in the memory of one item (the
// command line's `--ndjson`); and the items at the start of a body cut off
// (`leadingItems`, a first load's first look). Each item is parsed
// on its own with JSON.parse, so what an item holds is read exactly as a
// whole-body parse would read it. Plain TypeScript, no `vscode`, no
// dependency; ./reread.ts finds a body's items with `valueEnd` too.

/** What is wrong with a body, as the client's messages name it (./client.ts parseArray). */
export type ArrayProblem =
  | { kind: 'empty' }
  | { kind: 'html' }
  /** Valid so far, but not an array: `sample` is a value of the kind it is. */
  | { kind: 'notArray'; sample: unknown }
  | { kind: 'invalid' }
  | { kind: 'itemTooLarge'; maxBytes: number };

export class ArrayItemsError extends Error {
  override readonly name = 'ArrayItemsError';
  constructor(readonly problem: ArrayProblem) {
    super(`JSON array stream: ${problem.kind}`);
  }
}

type State = 'before' | 'between' | 'after';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LESS_THAN = 0x3c;
const BOM = [0xef, 0xbb, 0xbf];

export function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** The first index from `at` that is not JSON whitespace (`bytes.length` if none). */
export function skipSpace(bytes: Uint8Array, at: number): number {
  let i = at;
  while (i < bytes.length && isSpace(bytes[i])) i++;
  return i;
}

/**
 * Where the JSON value whose text starts at `bytes[start]` ends (the index
 * after its last byte), or -1 when it does not end within `bytes`. Only
 * strings and nesting are followed, not the grammar: what lies between is
 * for JSON.parse to judge. A number, true, false or null ends at the
 * comma, bracket or whitespace after it.
 */
export function valueEnd(bytes: Uint8Array, start: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (byte === COMMA || isSpace(byte))) {
      return i;
    }
  }
  return -1;
}

/** How many cuts `leadingItems` tries before it gives up on a body. */
const MAX_CUTS = 8;

/**
 * The complete items at the start of an array whose bytes are cut off
 * (a first look at a body still arriving), or undefined for none. One
 * JSON.parse of the bytes up to an item's closing `}` and a `]`: the
 * parser is the platform's, compiled, where ArrayItems' scan runs in
 * JavaScript that a fresh worker has not optimised yet (512 KB: 10-12 ms
 * against 2.5-3.7 in a fresh Node). A cut that is not between items (in
 * a string, in a nested object) fails to parse and the `}` before it is
 * tried; one that parses is between items, as the parser read the same
 * bytes the whole body starts with.
 */
export function leadingItems(bytes: Uint8Array): unknown[] | undefined {
  let end = bytes.length;
  for (let tries = 0; tries < MAX_CUTS; ) {
    const close = bytes.lastIndexOf(CLOSE_BRACE, end - 1);
    if (close < 0) return undefined;
    end = close;
    const next = skipSpace(bytes, close + 1);
    if (next < bytes.length && bytes[next] !== COMMA) continue;
    tries++;
    try {
      // Text that parses and ends in the `]` added is an array.
      return JSON.parse(new TextDecoder().decode(bytes.subarray(0, close + 1)) + ']') as unknown[];
    } catch {
      // Not between two items: the `}` before it may be.
    }
  }
  return undefined;
}

/** The kind of top-level value a body starting with this byte holds (for "it is an object"). */
function sampleOf(byte: number): unknown {
  if (byte === OPEN_BRACE) return {};
  if (byte === QUOTE) return '';
  if (byte === 0x74 || byte === 0x66) return true;
  if (byte === 0x6e) return null;
  return 0;
}

/**
 * Feed it the body chunk by chunk; each `push` returns the items that chunk
 * completed, parsed. Throws ArrayItemsError as soon as the body cannot be
 * a JSON array (then the items already returned were all complete and
 * valid), and from `end` when the body stops before the array closes.
 * An item longer than `maxItemBytes` is refused, so a hostile service
 * cannot grow memory with one endless string.
 */
export class ArrayItems {
  private state: State = 'before';
  /** After `[` or `,`: an item must come next (or `]` right after `[`). */
  private expectItem = true;
  private items = 0;
  private bomLeft = BOM.length;
  /** The start of an item that goes on in the next chunk (a copy: the chunk may be released). */
  private pending: Uint8Array | undefined;
  private readonly decoder = new TextDecoder();

  constructor(private readonly maxItemBytes: number) {}

  /** How many items were completed so far. */
  get count(): number {
    return this.items;
  }

  push(chunk: Uint8Array): unknown[] {
    const out: unknown[] = [];
    let bytes = chunk;
    if (this.pending) {
      // The unfinished item is read again from its start: it is at most maxItemBytes.
      bytes = new Uint8Array(this.pending.length + chunk.length);
      bytes.set(this.pending);
      bytes.set(chunk, this.pending.length);
      this.pending = undefined;
    }
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      switch (this.state) {
        case 'before':
          if (this.bomLeft > 0 && byte === BOM[BOM.length - this.bomLeft]) {
            this.bomLeft--;
            continue;
          }
          this.bomLeft = 0;
          if (isSpace(byte)) continue;
          if (byte === OPEN_BRACKET) {
            this.state = 'between';
            continue;
          }
          if (byte === LESS_THAN) throw new ArrayItemsError({ kind: 'html' });
          throw new ArrayItemsError({ kind: 'notArray', sample: sampleOf(byte) });
        case 'between': {
          if (isSpace(byte)) continue;
          if (byte === COMMA) {
            if (this.expectItem) throw new ArrayItemsError({ kind: 'invalid' });
            this.expectItem = true;
            continue;
          }
          if (byte === CLOSE_BRACKET) {
            // `[]` closes at once; `[1,]` does not.
            if (this.expectItem && this.items > 0) throw new ArrayItemsError({ kind: 'invalid' });
            this.state = 'after';
            continue;
          }
          if (!this.expectItem) throw new ArrayItemsError({ kind: 'invalid' });
          const end = valueEnd(bytes, i);
          this.checkSize((end < 0 ? bytes.length : end) - i);
          if (end < 0) {
            this.pending = bytes.slice(i);
            return out;
          }
          out.push(this.parse(bytes.subarray(i, end)));
          this.expectItem = false;
          // The byte that ended a number, true, false or null is read again between items.
          i = end - 1;
          continue;
        }
        case 'after':
          if (isSpace(byte)) continue;
          throw new ArrayItemsError({ kind: 'invalid' });
      }
    }
    return out;
  }

  /** The body is all in: it must have closed its array. */
  end(): void {
    if (this.state === 'before') throw new ArrayItemsError({ kind: 'empty' });
    if (this.state !== 'after') throw new ArrayItemsError({ kind: 'invalid' });
  }

  private parse(bytes: Uint8Array): unknown {
    try {
      const item: unknown = JSON.parse(this.decoder.decode(bytes));
      this.items++;
      return item;
    } catch {
      throw new ArrayItemsError({ kind: 'invalid' });
    }
  }

  private checkSize(bytes: number): void {
    if (bytes > this.maxItemBytes) throw new ArrayItemsError({ kind: 'itemTooLarge', maxBytes: this.maxItemBytes });
  }
}
