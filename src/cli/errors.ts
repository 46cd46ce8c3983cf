// How `gpu-rental` ends: documented exit codes, and one error per run,
// written as one line of text or, with --json/--ndjson, one JSON object.
import { ApiError } from '../api/errors';
import { safeJson, terminalText } from './output';

/** The exit codes (docs/cli.md, "Exit codes and errors"). */
export const EXIT = {
  found: 0,
  nothing: 1,
  usage: 2,
  service: 3,
  tokenRejected: 4,
} as const;

export type ErrorCode = 'usage' | 'setup' | 'bad_query' | 'not_found' | 'service' | 'network' | 'token_rejected' | 'history';

export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly exitCode: number,
    /** A bad query: the 1-based character the mistake is at, and the query. */
    readonly query?: { text: string; position: number },
  ) {
    super(message);
  }
}

export function setupError(message: string): CliError {
  return new CliError('setup', message, EXIT.usage);
}

/**
 * Anything thrown, as a CliError: a failed request by what went wrong, the token (4) or the service or
 * network (3), its message never holding the token; an unexpected error says only its kind (its message could quote anything).
 */
export function asCliError(err: unknown): CliError {
  if (err instanceof CliError) return err;
  if (!(err instanceof ApiError)) return new CliError('service', `unexpected error (${err instanceof Error ? err.name : typeof err})`, EXIT.service);
  switch (err.kind) {
    case 'auth':
      return new CliError('token_rejected', err.message, EXIT.tokenRejected);
    case 'config':
      return new CliError('setup', err.message, EXIT.usage);
    case 'network':
    case 'timeout':
    case 'cancelled':
      return new CliError('network', err.message, EXIT.service);
    default:
      return new CliError('service', err.message, EXIT.service);
  }
}

/** The error as stderr gets it: a JSON object, or a line (with the query and a caret under the mistake). */
export function errorText(err: CliError, json: boolean): string {
  if (json) {
    const error: Record<string, unknown> = { code: err.code, message: err.message, exitCode: err.exitCode };
    if (err.query) error.position = err.query.position;
    return `${safeJson({ error })}\n`;
  }
  const lines = [`gpu-rental: ${terminalText(err.message)}`];
  if (err.query && err.query.position >= 1) {
    const query = terminalText(err.query.text);
    lines.push(`  ${query}`, `  ${' '.repeat(Math.min(err.query.position - 1, query.length))}^`);
  }
  return `${lines.join('\n')}\n`;
}
