// A refresh of 100k machines brings back nearly the same body: a few prices
// moved, a few machines came and went. Parsing and checking all of it again
// costs more than fetching it. So the client reads the next body against the
// last one: an item whose text has the length and the fingerprint
// (./fingerprint.ts) of an item's text in the last body is that item again
// (the same bytes parse to the same value, and it was checked then), and
// only the rest is parsed and checked, one item at a time. Of the last body
// only the fingerprints are kept, not its bytes: 12 bytes a machine rather
// than about 470.
//
// Why the result is what parsing the whole body would give: every piece
// accepted is a complete JSON value on its own (text found to be the text of
// a value parsed before, or parsed alone), and the pieces sit between one
// pair of brackets separated by commas and whitespace; such a text is valid
// JSON and parses to exactly these values, in order. "Found to be" rests on
// the fingerprint, which two different texts of one length share by chance
// about once in 2^53. Anything else (no brackets, an item that is not an
// object, an item that does not parse alone, two items with one id, too many
// changes) gives up, and the caller parses the body whole, as it does the
// first time.
import { skipSpace, valueEnd } from './arrayItems';
import { fingerprint, viewOf } from './fingerprint';
import { MAX_PROBLEMS, reasonOf, TOP_LEVEL, type Checker, type Validated } from './schema';

export interface Reread<T> extends Validated<T> {
  /** Items taken over from the last body unparsed. */
  reused: number;
}

interface Spans {
  starts: Int32Array;
  ends: Int32Array;
}

/** What is kept of each element's text: its length and its fingerprint. */
interface Prints {
  lengths: Int32Array;
  prints: Float64Array;
}

interface Body<T> {
  /** Per element of the body's array: the checked item, or undefined if it was skipped. */
  elements: readonly (T | undefined)[];
  /** The bytes of a body parsed whole, until its fingerprints are taken. */
  bytes: Uint8Array | undefined;
  /** Not taken yet (undefined), or null when the body cannot be read against. */
  prints: Prints | undefined | null;
}

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

/** How far ahead in the last body an item is looked for, past items that went or changed. */
const LOOKAHEAD = 8;
/** More new items than this, and than items taken over, means another body altogether. */
const MIN_FRESH_BUDGET = 1024;
/**
 * After a whole parse, the fingerprints are taken this much later (or at the
 * next refresh, if sooner): not while the first rows are being drawn.
 */
const SETTLE_AFTER_MS = 2000;

