// Parsing a JSON array while it arrives, in pieces of about 64 KB, for a first
// load (a refresh reads the new body against the last one: ./reread.ts).
//
// Why in pieces: gathering 47 MB of body and decoding it into one string
// touches about 94 MB of memory the process never used before, and on a
// machine where fresh memory is dear (a VM that pays for every page it maps)
// that costs more than the parse. A piece under V8's large-object size is
// decoded into ordinary young memory, which is reused piece after piece, and
// the window the bytes go through is reused too (see `npm run bench` for the
// figures of a first load in a fresh process).
//
// Why the result is what parsing the whole body gives: a piece runs from the
// start of an element (just past the `[`, or a comma found to separate two
// elements) to a `}` followed by a comma, and is parsed as an array: its first
// byte becomes `[` and the byte after that `}` becomes `]`. Inside the array,
// "just past `[`" and "just past a separating comma" are the same state of a
// JSON parser, so the piece reads as the body reads from there on; when it
// parses, the parser was outside any string and at the array's own level at
// that `}`, so the comma after it separates two elements of the body, and the
// next piece starts where an element starts. A cut that falls inside a string
// (a name holding "},") leaves that string open, and the piece does not parse:
// the rest of the body is then gathered and parsed as one piece. Only the last
// piece can fail for any other reason, and then the body is not valid JSON.
//
// Each element's text is fingerprinted on the way (./fingerprint.ts), so that
// the next refresh can be read against this body without keeping it.
import { Buffer } from 'node:buffer';
import { findSpans, printsOf, type Prints } from './reread';

/** Below V8's large-object size, so that each piece's string is made in reused young memory. */
export const PIECE_BYTES = 64 * 1024;
/**
 * Pieces are parsed a megabyte at a time, not as each chunk comes: parsing
 * after every 64 KB chunk left the extension host 50-150 MB larger after a
 * first load at 100k machines (measured after a full collection, in native
 * memory or in V8's grown heap) than reading in bursts, for no time gained
 * that the benchmark could tell from its noise.
 */
export const BURST_BYTES = 1024 * 1024;

/** How big a piece is, and how much is gathered before pieces are parsed; tests make them small. */
export interface PieceSizes {
  piece: number;
  burst: number;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
/** Cuts of one piece that may fail to parse before the rest is parsed as one piece. */
const MAX_FAILED_CUTS = 8;

export type StreamedArray =
  /** The body's array, and its elements' fingerprints (null when they could not be told apart). */
  | { kind: 'array'; items: unknown[]; prints: Prints | null; byteLength: number }
  /** Not a JSON array (or no JSON at all): the whole body, for the caller to explain. */
  | { kind: 'bytes'; bytes: Uint8Array };

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/** Thrown when the body grows past the cap while it is read. */
export class TooLarge extends Error {}

/** Thrown when the body starts as an array but is not valid JSON; the message is JSON.parse's. */
export class InvalidJson extends Error {}

/**
 * Reads a stream of bytes that should hold a JSON array, parsing it piece by
 * piece as the bytes come. Throws InvalidJson when the array is not valid
 * JSON, TooLarge past `cap` bytes.
 */
export async function parseArrayStream(
  stream: ReadableStream<Uint8Array>,
  cap: number,
  releaseChunk: (chunk: Uint8Array) => void = () => undefined,
  onPiece?: (values: readonly unknown[]) => void,
): Promise<StreamedArray> {
  const reader = stream.getReader();
  const parser = new PieceParser(onPiece);
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel().catch(() => undefined);
        throw new TooLarge();
      }
      parser.push(value);
      releaseChunk(value);
    }
  } finally {
    reader.releaseLock();
  }
  try {
    return parser.end();
  } catch (err) {
    throw err instanceof SyntaxError ? new InvalidJson(err.message) : err;
  }
}

/** The state of one array read in pieces; exported for the tests, which feed it chunks of every size. */
export class PieceParser {
  private window: Buffer;
  /** Bytes held in the window. */
  private length = 0;
  /** Where the unparsed rest starts: the body's `[`, or the comma before the next element. */
  private start = -1;
  /** Before the `[` is seen: every byte so far, in case the body is no array. */
  private head: Buffer[] | undefined = [];
  /** The body does not start with `[`: it is gathered whole for the caller. */
  private notArray = false;
  /** Cuts kept failing (strings holding "},", nested objects): the rest is gathered and parsed as one piece. */
  private gathering = false;
  /** Cuts of the current piece that did not parse: the next is looked for past the last of them. */
  private failedCut = -1;
  private failures = 0;
  /** The next piece is the first: it starts at the body's own `[`. */
  private first = true;
  private readonly items: unknown[] = [];
  /** Bytes pushed in all. */
  private total = 0;
  private lengths: number[] | null = [];
  private prints: number[] = [];
  private readonly decoder = new TextDecoder();

  /** `onPiece` is told each piece's elements, in order, as they are parsed: work on them can go on while the rest arrives. */
  constructor(
    private readonly onPiece?: (values: readonly unknown[]) => void,
    private readonly sizes: PieceSizes = { piece: PIECE_BYTES, burst: BURST_BYTES },
  ) {
    this.window = Buffer.allocUnsafe(2 * Math.max(sizes.burst, sizes.piece));
  }

