// Printing a query back as text, canonically: the grammar in parse.ts, short
// field names, quotes only where a value would not read back as one word.
import { PRINT_NAME, WORD_PREFIX_FIELDS, lookupField, type Clause, type FieldName, type Query, type TextTerm, type Value } from './fields';
import { isWordChar, listOperator } from './words';

/** The canonical text of a query: short field names, quotes only where needed. */
export function printQuery(query: Query): string {
  return query.clauses.map(printTerm).join(' ');
}

function printTerm(term: Clause | TextTerm): string {
  if (term.kind === 'text') {
    // A field name or in/notin as bare text could read back as part of a clause.
    const bare = isBareWord(term.text) && lookupField(term.text) === undefined && listOperator(term.text) === undefined;
    return bare ? term.text : quoteString(term.text);
  }
  const name = PRINT_NAME.get(term.field) ?? term.field;
  const values = term.values.map((v, i) => printValue(term.field, v, term.exact?.[i] === true));
  if (term.op === 'in' || term.op === 'notin') {
    return `${name} ${term.op} [${values.join(', ')}]`;
  }
  return `${name}${term.op}${values.join(' ')}`;
}

/**
 * A value as a clause writes it: bare where it reads back as one word, else
 * quoted. A value of a word-prefix field is quoted when exact; one that
 * matches by its first words prints with '_' for its spaces (the same words to
 * the matcher). One that still cannot be a bare word (a quote, '=', a
 * bracket, a comma, or empty) has no prefix form and prints quoted, as a
 * whole name; the parser never makes such a value, only a program could.
 */
export function printValue(field: FieldName, value: Value, exact = false): string {
  if (typeof value !== 'string') {
    return String(value);
  }
  if (exact) {
    return quoteString(value);
  }
  if (isBareWord(value)) {
    return value;
  }
  const joined = value.trim().replace(/\s+/g, '_');
  return WORD_PREFIX_FIELDS.has(field) && isBareWord(joined) ? joined : quoteString(value);
}

function isBareWord(text: string): boolean {
  return text !== '' && [...text].every((c) => isWordChar(c.charCodeAt(0)));
}

/** The text in quotes (double unless told), a backslash before each quote mark and backslash in it. */
export function quoteString(text: string, mark = '"'): string {
  return `${mark}${text.replace(new RegExp(`[${mark}\\\\]`, 'g'), '\\$&')}${mark}`;
}

/** No terms at all: the view can say "no filter". A query of only "" also matches everything but is not empty. */
export function isEmptyQuery(query: Query): boolean {
  return query.clauses.length === 0;
}
