// Every failure of a request becomes one ApiError whose message is a single
// sentence fit to show a user. It never contains the token, the full request
// URL, or a server-supplied body. Its words are in VS Code's display language
// (@vscode/l10n, given VS Code's bundle at activation; English in plain Node).
import * as l10n from '@vscode/l10n';

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

export type Resource = 'machines' | 'images';

/** What was asked for, inside the error sentences ("… when asked for the machine list"). */
export function resourceName(resource: Resource): string {
  // Each comment is written out: the string export reads literals only.
  return resource === 'machines'
    ? l10n.t({ message: 'machine list', comment: ['Inserted into error messages such as "The service answered 500 when asked for the {1}."'] })
    : l10n.t({ message: 'image template list', comment: ['Inserted into error messages such as "The service answered 500 when asked for the {1}."'] });
}

/** What a JSON value is, in the user's language, for the "not a JSON array" message. */
export function jsonKindText(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'object':
      return l10n.t('an object');
    case 'string':
      return l10n.t('a string');
    case 'number':
      return l10n.t('a number');
    case 'boolean':
      return l10n.t('a boolean');
    default:
      return typeof value;
  }
}

/** "15 s", "1.5 s" */
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return l10n.t('{0} s', Number.isInteger(s) ? s : s.toFixed(1));
}
