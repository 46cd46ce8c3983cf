// The market in a real worker_threads Worker (the compiled src/node/main.ts,
// wrapped by test/support/faultyWorker.ts for its faults), against the demo
// API on 127.0.0.1: a crash in the middle of a load and a hang are survived by
// a restart that reloads, while the last answers are served again marked
// stale; a worker that keeps dying is replaced by the same server in this
// thread, given the service, loads and watches again.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { DEMO_MACHINES } from '../../../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../../../dev/demo/server';
import { MarketClient, MarketRequestError } from '../../../../src/market/worker/client';
import { PROTOCOL_VERSION, type MachineAsk, type Notifications } from '../../../../src/market/protocol';
import { serveInThread } from '../../../../src/node/main';
import { startWorker } from '../../../../src/node/nodeTransport';
import { SECRET } from '../../../support/client';
import { next } from '../../../support/events';
import { fault, faultWatched, FAULTY_WORKER } from '../../../support/faults';
import { demoService } from '../../../support/market';

const HELLO = { version: PROTOCOL_VERSION, language: undefined, bundle: undefined };
const byGpu: MachineAsk = { filter: '', arrangement: { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' } };

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('market worker', () => {
  let api: DemoServer;
  let client: MarketClient;
  let starts: number;

  before(async () => {
    api = await startDemoServer({ token: SECRET });
  });
  after(() => api.close());

  /** A client on a new worker that has loaded the machines; with a watchdog only when given its deadline. */
  async function started(pingDeadlineMs?: number): Promise<MarketClient> {
    starts = 0;
    const market = new MarketClient({
      start: () => {
        starts++;
        return startWorker(FAULTY_WORKER);
      },
      hello: HELLO,
      pingEveryMs: pingDeadlineMs === undefined ? 0 : 100,
      pingDeadlineMs: pingDeadlineMs ?? 0,
    });
    await market.request('configure', { service: demoService(api) });
    await market.request('load', { which: 'machines' });
    return market;
  }

  beforeEach(async () => {
    api.reset();
    // No watchdog but in the hang test: on a busy machine a healthy worker once missed a 2 s deadline.
    client = await started();
  });
  afterEach(() => client.dispose());

  it('loads in the worker and answers the summary', async () => {
    const summary = await client.request('summary', byGpu);
    assert.equal(summary.total, DEMO_MACHINES.length);
    assert.equal(summary.stale, undefined);
  });

  it('a crash in the middle of a load restarts the worker, which reloads; meanwhile the last answer is served, stale', async () => {
    const before = await client.request('summary', byGpu);
    // The load in flight and the reload after the restart both wait for releaseStalled().
    api.setFault({ endpoint: 'machines', times: 2, fault: { kind: 'stall', afterBytes: 0 } });
    const requests = api.requests.length;
    const load = client.request('load', { which: 'machines' });
    await until(() => api.requests.length > requests);
    const { restarted, recovered, request: crash } = faultWatched(client, 'crash');
    void crash.catch(() => undefined);
    assert.match(await restarted, /^crashed: exit code 70/);
    assert.ok(client.stale);
    const stale = await client.request('summary', byGpu);
    assert.equal(stale.stale, true);
    assert.deepEqual({ ...stale, stale: undefined }, { ...before, stale: undefined });
    await until(() => api.requests.length > requests + 1);
    api.releaseStalled();
    await recovered;
    assert.deepEqual(await load, {});
    assert.equal(starts, 2);
    assert.equal(client.stale, false);
    const fresh = await client.request('summary', byGpu);
    assert.equal(fresh.stale, undefined);
    assert.equal(fresh.total, DEMO_MACHINES.length);
  });

  it('a hung worker is found by the watchdog, ended and restarted; the hanging request answers with an error', async function () {
    // The hang never answers at all, so the deadline can be generous: a busy machine must not count as a hang.
    this.timeout(60_000);
    client.dispose();
    client = await started(5000);
    await client.request('summary', byGpu);
    const { restarted, recovered, request: hang } = faultWatched(client, 'hang');
    assert.equal(await restarted, 'hung');
    await assert.rejects(hang, (err: unknown) => err instanceof MarketRequestError && err.kind === 'restarted');
    await recovered;
    assert.equal(starts, 2);
    assert.equal((await client.request('summary', byGpu)).total, DEMO_MACHINES.length);
  });
});

describe('market worker that keeps dying', () => {
  let api: DemoServer;

  before(async () => {
    api = await startDemoServer({ token: SECRET });
  });
  after(() => api.close());

  it('is replaced by the same server in this thread, which is given the service, reloads what was loaded and follows the watches', async () => {
    let starts = 0;
    const client = new MarketClient({
      // The first worker crashes on request; the next ones cannot even load their script.
      start: () => startWorker(++starts === 1 ? FAULTY_WORKER : path.join(__dirname, 'missing.js')),
      inThread: () => serveInThread(),
      hello: HELLO,
      pingEveryMs: 100,
      pingDeadlineMs: 2000,
      maxRestarts: 2,
    });
    try {
      const watch = 'gpu=h100_watch';
      await client.request('configure', { service: demoService(api) });
      await client.request('watches', { queries: [watch] });
      assert.deepEqual(await client.request('load', { which: 'machines' }), {});
      const moved = new Promise<string>((resolve) => client.onDidRestart((why) => why.includes('this thread') && resolve(why)));
      const recovered = new Promise<void>((resolve) => client.onDidRestart(() => client.inThread && client.onDidRecover(resolve)));
      void fault(client, 'crash').catch(() => undefined);
      assert.match(await moved, /moved into this thread after 2 restarts/);
      await recovered;
      assert.equal(starts, 3);
      assert.ok(client.inThread && !client.stopped);
      assert.equal((await client.request('state', { which: 'machines' })).count, DEMO_MACHINES.length, 'reloaded in this thread');
      const news = next<Notifications['news']>((listener) => client.onNotify((n) => n.name === 'news' && listener(n.params)));
      api.setData({ machines: [...DEMO_MACHINES, { ...DEMO_MACHINES[0], node_name: 'new-h100', gpu_name: 'H100_WATCH' }] });
      assert.deepEqual(await client.request('load', { which: 'machines' }), {}, 'the service given again');
      assert.deepEqual((await news).watches, [{ query: watch, found: ['new-h100'] }], 'the watches told again');
    } finally {
      client.dispose();
    }
  });
});
