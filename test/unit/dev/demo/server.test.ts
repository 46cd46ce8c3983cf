import * as assert from 'node:assert/strict';
import { DEMO_MACHINES, DEMO_TEMPLATES, DEMO_TOKEN, generateMachines, generateTemplates } from '../../../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../../../dev/demo/server';

const AUTH = { Authorization: `Bearer ${DEMO_TOKEN}` };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function getJson(url: string, headers: Record<string, string> = AUTH): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers });
  return { status: res.status, body: await res.json() };
}

function ids(body: unknown): number[] {
  return (body as { id: number }[]).map((t) => t.id);
}

describe('demo fixtures', () => {
  it('has a varied, consistent machine list', () => {
    const m = DEMO_MACHINES;
    assert.ok(m.length >= 150);
    const byGpu = new Map<string, number>();
    for (const x of m) byGpu.set(x.gpu_name, (byGpu.get(x.gpu_name) ?? 0) + 1);
    assert.ok(byGpu.size >= 12);
    for (const [name, n] of byGpu) assert.ok(n >= 5, `${name} has only ${n} machines`);
    assert.ok(m.some((x) => x.gpu_count > 1));
    assert.ok(m.some((x) => x.gpu_count === 8));
    assert.ok(m.some((x) => x.nvlink_status));
    assert.ok(m.every((x) => !x.nvlink_status || x.gpu_count > 1));
    assert.ok(new Set(m.map((x) => x.region)).size >= 4);
    assert.ok(new Set(m.map((x) => x.cuda_version)).size >= 3);
    assert.equal(new Set(m.map((x) => x.node_name)).size, m.length);
    for (const x of m) {
      assert.match(x.node_name, UUID);
      assert.match(x.price, /^\d+\.\d{2,3}$/);
      assert.ok(Number.isFinite(Number(x.price)) && Number(x.price) > 0);
      assert.match(x.gpu_name, /^\S+$/);
      assert.match(x.cpu_name, /^\S+$/);
      assert.deepEqual(x.labels, []);
      assert.equal(x.cpu_count, x.cpu_per_gpu * x.gpu_count);
      assert.equal(x.memory_total, x.memory_per_gpu * x.gpu_count);
      assert.equal(x.disk_total, x.disk_per_gpu * x.gpu_count);
      assert.ok(x.online_rate > 0.8 && x.online_rate <= 1);
      assert.equal(Math.round(x.online_rate * 10000) / 10000, x.online_rate);
      for (const k of ['gpu_count', 'gpu_memory', 'up_time', 'network_upload_speed', 'network_download_speed'] as const) {
        assert.ok(Number.isInteger(x[k]), k);
      }
    }
  });

  it('is deterministic and scales for benchmarks', () => {
    assert.deepEqual(generateMachines(20, 7), generateMachines(20, 7));
    assert.notDeepEqual(generateMachines(20, 7), generateMachines(20, 8));
    const big = generateMachines(10_000);
    assert.equal(new Set(big.map((x) => x.node_name)).size, 10_000);
  });

  it('has platform and custom templates', () => {
    const t = DEMO_TEMPLATES;
    assert.ok(t.length >= 60);
    const tIds = t.map((x) => x.id);
    assert.equal(new Set(tIds).size, t.length);
    assert.deepEqual(tIds, [...tIds].sort((a, b) => a - b));
    assert.equal(t[0].id, 0);
    assert.equal(t[0].image_type, 0);
    assert.ok(new Set(t.map((x) => x.image_type)).size >= 3);
    const nullable = ['docker_username', 'docker_passwd', 'docker_registry', 'public_port', 'onstart', 'options'] as const;
    for (const x of t.filter((x) => x.image_type <= 1)) for (const k of nullable) assert.equal(x[k], null);
    const custom = t.filter((x) => x.image_type > 1);
    for (const k of nullable) assert.ok(custom.some((x) => x[k] !== null), `some custom template sets ${k}`);
    assert.ok(custom.some((x) => typeof x.public_port === 'number'));
    assert.ok(custom.some((x) => typeof x.public_port === 'string'));
    assert.ok(custom.some((x) => typeof x.options === 'object' && x.options !== null));
    assert.equal(generateTemplates(10).length, 10);
    assert.equal(generateTemplates(500).length, 500);
  });
});

