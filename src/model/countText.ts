// Every message that counts something, with its singular and its plural
// written out (issue 28: "1 machines match the watch"). English and German
// both split at 1, so each function picks one of two l10n.t strings; a
// language with more forms translates the plural string for its "other"
// form. Pure: the unit test renders each for 0, 1, 2 and 5 in both languages.
import * as l10n from '@vscode/l10n';
import { formatInteger, machineCount } from './format';

/** Status bar, accessible label: "3 machines match the watch H100". */
export function machinesMatchWatch(count: number, watch: string): string {
  return count === 1 ? l10n.t('1 machine matches the watch {0}', watch) : l10n.t('{0} machines match the watch {1}', formatInteger(count), watch);
}

/** Status bar, accessible label: "3 machines match the filter gpus>=8". */
export function machinesMatchFilter(count: number, filter: string): string {
  return count === 1 ? l10n.t('1 machine matches the filter {0}', filter) : l10n.t('{0} machines match the filter {1}', formatInteger(count), filter);
}

/** Status bar, accessible label without a filter or watch: "160 machines listed". */
export function machinesListed(count: number): string {
  return count === 1 ? l10n.t('1 machine listed') : l10n.t('{0} machines listed', formatInteger(count));
}

/** The "Show more" row's accessible label: "Show 50 more machines, 110 left". */
export function showMoreMachines(next: number, left: number): string {
  return next === 1
    ? l10n.t('Show 1 more machine, {0} left', formatInteger(left))
    : l10n.t('Show {0} more machines, {1} left', formatInteger(next), formatInteger(left));
}

/** The view message of a filtered list: "gpus>=8 · 12 of 160 machines" (the noun agrees with the total). */
export function filteredOf(noun: 'machine' | 'template', filter: string, matching: number, total: number): string {
  const [m, t] = [formatInteger(matching), formatInteger(total)];
  if (noun === 'machine') {
    return total === 1 ? l10n.t('{0} · {1} of 1 machine', filter, m) : l10n.t('{0} · {1} of {2} machines', filter, m, t);
  }
  return total === 1 ? l10n.t('{0} · {1} of 1 template', filter, m) : l10n.t('{0} · {1} of {2} templates', filter, m, t);
}

/** The view message while a first load shows its first look. */
export function firstLookMessage(count: number): string {
  return count === 1
    ? l10n.t('Loading: the first machine is shown while the rest arrive…')
    : l10n.t('Loading: the first {0} machines are shown while the rest arrive…', formatInteger(count));
}

/** The Machines view's badge tooltip. */
export function newMachinesBadge(count: number): string {
  return count === 1 ? l10n.t('1 new machine matches a watch') : l10n.t('{0} new machines match your watches', formatInteger(count));
}

/** The filter box's prompt: "12 of 160 machines match." (the verb agrees with the first count, the noun with the second). */
export function filterPrompt(matching: number, total: number, empty: boolean): string {
  const [m, t] = [formatInteger(matching), machineCount(total)];
  if (empty) {
    return matching === 1 ? l10n.t('{0} of {1} matches (an empty filter shows all).', m, t) : l10n.t('{0} of {1} match (an empty filter shows all).', m, t);
  }
  return matching === 1 ? l10n.t('{0} of {1} matches.', m, t) : l10n.t('{0} of {1} match.', m, t);
}

/**
 * The first line of the find-machines tool's answer. Counts are plain digits
 * (the model reads them back); sortBy and order are the tool's own words.
 */
export function toolMachinesHeader(matching: number, total: number, query: string | undefined, sortBy: string, order: string, showing: number): string {
  // Follows "{0} of": German puts it in the dative ("1 von 1 gelisteten Maschine").
  const listed = total === 1 ? l10n.t('1 listed machine') : l10n.t('{0} listed machines', total);
  if (query === undefined) {
    return matching === 1
      ? l10n.t('{0} of {1} matches all machines (no filter); sorted by {2} {3}; showing {4}.', matching, listed, sortBy, order, showing)
      : l10n.t('{0} of {1} match all machines (no filter); sorted by {2} {3}; showing {4}.', matching, listed, sortBy, order, showing);
  }
  return matching === 1
    ? l10n.t('{0} of {1} matches the query {2}; sorted by {3} {4}; showing {5}.', matching, listed, query, sortBy, order, showing)
    : l10n.t('{0} of {1} match the query {2}; sorted by {3} {4}; showing {5}.', matching, listed, query, sortBy, order, showing);
}

/** The first line of the list-templates tool's answer, in plain digits. */
export function toolTemplatesHeader(matching: number, total: number, showing: number): string {
  if (total === 1) {
    return matching === 1 ? l10n.t('1 of 1 template matches; showing {0}.', showing) : l10n.t('{0} of 1 template match; showing {1}.', matching, showing);
  }
  return matching === 1 ? l10n.t('1 of {0} templates matches; showing {1}.', total, showing) : l10n.t('{0} of {1} templates match; showing {2}.', matching, total, showing);
}
