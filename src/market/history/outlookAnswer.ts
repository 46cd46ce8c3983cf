// The outlook of a filter's text, as the worker, the command line and the
// chat tools ask it: parsed, stripped of the clauses the record cannot judge
// the past by (UNKEPT_FIELDS), matched against the history's listings of the
// window (outlookIndex.ts) and summed up (src/model/outlook.ts).
import { computeOutlook, type Outlook } from '../../model/outlook';
import { parseQuery, printQuery, type Query } from '../../model/query';
import { UNKEPT_FIELDS } from './listingSpecs';
import { OUTLOOK_DAYS, outlookRecord, type OutlookIndex } from './outlookIndex';
import { priceBounds } from './priceBounds';

/**
 * An outlook, or why there is none: the filter could not be read (its
 * message and 1-based column), there is no history (off, or not opened), or
 * the history has no list yet (`empty`: an outlook of it would be a record of
 * nothing, with 1970 as its latest list). `ignored` names the fields of the
 * filter the outlook left out.
 */
export type OutlookAnswer = { outlook: Outlook; ignored: string[] } | { error: 'parse'; message: string; position: number } | { error: 'off' } | { error: 'empty' };

const PRICE_FIELDS: ReadonlySet<string> = new Set(['price', 'price_per_gpu']);

/**
 * The query in two: its clauses on the price (asked at each price a listing
 * had) and the rest (asked once per machine), without the clauses on fields
 * the record does not keep; and those fields.
 */
export function outlookQuery(query: Query): { priced: Query; rest: Query; ignored: string[] } {
  const ignored = new Set<string>();
  const priced: Query['clauses'] = [];
  const rest: Query['clauses'] = [];
  for (const c of query.clauses) {
    if (c.kind === 'compare' && UNKEPT_FIELDS.has(c.field)) ignored.add(c.field);
    else if (c.kind === 'compare' && PRICE_FIELDS.has(c.field)) priced.push(c);
    else rest.push(c);
  }
  return { priced: { clauses: priced }, rest: { clauses: rest }, ignored: [...ignored] };
}

/** The outlook of `text` over the `days` (1 to OUTLOOK_DAYS) before the latest list; `check` throws when the asker cancelled. */
export function outlookAnswer(index: OutlookIndex | undefined, text: string, days: number = OUTLOOK_DAYS, check?: () => void): OutlookAnswer {
  const parsed = parseQuery(text);
  if (!parsed.ok) return { error: 'parse', message: parsed.error.message, position: parsed.error.position };
  if (!index) return { error: 'off' };
  if (index.lists.length === 0) return { error: 'empty' };
  const { priced, rest, ignored } = outlookQuery(parsed.query);
  const window = Math.min(OUTLOOK_DAYS, Math.max(1, Math.round(days)));
  const cancel = check ?? (() => undefined);
  const specs = index.matching(printQuery(rest), rest, cancel);
  return { outlook: computeOutlook(outlookRecord(index, specs, priceBounds(priced), cancel), window), ignored };
}