/** Where the JSON text starts: past a UTF-8 byte-order mark, which decoding drops too. */
function textStart(bytes: Uint8Array): number {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** An element ends at `at` when what follows, past whitespace, is a comma or the closing bracket. */
function endsElement(bytes: Uint8Array, at: number): boolean {
  const next = bytes[skipSpace(bytes, at)];
  return next === COMMA || next === CLOSE_BRACKET;
}

export class LastBody<T extends object> {
  private last: Body<T> | undefined;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly decoder = new TextDecoder();

  /**
   * `checker.build` must complete the parsed object in place and return it,
   * as the machine checker does: that is how a whole parse tells which
   * elements became which items.
   */
  constructor(
    private readonly checker: Checker<T>,
    private readonly keyOf: (item: T) => string,
    /** Told a body's bytes once nothing here reads them any more, to free them at once. */
    private readonly release: (bytes: Uint8Array) => void = () => undefined,
    private readonly settleAfterMs = SETTLE_AFTER_MS,
  ) {}

  /** After a whole parse: keeps the body until its fingerprints are taken, to read the next one against. */
  remember(bytes: Uint8Array, raw: readonly unknown[], items: readonly T[]): void {
    const elements: (T | undefined)[] = new Array(raw.length);
    let next = 0;
    for (let i = 0; i < raw.length; i++) {
      elements[i] = raw[i] === items[next] ? items[next++] : undefined;
    }
    const body: Body<T> = { bytes, elements, prints: undefined };
    this.replace(body);
    const timer = setTimeout(() => this.settle(body), this.settleAfterMs);
    (timer as { unref?: () => void }).unref?.();
    this.settleTimer = timer;
  }

  private replace(next: Body<T>): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    const old = this.last;
    this.last = next;
    if (old?.bytes) {
      this.release(old.bytes);
      old.bytes = undefined;
    }
  }

  /**
   * The fingerprints of a body parsed whole, taken from its bytes, which are
   * then let go. When its elements cannot be told apart (null), the next
   * body is not read against it.
   */
  private settle(body: Body<T>): Prints | null {
    if (body.prints === undefined) {
      const bytes = body.bytes;
      const spans = bytes && findSpans(bytes, body.elements.length);
      body.prints = bytes && spans ? printsOf(bytes, spans) : null;
      if (bytes) {
        body.bytes = undefined;
        this.release(bytes);
      }
    }
    return body.prints;
  }

  /**
   * The items of `bytes`, read against the last body; undefined when that
   * cannot be done exactly. When it can, the bytes are released: only their
   * fingerprints are kept.
   */
  reread(bytes: Uint8Array): Reread<T> | undefined {
    const last = this.last;
    const known = last && this.settle(last);
    if (!last || !known) {
      return undefined;
    }
    const body = bytes;
    const view = viewOf(body);
    const count = last.elements.length;
    const { validate, build } = this.checker;
    const items: T[] = [];
    const elements: (T | undefined)[] = [];
    const lengths: number[] = [];
    const prints: number[] = [];
    const problems: string[] = [];
    // Items parsed here, by id: a second one with the same id, here or among those taken over, gives up.
    const fresh = new Set<string>();
    const freshItems = new Set<T>();
    let parsed = 0;
    let skipped = 0;
    let cursor = 0;
    let pos = skipSpace(body, textStart(body));
    if (body[pos] !== OPEN_BRACKET) return undefined;
    pos = skipSpace(body, pos + 1);
    if (body[pos] === CLOSE_BRACKET) {
      return skipSpace(body, pos + 1) === body.length ? this.keep(bytes, elements, lengths, prints, { items, skipped, duplicates: 0, problems, reused: 0 }) : undefined;
    }
    for (let index = 0; ; index++) {
      if (body[pos] !== OPEN_BRACE) return undefined;
      let end = -1;
      let print = 0;
      let item: T | undefined;
      for (let c = cursor, stop = Math.min(cursor + LOOKAHEAD, count); c < stop; c++) {
        const element = last.elements[c];
        if (!element) continue;
        const length = known.lengths[c];
        const after = pos + length;
        // The cheap tests first: the text must end where an element can, before its fingerprint is taken.
        if (after <= body.length && body[after - 1] === CLOSE_BRACE && endsElement(body, after) && fingerprint(view, body, pos, after) === known.prints[c]) {
          end = after;
          print = known.prints[c];
          item = element;
          cursor = c + 1;
          break;
        }
      }
      if (end < 0) {
        parsed++;
        if (parsed > MIN_FRESH_BUDGET && parsed > items.length - freshItems.size) return undefined;
        const one = this.parseElement(body, pos);
        if (!one) return undefined;
        end = one.end;
        print = fingerprint(view, body, pos, end);
        if (validate(one.value, TOP_LEVEL)) {
          item = build(one.value);
          const key = this.keyOf(item);
          if (fresh.has(key)) return undefined;
          fresh.add(key);
          freshItems.add(item);
        } else {
          skipped++;
          if (problems.length < MAX_PROBLEMS) problems.push(`item ${index}: ${reasonOf(validate)}`);
        }
      }
      elements.push(item);
      lengths.push(end - pos);
      prints.push(print);
      if (item) items.push(item);
      const next = skipSpace(body, end);
      if (body[next] === COMMA) {
        pos = skipSpace(body, next + 1);
        continue;
      }
      if (body[next] === CLOSE_BRACKET && skipSpace(body, next + 1) === body.length) break;
      return undefined;
    }
    if (fresh.size > 0) {
      // Items taken over have distinct ids (the last body's did, and each is taken once); a parsed
      // item is in `fresh` under its own id, so any other item found there shares an id with it.
      for (const item of items) {
        if (fresh.has(this.keyOf(item)) && !freshItems.has(item)) return undefined;
      }
    }
    return this.keep(bytes, elements, lengths, prints, { items, skipped, duplicates: 0, problems, reused: items.length - freshItems.size });
  }

  private keep(bytes: Uint8Array, elements: (T | undefined)[], lengths: number[], prints: number[], result: Reread<T>): Reread<T> {
    this.replace({ bytes: undefined, elements, prints: { lengths: Int32Array.from(lengths), prints: Float64Array.from(prints) } });
    this.release(bytes);
    return result;
  }

  /** One element alone, found by the scanner (./arrayItems.ts): an object that parses. */
  private parseElement(body: Uint8Array, start: number): { value: unknown; end: number } | undefined {
    const end = valueEnd(body, start);
    if (end < 0 || body[end - 1] !== CLOSE_BRACE || !endsElement(body, end)) return undefined;
    try {
      return { value: JSON.parse(this.decoder.decode(body.subarray(start, end))), end };
    } catch {
      return undefined;
    }
  }
}

function printsOf(bytes: Uint8Array, spans: Spans): Prints {
  const view = viewOf(bytes);
  const count = spans.starts.length;
  const lengths = new Int32Array(count);
  const prints = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    lengths[i] = spans.ends[i] - spans.starts[i];
    prints[i] = fingerprint(view, bytes, spans.starts[i], spans.ends[i]);
  }
  return { lengths, prints };
}

/** Where each element of a body's array starts and ends, by the scanner (./arrayItems.ts); null unless there are `count`. */
function findSpans(bytes: Uint8Array, count: number): Spans | null {
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  let pos = skipSpace(bytes, textStart(bytes));
  if (bytes[pos] !== OPEN_BRACKET) return null;
  pos = skipSpace(bytes, pos + 1);
  for (let element = 0; element < count; element++) {
    const end = valueEnd(bytes, pos);
    if (end <= pos) return null;
    starts[element] = pos;
    ends[element] = end;
    const next = skipSpace(bytes, end);
    if (bytes[next] === CLOSE_BRACKET) return element === count - 1 ? { starts, ends } : null;
    if (bytes[next] !== COMMA) return null;
    pos = skipSpace(bytes, next + 1);
  }
  return count === 0 && bytes[pos] === CLOSE_BRACKET ? { starts, ends } : null;
}
