// How `gpu-rental` ends when something goes wrong: the documented exit code and
// error code for each kind of failed request (the token 4, the setup 2, the
// network or the service 3), anything else thrown as an unexpected error that
// names only its kind, and the error as a line (a caret under a query's
// mistake only where there is a position) or as one JSON object.
import * as assert from 'node:assert/strict';
import { ApiError, type ApiErrorKind } from '../../../src/api/errors';
import { asCliError, CliError, errorText, EXIT, setupError } from '../../../src/cli/errors';

const usageError = (message: string) => new CliError('usage', message, EXIT.usage);

const shape = (err: CliError) => [err.name, err.code, err.exitCode, err.message];

describe('cli: errors', () => {
  it('each kind of failed request: its error code and exit code, with its message', () => {
    const cases: [ApiErrorKind, string, number][] = [
      ['auth', 'token_rejected', EXIT.tokenRejected],
      ['config', 'setup', EXIT.usage],
      ['network', 'network', EXIT.service],
      ['timeout', 'network', EXIT.service],
      ['cancelled', 'network', EXIT.service],
      ['http', 'service', EXIT.service],
      ['parse', 'service', EXIT.service],
      ['shape', 'service', EXIT.service],
    ];
    assert.deepEqual(
      cases.map(([kind]) => [kind, ...shape(asCliError(new ApiError(kind, `${kind} went wrong`))).slice(1)]),
      cases.map(([kind, code, exit]) => [kind, code, exit, `${kind} went wrong`]),
    );
    assert.deepEqual([EXIT.found, EXIT.nothing, EXIT.usage, EXIT.service, EXIT.tokenRejected], [0, 1, 2, 3, 4], 'docs/cli.md\'s exit codes');
  });

  it('anything thrown: our own as it is, a failed request by its kind, the rest by its kind only (its message could quote anything)', () => {
    const usage = usageError('--limit takes a number');
    assert.equal(asCliError(usage), usage);
    assert.deepEqual(shape(usage), ['CliError', 'usage', 2, '--limit takes a number']);
    assert.deepEqual(shape(setupError('GPU_RENTAL_BASE_URL is not set')), ['CliError', 'setup', 2, 'GPU_RENTAL_BASE_URL is not set']);
    assert.deepEqual(shape(asCliError(new ApiError('auth', 'the token was rejected', 401))), ['CliError', 'token_rejected', 4, 'the token was rejected']);
    assert.deepEqual(shape(asCliError(new TypeError('secret s3cr3t in here'))), ['CliError', 'service', 3, 'unexpected error (TypeError)']);
    assert.deepEqual(shape(asCliError('s3cr3t')), ['CliError', 'service', 3, 'unexpected error (string)']);
  });

  it('a line, with the query and a caret only where the mistake has a position; JSON with the position only for a query', () => {
    const at = (position: number) => new CliError('bad_query', 'bad query', EXIT.usage, { text: 'gpus>=', position });
    assert.equal(errorText(at(1), false), 'gpu-rental: bad query\n  gpus>=\n  ^\n');
    assert.equal(errorText(at(7), false), 'gpu-rental: bad query\n  gpus>=\n        ^\n');
    assert.equal(errorText(at(0), false), 'gpu-rental: bad query\n', 'no position, no caret');
    assert.equal(errorText(usageError('no'), false), 'gpu-rental: no\n');
    assert.equal(errorText(usageError('no'), true), '{"error":{"code":"usage","message":"no","exitCode":2}}\n');
    assert.equal(errorText(at(0), true), '{"error":{"code":"bad_query","message":"bad query","exitCode":2,"position":0}}\n');
  });
});
