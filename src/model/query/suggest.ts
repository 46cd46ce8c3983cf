// The filter box's suggestions while a person types: for the last term (the
// one being typed), the fields whose names start with it, the operators of a
// field named in full (each with a value the market has), and the values the
// market has for a field and operator (GPU models with their counts, the
// first words several models share, regions, CUDA versions, ...). Each
// suggestion is the whole new text; none proposes a clause the parser rejects
// (each is parsed before it is offered).
import { normalizeText } from '../text';
import { compareVersions } from '../version';
import { FIELD_KINDS, NAME_TO_FIELD, OPS_BY_KIND, PRINT_NAME, WORD_PREFIX_FIELDS, lookupField, type FieldName, type Op, type Value } from './fields';
import { satisfies } from './compile';
import { lastTerm } from './lastTerm';
import { parseQuery } from './parse';
import { printValue, quoteString } from './print';
import type { MarketSummary } from './summary';
import { isWordChar, startsWithWords } from './words';

export interface Suggestion {
  /** The whole text the suggestion makes. */
  text: string;
  /** The term it puts in place of the last one: what the box shows. */
  term: string;
  /** A field name, or a clause with a value. */
  kind: 'field' | 'clause';
  field: FieldName;
  /** Machines of the market that this clause alone finds (not the rest of the query); absent for a field. */
  count?: number;
  /** For a value that is the first words of several names: how many names. */
  names?: number;
}

/** Suggestions shown at most: a short list reads faster than a long one. */
export const SUGGESTION_LIMIT = 12;

interface Candidate {
  value: Value;
  count: number;
  names?: number;
}

/** Suggestions for the last term of the text, best first. Never throws. */
export function suggestQuery(text: string, summary: MarketSummary, limit = SUGGESTION_LIMIT): Suggestion[] {
  const term = lastTerm(text);
  const before = text.slice(0, term.start);
  let found: Omit<Suggestion, 'text'>[];
  switch (term.kind) {
    case 'empty':
      found = fieldsStartingWith('');
      break;
    case 'word':
      found = [...fieldsStartingWith(term.word), ...operatorsOf(term.word, summary), ...valuesNamed(term.word, summary)];
      break;
    case 'compare':
      found = comparisons(term.field, term.op, term.value, term.quote, summary);
      break;
    case 'list':
      found = listItems(term.field, term.op, term.items, term.partial, term.quote, summary);
      break;
    default:
      found = [];
  }
  const out: Suggestion[] = [];
  const seen = new Set<string>([text]);
  for (const s of found) {
    const full = join(before, s.term);
    if (!seen.has(full) && parsesAsOneTerm(s.term)) {
      seen.add(full);
      out.push({ ...s, text: full });
      if (out.length >= limit) break;
    }
  }
  return out;
}

/** Terms need no space between them, but a word right after a word would join it. */
function join(before: string, term: string): string {
  const last = before.charCodeAt(before.length - 1);
  return before !== '' && isWordChar(last) && isWordChar(term.charCodeAt(0)) ? `${before} ${term}` : before + term;
}

function parsesAsOneTerm(term: string): boolean {
  const result = parseQuery(term);
  return result.ok && result.query.clauses.length === 1;
}

/** Field names (aliases first) that start with the word, one per field; the word itself only if it is no field's full name. */
function fieldsStartingWith(word: string): Omit<Suggestion, 'text'>[] {
  const lower = word.toLowerCase();
  const out: Omit<Suggestion, 'text'>[] = [];
  const named = lookupField(word);
  const fields = new Set<FieldName>(named === undefined ? [] : [named]);
  for (const [name, field] of NAME_TO_FIELD) {
    if (name.startsWith(lower) && name !== lower && !fields.has(field)) {
      fields.add(field);
      out.push({ term: name, kind: 'field', field });
    }
  }
  return out;
}

/** A field named in full: each of its operators, with a value the market has. */
function operatorsOf(word: string, summary: MarketSummary): Omit<Suggestion, 'text'>[] {
  const field = lookupField(word);
  // Plain values only: a shared first word and a name under it would count machines twice in a list.
  const candidates = field === undefined ? [] : candidatesOf(field, summary, false);
  if (field === undefined || candidates.length === 0) return [];
  const kind = FIELD_KINDS[field];
  const common = [...candidates].sort((a, b) => b.count - a.count);
  const ordered = kind === 'number' || kind === 'version';
  // The middle machine's value: half the market on each side of it.
  const middle = ordered ? median(candidates, summary.total) : common[0];
  const ops: [Op, Candidate[]][] = ordered
    ? [['>=', [middle]], ['<=', [middle]], ['=', [common[0]]], ['!=', [common[0]]], ['>', [middle]], ['<', [middle]], ['in', common.slice(0, 2)], ['notin', common.slice(0, 1)]]
    : [['=', [common[0]]], ['!=', [common[0]]], ['in', common.slice(0, 2)], ['notin', common.slice(0, 1)]];
  return ops
    .filter(([op]) => OPS_BY_KIND[kind].includes(op))
    .map(([op, values]) => {
      const printed = values.map((v) => printValue(field, v.value));
      const term = op === 'in' || op === 'notin' ? `${word} ${op} [${printed.join(', ')}]` : `${word}${op}${printed[0]}`;
      return { term, kind: 'clause' as const, field, count: countFor(field, op, values, candidates, summary.total) };
    });
}

function median(candidates: readonly Candidate[], total: number): Candidate {
  let seen = 0;
  for (const c of candidates) {
    seen += c.count;
    if (seen * 2 >= total) return c;
  }
  return candidates[candidates.length - 1];
}

