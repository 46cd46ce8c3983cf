// What changed in reading a query when bare values of gpu, region and cpu_name
// began to match the first words of a name (issue 26): before, every value
// had to be the whole name. Saved filters and watches written before are told
// once, with the form that keeps the old meaning.
import { WORD_PREFIX_FIELDS, type Clause, type Query } from './fields';
import { parseQuery } from './parse';
import { printQuery } from './print';

/** Whether some value of gpu, region or cpu_name is bare: such a query may match other machines than it did. */
export function readsDifferently(query: Query): boolean {
  return query.clauses.some((c) => c.kind === 'compare' && WORD_PREFIX_FIELDS.has(c.field) && c.values.some((_, i) => c.exact?.[i] !== true));
}

/** The query as it was read before: every value of gpu, region and cpu_name is the whole name (printed quoted). */
export function asBefore(query: Query): Query {
  return {
    clauses: query.clauses.map((c): Clause | typeof c =>
      c.kind === 'compare' && WORD_PREFIX_FIELDS.has(c.field) ? { ...c, values: [...c.values], exact: c.values.map(() => true) } : c,
    ),
  };
}

/** The entries (saved filters, watches) that read differently now, each with the form that keeps its old meaning (`before`); entries that do not parse are left to their own messages. */
export function changedReadings(entries: readonly { name: string; query: string }[]): { name: string; query: string; before: string }[] {
  return entries.flatMap(({ name, query }) => {
    const parsed = parseQuery(query);
    return parsed.ok && readsDifferently(parsed.query) ? [{ name, query, before: printQuery(asBefore(parsed.query)) }] : [];
  });
}
