// How a query was read, in words, for the filter box while a person types:
// `gpu starts with "h100" · gpus at least 8`. Bare values of gpu, region and
// cpu_name say "starts with", quoted ones "(whole name)", so a query that
// means something else than its writer thought shows it before it is applied.
import * as l10n from '@vscode/l10n';
import { FIELD_KINDS, PRINT_NAME, WORD_PREFIX_FIELDS, type Clause, type Query, type TextTerm } from './fields';

/** One phrase per clause, joined by " · "; "" for an empty query. */
export function describeQuery(query: Query): string {
  return query.clauses.map(describeTerm).join(' · ');
}

function describeTerm(term: Clause | TextTerm): string {
  if (term.kind === 'text') {
    return l10n.t('"{0}" in GPU, CPU, region or node ID', term.text);
  }
  const name = PRINT_NAME.get(term.field) ?? term.field;
  const prefix = WORD_PREFIX_FIELDS.has(term.field);
  const values = term.values.map((value, i) => {
    if (!prefix) return typeof value === 'string' && FIELD_KINDS[term.field] !== 'version' ? `"${value}"` : String(value);
    return term.exact?.[i] === true ? l10n.t('"{0}" (whole name)', String(value)) : `"${String(value)}"`;
  });
  const list = values.join(', ');
  const startsWith = prefix && term.values.some((_, i) => term.exact?.[i] !== true);
  switch (term.op) {
    case '=':
      return startsWith ? l10n.t('{0} starts with {1}', name, list) : l10n.t('{0} is {1}', name, list);
    case '!=':
      return startsWith ? l10n.t('{0} does not start with {1}', name, list) : l10n.t('{0} is not {1}', name, list);
    case 'in':
      return startsWith ? l10n.t('{0} starts with one of {1}', name, list) : l10n.t('{0} is one of {1}', name, list);
    case 'notin':
      return startsWith ? l10n.t('{0} starts with none of {1}', name, list) : l10n.t('{0} is none of {1}', name, list);
    case '<':
      return l10n.t('{0} under {1}', name, list);
    case '<=':
      return l10n.t('{0} at most {1}', name, list);
    case '>':
      return l10n.t('{0} over {1}', name, list);
    case '>=':
      return l10n.t('{0} at least {1}', name, list);
  }
}
