// streamMachines (src/api/streamMachines.ts) against real HTTP servers on 127.0.0.1:
// machines handed on as the body arrives, checked and de-duplicated as
// listMachines does; the retries it may and may not make; the errors of a
// body that is not a list; a sink slower than the time limit.
import * as assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../../dev/demo/server';
import { streamMachines } from '../../../src/api/streamMachines';
import type { Machine } from '../../../src/api/types';
import { client, rejects, SECRET, startServer } from '../../support/client';

/** Collects what the stream hands on. */
function collector(restart?: () => boolean) {
  const got: Machine[] = [];
  return { got, sink: { machine: (m: Machine) => void got.push(m), restart } };
}

describe('streamMachines: the machine list item by item', () => {
  let demo: DemoServer;

  before(async () => {
    demo = await startDemoServer({ token: SECRET });
  });
  afterEach(() => demo.reset());
  after(() => demo.close());

  it('hands on every machine of the demo in the order listed, the same as listMachines', async () => {
    const api = client(demo);
    const { got, sink } = collector();
    const result = await streamMachines(api, sink);
    assert.deepEqual(got, (await api.listMachines()).items);
    assert.deepEqual(result, { count: DEMO_MACHINES.length, skipped: 0 });
  });

  it('leaves out malformed machines and repeated node IDs, and counts them', async () => {
    const [a, b] = DEMO_MACHINES;
    demo.setData({ machines: [a, { ...b, gpu_count: 'eight' }, b, a, 42] });
    const { got, sink } = collector();
    assert.deepEqual(await streamMachines(client(demo), sink), { count: 2, skipped: 3 });
    assert.deepEqual(got.map((m) => m.node_name), [a.node_name, b.node_name]);
  });

  it('the first machines arrive while the rest of the body is held back', async () => {
    demo.setData({ machines: Array.from({ length: 2_000 }, (_, i) => ({ ...DEMO_MACHINES[i % DEMO_MACHINES.length], node_name: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` })) });
    demo.setFault({ endpoint: 'machines', fault: { kind: 'stall', afterBytes: 100_000 } });
    let release!: () => void;
    const firstIn = new Promise<void>((resolve) => (release = resolve));
    let count = 0;
    const done = streamMachines(client(demo), { machine: () => void (++count === 1 && release()) });
    await firstIn;
    const early = count;
    assert.ok(early > 0 && early < 2_000, `${early} before the rest`);
    demo.releaseStalled();
    assert.equal((await done).count, 2_000);
  });

  it('a failure before any machine is retried; after some, only when the sink takes them back', async () => {
    demo.setFault({ endpoint: 'machines', times: 1, fault: { kind: 'status', status: 503 } });
    const retried = collector();
    await streamMachines(client(demo, { retry: { retries: 1, baseDelayMs: 1 } }), retried.sink);
    assert.equal(retried.got.length, DEMO_MACHINES.length);
    // A body cut off in the middle, then a whole one.
    let answers = 0;
    const half = JSON.stringify(DEMO_MACHINES.slice(0, 2));
    const server = await startServer((_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (answers++ === 0) {
        res.write(`${half.slice(0, -1)},{"node_name":`);
        setImmediate(() => res.socket?.destroy());
      } else {
        res.end(JSON.stringify(DEMO_MACHINES.slice(0, 3)));
      }
    });
    try {
      const api = client(server, { retry: { retries: 2, baseDelayMs: 1 } });
      const noTakeBack = collector();
      await rejects(streamMachines(api, noTakeBack.sink), 'network');
      assert.equal(noTakeBack.got.length, 2, 'what was handed on stays, and nothing twice');
      answers = 0;
      const takeBack = collector(() => {
        takeBack.got.length = 0;
        return true;
      });
      await streamMachines(api, takeBack.sink);
      assert.deepEqual(takeBack.got, DEMO_MACHINES.slice(0, 3));
    } finally {
      await server.close();
    }
  });

  it('a body that is not a machine list fails with the words of listMachines', async () => {
    for (const [body, kind, pattern] of [
      ['', 'parse', /empty response/],
      ['<html><body>login</body></html>', 'parse', /web page instead of JSON/],
      ['{"machines":[]}', 'shape', /not a JSON array \(it is an object\)/],
      ['[{"a":1},', 'parse', /not valid JSON/],
    ] as const) {
      demo.setFault({ endpoint: 'machines', fault: { kind: 'body', body, contentType: 'application/json' } });
      await rejects(streamMachines(client(demo), collector().sink), kind, pattern);
    }
    demo.setFault({ endpoint: 'machines', fault: { kind: 'body', body: '[]', contentType: 'text/html' } });
    await rejects(streamMachines(client(demo), collector().sink), 'parse', /web page/);
    demo.setFault({ endpoint: 'machines', fault: { kind: 'status', status: 401 } });
    await rejects(streamMachines(client(demo), collector().sink), 'auth');
  });

  it('the time limit counts the service, not a sink that is behind', async () => {
    // Each machine waits one and a half times the limit: were the sink's time counted, the first wait would end
    // the request. The limit is a second, not less: a busy machine may take a few hundred ms to serve two machines.
    demo.setData({ machines: DEMO_MACHINES.slice(0, 2) });
    const api = client(demo, { timeoutMs: 1000 });
    const slow = { machine: () => new Promise<void>((resolve) => setTimeout(resolve, 1500)) };
    assert.equal((await streamMachines(api, slow)).count, 2);
    demo.setFault({ endpoint: 'machines', fault: { kind: 'stall', afterBytes: 10 } });
    await rejects(streamMachines(api, collector().sink), 'timeout');
  });

  it('a signal aborted from the sink stops the reading: cancelled', async () => {
    const stop = new AbortController();
    let count = 0;
    await rejects(streamMachines(client(demo), { machine: () => void (++count === 3 && stop.abort()) }, stop.signal), 'cancelled');
    assert.ok(count >= 3);
  });
});
