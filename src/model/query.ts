// The one-line filter of the Machines view: parse, print and compile.
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
// booleans are case-insensitive. The printer emits this grammar canonically.
import type { Json, Machine, MachineRecord } from '../api/types';

export type Op = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'notin';
export type Value = number | boolean | string;
export type FieldName = keyof Machine | 'price_per_gpu';

export interface Clause {
  kind: 'compare';
  /** The canonical API field name, or 'price_per_gpu'. */
  field: FieldName;
  op: Op;
  /** One value unless the operator is in/notin. */
  values: Value[];
}

export interface TextTerm {
  kind: 'text';
  text: string;
}

export interface Query {
  clauses: (Clause | TextTerm)[];
}

export interface QueryError {
  /** 1-based column of the problem. */
  position: number;
  message: string;
}

export type ParseResult = { ok: true; query: Query } | { ok: false; error: QueryError };

type Kind = 'number' | 'boolean' | 'text' | 'version' | 'labels';

const FIELD_KINDS: Readonly<Record<FieldName, Kind>> = {
  price: 'number',
  labels: 'labels',
  node_name: 'text',
  gpu_name: 'text',
  gpu_count: 'number',
  gpu_memory: 'number',
  cpu_name: 'text',
  cpu_count: 'number',
  cpu_per_gpu: 'number',
  memory_per_gpu: 'number',
  memory_total: 'number',
  disk_per_gpu: 'number',
  disk_total: 'number',
  region: 'text',
  network_upload_speed: 'number',
  network_download_speed: 'number',
  up_time: 'number',
  online_rate: 'number',
  driver_version: 'version',
  cuda_version: 'version',
  nvlink_status: 'boolean',
  price_per_gpu: 'number',
};

/** Short names users type, and what the view prints back. */
export const FIELD_ALIASES: Readonly<Record<string, FieldName>> = {
  gpu: 'gpu_name',
  gpus: 'gpu_count',
  vram: 'gpu_memory',
  price: 'price',
  price_per_gpu: 'price_per_gpu',
  region: 'region',
  cuda: 'cuda_version',
  driver: 'driver_version',
  online: 'online_rate',
  nvlink: 'nvlink_status',
  cpus: 'cpu_count',
  ram: 'memory_total',
  disk: 'disk_total',
  up: 'network_upload_speed',
  down: 'network_download_speed',
};

const FIELD_NAMES = Object.keys(FIELD_KINDS) as FieldName[];

/** Every name a field may be typed as, lower case: aliases first so suggestions prefer them. */
const NAME_TO_FIELD: ReadonlyMap<string, FieldName> = new Map<string, FieldName>([
  ...(Object.entries(FIELD_ALIASES) as [string, FieldName][]),
  ...FIELD_NAMES.map((f): [string, FieldName] => [f, f]),
]);

const PRINT_NAME = new Map<FieldName, string>(FIELD_NAMES.map((f) => [f, f]));
for (const [alias, field] of [...Object.entries(FIELD_ALIASES)].reverse()) {
  PRINT_NAME.set(field, alias);
}

const KIND_WORDS: Readonly<Record<Kind, string>> = {
  number: 'number',
  boolean: 'yes/no',
  text: 'text',
  version: 'version',
  labels: 'label',
};

const ALL_OPS: readonly Op[] = ['=', '!=', '<', '<=', '>', '>=', 'in', 'notin'];
const EQUALITY_OPS: readonly Op[] = ['=', '!=', 'in', 'notin'];
const OPS_BY_KIND: Readonly<Record<Kind, readonly Op[]>> = {
  number: ALL_OPS,
  version: ALL_OPS,
  boolean: EQUALITY_OPS,
  text: EQUALITY_OPS,
  labels: EQUALITY_OPS,
};

// ---------------------------------------------------------------------------
// Characters and words

/** Whitespace, and ASCII control characters too: pasted, they can only mean a gap. */
function isSpace(code: number): boolean {
  if (code <= 32 || code === 127) {
    return true;
  }
  return code >= 128 && /\s/.test(String.fromCharCode(code));
}