/** A bare word that starts names of the market: `a100` → `gpu=A100_SXM4_80GB`. */
function valuesNamed(word: string, summary: MarketSummary): Omit<Suggestion, 'text'>[] {
  if (lookupField(word) !== undefined) return [];
  const out: Omit<Suggestion, 'text'>[] = [];
  for (const field of WORD_PREFIX_FIELDS) {
    for (const c of matching(field, word, undefined, summary).slice(0, 4)) {
      out.push({ term: `${PRINT_NAME.get(field) ?? field}=${printValue(field, c.value)}`, kind: 'clause', field, count: c.count, ...(c.names ? { names: c.names } : {}) });
    }
  }
  return out;
}

function comparisons(fieldWord: string, op: Op, partial: string, quote: string | undefined, summary: MarketSummary): Omit<Suggestion, 'text'>[] {
  const field = lookupField(fieldWord);
  if (field === undefined || !OPS_BY_KIND[FIELD_KINDS[field]].includes(op)) return [];
  const all = candidatesOf(field, summary);
  return matching(field, partial, quote, summary).map((c) => ({
    term: `${fieldWord}${op}${suggestedValue(field, c.value, quote)}`,
    kind: 'clause' as const,
    field,
    count: countFor(field, op, [c], all, summary.total),
    ...(c.names ? { names: c.names } : {}),
  }));
}

function listItems(fieldWord: string, op: 'in' | 'notin', items: readonly string[], partial: string, quote: string | undefined, summary: MarketSummary): Omit<Suggestion, 'text'>[] {
  const field = lookupField(fieldWord);
  if (field === undefined || !OPS_BY_KIND[FIELD_KINDS[field]].includes(op)) return [];
  const listed = new Set(items.map((item) => normalizeText(item.replace(/^["']|["']$/g, ''))));
  return matching(field, partial, quote, summary)
    .filter((c) => !listed.has(normalizeText(String(c.value))))
    .map((c) => ({
      term: `${fieldWord} ${op} [${[...items, suggestedValue(field, c.value, quote)].join(', ')}]`,
      kind: 'clause' as const,
      field,
      count: c.count,
      ...(c.names ? { names: c.names } : {}),
    }));
}

/** The values of a field that go on from what is typed: by their start, most common first (numbers and versions in order). */
function matching(field: FieldName, partial: string, quote: string | undefined, summary: MarketSummary): Candidate[] {
  const kind = FIELD_KINDS[field];
  const candidates = candidatesOf(field, summary, quote === undefined);
  if (kind === 'text' || kind === 'labels') {
    const want = normalizeText(partial);
    return candidates.filter((c) => normalizeText(String(c.value)).startsWith(want));
  }
  const want = partial.toLowerCase();
  return candidates.filter((c) => String(c.value).toLowerCase().startsWith(want));
}

/**
 * The values to offer for a field: the summary's, and on a word-prefix field
 * (bare values start names) also the first words that several names share
 * (`H100` for H100_SXM5_80GB and H100_80GB_HBM3), with their machines summed.
 */
function candidatesOf(field: FieldName, summary: MarketSummary, groups = true): Candidate[] {
  const values = summary.values.get(field) ?? [];
  if (!WORD_PREFIX_FIELDS.has(field) || !groups) return [...values];
  const shared = new Map<string, { value: string; count: number; names: number }>();
  for (const { value, count } of values) {
    const name = String(value);
    for (const prefix of wordPrefixes(name)) {
      const key = normalizeText(prefix);
      const group = shared.get(key);
      if (group) {
        group.count += count;
        group.names++;
      } else {
        shared.set(key, { value: prefix, count, names: 1 });
      }
    }
  }
  const together = [...shared.values()].filter((g) => g.names > 1);
  return [...together, ...values].sort((a, b) => b.count - a.count);
}

/** The starts of a name that end where one of its words ends, shorter than the name: "H100_SXM5_80GB" → "H100", "H100_SXM5". */
function wordPrefixes(name: string): string[] {
  const out: string[] = [];
  const normal = normalizeText(name);
  for (let i = 1; i < name.length; i++) {
    const prefix = name.slice(0, i);
    const normalPrefix = normalizeText(prefix);
    if (/[A-Za-z0-9]$/.test(prefix) && !/[A-Za-z0-9]/.test(name[i]) && normalPrefix !== normal && startsWithWords(normal, normalPrefix)) {
      out.push(prefix);
    }
  }
  return out;
}

/** How a value is written in a clause: in the quotes being typed, or as the printer would. */
function suggestedValue(field: FieldName, value: Value, quote: string | undefined): string {
  return quote === undefined ? printValue(field, value) : quoteString(String(value), quote);
}

/** Machines a clause with these values finds, from the value counts: exact for one field. */
function countFor(field: FieldName, op: Op, values: readonly Candidate[], all: readonly Candidate[], total: number): number {
  const kind = FIELD_KINDS[field];
  if (op === 'in' || op === '=' || op === '!=' || op === 'notin') {
    const sum = values.reduce((n, v) => n + v.count, 0);
    return op === 'in' || op === '=' ? sum : total - sum;
  }
  const pivot = values[0].value;
  const order = (v: Value): number => (kind === 'version' ? compareVersions(String(v), String(pivot)) : (v as number) - (pivot as number));
  return all.filter((c) => satisfies(op, order(c.value))).reduce((n, c) => n + c.count, 0);
}
