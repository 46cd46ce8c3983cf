// What a listing says while its client waits to retry: the same words
// whether the market runs in the editor's thread or in the market worker.
import * as l10n from '@vscode/l10n';
import type { RetryNotice } from '../api/client';

export function retryNote(notice: RetryNotice): string {
  const seconds = Math.max(1, Math.round(notice.delayMs / 1000));
  return notice.rateLimited
    ? l10n.t('Rate limited, retrying in {0} s ({1} of {2})…', seconds, notice.attempt, notice.of)
    : l10n.t('Request failed, retrying in {0} s ({1} of {2})…', seconds, notice.attempt, notice.of);
}