/** Characters that end a word: the operators, brackets, comma and quotes. */
function isDelimiter(code: number): boolean {
  switch (code) {
    case 61: // =
    case 33: // !
    case 60: // <
    case 62: // >
    case 91: // [
    case 93: // ]
    case 44: // ,
    case 34: // "
    case 39: // '
      return true;
    default:
      return false;
  }
}

function isWordChar(code: number): boolean {
  return !isSpace(code) && !isDelimiter(code);
}

/** The field a word names, if any. Only ASCII letters qualify, so no Unicode case folding surprises. */
function lookupField(word: string): FieldName | undefined {
  return /^[A-Za-z_]{1,32}$/.test(word) ? NAME_TO_FIELD.get(word.toLowerCase()) : undefined;
}

function listOperator(word: string): 'in' | 'notin' | undefined {
  const lower = word.length <= 5 ? word.toLowerCase() : '';
  return lower === 'in' || lower === 'notin' ? lower : undefined;
}

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

function parseBoolean(text: string): boolean | undefined {
  switch (text.length <= 5 ? text.toLowerCase() : '') {
    case 'true':
    case 'yes':
      return true;
    case 'false':
    case 'no':
      return false;
    default:
      return undefined;
  }
}

/** Lower case, '_' as space, runs of whitespace as one space, trimmed. */
export function normalizeText(s: string): string {
  return s.toLowerCase().replace(/[\s_]+/g, ' ').trim();
}

// ---------------------------------------------------------------------------
// Parsing

/** A token read from the input: its text and where it started (0-based). */
interface Token {
  text: string;
  start: number;
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

class Parser {
  private pos = 0;

  constructor(private readonly input: string) {}

