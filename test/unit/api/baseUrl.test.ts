// The service's base URL as a person types it: what is accepted, the endpoints built from it,
// and which hosts count as this machine (plain http is fine only there).
import * as assert from 'node:assert/strict';
import { checkBaseUrl, endpointUrl, isLoopbackHost } from '../../../src/api/baseUrl';

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
    for (const host of ['127.0.0.1.evil.com', 'localhost.evil.com', '127.0.0.1.', 'x127.0.0.1', 'evillocalhost', '127.0.0', '1127.0.0.1', '[::1].evil', '::10', 'local[host', 'local]host']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });
});
