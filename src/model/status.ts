// The one-line message a view shows above its tree: what went wrong, whether
// the data is stale, and what was skipped. Pure, so it can be unit-tested.

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
