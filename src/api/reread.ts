// A refresh of 100k machines brings back nearly the same body: a few prices
// moved, a few machines came and went. Parsing and checking all of it again
// costs more than fetching it. So the client keeps the last body and reads
// the next one against it: an item whose text is byte for byte the text of
// an item of the last body is that item again (the same bytes parse to the
// same value, and it was checked then), and only the rest is parsed and
// checked, one item at a time.
//
// Why the result is exactly what parsing the whole body would give: every
// piece accepted is a complete JSON value on its own (the same bytes as a
// value parsed before, or parsed alone), and the pieces sit between one pair
// of brackets separated by commas and whitespace; such a text is valid JSON
// and parses to exactly these values, in order. Anything else (no brackets,
// an item that is not an object, an item that does not parse alone, two
// items with one id, too many changes) gives up, and the caller parses the
// body whole, as it does the first time.
import { Buffer } from 'node:buffer';
import { MAX_PROBLEMS, reasonOf, TOP_LEVEL, type Checker, type Validated } from './schema';

export interface Reread<T> extends Validated<T> {
  /** Items taken over from the last body unparsed. */
  reused: number;
}

interface Spans {
  starts: Int32Array;
  ends: Int32Array;
}

interface Body<T> {
  bytes: Buffer;
  /** Per element of the body's array: the checked item, or undefined if it was skipped. */
  elements: readonly (T | undefined)[];
  /** Where each element's text lies; found on first need after a whole parse. */
  spans: Spans | undefined | null;
  /** Every element was a JSON object: without that, spans cannot be found by looking at the bytes. */
  allObjects: boolean;
}

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

/** How far ahead in the last body an item is looked for, past items that went or changed. */
const LOOKAHEAD = 8;
/** Ends tried for one new item before giving up (a `}` inside its strings is a false end). */
const MAX_END_TRIES = 64;
/** More new items than this, and than items taken over, means another body altogether. */
const MIN_FRESH_BUDGET = 1024;

/** Where the JSON text starts: past a UTF-8 byte-order mark, which decoding drops too. */
function textStart(bytes: Uint8Array): number {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

function skipWhitespace(bytes: Uint8Array, at: number): number {
  let i = at;
  for (;;) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return i;
    i++;
  }
}