  push(chunk: Uint8Array): void {
    this.total += chunk.byteLength;
    if (this.head) {
      this.head.push(Buffer.from(chunk));
      if (this.notArray || !this.findStart()) return;
    } else {
      this.append(chunk);
    }
    if (this.gathering || this.length - this.start < this.sizes.burst) return;
    while (this.length - this.start >= this.sizes.piece && this.parseNext()) {
      // each turn parsed one piece
    }
    this.compact();
  }

  end(): StreamedArray {
    if (this.head) {
      return { kind: 'bytes', bytes: Buffer.concat(this.head) };
    }
    // The last piece: from the start of the rest to the end, `]` and any spaces included.
    this.parsePiece(this.length);
    return { kind: 'array', items: this.items, byteLength: this.total, prints: this.lengths ? { lengths: Int32Array.from(this.lengths), prints: Float64Array.from(this.prints) } : null };
  }

  /** Looks past a byte-order mark and spaces for the `[`; false while there are only spaces so far. */
  private findStart(): boolean {
    const all = Buffer.concat(this.head!);
    // A byte-order mark may come a byte at a time.
    if (all.length < 3 && BOM.subarray(0, all.length).equals(all)) return false;
    let at = BOM.equals(all.subarray(0, 3)) ? 3 : 0;
    while (at < all.length && isSpace(all[at])) at++;
    if (at === all.length) return false;
    if (all[at] !== OPEN_BRACKET) {
      // Not an array: gathered whole, for the caller's whole parse to say what it is.
      this.head = [all];
      this.notArray = true;
      return false;
    }
    this.head = undefined;
    this.append(all.subarray(at));
    this.start = 0;
    return true;
  }

  private append(chunk: Uint8Array): void {
    if (this.length + chunk.byteLength > this.window.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * this.window.length, this.length + chunk.byteLength));
      this.window.copy(grown, 0, 0, this.length);
      this.window = grown;
    }
    this.window.set(chunk, this.length);
    this.length += chunk.byteLength;
  }

  /**
   * Parses one piece of about a piece's size from the start of the rest; false
   * when no cut that parses is found yet. A cut can fall inside a string or
   * a nested object; the next one is tried, a few times, and after that the
   * rest is parsed as one piece at the end.
   */
  private parseNext(): boolean {
    for (;;) {
      const cut = this.findCut();
      if (cut < 0) return false;
      if (this.parsePiece(cut)) {
        this.failedCut = -1;
        this.failures = 0;
        return true;
      }
      this.failedCut = cut;
      if (++this.failures >= MAX_FAILED_CUTS) {
        this.gathering = true;
        return false;
      }
    }
  }

  /**
   * The end of a piece: just past a `}` followed (spaces aside) by a comma,
   * past any cut that failed; the last such within a piece's size, else the
   * first after; -1 if none yet.
   */
  private findCut(): number {
    const w = this.window;
    const from = Math.max(this.start, this.failedCut);
    const limit = this.start + this.sizes.piece;
    for (let brace = w.lastIndexOf(CLOSE_BRACE, limit); brace >= from; brace = w.lastIndexOf(CLOSE_BRACE, brace - 1)) {
      if (this.commaAfter(brace + 1)) return brace + 1;
    }
    for (let brace = w.indexOf(CLOSE_BRACE, Math.max(limit + 1, from)); brace >= 0 && brace < this.length; brace = w.indexOf(CLOSE_BRACE, brace + 1)) {
      if (this.commaAfter(brace + 1)) return brace + 1;
    }
    return -1;
  }

  private commaAfter(at: number): boolean {
    let i = at;
    while (i < this.length && isSpace(this.window[i])) i++;
    return i < this.length && this.window[i] === COMMA;
  }

  /**
   * Parses the window from the start of the rest to `end` as an array. A cut
   * (end before the window's end) gets a `]` in place of the byte after it.
   */
  private parsePiece(end: number): boolean {
    const w = this.window;
    const last = end === this.length;
    const saved = w[end];
    w[this.start] = OPEN_BRACKET;
    if (!last) w[end] = CLOSE_BRACKET;
    const piece = w.subarray(this.start, last ? end : end + 1);
    let values: unknown[];
    try {
      values = JSON.parse(this.decoder.decode(piece)) as unknown[];
    } catch (err) {
      if (last) throw err;
      w[end] = saved;
      return false;
    }
    // After a comma an element must follow: `[]` is an array only at the body's own `[`.
    if (values.length === 0 && !this.first) throw new SyntaxError('Expected an element after a comma');
    this.first = false;
    for (let i = 0; i < values.length; i++) this.items.push(values[i]);
    this.onPiece?.(values);
    // While the piece still ends in its `]`.
    this.fingerprint(piece, values);
    if (!last) w[end] = saved;
    // The next piece starts at the comma after the cut.
    if (!last) {
      let next = end;
      while (w[next] !== COMMA) next++;
      this.start = next;
    }
    return true;
  }

  private fingerprint(piece: Buffer, values: unknown[]): void {
    if (!this.lengths) return;
    const allObjects = values.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    const spans = findSpans(piece, values.length, allObjects);
    if (!spans) {
      this.lengths = null;
      return;
    }
    const { lengths, prints } = printsOf(piece, spans);
    for (let i = 0; i < values.length; i++) {
      this.lengths.push(lengths[i]);
      this.prints.push(prints[i]);
    }
  }

  /** Moves the unparsed rest to the front of the window, so that the window is reused. */
  private compact(): void {
    if (this.start > 0) {
      this.window.copyWithin(0, this.start, this.length);
      this.length -= this.start;
      if (this.failedCut >= 0) this.failedCut -= this.start;
      this.start = 0;
    }
  }
}
