// The outlook of a filter's text, as the worker, the command line and the
// chat tools ask it: parsed, stripped of the clauses the record cannot judge
// the past by (UNKEPT_FIELDS), matched against the history's listings of the
// window (outlookIndex.ts) and summed up (src/model/outlook.ts).
import { computeOutlook, type Outlook } from '../../model/outlook';
import { compileQuery, parseQuery, type Query } from '../../model/query';
import { UNKEPT_FIELDS } from './listingSpecs';
import { OUTLOOK_DAYS, outlookRecord, type OutlookIndex } from './outlookIndex';

/**
 * An outlook, or why there is none: the filter could not be read (its
 * message and 1-based column), or there is no history (off, or not opened).
 * `ignored` names the fields of the filter the outlook left out.
 */
export type OutlookAnswer = { outlook: Outlook; ignored: string[] } | { error: 'parse'; message: string; position: number } | { error: 'off' };

/** The query without the clauses on fields the record does not keep; and those fields. */
export function outlookQuery(query: Query): { query: Query; ignored: string[] } {
  const ignored = new Set<string>();
  const clauses = query.clauses.filter((c) => {
    if (c.kind === 'compare' && UNKEPT_FIELDS.has(c.field)) {
      ignored.add(c.field);
      return false;
    }
    return true;
  });
  return { query: { clauses }, ignored: [...ignored] };
}

/** The outlook of `text` over the `days` (1 to OUTLOOK_DAYS) before the latest list; `check` throws when the asker cancelled. */
export function outlookAnswer(index: OutlookIndex | undefined, text: string, days: number = OUTLOOK_DAYS, check?: () => void): OutlookAnswer {
  const parsed = parseQuery(text);
  if (!parsed.ok) return { error: 'parse', message: parsed.error.message, position: parsed.error.position };
  if (!index) return { error: 'off' };
  const { query, ignored } = outlookQuery(parsed.query);
  const window = Math.min(OUTLOOK_DAYS, Math.max(1, Math.round(days)));
  return { outlook: computeOutlook(outlookRecord(index, compileQuery(query), check), window), ignored };
}
