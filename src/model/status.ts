// The one-line message a view shows above its tree: what went wrong, whether
// the data is stale, and what was skipped. Pure, so it can be unit-tested.
import { formatInteger } from './format';

export interface ListStatus {
  /** "machine" or "template": the noun for counts. */
  noun: string;
  count: number | undefined;
  fetchedAt: Date | undefined;
  errorMessage: string | undefined;
  skipped: number;
  incomplete: string | undefined;
  /** Said while a load is under way, e.g. "Rate limited, retrying in 5 s…". */
  progress?: string;
}

export function formatTime(date: Date): string {
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function statusMessage(status: ListStatus): string | undefined {
  const parts: string[] = [];
  if (status.progress) {
    parts.push(status.progress);
  }
  if (status.errorMessage) {
    if (status.count !== undefined && status.fetchedAt) {
      parts.push(`Stale: showing data from ${formatTime(status.fetchedAt)}. Refresh failed: ${status.errorMessage}`);
    } else {
      parts.push(`Could not load the ${status.noun}s. ${status.errorMessage}`);
    }
  } else if (status.count === 0) {
    parts.push(`No ${status.noun}s are available right now.`);
  }
  if (status.skipped > 0) {
    parts.push(`${status.skipped} ${status.skipped === 1 ? 'item' : 'items'} skipped, see log.`);
  }
  if (status.incomplete) {
    parts.push(`The list may be incomplete: ${status.incomplete}.`);
  }
  return parts.length ? parts.join(' ') : undefined;
}

/**
 * The message above a tree: the active filter with how many items pass it,
 * then the listing's status; undefined when there is nothing to say.
 */
export function viewMessage(noun: string, filterText: string, matching: number, total: number | undefined, status: string | undefined): string | undefined {
  const parts: string[] = [];
  if (filterText && total !== undefined) {
    parts.push(`${filterText} · ${formatInteger(matching)} of ${formatInteger(total)} ${noun}s`);
  }
  if (status) {
    parts.push(status);
  }
  return parts.length ? parts.join(' — ') : undefined;
}