describe('demo server', () => {
  let server: DemoServer;

  before(async () => {
    server = await startDemoServer();
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => server.reset());

  it('listens on 127.0.0.1 and serves all machines', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(server.url, `http://127.0.0.1:${server.port}`);
    const res = await fetch(`${server.url}/v1/rentgpu/machines`, { headers: AUTH });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await res.json(), DEMO_MACHINES);
  });

  it('rejects missing or wrong tokens', async () => {
    const variants: Record<string, string>[] = [{}, { Authorization: 'Bearer nope' }, { Authorization: DEMO_TOKEN }, { Authorization: `bearer ${DEMO_TOKEN}` }];
    for (const headers of variants) {
      for (const ep of ['machines', 'images']) {
        const { status, body } = await getJson(`${server.url}/v1/rentgpu/${ep}`, headers);
        assert.equal(status, 401);
        assert.deepEqual(body, { error: 'unauthorized' });
      }
    }
  });

  it('pages images by marker and limit', async () => {
    const seen: number[] = [];
    let marker: number | undefined;
    for (let pages = 0; ; pages++) {
      assert.ok(pages < 50, 'paging does not terminate');
      const q = marker === undefined ? '?limit=7' : `?limit=7&marker=${marker}`;
      const { status, body } = await getJson(`${server.url}/v1/rentgpu/images${q}`);
      assert.equal(status, 200);
      const page = ids(body);
      assert.ok(page.length <= 7);
      seen.push(...page);
      if (page.length < 7) break;
      marker = page[page.length - 1];
    }
    assert.deepEqual(seen, DEMO_TEMPLATES.map((t) => t.id));
  });

  it('returns everything without limit and validates parameters', async () => {
    assert.deepEqual((await getJson(`${server.url}/v1/rentgpu/images`)).body, DEMO_TEMPLATES);
    const after = DEMO_TEMPLATES[10].id;
    assert.deepEqual(ids((await getJson(`${server.url}/v1/rentgpu/images?marker=${after}`)).body), DEMO_TEMPLATES.slice(11).map((t) => t.id));
    for (const q of ['limit=-1', 'limit=abc', 'marker=1.5', 'marker=-3', 'limit=']) {
      const { status, body } = await getJson(`${server.url}/v1/rentgpu/images?${q}`);
      assert.equal(status, 400, q);
      assert.equal(typeof (body as { error: unknown }).error, 'string');
    }
  });

  it('answers 404 for unknown paths and 405 for other methods', async () => {
    assert.equal((await getJson(`${server.url}/v1/rentgpu/nothing`)).status, 404);
    assert.equal((await getJson(`${server.url}/v2/rentgpu/machines`)).status, 404);
    const res = await fetch(`${server.url}/v1/rentgpu/images`, { method: 'POST', headers: AUTH, body: '{}' });
    assert.equal(res.status, 405);
    await res.arrayBuffer();
  });

  it('applies a status fault once, then answers normally', async () => {
    server.setFault({ endpoint: 'machines', times: 1, fault: { kind: 'status', status: 429, headers: { 'Retry-After': '3' } } });
    const images = await getJson(`${server.url}/v1/rentgpu/images?limit=1`);
    assert.equal(images.status, 200, 'other endpoint untouched');
    const first = await fetch(`${server.url}/v1/rentgpu/machines`, { headers: AUTH });
    assert.equal(first.status, 429);
    assert.equal(first.headers.get('retry-after'), '3');
    await first.arrayBuffer();
    assert.equal((await getJson(`${server.url}/v1/rentgpu/machines`)).status, 200);
  });

  it('checks queued rules in order and keeps untimed rules until cleared', async () => {
    server.addFault({ times: 1, fault: { kind: 'status', status: 500 } });
    server.addFault({ endpoint: 'images', fault: { kind: 'status', status: 503 } });
    assert.equal((await getJson(`${server.url}/v1/rentgpu/images`)).status, 500);
    assert.equal((await getJson(`${server.url}/v1/rentgpu/images`)).status, 503);
    assert.equal((await getJson(`${server.url}/v1/rentgpu/images`)).status, 503);
    assert.equal((await getJson(`${server.url}/v1/rentgpu/machines`)).status, 200);
    server.clearFaults();
    assert.equal((await getJson(`${server.url}/v1/rentgpu/images`)).status, 200);
  });

  it('repeatPage ignores the marker', async () => {
    server.setFault({ endpoint: 'images', fault: { kind: 'repeatPage' } });
    const a = await getJson(`${server.url}/v1/rentgpu/images?limit=5`);
    const b = await getJson(`${server.url}/v1/rentgpu/images?limit=5&marker=${ids(a.body)[4]}`);
    assert.deepEqual(ids(b.body), ids(a.body));
    assert.deepEqual(ids(a.body), [0, 1, 2, 3, 4]);
  });

  it('reset drops the connection mid-body', async () => {
    server.setFault({ endpoint: 'machines', fault: { kind: 'reset' } });
    await assert.rejects(async () => {
      const res = await fetch(`${server.url}/v1/rentgpu/machines`, { headers: AUTH });
      await res.text();
    });
    server.clearFaults();
    assert.equal((await getJson(`${server.url}/v1/rentgpu/machines`)).status, 200);
  });

  it('serves raw bodies and raw items', async () => {
    server.setFault({ endpoint: 'machines', times: 1, fault: { kind: 'body', body: '[{"price": ', status: 200 } });
    const raw = await fetch(`${server.url}/v1/rentgpu/machines`, { headers: AUTH });
    assert.equal(raw.status, 200);
    assert.equal(await raw.text(), '[{"price": ');

    server.setFault({ endpoint: 'images', times: 1, fault: { kind: 'body', body: '<html>oops</html>', contentType: 'text/html', status: 502 } });
    const html = await fetch(`${server.url}/v1/rentgpu/images`, { headers: AUTH });
    assert.equal(html.status, 502);
    assert.match(html.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(await html.text(), '<html>oops</html>');

    const items = [{ id: 1 }, { id: 1 }, 'junk', null];
    server.setFault({ endpoint: 'images', fault: { kind: 'items', items } });
    assert.deepEqual((await getJson(`${server.url}/v1/rentgpu/images`)).body, items);
    assert.deepEqual((await getJson(`${server.url}/v1/rentgpu/images?marker=0&limit=1`)).body, [{ id: 1 }]);
  });

  it('setData replaces the data until reset', async () => {
    server.setData({ machines: [DEMO_MACHINES[0]], templates: [] });
    assert.deepEqual((await getJson(`${server.url}/v1/rentgpu/machines`)).body, [DEMO_MACHINES[0]]);
    assert.deepEqual((await getJson(`${server.url}/v1/rentgpu/images`)).body, []);
    server.reset();
    assert.equal(((await getJson(`${server.url}/v1/rentgpu/machines`)).body as unknown[]).length, DEMO_MACHINES.length);
  });

  it('delay responds late and survives an aborted client', async () => {
    server.setFault({ endpoint: 'machines', fault: { kind: 'delay', ms: 300 } });
    await assert.rejects(fetch(`${server.url}/v1/rentgpu/machines`, { headers: AUTH, signal: AbortSignal.timeout(50) }));
    const started = Date.now();
    assert.equal((await getJson(`${server.url}/v1/rentgpu/machines`)).status, 200);
    assert.ok(Date.now() - started >= 250);
    await new Promise((r) => setTimeout(r, 300)); // let the aborted request's timer pass
  });

  it('records requests without changing them, and when they came', async () => {
    const before = Date.now();
    await getJson(`${server.url}/v1/rentgpu/images?limit=3&marker=9`);
    await getJson(`${server.url}/v1/rentgpu/machines`, {});
    const after = Date.now();
    const [first, second] = server.requests.map((r) => r.at);
    assert.ok(before <= first && first <= second && second <= after, `${before} ≤ ${first} ≤ ${second} ≤ ${after}`);
    assert.deepEqual(server.requests.map(({ at: _, ...rest }) => rest), [
      { method: 'GET', path: '/v1/rentgpu/images', query: { limit: '3', marker: '9' }, authorization: `Bearer ${DEMO_TOKEN}` },
      { method: 'GET', path: '/v1/rentgpu/machines', query: {}, authorization: undefined },
    ]);
    server.reset();
    assert.equal(server.requests.length, 0);
  });

  it('has a control surface for manual testing', async () => {
    const help = await fetch(`${server.url}/__demo/`);
    assert.equal(help.status, 200);
    assert.match(await help.text(), /fault/);

    const set = await fetch(`${server.url}/__demo/fault?endpoint=machines&status=500&times=1`);
    assert.equal(set.status, 200);
    await set.text();
    assert.equal((await getJson(`${server.url}/v1/rentgpu/machines`)).status, 500);
    assert.equal((await getJson(`${server.url}/v1/rentgpu/machines`)).status, 200);

    await (await fetch(`${server.url}/__demo/fault?kind=repeatPage`)).text();
    const a = await getJson(`${server.url}/v1/rentgpu/images?limit=2&marker=5`);
    assert.deepEqual(ids(a.body), [0, 1]);
    await (await fetch(`${server.url}/__demo/reset`)).text();
    assert.deepEqual(ids((await getJson(`${server.url}/v1/rentgpu/images?limit=2&marker=5`)).body), [6, 7]);

    const bad = await fetch(`${server.url}/__demo/fault?kind=explode`);
    assert.equal(bad.status, 400);
    await bad.text();
    // Only the images request after /__demo/reset (which clears the record) remains.
    assert.deepEqual(server.requests.map((r) => r.path), ['/v1/rentgpu/images'], 'control requests are not recorded');

    // A stall sends the first bytes, then the rest after the pause: the whole answer, in two parts.
    await (await fetch(`${server.url}/__demo/fault?endpoint=machines&times=1&stall=200&stallAfter=100`)).text();
    const stalled = await fetch(`${server.url}/v1/rentgpu/machines`, { headers: AUTH });
    const reader = stalled.body!.getReader();
    const first = await reader.read();
    assert.equal(first.value?.byteLength, 100);
    const parts = [first.value!];
    for (let part = await reader.read(); !part.done; part = await reader.read()) parts.push(part.value);
    assert.deepEqual(JSON.parse(Buffer.concat(parts).toString('utf8')), DEMO_MACHINES);
  });
});