  parse(): Query {
    const clauses: (Clause | TextTerm)[] = [];
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.input.length) {
        return { clauses };
      }
      clauses.push(this.term());
    }
  }

  private term(): Clause | TextTerm {
    const code = this.input.charCodeAt(this.pos);
    if (code === 34 || code === 39) {
      return { kind: 'text', text: this.quoted().text };
    }
    if (isDelimiter(code)) {
      const op = this.peekOperator();
      if (op !== undefined) {
        throw new ParseFailure(this.pos, `${quote(op)} needs a field name before it`);
      }
      throw new ParseFailure(this.pos, `unexpected ${quote(this.input[this.pos])}`);
    }
    const word = this.word();
    const afterWord = this.pos;
    this.skipSpace();
    const op = this.peekOperator();
    if (op !== undefined) {
      return this.comparison(word, op);
    }
    if (this.pos > afterWord && isWordChar(this.input.charCodeAt(this.pos))) {
      const opStart = this.pos;
      const listOp = listOperator(this.word().text);
      if (listOp !== undefined) {
        this.skipSpace();
        const field = lookupField(word.text);
        if (this.input.charCodeAt(this.pos) === 91 || field !== undefined) {
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
    if (op === '=' && this.input.charCodeAt(this.pos) === 61) {
      throw new ParseFailure(opStart, "use '=' rather than '=='");
    }
    this.checkOperator(fieldWord, field, op, opStart);
    this.skipSpace();
    const code = this.input.charCodeAt(this.pos);
    if (code === 91) {
      throw new ParseFailure(this.pos, `a list needs 'in' or 'notin', not ${quote(op)}`);
    }
    if (this.pos >= this.input.length || !(code === 34 || code === 39 || isWordChar(code))) {
      throw new ParseFailure(opStart, `expected a value after ${quote(op)}`);
    }
    return { kind: 'compare', field, op, values: [this.typedValue(this.value(), field, fieldWord)] };
  }

  private listClause(fieldWord: Token, op: 'in' | 'notin', opStart: number): Clause {
    const field = this.field(fieldWord);
    this.checkOperator(fieldWord, field, op, opStart);
    if (this.input.charCodeAt(this.pos) !== 91) {
      throw new ParseFailure(opStart, `expected a list in brackets after '${op}'`);
    }
    const values = this.list().map((token) => this.typedValue(token, field, fieldWord));
    return { kind: 'compare', field, op, values };
  }

  private field(word: Token): FieldName {
    const field = lookupField(word.text);
    if (field === undefined) {
      const guess = suggestField(word.text);
      throw new ParseFailure(word.start, `unknown field ${quote(word.text)}`, guess === undefined ? '' : `; did you mean '${guess}'?`);
    }
    return field;
  }

  private checkOperator(word: Token, field: FieldName, op: Op, opStart: number): void {
    const kind = FIELD_KINDS[field];
    if (!OPS_BY_KIND[kind].includes(op)) {
      throw new ParseFailure(opStart, `operator '${op}' does not apply to ${KIND_WORDS[kind]} field ${quote(word.text)}`);
    }
  }

  private typedValue(token: Token, field: FieldName, fieldWord: Token): Value {
    switch (FIELD_KINDS[field]) {
      case 'number': {
        const value = parseNumber(token.text);
        if (value === undefined) {
          throw new ParseFailure(token.start, `${quote(token.text)} is not a number for field ${quote(fieldWord.text)}`);
        }
        return value;
      }
      case 'boolean': {
        const value = parseBoolean(token.text);
        if (value === undefined) {
          throw new ParseFailure(token.start, `${quote(token.text)} is not true or false for field ${quote(fieldWord.text)}`);
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
    if (this.input.charCodeAt(this.pos) === 93) {
      this.pos++;
      return items;
    }
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.input.length) {
        throw new ParseFailure(open, 'unclosed list');
      }
      const code = this.input.charCodeAt(this.pos);
      if (!(code === 34 || code === 39 || isWordChar(code))) {
        throw new ParseFailure(this.pos, 'expected a value in the list');
      }
      items.push(this.value());
      this.skipSpace();
      if (this.pos >= this.input.length) {
        throw new ParseFailure(open, 'unclosed list');
      }
      const next = this.input.charCodeAt(this.pos);
      this.pos++;
      if (next === 93) {
        return items;
      }
      if (next !== 44) {
        throw new ParseFailure(this.pos - 1, "expected ',' or ']' in the list");
      }
    }
  }

  /** A word or quoted string; the caller has checked one starts here. */
  private value(): Token {
    const code = this.input.charCodeAt(this.pos);
    return code === 34 || code === 39 ? this.quoted() : this.word();
  }

  private word(): Token {
    const start = this.pos;
    while (this.pos < this.input.length && isWordChar(this.input.charCodeAt(this.pos))) {
      this.pos++;
    }
    return { text: this.input.slice(start, this.pos), start };
  }

  private quoted(): Token {
    const start = this.pos;
    const mark = this.input.charCodeAt(start);
    const parts: string[] = [];
    let from = start + 1;
    for (let i = from; i < this.input.length; i++) {
      const code = this.input.charCodeAt(i);
      if (code === 92) {
        parts.push(this.input.slice(from, i));
        i++;
        from = i;
      } else if (code === mark) {
        parts.push(this.input.slice(from, i));
        this.pos = i + 1;
        return { text: parts.join(''), start };
      }
    }
    throw new ParseFailure(start, 'unclosed quote');
  }

  /** The comparison operator starting here, if any (not in/notin). */
  private peekOperator(): Op | undefined {
    const code = this.input.charCodeAt(this.pos);
    const next = this.input.charCodeAt(this.pos + 1);
    switch (code) {
      case 61:
        return '=';
      case 33:
        return next === 61 ? '!=' : undefined;
      case 60:
        return next === 61 ? '<=' : '<';
      case 62:
        return next === 61 ? '>=' : '>';
      default:
        return undefined;
    }
  }

  private skipSpace(): void {
    while (this.pos < this.input.length && isSpace(this.input.charCodeAt(this.pos))) {
      this.pos++;
    }
  }
}

/** Parses a query. Never throws: every problem comes back as an error with its column. */
export function parseQuery(input: string): ParseResult {
  try {
    return { ok: true, query: new Parser(input).parse() };
  } catch (e) {
    if (e instanceof ParseFailure) {
      return { ok: false, error: { position: e.index + 1, message: `${e.problem} at ${e.index + 1}${e.hint}` } };
    }
    // Only a bug (or running out of memory) gets here; still keep the promise not to throw.
    return { ok: false, error: { position: 1, message: `cannot read the query: ${String(e)}` } };
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
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
  }
  for (let j = 1; j <= b.length; j++) {
    rows[0][j] = j;
  }
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

// ---------------------------------------------------------------------------
// Printing

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

// ---------------------------------------------------------------------------
// Versions

interface VersionPart {
  /** The leading digits without leading zeros ("0" for none), or null when the part starts otherwise. */
  digits: string | null;
  /** What follows the digits, lower case, compared as text. */
  rest: string;
}

const ZERO_PART: VersionPart = { digits: '0', rest: '' };

function parseVersion(version: string): VersionPart[] {
  const text = version.trim();
  return text === '' ? [] : text.split('.').map(parseVersionPart);
}

function parseVersionPart(part: string): VersionPart {
  if (part === '') {
    return ZERO_PART;
  }
  let end = 0;
  while (end < part.length && part.charCodeAt(end) >= 48 && part.charCodeAt(end) <= 57) {
    end++;
  }
  if (end === 0) {
    return { digits: null, rest: part.toLowerCase() };
  }
  let start = 0;
  while (start < end - 1 && part.charCodeAt(start) === 48) {
    start++;
  }
  return { digits: part.slice(start, end), rest: part.slice(end).toLowerCase() };
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Parts with a number sort by it, then by what follows it as text; parts
 * without one sort after all numbers (as digits sort before letters). This is
 * a total order, which a plain "number or else text" rule is not ("10" < "5a" < "9").
 */
function compareParts(a: VersionPart, b: VersionPart): number {
  if (a.digits !== null && b.digits !== null) {
    // Compared as digit strings, so a 30-digit build number loses no precision.
    const byNumber = a.digits.length - b.digits.length || compareCodeUnits(a.digits, b.digits);
    if (byNumber !== 0) {
      return Math.sign(byNumber);
    }
  } else if (a.digits !== null || b.digits !== null) {
    return a.digits === null ? 1 : -1;
  }
  return compareCodeUnits(a.rest, b.rest);
}

function compareParsedVersions(a: readonly VersionPart[], b: readonly VersionPart[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareParts(a[i] ?? ZERO_PART, b[i] ?? ZERO_PART);
    if (order !== 0) {
      return order;
    }
  }
  return 0;
}

/** Dotted versions part by part: 12.10 > 12.9, 12.1 = 12.1.0, 550.54 < 550.54.15. */
export function compareVersions(a: string, b: string): number {
  return compareParsedVersions(parseVersion(a), parseVersion(b));
}

// ---------------------------------------------------------------------------
// Matching

type Test = (machine: MachineRecord) => boolean;

/**
 * Normalised machine strings, shared across queries: the same GPU, CPU and
 * region names recur across thousands of machines and every keystroke filters
 * them again. Cleared when full rather than evicted: simpler, and a refill
 * costs one pass.
 */
const normalizedCache = new Map<string, string>();
const NORMALIZED_CACHE_LIMIT = 1 << 18;

/** normalizeText for machine data: no work for text already normal (node IDs), a map hit for repeats. */
function normalizeData(text: string): string {
  if (isNormalized(text)) {
    return text;
  }
  let normal = normalizedCache.get(text);
  if (normal === undefined) {
    if (normalizedCache.size >= NORMALIZED_CACHE_LIMIT) {
      normalizedCache.clear();
    }
    normal = normalizeText(text);
    normalizedCache.set(text, normal);
  }
  return normal;
}

/** Characters that normalizeText keeps as they are: printable ASCII but upper case, '_' and space. */
const PLAIN_CHAR = new Uint8Array(128).map((_, code) => (code > 32 && code < 127 && code !== 95 && !(code >= 65 && code <= 90) ? 1 : 0));

/**
 * True only when normalizeText would return the text unchanged. A table and
 * no branching on spaces: text with a space takes the slower, cached path,
 * and node IDs (checked on every machine) never have one.
 */
function isNormalized(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || PLAIN_CHAR[code] === 0) {
      return false;
    }
  }
  return true;
}

function labelText(label: Json): string {
  return typeof label === 'string' ? label : JSON.stringify(label);
}

const NUMBER_OF: Readonly<Record<string, (m: MachineRecord) => number>> = {
  price: (m) => m.priceValue,
  price_per_gpu: (m) => m.pricePerGpu,
  gpu_count: (m) => m.gpu_count,
  gpu_memory: (m) => m.gpu_memory,
  cpu_count: (m) => m.cpu_count,
  cpu_per_gpu: (m) => m.cpu_per_gpu,
  memory_per_gpu: (m) => m.memory_per_gpu,
  memory_total: (m) => m.memory_total,
  disk_per_gpu: (m) => m.disk_per_gpu,
  disk_total: (m) => m.disk_total,
  network_upload_speed: (m) => m.network_upload_speed,
  network_download_speed: (m) => m.network_download_speed,
  up_time: (m) => m.up_time,
  online_rate: (m) => m.online_rate,
};

const TEXT_OF: Readonly<Record<string, (m: MachineRecord) => string>> = {
  gpu_name: (m) => m.gpu_name,
  cpu_name: (m) => m.cpu_name,
  region: (m) => m.region,
  node_name: (m) => m.node_name,
  cuda_version: (m) => m.cuda_version,
  driver_version: (m) => m.driver_version,
};

/** Whether a comparison result (negative, zero, positive) satisfies an operator. */
function satisfies(op: Op, order: number): boolean {
  switch (op) {
    case '=':
    case 'in':
      return order === 0;
    case '!=':
    case 'notin':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
  }
}

function numberTest(get: (m: MachineRecord) => number, op: Op, values: readonly Value[]): Test {
  const v = values[0] as number;
  switch (op) {
    case '=':
      return (m) => get(m) === v;
    case '!=':
      return (m) => get(m) !== v;
    case '<':
      return (m) => get(m) < v;
    case '<=':
      return (m) => get(m) <= v;
    case '>':
      return (m) => get(m) > v;
    case '>=':
      return (m) => get(m) >= v;
    case 'in': {
      const set = new Set(values);
      return (m) => set.has(get(m));
    }
    case 'notin': {
      const set = new Set(values);
      return (m) => !set.has(get(m));
    }
  }
}

function booleanTest(op: Op, values: readonly Value[]): Test {
  const accepted = new Set(values);
  const wanted = op === '=' || op === 'in';
  return (m) => accepted.has(m.nvlink_status) === wanted;
}

function textTest(get: (m: MachineRecord) => string, op: Op, values: readonly Value[]): Test {
  const wanted = op === '=' || op === 'in';
  if (values.length === 1) {
    const v = normalizeText(String(values[0]));
    return (m) => (normalizeData(get(m)) === v) === wanted;
  }
  const set = new Set(values.map((v) => normalizeText(String(v))));
  return (m) => set.has(normalizeData(get(m))) === wanted;
}

function labelsTest(op: Op, values: readonly Value[]): Test {
  const set = new Set(values.map((v) => normalizeText(String(v))));
  const wanted = op === '=' || op === 'in';
  return (m) => m.labels.some((label) => set.has(normalizeData(labelText(label)))) === wanted;
}

function versionTest(get: (m: MachineRecord) => string, op: Op, values: readonly Value[]): Test {
  const parsed = values.map((v) => parseVersion(String(v)));
  const matches = (version: string) => {
    const own = parseVersion(version);
    if (op === 'in' || op === 'notin') {
      return parsed.some((p) => compareParsedVersions(own, p) === 0) === (op === 'in');
    }
    return satisfies(op, compareParsedVersions(own, parsed[0]));
  };
  // A handful of distinct versions cover any fleet, so the answer per version string is remembered.
  const memo = new Map<string, boolean>();
  return (m) => {
    const version = get(m);
    let answer = memo.get(version);
    if (answer === undefined) {
      answer = matches(version);
      memo.set(version, answer);
    }
    return answer;
  };
}

/** Distinct GPU, CPU and region names a compiled query remembers; beyond this it still works, unremembered. */
const TERM_MEMO_LIMIT = 1 << 16;
/** Needles per bit mask: a 31-bit integer stays a small integer in V8. */
const TERMS_PER_MASK = 30;

/**
 * All text terms of a query as one test: each term must occur in the GPU
 * name, CPU name, region or node ID. Which terms a name contains is a bit
 * mask remembered per distinct name, so a machine costs a few map lookups
 * however many terms there are; only the node ID, unique per machine, is
 * searched every time, for the terms the names lack, stopping at the first miss.
 */
function textTermsTest(needles: readonly string[]): Test {
  const all = 2 ** needles.length - 1;
  const maskOf = (normal: string): number => {
    let mask = 0;
    for (let i = 0; i < needles.length; i++) {
      if (normal.includes(needles[i])) {
        mask |= 1 << i;
      }
    }
    return mask;
  };
  const memo = new Map<string, number>();
  const nameMask = (raw: string): number => {
    let mask = memo.get(raw);
    if (mask === undefined) {
      mask = maskOf(normalizeText(raw));
      if (memo.size < TERM_MEMO_LIMIT) {
        memo.set(raw, mask);
      }
    }
    return mask;
  };
  return (m) => {
    const mask = nameMask(m.gpu_name) | nameMask(m.cpu_name) | nameMask(m.region);
    if (mask === all) {
      return true;
    }
    const node = normalizeData(m.node_name);
    for (let i = 0; i < needles.length; i++) {
      if ((mask & (1 << i)) === 0 && !node.includes(needles[i])) {
        return false;
      }
    }
    return true;
  };
}

function textTermsTests(terms: readonly TextTerm[]): Test[] {
  // An empty needle is in every string; repeats change nothing.
  const needles = [...new Set(terms.map((t) => normalizeText(t.text)))].filter((n) => n !== '');
  const tests: Test[] = [];
  for (let i = 0; i < needles.length; i += TERMS_PER_MASK) {
    tests.push(textTermsTest(needles.slice(i, i + TERMS_PER_MASK)));
  }
  return tests;
}

/** Cheap tests run first so costly ones see fewer machines; AND does not care about order. */
const COST: Readonly<Record<Kind | 'term', number>> = { boolean: 0, number: 0, version: 1, text: 2, labels: 3, term: 4 };

function clauseTest(clause: Clause): Test {
  const kind = FIELD_KINDS[clause.field];
  switch (kind) {
    case 'number':
      return numberTest(NUMBER_OF[clause.field], clause.op, clause.values);
    case 'boolean':
      return booleanTest(clause.op, clause.values);
    case 'text':
      return textTest(TEXT_OF[clause.field], clause.op, clause.values);
    case 'version':
      return versionTest(TEXT_OF[clause.field], clause.op, clause.values);
    case 'labels':
      return labelsTest(clause.op, clause.values);
  }
}

/** A predicate for the query, with every constant parsed and normalised once, here. */
export function compileQuery(query: Query): (machine: MachineRecord) => boolean {
  const ranked: { cost: number; test: Test }[] = [];
  const terms: TextTerm[] = [];
  for (const term of query.clauses) {
    if (term.kind === 'text') {
      terms.push(term);
    } else {
      ranked.push({ cost: COST[FIELD_KINDS[term.field]], test: clauseTest(term) });
    }
  }
  for (const test of textTermsTests(terms)) {
    ranked.push({ cost: COST.term, test });
  }
  const tests = ranked.sort((a, b) => a.cost - b.cost).map((r) => r.test);
  switch (tests.length) {
    case 0:
      return () => true;
    case 1:
      return tests[0];
    default:
      return (m) => {
        for (let i = 0; i < tests.length; i++) {
          if (!tests[i](m)) {
            return false;
          }
        }
        return true;
      };
  }
}

/** The machines the query matches, in their order. */
export function filterMachines(machines: readonly MachineRecord[], query: Query): MachineRecord[] {
  return machines.filter(compileQuery(query));
}
