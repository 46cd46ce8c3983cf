// The market's protocol in one thread: the server and the client on a
// transport pair (the in-thread fallback), against the demo API on
// 127.0.0.1. What crosses is small: counts, group summaries, a slice of rows.
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../../dev/demo/server';
import { MarketClient, MarketRequestError } from '../../../src/market/worker/client';
import { MarketServer } from '../../../src/market/worker/server';
import { transportPair } from '../../../src/market/worker/transport';
import { PROTOCOL_VERSION, CANCELLED, type MachineAsk } from '../../../src/market/protocol';
import { SECRET } from '../../support/client';

const byGpu: MachineAsk = { filter: '', arrangement: { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' } };

describe('market protocol in one thread', () => {
  let api: DemoServer;
  let server: MarketServer | undefined;
  let client: MarketClient;

  before(async () => {
    api = await startDemoServer({ token: SECRET });
  });
  after(() => api.close());

  beforeEach(async () => {
    api.reset();
    client = new MarketClient({
      start: () => {
        const [near, far] = transportPair();
        server = new MarketServer(far);
        return { transport: near, terminate: () => (near.dispose(), server?.dispose()) };
      },
      hello: { version: PROTOCOL_VERSION, language: undefined, bundle: undefined, testHooks: false },
      pingEveryMs: 0,
      pingDeadlineMs: 0,
    });
    await client.request('configure', { service: { baseUrl: api.url, token: SECRET, timeoutMs: 5000, templatePageSize: 100, retry: { retries: 0 } } });
  });
  afterEach(() => client.dispose());

  it('loads in the market and answers with group summaries and slices of rows, not the list', async () => {
    const changes: string[] = [];
    client.onNotify((n) => n.name === 'changed' && changes.push(`${n.params.which}:${n.params.state.loading}`));
    assert.deepEqual(await client.request('load', { which: 'machines' }), {});
    assert.ok(changes.includes('machines:false'));
    const summary = await client.request('summary', byGpu);
    assert.equal(summary.total, DEMO_MACHINES.length);
    assert.equal(summary.matching, DEMO_MACHINES.length);
    assert.equal(
      summary.groups.reduce((n, g) => n + g.size, 0),
      DEMO_MACHINES.length,
    );
    const group = summary.groups[0];
    const rows = await client.request('rows', { ...byGpu, groupKey: group.key, start: 0, count: 1 });
    assert.equal(rows.machines.length, 1);
    assert.equal(rows.size, group.size);
    assert.equal(rows.machines[0].node_name, group.first.node_name);
    const machine = await client.request('machine', { nodeId: group.first.node_name });
    assert.equal(machine?.node_name, group.first.node_name);
    assert.deepEqual(await client.request('locate', { ...byGpu, nodeId: group.first.node_name }), { groupKey: group.key, index: 0 });
    const state = await client.request('state', { which: 'machines' });
    assert.equal(state.count, DEMO_MACHINES.length);
    assert.equal(state.loading, false);
  });

  it('a filter the worker cannot read is said in the summary; a tool answers in text', async () => {
    await client.request('load', { which: 'machines' });
    const bad = await client.request('summary', { ...byGpu, filter: 'price<' });
    assert.ok(bad.filterError);
    assert.equal(bad.groups.length, 0);
    const text = await client.request('tool', { name: 'gpuRental_findMachines', input: { limit: 1 }, now: Date.now() });
    assert.match(text, /\|/);
  });

  it('a bug in one request answers that request with an error, and the next request is answered', async () => {
    await client.request('load', { which: 'machines' });
    await assert.rejects(client.request('rows', { ...byGpu, filter: 'price<', groupKey: 'x', start: 0, count: 1 }), (err: unknown) => err instanceof MarketRequestError && err.kind === 'bug');
    await assert.rejects(client.request('test.throw', {}), (err: unknown) => err instanceof MarketRequestError && /test hooks are off/.test(err.message));
    assert.equal((await client.request('summary', byGpu)).total, DEMO_MACHINES.length);
  });

  it('a query superseded before its turn is cancelled', async () => {
    await client.request('load', { which: 'machines' });
    const controller = new AbortController();
    const first = client.request('summary', { ...byGpu, filter: 'gpu=H100' }, controller.signal);
    controller.abort();
    await assert.rejects(first, (err: unknown) => err instanceof MarketRequestError && err.kind === CANCELLED);
    assert.equal((await client.request('summary', byGpu)).matching, DEMO_MACHINES.length);
  });

  it('a failed load answers with the error and keeps the last data', async () => {
    await client.request('load', { which: 'machines' });
    api.setFault({ endpoint: 'machines', fault: { kind: 'status', status: 401 } });
    const answer = await client.request('load', { which: 'machines' });
    assert.equal(answer.error?.kind, 'auth');
    assert.ok(!answer.error?.message.includes(SECRET));
    const state = await client.request('state', { which: 'machines' });
    assert.equal(state.count, DEMO_MACHINES.length);
    assert.equal(state.errorKind, 'auth');
  });
});

describe('market protocol: a market that keeps crashing', () => {
  it('is restarted up to maxRestarts times in a row while it dies before answering, then given up: requests fail with kind stopped', async () => {
    let starts = 0;
    const client = new MarketClient({
      start: () => {
        starts++;
        const [near, far] = transportPair();
        const server = new MarketServer(far, { crash: () => far.dispose() });
        // After the first, every market dies before it has answered its hello.
        if (starts > 1) queueMicrotask(() => far.dispose());
        return { transport: near, terminate: () => (near.dispose(), server.dispose()) };
      },
      hello: { version: PROTOCOL_VERSION, language: undefined, bundle: undefined, testHooks: true },
      pingEveryMs: 0,
      pingDeadlineMs: 0,
      maxRestarts: 2,
    });
    const told: string[] = [];
    const stoppedWhenTold: boolean[] = [];
    const gaveUp = new Promise<void>((resolve) =>
      client.onDidRestart((why) => {
        told.push(why);
        stoppedWhenTold.push(client.stopped);
        if (why.includes('stopped')) resolve();
      }),
    );
    try {
      await assert.rejects(client.request('test.crash', {}), (err: unknown) => err instanceof MarketRequestError && err.kind === 'restarted');
      await gaveUp;
      assert.equal(starts, 3);
      assert.deepEqual(told, ['crashed: closed', 'crashed: closed', 'crashed: closed; stopped after 2 restarts']);
      assert.deepEqual(stoppedWhenTold, [false, false, true], 'stopped only once it gave up');
      assert.ok(client.stopped);
      await assert.rejects(client.request('state', { which: 'machines' }), (err: unknown) => err instanceof MarketRequestError && err.kind === 'stopped');
    } finally {
      client.dispose();
    }
  });
});
