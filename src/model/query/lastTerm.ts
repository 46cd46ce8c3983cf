// The last term of a query as it is being typed: what the filter box's
// suggestions complete. A tolerant reading of the grammar in parse.ts that
// never fails: an unclosed quote or list, an operator with no value yet, a
// field name half typed are all states of typing, not errors.
import type { Op } from './fields';
import { isDelimiter, isQuote, isWordChar, listOperator, Scanner } from './words';

export type LastTerm =
  /** Nothing after the last term (an empty text, or a space at its end): a new term starts here. */
  | { kind: 'empty'; start: number }
  /** A bare word with no operator (yet): a field being named, or text to search. */
  | { kind: 'word'; start: number; word: string }
  /** `field op value`, the value perhaps partial or empty; `quote` when it is being written in quotes. */
  | { kind: 'compare'; start: number; field: string; op: Exclude<Op, 'in' | 'notin'>; value: string; quote?: string }
  /** `field in [a, b, par`: the items before the one being typed, as written, and that one. */
  | { kind: 'list'; start: number; field: string; op: 'in' | 'notin'; items: string[]; partial: string; quote?: string }
  /** Anything else: quoted search text, a closed list, a stray operator. Nothing to complete. */
  | { kind: 'other'; start: number };

interface Scanned {
  term: LastTerm;
  end: number;
}

/** The last term of the text, as far as it is typed. */
export function lastTerm(text: string): LastTerm {
  const s = new Scanner(text);
  let last: Scanned | undefined;
  for (;;) {
    s.skipSpace();
    if (s.done) {
      return last !== undefined && last.end === text.length ? last.term : { kind: 'empty', start: text.length };
    }
    last = term(s);
  }
}

function term(s: Scanner): Scanned {
  const start = s.pos;
  const code = s.code();
  if (isQuote(code)) {
    s.quoted();
    return { term: { kind: 'other', start }, end: s.pos };
  }
  if (isDelimiter(code)) {
    s.pos++;
    return { term: { kind: 'other', start }, end: s.pos };
  }
  const field = s.word();
  const afterWord = s.pos;
  s.skipSpace();
  const op = s.done ? undefined : s.operator();
  if (op !== undefined) {
    s.pos += op.length;
    return compare(s, start, field, op);
  }
  if (s.pos > afterWord && !s.done && isWordChar(s.code())) {
    const listOp = listOperator(s.word());
    if (listOp !== undefined) {
      s.skipSpace();
      if (s.done) {
        return { term: { kind: 'list', start, field, op: listOp, items: [], partial: '' }, end: s.pos };
      }
      if (s.code() === 91) {
        return list(s, start, field, listOp);
      }
    }
  }
  s.pos = afterWord;
  return { term: { kind: 'word', start, word: field }, end: afterWord };
}

/** A value from here, bare or in quotes (with its mark); undefined, one character on, when none starts here. */
function value(s: Scanner): { value: string; quote?: string } | undefined {
  const code = s.code();
  if (isQuote(code)) {
    const q = s.quoted();
    return { value: q.text, quote: q.mark };
  }
  if (isWordChar(code)) {
    return { value: s.word() };
  }
  s.pos++;
  return undefined;
}

function compare(s: Scanner, start: number, field: string, op: Exclude<Op, 'in' | 'notin'>): Scanned {
  s.skipSpace();
  if (s.done) {
    return { term: { kind: 'compare', start, field, op, value: '' }, end: s.pos };
  }
  const v = value(s);
  return { term: v ? { kind: 'compare', start, field, op, ...v } : { kind: 'other', start }, end: s.pos };
}

function list(s: Scanner, start: number, field: string, op: 'in' | 'notin'): Scanned {
  s.pos++;
  const items: string[] = [];
  for (;;) {
    s.skipSpace();
    if (s.done) {
      return { term: { kind: 'list', start, field, op, items, partial: '' }, end: s.pos };
    }
    if (s.code() === 93) {
      s.pos++;
      return { term: { kind: 'other', start }, end: s.pos };
    }
    const itemStart = s.pos;
    const v = value(s);
    if (!v) {
      return { term: { kind: 'other', start }, end: s.pos };
    }
    const raw = s.text.slice(itemStart, s.pos);
    s.skipSpace();
    if (s.done) {
      return { term: { kind: 'list', start, field, op, items, partial: v.value, ...(v.quote === undefined ? {} : { quote: v.quote }) }, end: s.pos };
    }
    if (s.code() === 44) {
      s.pos++;
      items.push(raw);
    } else if (s.code() !== 93) {
      s.pos++;
      return { term: { kind: 'other', start }, end: s.pos };
    }
  }
}
