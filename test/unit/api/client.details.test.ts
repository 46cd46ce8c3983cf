// The API client against real HTTP servers on 127.0.0.1: details of what it
// sends and reads, and its retries.
import * as assert from 'node:assert/strict';
import { parseRetryAfter, type RetryNotice, type RetryPolicy } from '../../../src/api/client';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../../dev/demo/fixtures';
import { MemoryLog, client, closedPort, rejects, startServer } from '../../support/client';
import { demoApiPerSuite } from '../../support/demoApi';

const HOUR = 3_600_000;

describe('API client details', () => {
  const server = demoApiPerSuite();
  let log: MemoryLog;

  beforeEach(() => {
    log = new MemoryLog();
  });

  it('logs what it loaded and what it skipped, in words a user can act on', async () => {
    const bad = Array.from({ length: 7 }, (_, i) => ({ ...DEMO_MACHINES[i], price: 'free' }));
    server.setData({ machines: [DEMO_MACHINES[10], ...bad] });
    await client(server, { log }).listMachines();
    assert.ok(log.lines.includes('info Machines: 1 loaded, 7 skipped.'), log.lines.join('\n'));
    const warn = log.lines.find((l) => l.startsWith('warn machines: skipped 7 item(s): item 1: price '));
    assert.ok(warn?.endsWith('; …'), 'more problems than are listed end in an ellipsis');
    assert.equal(warn?.split('; item').length, 5, 'five problems are listed');
    server.reset();
    const clean = new MemoryLog();
    await client(server, { log: clean }).listMachines();
    assert.ok(clean.lines.includes(`info Machines: ${DEMO_MACHINES.length} loaded.`), clean.lines.join('\n'));
    assert.ok(!clean.lines.some((l) => l.startsWith('warn')));
    assert.ok(clean.lines.some((l) => /^debug GET \/v1\/rentgpu\/machines → 200 in \d+ ms, \d+ bytes$/.test(l)), clean.lines.join('\n'));
    const few = new MemoryLog();
    server.setData({ machines: [DEMO_MACHINES[10], { ...DEMO_MACHINES[0], price: 'free' }] });
    await client(server, { log: few }).listMachines();
    assert.ok(few.lines.some((l) => l.startsWith('warn machines: skipped 1 item(s): item 1: price ') && !l.endsWith('…')), few.lines.join('\n'));
    server.reset();
    const templates = new MemoryLog();
    await client(server, { log: templates }).listTemplates(1000);
    assert.ok(templates.lines.includes(`info Templates: ${DEMO_TEMPLATES.length} loaded in 1 page(s).`), templates.lines.join('\n'));
    assert.ok(!templates.lines.some((l) => l.startsWith('warn')), 'a complete listing warns of nothing');
    server.setData({ templates: [DEMO_TEMPLATES[1], { ...DEMO_TEMPLATES[2], image_type: 'x' }, null] });
    const skipping = new MemoryLog();
    await client(server, { log: skipping }).listTemplates(50);
    assert.ok(skipping.lines.includes('info Templates: 1 loaded in 1 page(s), 2 skipped.'), skipping.lines.join('\n'));
    assert.ok(skipping.lines.some((l) => l.startsWith('warn templates page 1: skipped 2 item(s): item 1: ')), skipping.lines.join('\n'));
  });

  it('asks for at least one template per page, in whole numbers', async () => {
    server.setData({ templates: DEMO_TEMPLATES.slice(0, 3) });
    await client(server).listTemplates(0);
    assert.equal(server.requests[0].query.limit, '1');
    server.reset();
    await client(server).listTemplates(2.7);
    assert.equal(server.requests[0].query.limit, '2');
  });

  it('pages on from the last valid id when the last item has none, and stops when no id is left', async () => {
    const { id: _id, ...noId } = DEMO_TEMPLATES[5];
    server.setData({ templates: [DEMO_TEMPLATES[1], DEMO_TEMPLATES[2], noId, DEMO_TEMPLATES[3]] });
    const result = await client(server, { log }).listTemplates(3);
    assert.deepEqual(result.items.map((t) => t.id), [DEMO_TEMPLATES[1].id, DEMO_TEMPLATES[2].id, DEMO_TEMPLATES[3].id]);
    assert.equal(server.requests[1].query.marker, String(DEMO_TEMPLATES[2].id));
    assert.equal(result.incomplete, undefined);
    server.reset();
    server.setData({ templates: [noId, noId] });
    const stuck = await client(server, { log }).listTemplates(2);
    assert.equal(stuck.incomplete, 'page 1 gave no usable marker');
    assert.equal(stuck.skipped, 2);
    assert.ok(log.lines.includes('warn Templates: paging page 1 gave no usable marker; showing the 0 templates received.'), log.lines.join('\n'));
  });

  it('stops paging when a page of malformed items comes back again, however the marker is ignored', async () => {
    const bad = (id: number) => ({ ...DEMO_TEMPLATES[1], id, image_type: 'x' });
    server.setData({ templates: [bad(1), bad(2)] });
    server.setFault({ endpoint: 'images', fault: { kind: 'repeatPage' } });
    const result = await client(server).listTemplates(2);
    assert.equal(result.incomplete, 'page 2 gave no usable marker');
    assert.equal(server.requests.length, 2);
  });

  it('takes the marker from the last valid item when the last item is null or has a fractional id', async () => {
    for (const last of [null, { ...DEMO_TEMPLATES[4], id: 2.5 }]) {
      server.reset();
      server.setData({ templates: [DEMO_TEMPLATES[1], DEMO_TEMPLATES[2], DEMO_TEMPLATES[3], last] });
      const result = await client(server).listTemplates(4);
      assert.equal(result.items.length, 3);
      assert.equal(server.requests[1]?.query.marker, String(DEMO_TEMPLATES[3].id));
    }
  });

  it('stops rather than start again from the top when a later page has no usable id', async () => {
    const pages = await startServer((req, res) => {
      const marker = new URL(req.url ?? '/', 'http://x').searchParams.get('marker');
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(marker === null ? [DEMO_TEMPLATES[1], DEMO_TEMPLATES[2]] : [null, { id: 'x' }]));
    });
    try {
      const result = await client(pages).listTemplates(2);
      assert.equal(result.incomplete, 'page 2 gave no usable marker');
      assert.equal(result.pages, 2);
      assert.equal(result.skipped, 2);
    } finally {
      await pages.close();
    }
  });

  it('names what the body was when it is not an array', async () => {
    for (const [body, kind] of [['null', 'null'], ['"x"', 'a string'], ['42', 'a number'], ['true', 'a boolean']]) {
      server.setFault({ fault: { kind: 'body', body } });
      await rejects(client(server).listMachines(), 'shape', new RegExp(`^The service's machine list is not a JSON array \\(it is ${kind}\\)\\.$`));
    }
  });

  it('takes a body starting with < for a web page whatever its type, and an HTML type likewise', async () => {
    server.setFault({ fault: { kind: 'body', body: '  <html>', contentType: 'application/json' } });
    await rejects(client(server).listMachines(), 'parse', /^The service sent a web page instead of JSON for the machine list; check the service URL\.$/);
    server.setFault({ fault: { kind: 'body', body: '[]', contentType: 'text/HTML; charset=utf-8' } });
    await rejects(client(server).listTemplates(5), 'parse', /web page instead of JSON for the image template list/);
    server.setFault({ fault: { kind: 'body', body: ' \n ' } });
    await rejects(client(server).listMachines(), 'parse', /^The service sent an empty response for the machine list\.$/);
  });

  it('words other statuses plainly', async () => {
    server.setFault({ fault: { kind: 'status', status: 418 } });
    await rejects(client(server).listMachines(), 'http', /^The service answered 418 when asked for the machine list\.$/);
    server.setFault({ fault: { kind: 'status', status: 204, body: '' } });
    await rejects(client(server).listMachines(), 'parse', /empty response/);
  });

  it('says the timeout in whole seconds when it is whole', async () => {
    server.setFault({ fault: { kind: 'hang' } });
    await rejects(client(server, { timeoutMs: 1000 }).listMachines(), 'timeout', /^The service did not answer within 1 s when asked for the machine list\.$/);
  });

  it('keeps a character whose bytes arrive in two chunks', async () => {
    const body = Buffer.from(JSON.stringify([{ ...DEMO_MACHINES[0], region: '日本-東京' }]));
    const cut = body.indexOf(Buffer.from('本')) + 1;
    const split = await startServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.write(body.subarray(0, cut));
      setTimeout(() => res.end(body.subarray(cut)), 20);
    });
    try {
      assert.equal((await client(split).listMachines()).items[0].region, '日本-東京');
    } finally {
      await split.close();
    }
  });
});