describe('demo server options', () => {
  it('serves under a prefix with a custom token and logs without secrets', async () => {
    const lines: string[] = [];
    const server = await startDemoServer({ prefix: '/api', token: 's3cret-token', log: (l) => lines.push(l), templates: [] });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const ok = await getJson(`${server.url}/v1/rentgpu/images`, { Authorization: 'Bearer s3cret-token' });
      assert.deepEqual(ok, { status: 200, body: [] });
      const rootRes = await fetch(`http://127.0.0.1:${server.port}/v1/rentgpu/images`, { headers: { Authorization: 'Bearer s3cret-token' } });
      assert.equal(rootRes.status, 404);
      await rootRes.text();
      assert.equal((await getJson(`${server.url}/v1/rentgpu/machines`)).status, 401, 'demo token is not accepted');
      await new Promise((r) => setImmediate(r));
      assert.ok(lines.some((l) => l.includes('/api/v1/rentgpu/images') && l.includes('200')));
      assert.ok(lines.every((l) => !l.includes('s3cret')));
    } finally {
      await server.close();
    }
  });

  it('close() ends hanging requests promptly', async () => {
    const server = await startDemoServer();
    server.setFault({ fault: { kind: 'hang' } });
    const pending = fetch(`${server.url}/v1/rentgpu/machines`, { headers: AUTH }).then(
      () => 'answered',
      () => 'failed',
    );
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    // A server that waited for the hanging request would never close: this test would hang until mocha's timeout.
    await server.close();
    assert.equal(await pending, 'failed');
    await server.close(); // idempotent
  });
});
