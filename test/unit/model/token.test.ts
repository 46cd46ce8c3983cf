// What setting up needs: the token as pasted, the base URL and its endpoints, and the line
// above a view that says what state the data is in.
import * as assert from 'node:assert/strict';
import { checkBaseUrl, endpointUrl, isLoopbackHost } from '../../../src/api/baseUrl';
import { statusMessage } from '../../../src/model/status';
import { normalizeToken, redactToken, tokenProblem } from '../../../src/model/token';

describe('token handling', () => {
  it('trims pasted tokens and drops a leading Bearer', () => {
    assert.equal(normalizeToken('  Bearer abc.def  \n'), 'abc.def');
    assert.equal(normalizeToken('bearer   xyz'), 'xyz');
  });

  it('rejects empty and multi-word input', () => {
    assert.match(tokenProblem('   ') ?? '', /cannot be empty/);
    assert.match(tokenProblem('Bearer ') ?? '', /cannot be empty/);
    assert.match(tokenProblem('a b') ?? '', /spaces/);
    assert.equal(tokenProblem('abc'), undefined);
  });

  it('keeps a token that only starts like Bearer, and refuses control characters', () => {
    assert.equal(normalizeToken('Bearer'), '');
    assert.equal(normalizeToken('bearertoken'), 'bearertoken');
    assert.equal(normalizeToken('x Bearer y'), 'x Bearer y');
    assert.equal(tokenProblem('Bearer\tabc def'), 'An API token cannot contain spaces or line breaks.');
    assert.equal(tokenProblem('abc\u0007def'), 'An API token cannot contain control characters.');
    assert.equal(tokenProblem('abc\u007fdef'), 'An API token cannot contain control characters.');
    assert.equal(tokenProblem(''), 'Enter the API token (it cannot be empty).');
    assert.equal(tokenProblem('An API token cannot contain spaces or line breaks.'.replace(/ /g, '')), undefined);
  });

  it('redacts the token wherever it appears', () => {
    assert.equal(redactToken('x secret-123 y secret-123', 'secret-123'), 'x [token] y [token]');
    assert.equal(redactToken('abcd abc', 'abcd'), '[token] abc');
    assert.equal(redactToken('abc abc', 'abc'), 'abc abc', 'a token this short would redact ordinary words');
    assert.equal(redactToken('abc', undefined), 'abc');
    assert.equal(redactToken('abc', ''), 'abc');
  });
});

