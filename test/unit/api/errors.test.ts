// What a failed request tells the user: the status names in messages, and the
// defaults of an ApiError that the retry loop relies on.
import * as assert from 'node:assert/strict';
import { ApiError, statusText } from '../../../src/api/errors';

describe('API errors', () => {
  it('names the statuses a user is likely to meet, and no others', () => {
    for (const [status, name] of [
      [400, 'Bad Request'],
      [404, 'Not Found'],
      [405, 'Method Not Allowed'],
      [408, 'Request Timeout'],
      [429, 'Too Many Requests'],
      [500, 'Internal Server Error'],
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
      [504, 'Gateway Timeout'],
    ] as const) {
      assert.equal(statusText(status), name);
    }
    assert.equal(statusText(418), '');
    assert.equal(statusText(200), '');
  });

  it('is an Error that is not retried and has no Retry-After unless told', () => {
    const err = new ApiError('http', 'The service answered 400.', 400);
    assert.ok(err instanceof Error);
    assert.equal(err.name, 'ApiError');
    assert.equal(err.message, 'The service answered 400.');
    assert.equal(err.kind, 'http');
    assert.equal(err.status, 400);
    assert.equal(err.retryable, false);
    assert.equal(err.retryAfterMs, undefined);
    assert.match(String(err), /^ApiError: The service answered 400\.$/);
    const retry = new ApiError('http', 'busy', 503, true, 1500);
    assert.equal(retry.retryable, true);
    assert.equal(retry.retryAfterMs, 1500);
  });
});
