// The API client against the demo API on 127.0.0.1: a real HTTP server.
import * as assert from 'node:assert/strict';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { GpuRentalClient, MAX_TEMPLATE_PAGES, parseRetryAfter, type Logger, type RetryNotice, type RetryPolicy } from '../../src/api/client';
import { checkBaseUrl } from '../../src/api/baseUrl';
import { ApiError } from '../../src/api/errors';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../dev/demo/server';

const SECRET = 'tok-SECRET-9f3a7c';

class MemoryLog implements Logger {
  lines: string[] = [];
  debug(m: string) { this.lines.push(`debug ${m}`); }
  info(m: string) { this.lines.push(`info ${m}`); }
  warn(m: string) { this.lines.push(`warn ${m}`); }
  error(m: string) { this.lines.push(`error ${m}`); }
}

interface TestClientOptions {
  token?: string;
  timeoutMs?: number;
  log?: Logger;
  base?: string;
  retry?: Partial<RetryPolicy>;
  onRetry?: (notice: RetryNotice) => void;
  maxBodyBytes?: number;
}

/** A client on the given server; no retries unless a test asks for them. */
function client(server: { url: string }, options: TestClientOptions = {}) {
  const check = checkBaseUrl(options.base ?? server.url);
  assert.ok(check.ok);
  return new GpuRentalClient({
    baseUrl: check.url,
    token: options.token ?? SECRET,
    timeoutMs: options.timeoutMs ?? 5000,
    log: options.log,
    retry: options.retry ?? { retries: 0 },
    onRetry: options.onRetry,
    maxBodyBytes: options.maxBodyBytes,
  });
}

