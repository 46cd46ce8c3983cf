// What went wrong with a request that got no complete answer: the network,
// the time limit, or the caller. Plain TypeScript, no `vscode`.
import * as l10n from '@vscode/l10n';
import { displayUrl } from './baseUrl';
import { ApiError, formatSeconds } from './errors';
import type { AttemptClock } from './retry';

/** A request that failed before its answer was in, as an ApiError a person can read. */
export function transportError(err: unknown, signal: AbortSignal | undefined, clock: AttemptClock, what: string, options: { baseUrl: URL; timeoutMs: number }): ApiError {
  if (signal?.aborted) {
    return new ApiError('cancelled', l10n.t('The request was cancelled.'));
  }
  if (clock.signal.aborted) {
    return new ApiError('timeout', l10n.t('The service did not answer within {0} when asked for the {1}.', formatSeconds(options.timeoutMs), what));
  }
  const host = displayUrl(options.baseUrl);
  const network = (message: string) => new ApiError('network', message, undefined, true);
  switch (reasonCode(err)) {
    case 'ECONNREFUSED':
      return network(l10n.t('Could not connect to {0}: the connection was refused.', host));
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return network(l10n.t('Could not connect to {0}: the host name was not found.', host));
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return network(l10n.t('The connection to {0} was interrupted while receiving the {1}.', host, what));
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return network(l10n.t('Could not connect to {0}: the connection timed out.', host));
    default:
      return network(l10n.t('Could not reach {0} to get the {1}.', host, what));
  }
}

/** The error code somewhere in an error's cause chain (fetch wraps system errors twice). */
export function reasonCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
