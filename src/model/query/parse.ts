// Parsing the one-line filter of the Machines view.
//
// Grammar (positions in errors are 1-based columns):
//
//   query   := space* (term space*)*
//   term    := clause | text
//   clause  := field space* op space* value
//            | field space+ ('in' | 'notin') space* list
//   text    := word | quoted             a substring search
//   op      := '=' | '!=' | '<' | '<=' | '>' | '>='
//   value   := word | quoted
//   list    := '[' space* (value space* (',' space* value space*)*)? ']'
//   field   := word                      case-insensitive API name or alias
//   word    := one or more characters other than space and = ! < > [ ] , " '
//   quoted  := '"' ... '"' | "'" ... "'"   a backslash takes the next character literally
//   space   := whitespace or an ASCII control character
//
// A word is a field when an operator follows it (after optional spaces), so
// `gpus >= 2` is one clause and `gpus 2` two text terms. `in`/`notin` is an
// operator when a known field precedes it or a '[' follows it, so a bare `in`
// elsewhere stays text. Terms need no separator: every token ends itself.
// Values are typed by the field's kind at parse time, which keeps `gpu=4090`
// a string and `cuda=12.10` from becoming 12.1: a number field takes
// [+-]digits[.digits][e[+-]digits] (finite), nvlink true/false/yes/no in any
// case, the rest any word or quoted string. Operator words, field names and
// booleans are case-insensitive. On the word-prefix fields (gpu, region,
// cpu_name) a bare value matches the first words of a name and a quoted one
// the whole name (`exact` on the clause; matching is in words.ts). The
// printer emits this grammar canonically.
import * as l10n from '@vscode/l10n';
import { FIELD_KINDS, kindWord, NAME_TO_FIELD, OPS_BY_KIND, WORD_PREFIX_FIELDS, lookupField, type Clause, type FieldName, type Op, type ParseResult, type Query, type TextTerm, type Value } from './fields';
import { isDelimiter, isQuote, isWordChar, listOperator, Scanner } from './words';

// Written so no two branches can match the same digits: no backtracking blow-up on long input.
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A finite number from text, or undefined; -0 becomes 0 so printing round-trips. */
function parseNumber(text: string): number | undefined {
  if (!NUMBER.test(text)) {
    return undefined;
  }
  const value = Number(text);
  return Number.isFinite(value) ? value + 0 : undefined;
}

const BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['yes', true],
  ['false', false],
  ['no', false],
]);

function parseBoolean(text: string): boolean | undefined {
  return BOOLEANS.get(text.length <= 5 ? text.toLowerCase() : '');
}

/** A token read from the input: its text and where it started (0-based). */
interface Token {
  text: string;
  start: number;
  /** Written in quotes: on a word-prefix field, the whole name. */
  quoted?: true;
}

/** Thrown only inside the parser, to unwind to parseQuery; never escapes it. */
class ParseFailure {
  constructor(
    readonly index: number,
    readonly problem: string,
    readonly hint = '',
  ) {}
}

/** Long input is echoed in messages only in part, so a pasted megabyte stays one line. */
function quote(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  return `'${short}'`;
}

