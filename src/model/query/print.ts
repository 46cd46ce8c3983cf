// Printing a query back as text, canonically: the grammar in parse.ts, short
// field names, quotes only where a value would not read back as one word.
import { PRINT_NAME, lookupField, type Clause, type Query, type TextTerm, type Value } from './fields';
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
  if (term.op === 'in' || term.op === 'notin') {
    return `${name} ${term.op} [${term.values.map(printValue).join(', ')}]`;
  }
  return `${name}${term.op}${term.values.map(printValue).join(' ')}`;
}

function printValue(value: Value): string {
  if (typeof value === 'string') {
    return isBareWord(value) ? value : quoteString(value);
  }
  return String(value);
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