describe('API client retries', () => {
  const server = demoApiPerSuite();
  const fast: Partial<RetryPolicy> = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };

  for (const status of [408, 500, 502, 503, 504]) {
    it(`retries ${status} and succeeds when the service recovers`, async () => {
      server.setFault({ endpoint: 'machines', times: 2, fault: { kind: 'status', status } });
      const notices: RetryNotice[] = [];
      const result = await client(server, { retry: fast, onRetry: (n) => notices.push(n) }).listMachines();
      assert.equal(result.items.length, DEMO_MACHINES.length);
      assert.equal(server.requests.length, 3);
      assert.deepEqual(notices.map((n) => n.attempt), [1, 2]);
      assert.ok(notices.every((n) => n.delayMs <= 20 && !n.rateLimited));
    });
  }

  it('backs off exponentially with jitter, within the ceiling, and tells the caller each wait', async () => {
    server.setFault({ fault: { kind: 'status', status: 502 } });
    const notices: RetryNotice[] = [];
    await rejects(client(server, { retry: { retries: 3, baseDelayMs: 10, maxDelayMs: 25 }, onRetry: (n) => notices.push(n) }).listMachines(), 'http');
    const ceilings = [10, 20, 25];
    notices.forEach((n, i) => {
      assert.ok(n.delayMs >= Math.round(ceilings[i] / 10) && n.delayMs <= ceilings[i], `wait ${i + 1}: ${n.delayMs} ms`);
      assert.equal(Math.round(n.delayMs), n.delayMs);
      assert.deepEqual({ ...n, delayMs: 0 }, { resource: 'machines', attempt: i + 1, of: 3, delayMs: 0, rateLimited: false, reason: 'The service answered 502 Bad Gateway when asked for the machine list.' });
    });
    assert.equal(notices.length, 3);
  });

  it('a 429 without Retry-After is rate limiting too, and waits the normal backoff', async () => {
    server.setFault({ times: 1, fault: { kind: 'status', status: 429 } });
    const notices: RetryNotice[] = [];
    await client(server, { retry: fast, onRetry: (n) => notices.push(n) }).listTemplates(50);
    assert.equal(notices[0].rateLimited, true);
    assert.equal(notices[0].resource, 'images');
    assert.ok(notices[0].delayMs <= 5);
  });

  it('gives up after 3 retries with the last error', async () => {
    server.setFault({ fault: { kind: 'status', status: 503 } });
    await rejects(client(server, { retry: fast }).listMachines(), 'http', /answered 503 Service Unavailable/);
    assert.equal(server.requests.length, 4);
  });

  for (const status of [400, 401, 403, 404]) {
    it(`never retries ${status}`, async () => {
      server.setFault({ fault: { kind: 'status', status } });
      await assert.rejects(client(server, { retry: fast }).listMachines());
      assert.equal(server.requests.length, 1);
    });
  }

  it('honours Retry-After in seconds and says it is rate limited', async () => {
    server.setFault({ times: 1, fault: { kind: 'status', status: 429, headers: { 'Retry-After': '1' } } });
    const notices: RetryNotice[] = [];
    const started = Date.now();
    await client(server, { retry: fast, onRetry: (n) => notices.push(n) }).listMachines();
    assert.ok(Date.now() - started >= 950, 'waited as asked');
    assert.equal(notices[0].delayMs, 1000);
    assert.equal(notices[0].rateLimited, true);
  });

  it('caps a long Retry-After', async () => {
    server.setFault({ times: 1, fault: { kind: 'status', status: 503, headers: { 'Retry-After': '3600' } } });
    const notices: RetryNotice[] = [];
    await client(server, { retry: { ...fast, maxRetryAfterMs: 50 }, onRetry: (n) => notices.push(n) }).listMachines();
    assert.equal(notices[0].delayMs, 50);
  });

  it('waits as a 503 with Retry-After asks, up to the cap', async () => {
    server.setFault({ times: 1, fault: { kind: 'status', status: 503, headers: { 'Retry-After': '2' } } });
    const notices: RetryNotice[] = [];
    const started = Date.now();
    const result = await client(server, { retry: { ...fast, maxRetryAfterMs: 300 }, onRetry: (n) => notices.push(n) }).listMachines();
    assert.equal(result.items.length, DEMO_MACHINES.length);
    assert.ok(Date.now() - started >= 290, `waited ${Date.now() - started} ms`);
    assert.equal(notices.length, 1);
    assert.equal(notices[0].delayMs, 300);
    assert.equal(notices[0].rateLimited, true, 'a Retry-After means the service asks us to slow down');
    assert.equal(server.requests.length, 2);
  });

  it('reads a fractional Retry-After as seconds, never as a date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    assert.equal(parseRetryAfter('1.5', now), 1500);
    assert.equal(parseRetryAfter('0.25', now), 250);
    assert.equal(parseRetryAfter('1.1', now), 1100);
    assert.equal(parseRetryAfter(' 7 ', now), 7000);
    assert.equal(parseRetryAfter('1 Jan 2030', now), undefined, 'an HTTP date starts with the day name');
    assert.equal(parseRetryAfter('0.0001', now), 1, 'never earlier than asked');
    for (const odd of ['-1', '1e3', '+5', '.5', '1.', '0x10', '1,5']) {
      assert.equal(parseRetryAfter(odd, now), undefined, odd);
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(null, now), undefined);
  });

  it('retries a refused connection, then reports it', async () => {
    const port = await closedPort();
    const notices: RetryNotice[] = [];
    await rejects(client({ url: `http://127.0.0.1:${port}` }, { retry: fast, onRetry: (n) => notices.push(n) }).listMachines(), 'network', /refused/);
    assert.equal(notices.length, 3);
  });

  // The wait between attempts is an hour: only the cancel can end it before mocha's timeout.
  for (const [title, cancel] of [
    ['a cancel during the wait between attempts stops at once, without another attempt', (controller: AbortController) => controller.abort()],
    ['a cancel that comes while already waiting ends the wait', (controller: AbortController) => setTimeout(() => controller.abort(), 30)],
  ] as const) {
    it(title, async () => {
      server.setFault({ fault: { kind: 'status', status: 503 } });
      const controller = new AbortController();
      const pending = client(server, { retry: { retries: 3, baseDelayMs: HOUR, maxDelayMs: HOUR }, onRetry: () => cancel(controller) }).listMachines(controller.signal);
      await rejects(pending, 'cancelled', /^The request was cancelled\.$/);
      assert.equal(server.requests.length, 1);
    });
  }

  it('checkToken sends one small request and says whether the token is accepted', async () => {
    await client(server).checkToken();
    assert.equal(server.requests.at(-1)?.query.limit, '1');
    await rejects(client(server, { token: 'nope' }).checkToken(), 'auth');
  });
});