class Parser extends Scanner {
  parse(): Query {
    const clauses: (Clause | TextTerm)[] = [];
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.text.length) {
        return { clauses };
      }
      clauses.push(this.term());
    }
  }

  private term(): Clause | TextTerm {
    if (isQuote(this.code())) {
      return { kind: 'text', text: this.quotedToken().text };
    }
    if (isDelimiter(this.code())) {
      const op = this.operator();
      if (op !== undefined) {
        throw new ParseFailure(this.pos, l10n.t('{0} needs a field name before it', quote(op)));
      }
      throw new ParseFailure(this.pos, l10n.t('unexpected {0}', quote(this.text[this.pos])));
    }
    const word = this.wordToken();
    const afterWord = this.pos;
    this.skipSpace();
    const op = this.operator();
    if (op !== undefined) {
      return this.comparison(word, op);
    }
    if (this.pos > afterWord && isWordChar(this.code())) {
      const opStart = this.pos;
      const listOp = listOperator(this.word());
      if (listOp !== undefined) {
        this.skipSpace();
        const field = lookupField(word.text);
        if (this.code() === 91 || field !== undefined) {
          return this.listClause(word, listOp, opStart);
        }
      }
    }
    this.pos = afterWord;
    return { kind: 'text', text: word.text };
  }

  private comparison(fieldWord: Token, op: Op): Clause {
    const field = this.field(fieldWord);
    const opStart = this.pos;
    this.pos += op.length;
    if (op === '=' && this.code() === 61) {
      const hint = WORD_PREFIX_FIELDS.has(field) ? l10n.t('; a value in quotes matches the whole name ({0})', `${fieldWord.text}="…"`) : '';
      throw new ParseFailure(opStart, l10n.t("use '=' rather than '=='"), hint);
    }
    this.checkOperator(fieldWord, field, op, opStart);
    this.skipSpace();
    if (this.code() === 91) {
      throw new ParseFailure(this.pos, l10n.t("a list needs 'in' or 'notin', not {0}", quote(op)));
    }
    if (!this.startsValue()) {
      throw new ParseFailure(opStart, l10n.t('expected a value after {0}', quote(op)));
    }
    return withExactness({ kind: 'compare', field, op, values: [] }, [this.value()], (token) => this.typedValue(token, field, fieldWord));
  }

  private listClause(fieldWord: Token, op: 'in' | 'notin', opStart: number): Clause {
    const field = this.field(fieldWord);
    this.checkOperator(fieldWord, field, op, opStart);
    if (this.code() !== 91) {
      throw new ParseFailure(opStart, l10n.t("expected a list in brackets after '{0}'", op));
    }
    return withExactness({ kind: 'compare', field, op, values: [] }, this.list(), (token) => this.typedValue(token, field, fieldWord));
  }

  private field(word: Token): FieldName {
    const field = lookupField(word.text);
    if (field === undefined) {
      const guess = suggestField(word.text);
      throw new ParseFailure(word.start, l10n.t('unknown field {0}', quote(word.text)), guess === undefined ? '' : l10n.t("; did you mean '{0}'?", guess));
    }
    return field;
  }

  private checkOperator(word: Token, field: FieldName, op: Op, opStart: number): void {
    const kind = FIELD_KINDS[field];
    if (!OPS_BY_KIND[kind].includes(op)) {
      throw new ParseFailure(opStart, l10n.t("operator '{0}' does not apply to {1} field {2}", op, kindWord(kind), quote(word.text)));
    }
  }

  private typedValue(token: Token, field: FieldName, fieldWord: Token): Value {
    switch (FIELD_KINDS[field]) {
      case 'number': {
        const value = parseNumber(token.text);
        if (value === undefined) {
          throw new ParseFailure(token.start, l10n.t('{0} is not a number for field {1}', quote(token.text), quote(fieldWord.text)));
        }
        return value;
      }
      case 'boolean': {
        const value = parseBoolean(token.text);
        if (value === undefined) {
          throw new ParseFailure(token.start, l10n.t('{0} is not true or false for field {1}', quote(token.text), quote(fieldWord.text)));
        }
        return value;
      }
      default:
        return token.text;
    }
  }

  private list(): Token[] {
    const open = this.pos;
    this.pos++;
    const items: Token[] = [];
    this.skipSpace();
    if (this.code() === 93) {
      this.pos++;
      return items;
    }
    for (;;) {
      this.skipSpace();
      if (this.done) {
        throw new ParseFailure(open, l10n.t('unclosed list'));
      }
      if (!this.startsValue()) {
        throw new ParseFailure(this.pos, l10n.t('expected a value in the list'));
      }
      items.push(this.value());
      this.skipSpace();
      if (this.pos >= this.text.length) {
        throw new ParseFailure(open, l10n.t('unclosed list'));
      }
      const next = this.code();
      this.pos++;
      if (next === 93) {
        return items;
      }
      if (next !== 44) {
        throw new ParseFailure(this.pos - 1, l10n.t("expected ',' or ']' in the list"));
      }
    }
  }

  private startsValue(): boolean {
    return !this.done && (isQuote(this.code()) || isWordChar(this.code()));
  }

  /** A word or quoted string; the caller has checked one starts here. */
  private value(): Token {
    return isQuote(this.code()) ? this.quotedToken() : this.wordToken();
  }

  private wordToken(): Token {
    const start = this.pos;
    return { text: this.word(), start };
  }

  private quotedToken(): Token {
    const start = this.pos;
    const { text, closed } = this.quoted();
    if (!closed) throw new ParseFailure(start, l10n.t('unclosed quote'));
    return { text, start, quoted: true };
  }
}

/**
 * The clause with its typed values and, on a word-prefix field with a quoted
 * value, which values are quoted (exact). Bare values everywhere leave
 * `exact` out, so a clause reads the same as before quotes meant anything.
 */
function withExactness(clause: Clause, tokens: readonly Token[], typed: (token: Token) => Value): Clause {
  clause.values = tokens.map(typed);
  if (WORD_PREFIX_FIELDS.has(clause.field) && tokens.some((t) => t.quoted === true)) {
    clause.exact = tokens.map((t) => t.quoted === true);
  }
  return clause;
}

/** Parses a query. Never throws: every problem comes back as an error with its column. */
export function parseQuery(input: string): ParseResult {
  try {
    return { ok: true, query: new Parser(input).parse() };
  } catch (e) {
    if (e instanceof ParseFailure) {
      return { ok: false, error: { position: e.index + 1, message: l10n.t('{0} at {1}', e.problem, e.index + 1) + e.hint } };
    }
    // Only a bug (or running out of memory) gets here; still keep the promise not to throw.
    return { ok: false, error: { position: 1, message: l10n.t('cannot read the query: {0}', String(e)) } };
  }
}

/** The closest field name or alias within edit distance 2, for "did you mean". */
function suggestField(word: string): string | undefined {
  const lower = word.toLowerCase();
  // A one- or two-letter word is within distance 2 of too many names to guess usefully.
  const limit = Math.min(2, lower.length - 1);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of NAME_TO_FIELD.keys()) {
    if (Math.abs(name.length - lower.length) >= bestDistance) {
      continue;
    }
    const distance = editDistance(lower, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: Levenshtein plus swapping two neighbours ("vrma" → "vram" is 1). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  rows[0] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2][j - 2] + 1);
      }
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}
