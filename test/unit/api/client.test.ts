// The API client against the demo API on 127.0.0.1, a real HTTP server: the
// machines, paging of templates, and every error a user can be told.
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../../dev/demo/fixtures';
import { startDemoServer } from '../../../dev/demo/server';
import { MemoryLog, SECRET, client, closedPort, rejects, startServer } from '../../support/client';
import { demoApiPerSuite } from '../../support/demoApi';

describe('API client', () => {
  const server = demoApiPerSuite();
  let log: MemoryLog;

  beforeEach(() => {
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
      // A cap of 5, not the real MAX_TEMPLATE_PAGES (1000): a thousand requests took 20 s on a busy machine, and prove no more.
      const many = Array.from({ length: 12 }, (_, i) => ({ ...DEMO_TEMPLATES[1], id: i + 1 }));
      server.setData({ templates: many });
      const result = await client(server, { maxTemplatePages: 5 }).listTemplates(1);
      assert.equal(server.requests.length, 5);
      assert.deepEqual(ids(result.items), [1, 2, 3, 4, 5]);
      assert.equal(result.incomplete, 'stopped after 5 pages');
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
      // The server never answers: without the time limit this test would hang until mocha's timeout.
      await rejects(client(server, { timeoutMs: 300, log }).listMachines(), 'timeout', /did not answer within 0\.3 s/);
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