async function rejects(promise: Promise<unknown>, kind: ApiError['kind'], pattern?: RegExp): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected ApiError, got ${String(err)}`);
    assert.equal(err.kind, kind, err.message);
    if (pattern) assert.match(err.message, pattern);
    assert.ok(!err.message.includes(SECRET), 'the token must not appear in an error message');
    return err;
  }
  assert.fail('expected the promise to reject');
}

describe('API client', () => {
  let server: DemoServer;
  let log: MemoryLog;

  before(async () => {
    server = await startDemoServer({ token: SECRET });
  });
  after(() => server.close());
  beforeEach(() => {
    server.reset();
    log = new MemoryLog();
  });
  afterEach(() => {
    for (const line of log.lines) {
      assert.ok(!line.includes(SECRET), `the token leaked into the log: ${line}`);
    }
  });

  describe('machines', () => {
    it('lists every machine, sending the token as a Bearer header', async () => {
      const result = await client(server, { log }).listMachines();
      assert.equal(result.items.length, DEMO_MACHINES.length);
      assert.equal(result.skipped, 0);
      assert.equal(server.requests.length, 1);
      assert.equal(server.requests[0].path, '/v1/rentgpu/machines');
      assert.equal(server.requests[0].authorization, `Bearer ${SECRET}`);
    });

    it('keeps the price string exactly', async () => {
      server.setData({ machines: [{ ...DEMO_MACHINES[0], price: '1.500' }] });
      const [machine] = (await client(server).listMachines()).items;
      assert.equal(machine.price, '1.500');
    });

    it('works with a trailing slash and with a path prefix in the base URL', async () => {
      const prefixed = await startDemoServer({ token: SECRET, prefix: '/api' });
      try {
        assert.ok(prefixed.url.endsWith('/api'));
        assert.equal((await client(prefixed, { base: `${prefixed.url}/` }).listMachines()).items.length, DEMO_MACHINES.length);
        assert.equal(prefixed.requests[0].path, '/api/v1/rentgpu/machines');
      } finally {
        await prefixed.close();
      }
      assert.equal((await client(server, { base: `${server.url}/` }).listMachines()).items.length, DEMO_MACHINES.length);
    });

    it('skips and counts malformed items, keeps the rest, ignores extra fields', async () => {
      const good = DEMO_MACHINES.slice(0, 3);
      const { price: _price, ...noPrice } = DEMO_MACHINES[3];
      server.setData({
        machines: [
          { ...good[0], extra_field: { nested: true } },
          noPrice,
          { ...DEMO_MACHINES[4], gpu_count: '2' },
          null,
          'not an object',
          { ...DEMO_MACHINES[5], price: 'free' },
          { ...DEMO_MACHINES[6], online_rate: 1.5 },
          good[1],
          good[1],
          { ...good[2], labels: null },
        ],
      });
      const result = await client(server, { log }).listMachines();
      assert.deepEqual(result.items.map((m) => m.node_name), good.map((m) => m.node_name));
      assert.equal(result.skipped, 7);
      assert.equal(result.items[0].node_name, good[0].node_name, 'an extra field does not make an item invalid');
      assert.deepEqual(result.items[2].labels, []);
      assert.ok(log.lines.some((l) => l.startsWith('warn') && l.includes('price')), log.lines.join('\n'));
    });
  });

  describe('templates paging', () => {
    const ids = (items: { id: number }[]) => items.map((t) => t.id);

    it('follows the marker across pages until a short page', async () => {
      const result = await client(server, { log }).listTemplates(10);
      assert.deepEqual(ids(result.items), ids(DEMO_TEMPLATES));
      assert.equal(result.pages, Math.ceil(DEMO_TEMPLATES.length / 10) + (DEMO_TEMPLATES.length % 10 === 0 ? 1 : 0));
      assert.equal(result.incomplete, undefined);
      const markers = server.requests.map((r) => r.query.marker);
      assert.equal(markers[0], undefined, 'the first page is asked for without a marker');
      assert.equal(markers[1], String(DEMO_TEMPLATES[9].id), 'the marker is the id of the last item of the previous page');
      assert.ok(server.requests.every((r) => r.query.limit === '10'));
    });

    it('asks once more after a last page of exactly `limit` items, and stops at the empty page', async () => {
      server.setData({ templates: DEMO_TEMPLATES.slice(0, 20) });
      const result = await client(server).listTemplates(10);
      assert.equal(result.items.length, 20);
      assert.equal(server.requests.length, 3);
      assert.equal(result.pages, 3);
      assert.equal(result.incomplete, undefined);
    });

    it('stops when the server repeats a page, keeping what it got', async () => {
      server.setFault({ endpoint: 'images', fault: { kind: 'repeatPage' } });
      const result = await client(server, { log }).listTemplates(10);
      assert.deepEqual(ids(result.items), ids(DEMO_TEMPLATES.slice(0, 10)));
      assert.equal(server.requests.length, 2);
      assert.equal(result.skipped, 0, 'a repeated page is not counted as skipped items');
      assert.equal(result.incomplete, `the service repeated page 1 (marker ${DEMO_TEMPLATES[9].id})`);
      assert.ok(log.lines.some((l) => l.startsWith('warn') && l.includes('repeated')));
    });

    it('skips and counts a page of only malformed items and goes on paging', async () => {
      const good = (id: number) => ({ ...DEMO_TEMPLATES[1], id });
      const bad = (id: number) => ({ ...DEMO_TEMPLATES[1], id, image_type: 'x' });
      server.setData({ templates: [good(1), good(2), bad(3), bad(4), good(5)] });
      const result = await client(server, { log }).listTemplates(2);
      assert.deepEqual(ids(result.items), [1, 2, 5]);
      assert.equal(result.skipped, 2);
      assert.equal(result.pages, 3);
      assert.equal(result.incomplete, undefined);
    });

    it('goes on paging past a page of malformed items that starts with the previous last item', async () => {
      // A service whose marker is inclusive repeats the marker's item at the top
      // of each page; that one repeat must not make a page of bad items look like
      // a repeated page.
      const good = (id: number) => ({ ...DEMO_TEMPLATES[1], id });
      const bad = (id: number) => ({ ...DEMO_TEMPLATES[1], id, image_type: 'x' });
      const all = [good(1), good(2), good(3), bad(4), bad(5), good(6)];
      const inclusive = await startServer((req, res) => {
        const query = new URL(req.url ?? '/', 'http://x').searchParams;
        const from = query.has('marker') ? all.findIndex((t) => t.id === Number(query.get('marker'))) : 0;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(all.slice(from, from + Number(query.get('limit')))));
      });
      try {
        const result = await client(inclusive, { log }).listTemplates(3);
        assert.deepEqual(ids(result.items), [1, 2, 3, 6]);
        assert.equal(result.incomplete, undefined);
        assert.equal(result.pages, 3);
        // Page 2 skips 3 (repeat), 4 and 5 (malformed); page 3 skips 5 again.
        assert.equal(result.skipped, 4);
      } finally {
        await inclusive.close();
      }
    });

    it('never asks for more than the page cap, even from a server that always has more', async () => {
      const many = Array.from({ length: MAX_TEMPLATE_PAGES + 5 }, (_, i) => ({ ...DEMO_TEMPLATES[1], id: i + 1 }));
      server.setData({ templates: many });
      const result = await client(server).listTemplates(1);
      assert.equal(server.requests.length, MAX_TEMPLATE_PAGES);
      assert.equal(result.items.length, MAX_TEMPLATE_PAGES);
      assert.match(result.incomplete ?? '', /stopped after/);
    });

    it('accepts the default template with id 0, nullable fields holding any JSON value, and drops duplicates', async () => {
      const custom = { ...DEMO_TEMPLATES[1], id: 5, public_port: 8888, options: { shm_size: '16g' }, onstart: ['a', 1], docker_passwd: 'pw' };
      server.setData({ templates: [DEMO_TEMPLATES[0], custom, custom, { ...custom, id: -1 }, { ...custom, id: 6, image_type: 'x' }] });
      const result = await client(server).listTemplates(50);
      assert.deepEqual(ids(result.items), [0, 5]);
      assert.equal(result.items[0].image_type, 0);
      assert.deepEqual(result.items[1].options, { shm_size: '16g' });
      assert.deepEqual(result.items[1].onstart, ['a', 1]);
      assert.equal(result.skipped, 3);
    });
  });

  describe('errors', () => {
    it('401 and 403 say that the token was rejected', async () => {
      await rejects(client(server, { token: 'wrong-token' }).listMachines(), 'auth', /^The service rejected the API token \(401 Unauthorized\)\.$/);
      server.setFault({ fault: { kind: 'status', status: 403 } });
      await rejects(client(server).listMachines(), 'auth', /403 Forbidden/);
    });

    for (const status of [404, 429, 500, 502, 503]) {
      it(`HTTP ${status} names the status`, async () => {
        server.setFault({ fault: { kind: 'status', status, body: '{"error":"nope"}' } });
        const err = await rejects(client(server, { log }).listMachines(), 'http', status === 429 ? /rate limiting requests \(429 Too Many Requests\)/ : new RegExp(`answered ${status}`));
        assert.equal(err.status, status);
      });
    }

    it('reads a refreshed list against the last one: what did not change is not parsed again, and the result is what a new client gets', async () => {
      const reading = client(server, { log });
      const first = await reading.listMachines();
      const edited = [...DEMO_MACHINES.slice(0, 5), { ...DEMO_MACHINES[5], price: '0.01' }, ...DEMO_MACHINES.slice(7), { ...DEMO_MACHINES[6], node_name: 'new-node' }];
      server.setData({ machines: edited });
      const second = await reading.listMachines();
      assert.deepEqual(second, await client(server).listMachines());
      assert.equal(second.items[0], first.items[0], 'an unchanged machine is the very record of the last list');
      assert.equal(second.items[5].price, '0.01');
      const reused = new RegExp(`: ${edited.length - 2} of ${edited.length} machines unchanged, the rest parsed in \\d+ ms$`);
      assert.ok(log.lines.some((l) => reused.test(l)), log.lines.join('\n'));
      // After a good list, what is not one is refused as before.
      for (const [fault, kind, pattern] of [
        [{ kind: 'body', body: '[]', contentType: 'text/html' }, 'parse', /web page/],
        [{ kind: 'body', body: JSON.stringify(edited).slice(0, -1) }, 'parse', /not valid JSON/],
        [{ kind: 'body', body: JSON.stringify({ machines: edited }) }, 'shape', /not a JSON array/],
      ] as const) {
        server.setFault({ fault });
        await rejects(reading.listMachines(), kind, pattern);
      }
      server.setFault({ fault: { kind: 'body', body: JSON.stringify([edited[0], edited[0]]) } });
      assert.deepEqual(await reading.listMachines(), { items: [second.items[0]], skipped: 1 }, 'a repeated id is still dropped and counted');
    });

    it('invalid JSON is an error, not data', async () => {
      server.setFault({ fault: { kind: 'body', body: '[{"price": "1.0",' } });
      await rejects(client(server, { log }).listMachines(), 'parse', /not valid JSON/);
    });

    it('JSON that is not an array is an error', async () => {
      server.setFault({ fault: { kind: 'body', body: '{"machines": []}' } });
      await rejects(client(server).listMachines(), 'shape', /not a JSON array \(it is an object\)/);
    });

    it('an HTML page with status 200 is an error', async () => {
      server.setFault({ fault: { kind: 'body', body: '<!DOCTYPE html><html><body>Login</body></html>', contentType: 'text/html' } });
      await rejects(client(server).listMachines(), 'parse', /web page instead of JSON/);
    });

    it('an empty 200 is an error', async () => {
      server.setFault({ fault: { kind: 'body', body: '' } });
      await rejects(client(server).listTemplates(10), 'parse', /empty response/);
    });

    it('a server slower than the timeout gives a timeout error', async () => {
      server.setFault({ fault: { kind: 'hang' } });
      const started = Date.now();
      await rejects(client(server, { timeoutMs: 300, log }).listMachines(), 'timeout', /did not answer within 0\.3 s/);
      assert.ok(Date.now() - started < 3000);
    });

    it('a cancelled request rejects at once as cancelled', async () => {
      server.setFault({ fault: { kind: 'hang' } });
      const controller = new AbortController();
      const pending = client(server).listMachines(controller.signal);
      setTimeout(() => controller.abort(), 50);
      await rejects(pending, 'cancelled', /^The request was cancelled\.$/);
    });

    it('a request with a signal already aborted is not sent', async () => {
      const controller = new AbortController();
      controller.abort();
      await rejects(client(server).listMachines(controller.signal), 'cancelled', /^The request was cancelled\.$/);
      assert.equal(server.requests.length, 0);
    });

    it('statuses outside 200-299 are errors, 299 is not', async () => {
      server.setFault({ fault: { kind: 'status', status: 300 } });
      await rejects(client(server).listMachines(), 'http', /^The service answered 300 when asked for the machine list\.$/);
      server.setFault({ fault: { kind: 'body', body: '[]', status: 299 } });
      assert.deepEqual((await client(server).listMachines()).items, []);
    });

    it('a body over the size cap is refused with a clear message', async () => {
      await rejects(client(server, { maxBodyBytes: 10_000 }).listMachines(), 'parse', /larger than 0 MB|larger than/);
    });

    it('refuses a streamed body without Content-Length once it passes the cap, and accepts one at the cap', async () => {
      const body = JSON.stringify(DEMO_MACHINES.slice(0, 20));
      const bytes = Buffer.byteLength(body);
      // Chunked, so the cap is found while reading rather than from a header.
      let accept: string | undefined;
      const chunked = await startServer((req, res) => {
        accept = req.headers.accept;
        res.setHeader('Content-Type', 'application/json');
        for (let i = 0; i < body.length; i += 1000) {
          res.write(body.slice(i, i + 1000));
        }
        res.end();
      });
      try {
        assert.equal((await client(chunked, { maxBodyBytes: bytes }).listMachines()).items.length, 20);
        assert.equal(accept, 'application/json');
        await rejects(client(chunked, { maxBodyBytes: bytes - 1, log }).listMachines(), 'parse', /^The service's machine list is larger than 0 MB and was not loaded\.$/);
      } finally {
        await chunked.close();
      }
    });

    it('reads characters split across chunks, with or without Content-Length', async () => {
      const regions = ['Zürich', '東京', 'São Paulo 🚀'];
      const body = Buffer.from(JSON.stringify(regions.map((region, i) => ({ ...DEMO_MACHINES[i], region }))));
      // Three bytes at a time cuts every multi-byte character somewhere.
      const send = (res: import('node:http').ServerResponse) => {
        let i = 0;
        const next = () => {
          if (i >= body.length) res.end();
          else res.write(body.subarray(i, (i += 3)), next);
        };
        next();
      };
      const servers = [
        await startServer((_req, res) => send(res)),
        await startServer((_req, res) => (res.setHeader('Content-Length', String(body.length)), send(res))),
      ];
      try {
        for (const server of servers) {
          assert.deepEqual((await client(server).listMachines()).items.map((m) => m.region), regions);
        }
      } finally {
        await Promise.all(servers.map((server) => server.close()));
      }
    });

    it('names the cap in megabytes and refuses a body whose Content-Length is over it', async () => {
      const declared = await startServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(3 * 1024 * 1024) });
        res.write('[');
      });
      const exact = await startServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '2' });
        res.end('[]');
      });
      try {
        assert.deepEqual((await client(exact, { maxBodyBytes: 2 }).listMachines()).items, [], 'a declared length equal to the cap is fine');
        await exact.close();
        await rejects(client(declared, { maxBodyBytes: 2 * 1024 * 1024 }).listMachines(), 'parse', /larger than 2 MB/);
      } finally {
        await declared.close();
      }
    });

    it('a refused connection says so', async () => {
      const port = await closedPort();
      await rejects(client({ url: `http://127.0.0.1:${port}` }, { log }).listMachines(), 'network', /connection was refused/);
      assert.ok(log.lines.some((l) => l.includes('ECONNREFUSED')), log.lines.join('\n'));
    });

    it('a connection reset mid-body says the connection was interrupted', async () => {
      server.setFault({ fault: { kind: 'reset' } });
      await rejects(client(server, { log }).listMachines(), 'network', /^The connection to http:\/\/127\.0\.0\.1:\d+ was interrupted while receiving the machine list\.$/);
    });
  });
});