describe('base URL', () => {
  it('explains what is wrong in one sentence', () => {
    assert.match(checkBaseUrl('').ok ? '' : (checkBaseUrl('') as { problem: string }).problem, /No service URL/);
    const bad = checkBaseUrl('ftp://host');
    assert.ok(!bad.ok && /http:\/\/ or https:\/\//.test(bad.problem));
    const garbage = checkBaseUrl('not a url');
    assert.ok(!garbage.ok && /not a valid URL/.test(garbage.problem));
  });

  it('builds endpoint URLs under a path prefix, without credentials', () => {
    const check = checkBaseUrl('https://user:pw@host.example/api/');
    assert.ok(check.ok);
    assert.equal(check.display, 'https://host.example/api');
    assert.equal(endpointUrl(check.url, 'images', { limit: 50, marker: undefined }), 'https://host.example/api/v1/rentgpu/images?limit=50');
  });

  it('trims the setting, refuses a query string, and drops trailing slashes, hash and credentials', () => {
    for (const empty of [undefined, null, '', '   ']) {
      assert.deepEqual(checkBaseUrl(empty), { ok: false, problem: 'No service URL is set (setting gpuRental.baseUrl).' });
    }
    assert.deepEqual(checkBaseUrl('https://h.example/?a=1'), { ok: false, problem: 'The service URL must not contain a query string (setting gpuRental.baseUrl).' });
    assert.deepEqual(checkBaseUrl('ftp://h.example'), { ok: false, problem: 'The service URL must start with http:// or https://, not ftp:// (setting gpuRental.baseUrl).' });
    const long = checkBaseUrl(`not a url ${'x'.repeat(200)}`);
    assert.ok(!long.ok && long.problem === `The service URL "not a url ${'x'.repeat(69)}…" is not a valid URL (setting gpuRental.baseUrl).`);
    const check = checkBaseUrl('  https://h.example/api///#frag  ');
    assert.ok(check.ok);
    assert.equal(check.url.href, 'https://h.example/api');
    assert.equal(check.display, 'https://h.example/api');
    const root = checkBaseUrl('http://h.example/');
    assert.ok(root.ok && root.display === 'http://h.example');
    assert.equal(endpointUrl(root.url, 'machines'), 'http://h.example/v1/rentgpu/machines');
    // endpointUrl takes any URL, not only a checked one.
    assert.equal(endpointUrl(new URL('https://h.example/api//'), 'machines', { limit: 1, marker: 7 }), 'https://h.example/api/v1/rentgpu/machines?limit=1&marker=7');
  });

  it('knows loopback hosts', () => {
    assert.ok(isLoopbackHost('127.0.0.1') && isLoopbackHost('localhost') && isLoopbackHost('[::1]'));
    assert.ok(!isLoopbackHost('10.0.0.1') && !isLoopbackHost('example.com'));
    assert.ok(isLoopbackHost('LOCALHOST') && isLoopbackHost('app.localhost') && isLoopbackHost('127.255.0.9'));
    // Names that only start or end like loopback belong to whoever owns the domain.
    for (const host of ['127.0.0.1.evil.com', 'localhost.evil.com', '127.0.0.1.', 'x127.0.0.1', 'evillocalhost', '127.0.0', '1127.0.0.1', '[::1].evil', '::10']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });
});

describe('view status message', () => {
  const at = new Date(2026, 0, 1, 10, 42, 3);
  it('marks stale data after a failed refresh', () => {
    assert.equal(
      statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: 'The service answered 500.', skipped: 0, incomplete: undefined }),
      'Stale: showing data from 10:42:03. Refresh failed: The service answered 500.',
    );
  });
  it('counts skipped items and says where to look', () => {
    assert.equal(statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: undefined, skipped: 3, incomplete: undefined }), '3 items skipped, see log.');
  });
  it('says what failed when there is nothing to show, and that the list is empty', () => {
    const none = { noun: 'template' as const, count: undefined, fetchedAt: undefined, errorMessage: undefined, skipped: 0, incomplete: undefined };
    assert.equal(statusMessage({ ...none, errorMessage: 'The service answered 500.' }), 'Could not load the templates. The service answered 500.');
    assert.equal(statusMessage({ ...none, count: 3, errorMessage: 'Timeout.' }), 'Could not load the templates. Timeout.', 'no time, so not stale data');
    assert.equal(statusMessage({ ...none, count: 0, fetchedAt: at }), 'No templates are available right now.');
    assert.equal(statusMessage({ ...none, count: 2, fetchedAt: at, skipped: 1 }), '1 item skipped, see log.');
    assert.equal(statusMessage({ ...none, count: 2, fetchedAt: at, incomplete: 'stopped after 1000 pages' }), 'The list may be incomplete: stopped after 1000 pages.');
    assert.equal(
      statusMessage({ ...none, count: 0, fetchedAt: at, skipped: 2, incomplete: 'x', progress: 'Rate limited, retrying in 5 s…' }),
      'Rate limited, retrying in 5 s… No templates are available right now. 2 items skipped, see log. The list may be incomplete: x.',
    );
    assert.equal(statusMessage({ ...none, progress: '' }), undefined);
    assert.equal(statusMessage({ ...none, fetchedAt: at, errorMessage: 'Timeout.' }), 'Could not load the templates. Timeout.', 'a time but no data is not stale data');
  });

  it('says nothing when all is well', () => {
    assert.equal(statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: undefined, skipped: 0, incomplete: undefined }), undefined);
  });
});
