// The items of a JSON array read as its bytes arrive, each handed on as
// soon as its last byte is in, so a list of any length passes through in
// the memory of one item (the command line's `--ndjson`). Plain TypeScript,
// no `vscode`, no dependency: the bytes are scanned for where the top-level
// items begin and end (strings and nesting tracked), and each item is parsed
// on its own with JSON.parse, so what an item holds is read exactly as a
// whole-body parse would read it.

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

type State = 'before' | 'between' | 'item' | 'after';

const SPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN = new Set([0x7b, 0x5b]); // { [
const CLOSE = new Set([0x7d, 0x5d]); // } ]
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LESS_THAN = 0x3c;
const BOM = [0xef, 0xbb, 0xbf];

/** The kind of top-level value a body starting with this byte holds (for "it is an object"). */
function sampleOf(byte: number): unknown {
  if (byte === 0x7b) return {};
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
  // The item being read: its nesting, whether inside a string, and its bytes from earlier chunks.
  private depth = 0;
  private inString = false;
  private escaped = false;
  private carried: Uint8Array[] = [];
  private carriedBytes = 0;
  private readonly decoder = new TextDecoder();

  constructor(private readonly maxItemBytes: number) {}

  /** How many items were completed so far. */
  get count(): number {
    return this.items;
  }

  push(chunk: Uint8Array): unknown[] {
    const out: unknown[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      switch (this.state) {
        case 'before':
          if (this.bomLeft > 0 && byte === BOM[BOM.length - this.bomLeft] && this.items === 0) {
            this.bomLeft--;
            continue;
          }
          this.bomLeft = 0;
          if (SPACE.has(byte)) continue;
          if (byte === OPEN_BRACKET) {
            this.state = 'between';
            continue;
          }
          if (byte === LESS_THAN) throw new ArrayItemsError({ kind: 'html' });
          throw new ArrayItemsError({ kind: 'notArray', sample: sampleOf(byte) });
        case 'between':
          if (SPACE.has(byte)) continue;
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
          this.state = 'item';
          this.expectItem = false;
          this.depth = 0;
          this.inString = false;
          this.escaped = false;
          start = i;
          i = this.scan(chunk, i, start, out);
          continue;
        case 'item':
          i = this.scan(chunk, i, start, out);
          continue;
        case 'after':
          if (SPACE.has(byte)) continue;
          throw new ArrayItemsError({ kind: 'invalid' });
      }
    }
    if (this.state === 'item') {
      this.carry(chunk.subarray(start));
    }
    return out;
  }

  /** The body is all in: it must have closed its array. */
  end(): void {
    if (this.state === 'before') throw new ArrayItemsError({ kind: 'empty' });
    if (this.state !== 'after') throw new ArrayItemsError({ kind: 'invalid' });
  }

  /**
   * Reads the current item from chunk[i] on, up to its last byte in this
   * chunk; returns the index the caller's loop continues after. `start` is
   * where the item began in this chunk (0 when it began in an earlier one).
   */
  private scan(chunk: Uint8Array, from: number, start: number, out: unknown[]): number {
    for (let i = from; i < chunk.length; i++) {
      const byte = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          if (this.depth === 0) return this.finish(chunk, start, i + 1, out) - 1;
        }
        continue;
      }
      if (byte === QUOTE) {
        this.inString = true;
      } else if (OPEN.has(byte)) {
        this.depth++;
      } else if (CLOSE.has(byte) && this.depth > 0) {
        if (--this.depth === 0) return this.finish(chunk, start, i + 1, out) - 1;
      } else if (this.depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET || SPACE.has(byte))) {
        // The end of a number, true, false or null: the byte is read again between items.
        return this.finish(chunk, start, i, out) - 1;
      }
    }
    return chunk.length;
  }

  /** The item ends before chunk[end]: parse it, hand it on, and go on between items. */
  private finish(chunk: Uint8Array, start: number, end: number, out: unknown[]): number {
    const tail = chunk.subarray(start, end);
    let bytes = tail;
    if (this.carriedBytes > 0) {
      this.checkSize(this.carriedBytes + tail.length);
      bytes = new Uint8Array(this.carriedBytes + tail.length);
      let at = 0;
      for (const part of this.carried) {
        bytes.set(part, at);
        at += part.length;
      }
      bytes.set(tail, at);
      this.carried = [];
      this.carriedBytes = 0;
    }
    this.checkSize(bytes.length);
    let item: unknown;
    try {
      item = JSON.parse(this.decoder.decode(bytes));
    } catch {
      throw new ArrayItemsError({ kind: 'invalid' });
    }
    out.push(item);
    this.items++;
    this.state = 'between';
    return end;
  }

  /** Keeps the start of an item that goes on in the next chunk (a copy: the chunk may be released). */
  private carry(part: Uint8Array): void {
    this.checkSize(this.carriedBytes + part.length);
    this.carried.push(part.slice());
    this.carriedBytes += part.length;
  }

  private checkSize(bytes: number): void {
    if (bytes > this.maxItemBytes) throw new ArrayItemsError({ kind: 'itemTooLarge', maxBytes: this.maxItemBytes });
  }
}