describe('API client details', () => {
  let server: DemoServer;
  let log: MemoryLog;

  before(async () => {
    server = await startDemoServer({ token: SECRET });
  });
  after(() => server.close());
  beforeEach(() => {
    server.reset();
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
  let server: DemoServer;
  const fast: Partial<RetryPolicy> = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };

  before(async () => {
    server = await startDemoServer({ token: SECRET });
  });
  after(() => server.close());
  beforeEach(() => server.reset());

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

  it('a cancel during the wait between attempts stops at once, without another attempt', async () => {
    server.setFault({ fault: { kind: 'status', status: 503 } });
    const controller = new AbortController();
    const pending = client(server, { retry: { retries: 3, baseDelayMs: 10_000, maxDelayMs: 10_000 }, onRetry: () => controller.abort() }).listMachines(controller.signal);
    const started = Date.now();
    await rejects(pending, 'cancelled', /^The request was cancelled\.$/);
    assert.ok(Date.now() - started < 1000);
    assert.equal(server.requests.length, 1);
  });

  it('a cancel that comes while already waiting ends the wait', async () => {
    server.setFault({ fault: { kind: 'status', status: 503 } });
    const controller = new AbortController();
    const pending = client(server, { retry: { retries: 3, baseDelayMs: 10_000, maxDelayMs: 10_000 }, onRetry: () => setTimeout(() => controller.abort(), 30) }).listMachines(controller.signal);
    const started = Date.now();
    await rejects(pending, 'cancelled', /^The request was cancelled\.$/);
    assert.ok(Date.now() - started < 1000);
    assert.equal(server.requests.length, 1);
  });

  it('checkToken sends one small request and says whether the token is accepted', async () => {
    await client(server).checkToken();
    assert.equal(server.requests.at(-1)?.query.limit, '1');
    await rejects(client(server, { token: 'nope' }).checkToken(), 'auth');
  });
});

/** An HTTP server on 127.0.0.1 with the given handler, for answers the demo server cannot give. */
async function startServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

