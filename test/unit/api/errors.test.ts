// What a failed request tells the user: the status names in messages, and the
// defaults of an ApiError that the retry loop relies on.
import * as assert from 'node:assert/strict';
import { ApiError, bodyProblemError, formatSeconds, jsonKindText, resourceName, statusText } from '../../../src/api/errors';

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

  it('says what was asked for and what came back instead of an array', () => {
    assert.equal(resourceName('machines'), 'machine list');
    assert.equal(resourceName('images'), 'image template list');
    for (const [value, kind] of [
      [null, 'null'],
      [{}, 'an object'],
      [[1], 'an object'],
      ['x', 'a string'],
      [3, 'a number'],
      [false, 'a boolean'],
      [undefined, 'undefined'],
      [10n, 'bigint'],
    ] as const) {
      assert.equal(jsonKindText(value), kind, String(value));
    }
  });

  it('writes waits in whole seconds, or to one decimal', () => {
    assert.equal(formatSeconds(15000), '15 s');
    assert.equal(formatSeconds(0), '0 s');
    assert.equal(formatSeconds(1500), '1.5 s');
    assert.equal(formatSeconds(1234), '1.2 s');
  });

  it('turns each way a body is not a JSON array into one sentence of the right kind', () => {
    for (const [problem, kind, message] of [
      [{ kind: 'empty' }, 'parse', 'The service sent an empty response for the machine list.'],
      [{ kind: 'html' }, 'parse', 'The service sent a web page instead of JSON for the machine list; check the service URL.'],
      [{ kind: 'notArray', sample: 'x' }, 'shape', "The service's machine list is not a JSON array (it is a string)."],
      [{ kind: 'invalid' }, 'parse', "The service's machine list is not valid JSON."],
      [{ kind: 'itemTooLarge', maxBytes: 3.4 * 1024 * 1024 }, 'parse', "The service's machine list holds an item larger than 3 MB; reading stopped there."],
    ] as const) {
      const err = bodyProblemError(problem, 'machine list');
      assert.ok(err instanceof ApiError);
      assert.deepEqual([err.kind, err.message, err.status, err.retryable], [kind, message, undefined, false], problem.kind);
    }
  });
});