/** An element ends at `at` when what follows, past whitespace, is a comma or the closing bracket. */
function endsElement(bytes: Uint8Array, at: number): boolean {
  const next = bytes[skipWhitespace(bytes, at)];
  return next === COMMA || next === CLOSE_BRACKET;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class LastBody<T extends object> {
  private last: Body<T> | undefined;
  private readonly decoder = new TextDecoder();

  /**
   * `checker.build` must complete the parsed object in place and return it,
   * as the machine checker does: that is how a whole parse tells which
   * elements became which items.
   */
  constructor(
    private readonly checker: Checker<T>,
    private readonly keyOf: (item: T) => string,
    /** Told the bytes of a body once a newer one replaced it, to free them at once. */
    private readonly release: (bytes: Uint8Array) => void = () => undefined,
  ) {}

  /** After a whole parse: keeps the body to read the next one against. */
  remember(bytes: Uint8Array, raw: readonly unknown[], items: readonly T[]): void {
    const elements: (T | undefined)[] = new Array(raw.length);
    let allObjects = true;
    let next = 0;
    for (let i = 0; i < raw.length; i++) {
      const element = raw[i];
      if (element === items[next]) {
        elements[i] = items[next++];
      } else {
        elements[i] = undefined;
        allObjects &&= isObject(element);
      }
    }
    this.replace({ bytes: asBuffer(bytes), elements, spans: undefined, allObjects });
  }

  private replace(next: Body<T>): void {
    const old = this.last;
    this.last = next;
    if (old && old.bytes.buffer !== next.bytes.buffer) this.release(old.bytes);
  }

  /** The items of `bytes`, read against the last body; undefined when that cannot be done exactly. */
  reread(bytes: Uint8Array): Reread<T> | undefined {
    const last = this.last;
    const spans = last && this.spansOf(last);
    if (!last || !spans) {
      return undefined;
    }
    const body = asBuffer(bytes);
    const before = last.bytes;
    const count = last.elements.length;
    const { validate, build } = this.checker;
    const items: T[] = [];
    const elements: (T | undefined)[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const problems: string[] = [];
    // Items parsed here, by id: a second one with the same id, here or among those taken over, gives up.
    const fresh = new Set<string>();
    const freshItems = new Set<T>();
    let parsed = 0;
    let skipped = 0;
    let cursor = 0;
    let pos = skipWhitespace(body, textStart(body));
    if (body[pos] !== OPEN_BRACKET) return undefined;
    pos = skipWhitespace(body, pos + 1);
    if (body[pos] === CLOSE_BRACKET) {
      return skipWhitespace(body, pos + 1) === body.length ? this.keep(body, elements, starts, ends, { items, skipped, duplicates: 0, problems, reused: 0 }) : undefined;
    }
    for (let index = 0; ; index++) {
      if (body[pos] !== OPEN_BRACE) return undefined;
      let end = -1;
      let item: T | undefined;
      for (let c = cursor, stop = Math.min(cursor + LOOKAHEAD, count); c < stop; c++) {
        const known = last.elements[c];
        if (!known) continue;
        const length = spans.ends[c] - spans.starts[c];
        if (pos + length <= body.length && before.compare(body, pos, pos + length, spans.starts[c], spans.ends[c]) === 0 && endsElement(body, pos + length)) {
          end = pos + length;
          item = known;
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
      starts.push(pos);
      ends.push(end);
      if (item) items.push(item);
      const next = skipWhitespace(body, end);
      if (body[next] === COMMA) {
        pos = skipWhitespace(body, next + 1);
        continue;
      }
      if (body[next] === CLOSE_BRACKET && skipWhitespace(body, next + 1) === body.length) break;
      return undefined;
    }
    if (fresh.size > 0) {
      // Items taken over have distinct ids (the last body's did, and each is taken once); a parsed
      // item is in `fresh` under its own id, so any other item found there shares an id with it.
      for (const item of items) {
        if (fresh.has(this.keyOf(item)) && !freshItems.has(item)) return undefined;
      }
    }
    return this.keep(body, elements, starts, ends, { items, skipped, duplicates: 0, problems, reused: items.length - freshItems.size });
  }

  private keep(body: Buffer, elements: (T | undefined)[], starts: number[], ends: number[], result: Reread<T>): Reread<T> {
    this.replace({ bytes: body, elements, spans: { starts: Int32Array.from(starts), ends: Int32Array.from(ends) }, allObjects: true });
    return result;
  }

  /** One element alone: the shortest text from `start` to a `}` that ends an element and parses. */
  private parseElement(body: Buffer, start: number): { value: unknown; end: number } | undefined {
    let from = start;
    for (let tries = 0; tries < MAX_END_TRIES; tries++) {
      const brace = body.indexOf(CLOSE_BRACE, from);
      if (brace < 0) return undefined;
      from = brace + 1;
      if (!endsElement(body, from)) continue;
      try {
        return { value: JSON.parse(this.decoder.decode(body.subarray(start, from))), end: from };
      } catch {
        // A `}` inside a string or a nested object: a proper prefix of an object is never valid JSON.
      }
    }
    return undefined;
  }

  /**
   * Where each element lies in a body that was parsed whole. An element ends
   * at a `}` followed by a comma and the next `{`: every real boundary between
   * objects looks like that, so when exactly one fewer such places than
   * elements exist, they are the boundaries. More (a string holding "},{")
   * and the body is not read against (null).
   */
  private spansOf(last: Body<T>): Spans | null {
    if (last.spans !== undefined) return last.spans;
    last.spans = findSpans(last.bytes, last.elements.length, last.allObjects);
    return last.spans;
  }
}

function findSpans(bytes: Buffer, count: number, allObjects: boolean): Spans | null {
  if (!allObjects) return null;
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  let pos = skipWhitespace(bytes, textStart(bytes));
  if (bytes[pos] !== OPEN_BRACKET) return null;
  pos = skipWhitespace(bytes, pos + 1);
  let element = 0;
  let from = pos;
  if (count > 0) starts[0] = pos;
  for (;;) {
    const brace = bytes.indexOf(CLOSE_BRACE, from);
    if (brace < 0) break;
    from = brace + 1;
    const comma = skipWhitespace(bytes, from);
    if (bytes[comma] !== COMMA) continue;
    const next = skipWhitespace(bytes, comma + 1);
    if (bytes[next] !== OPEN_BRACE) continue;
    ends[element] = from;
    starts[++element] = next;
    from = next;
  }
  if (count === 0) return { starts, ends };
  if (element !== count - 1) return null;
  // The last element ends at the last `}`, before the closing bracket.
  let end = bytes.length - 1;
  while (end > 0 && bytes[end] !== CLOSE_BRACKET) end--;
  end--;
  while (end > 0 && bytes[end] !== CLOSE_BRACE) end--;
  ends[element] = end + 1;
  return ends[element] > starts[element] ? { starts, ends } : null;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
