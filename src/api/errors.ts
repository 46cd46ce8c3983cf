// Every failure of a request becomes one ApiError whose message is a single
// sentence fit to show a user. It never contains the token, the full request
// URL, or a server-supplied body. Its words are in VS Code's display language
// (@vscode/l10n, given VS Code's bundle at activation; English in plain Node).
import * as l10n from '@vscode/l10n';
import type { ArrayProblem } from './arrayItems';

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

/** A body that is not a JSON array, in the words of a whole-body parse (./client.ts). */
export function bodyProblemError(problem: ArrayProblem, what: string): ApiError {
  switch (problem.kind) {
    case 'empty':
      return new ApiError('parse', l10n.t('The service sent an empty response for the {0}.', what));
    case 'html':
      return new ApiError('parse', l10n.t('The service sent a web page instead of JSON for the {0}; check the service URL.', what));
    case 'notArray':
      return new ApiError('shape', l10n.t("The service's {0} is not a JSON array (it is {1}).", what, jsonKindText(problem.sample)));
    case 'invalid':
      return new ApiError('parse', l10n.t("The service's {0} is not valid JSON.", what));
    case 'itemTooLarge':
      return new ApiError('parse', l10n.t("The service's {0} holds an item larger than {1} MB; reading stopped there.", what, Math.round(problem.maxBytes / 1024 / 1024)));
  }
}
