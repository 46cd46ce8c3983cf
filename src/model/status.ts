// The one-line message a view shows above its tree: what went wrong, whether
// the data is stale, and what was skipped. Pure, so it can be unit-tested.
import * as l10n from '@vscode/l10n';
import { firstLookMessage, filteredOf } from './countText';
import { formatInteger, formatTime } from './format';

export type Noun = 'machine' | 'template';

export interface ListStatus {
  /** What the list holds: picks the sentences. */
  noun: Noun;
  count: number | undefined;
  fetchedAt: Date | undefined;
  errorMessage: string | undefined;
  skipped: number;
  incomplete: string | undefined;
  /** Said while a load is under way, e.g. "Rate limited, retrying in 5 s…". */
  progress?: string;
  /** How many machines a first load shows while the rest arrives. */
  firstLook?: number;
}

// Kept for the modules that import it from here.
export { formatTime };

export function statusMessage(status: ListStatus): string | undefined {
  const parts: string[] = [];
  // Only a machines load takes a first look (templates come in small pages).
  if (status.firstLook !== undefined && status.noun === 'machine') {
    parts.push(firstLookMessage(status.firstLook));
  }
  if (status.progress) {
    parts.push(status.progress);
  }
  if (status.errorMessage) {
    if (status.count !== undefined && status.fetchedAt) {
      parts.push(l10n.t('Stale: showing data from {0}. Refresh failed: {1}', formatTime(status.fetchedAt), status.errorMessage));
    } else {
      parts.push(status.noun === 'machine' ? l10n.t('Could not load the machines. {0}', status.errorMessage) : l10n.t('Could not load the templates. {0}', status.errorMessage));
    }
  } else if (status.count === 0) {
    parts.push(status.noun === 'machine' ? l10n.t('No machines are available right now.') : l10n.t('No templates are available right now.'));
  }
  if (status.skipped > 0) {
    parts.push(status.skipped === 1 ? l10n.t('1 item skipped, see log.') : l10n.t('{0} items skipped, see log.', formatInteger(status.skipped)));
  }
  if (status.incomplete) {
    parts.push(l10n.t('The list may be incomplete: {0}.', status.incomplete));
  }
  return parts.length ? parts.join(' ') : undefined;
}

/**
 * The message above a tree: the active filter with how many items pass it,
 * then the listing's status; undefined when there is nothing to say.
 */
export function viewMessage(noun: Noun, filterText: string, matching: number, total: number | undefined, status: string | undefined): string | undefined {
  const parts = [filterText && total !== undefined ? filteredOf(noun, filterText, matching, total) : '', status ?? ''].filter(Boolean);
  return parts.length ? parts.join(' — ') : undefined;
}
