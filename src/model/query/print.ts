// Printing a query back as text, canonically: the grammar in parse.ts, short
// field names, quotes only where a value would not read back as one word.
import { PRINT_NAME, WORD_PREFIX_FIELDS, lookupField, type Clause, type Query, type TextTerm, type Value } from './fields';
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
  const prefixField = WORD_PREFIX_FIELDS.has(term.field);
  const values = term.values.map((v, i) => (prefixField ? printTextValue(String(v), term.exact?.[i] === true) : printValue(v)));
  if (term.op === 'in' || term.op === 'notin') {
    return `${name} ${term.op} [${values.join(', ')}]`;
  }
  return `${name}${term.op}${values.join(' ')}`;
}

function printValue(value: Value): string {
  if (typeof value === 'string') {
    return isBareWord(value) ? value : quoteString(value);
  }
  return String(value);
}

/**
 * A value of a word-prefix field: quoted when exact, bare when it matches by
 * its first words. A prefix value with spaces prints with '_' (the same words
 * to the matcher). One that still cannot be a bare word (a quote, '=', a
 * bracket, a comma, or empty) has no prefix form and prints quoted, as a
 * whole name; the parser never makes such a value, only a program could.
 */
function printTextValue(value: string, exact: boolean): string {
  if (exact) {
    return quoteString(value);
  }
  if (isBareWord(value)) {
    return value;
  }
  const joined = value.trim().replace(/\s+/g, '_');
  return isBareWord(joined) ? joined : quoteString(value);
}

function isBareWord(text: string): boolean {
  if (text.length === 0) {
    return false;
  }
  for (let i = 0; i < text.length; i++) {
    if (!isWordChar(text.charCodeAt(i))) {
      return false;
    }
  }
  return true;
}

function quoteString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&')}"`;
}

/** No terms at all: the view can say "no filter". A query of only "" also matches everything but is not empty. */
export function isEmptyQuery(query: Query): boolean {
  return query.clauses.length === 0;
}
