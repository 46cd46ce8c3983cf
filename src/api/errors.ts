// Every failure of a request becomes one ApiError whose message is a single
// sentence fit to show a user. It never contains the token, the full request
// URL, or a server-supplied body.

export type ApiErrorKind =
  | 'config' // no or bad base URL, no token
  | 'auth' // 401/403: the token was rejected
  | 'network' // connection refused, reset, DNS failure...
  | 'timeout' // no answer within the configured time
  | 'http' // any other non-2xx status
  | 'parse' // the body is not valid JSON (or is HTML, or empty)
  | 'shape' // valid JSON of the wrong shape (not an array)
  | 'cancelled'; // the caller aborted (a newer refresh, deactivation)

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    /** Worth trying again: a network failure or a transient status. */
    readonly retryable = false,
    /** The server's Retry-After, in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? '';
}
