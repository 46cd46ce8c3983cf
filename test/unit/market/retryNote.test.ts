// What a listing says while its client waits to retry (src/market/retryNote.ts).
import * as assert from 'node:assert/strict';
import type { RetryNotice } from '../../../src/api/client';
import { retryNote } from '../../../src/market/retryNote';

const notice = (over: Partial<RetryNotice>): RetryNotice => ({ resource: 'machines', attempt: 1, of: 3, delayMs: 5000, rateLimited: false, reason: 'HTTP 503', ...over });

describe('retryNote: the words while a request waits to be retried', () => {
  it('says the wait in whole seconds and which attempt of how many', () => {
    assert.equal(retryNote(notice({})), 'Request failed, retrying in 5 s (1 of 3)…');
    assert.equal(retryNote(notice({ delayMs: 2600, attempt: 2 })), 'Request failed, retrying in 3 s (2 of 3)…');
  });

  it('says when the service asked us to slow down', () => {
    assert.equal(retryNote(notice({ rateLimited: true, delayMs: 30_000 })), 'Rate limited, retrying in 30 s (1 of 3)…');
  });

  it('never says 0 s: a short wait is 1 s', () => {
    assert.equal(retryNote(notice({ delayMs: 120 })), 'Request failed, retrying in 1 s (1 of 3)…');
    assert.equal(retryNote(notice({ delayMs: 0 })), 'Request failed, retrying in 1 s (1 of 3)…');
  });
});
