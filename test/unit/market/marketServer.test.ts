// The market's protocol in one thread: the server and the client on a
// MessageChannel (as the in-thread fallback runs), against the demo API on
// 127.0.0.1. What crosses is small: counts, group summaries, a slice of rows.
// A cancel reaches a running handler; both sides check the protocol version.
import * as assert from 'node:assert/strict';
import { Trace } from 'vscode-jsonrpc';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { MarketClient, MarketRequestError } from '../../../src/market/worker/client';
import { CANCELLED, PROTOCOL_VERSION, VERSION_MISMATCH, type MachineAsk } from '../../../src/market/protocol';
import type { RecordingHistory } from '../../../src/market/worker/historyHandlers';
import { portPair } from '../../../src/node/nodeTransport';
import { SECRET } from '../../support/client';
import { demoApiPerSuite } from '../../support/demoApi';
import { marketInThread, startMarket } from '../../support/market';
import { machineRecord } from '../../support/records';

const byGpu: MachineAsk = { filter: '', arrangement: { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' } };

describe('market protocol in one thread', () => {
  const api = demoApiPerSuite();
  let client: MarketClient;

  beforeEach(async () => {
    ({ client } = await startMarket({ api }));
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

  it('a running query hears its cancel: the filter stops part-way through 100k machines', async () => {
    const total = 100_000;
    let asked = 0;
    const controller = new AbortController();
    // The filter reads the history for each machine: the first read cancels the query, the count says how far it went.
    const history: RecordingHistory = {
      version: 1,
      listedHours: () => (++asked === 1 && controller.abort(), 0),
      flaps7d: () => 0,
      belowMedian: () => NaN,
      modelWeek: () => undefined,
      listing: () => undefined,
      record: () => undefined,
      checkpoint: () => undefined,
      clear: () => false,
      poll: () => false,
      trends: () => {
        throw new Error('not asked');
      },
      outlookSteps: () => {
        throw new Error('not asked');
      },
      close: () => undefined,
    };
    const market = await startMarket({ openHistory: () => history, history: { file: 'unused', origin: 'http://127.0.0.1', days: 7, enabled: false } });
    try {
      await market.server!.market.loadMachines(async () => ({ items: Array.from({ length: total }, (_, i) => machineRecord({ node_name: `m${i}` })), skipped: 0 }));
      // The server's own word on when the handler ended (the client has dropped the answer by then).
      const ended = new Promise<string>((resolve) => void market.server!.connection.trace(Trace.Verbose, { log: (message: string, data?: string) => message.startsWith("Sending response 'summary") && resolve(`${message} ${data}`) }));
      await assert.rejects(market.client.request('summary', { ...byGpu, filter: 'listed_hours>1' }, controller.signal), (err: unknown) => err instanceof MarketRequestError && err.kind === CANCELLED);
      assert.match(await ended, /Request failed: cancelled/);
      assert.ok(asked < total / 2, `the handler stopped early: ${asked} of ${total} machines filtered`);
    } finally {
      market.dispose();
    }
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

describe('market protocol: the version handshake', () => {
  it('a client of another version is refused by the market with a clear error, and stops', async () => {
    const { client } = marketInThread({ version: PROTOCOL_VERSION + 1 });
    const told = new Promise<string>((resolve) => client.onDidRestart(resolve));
    try {
      await assert.rejects(client.request('state', { which: 'machines' }), (err: unknown) => err instanceof MarketRequestError && err.kind === VERSION_MISMATCH);
      assert.ok(client.stopped);
      assert.match(await told, new RegExp(`different protocol versions \\(${PROTOCOL_VERSION + 1} and ${PROTOCOL_VERSION}\\)`));
    } finally {
      client.dispose();
    }
  });

  it('a market of another version is refused by the client with a clear error, and stops', async () => {
    const pair = portPair();
    const market = pair.far;
    market.onRequest('hello', () => ({ version: PROTOCOL_VERSION + 1 }));
    market.onRequest('state', () => ({ count: 1 }));
    market.listen();
    const client = new MarketClient({ start: () => ({ rpc: pair.near, onClose: () => ({ dispose: () => undefined }), terminate: () => pair.close() }), hello: { version: PROTOCOL_VERSION, language: undefined, bundle: undefined }, pingEveryMs: 0, pingDeadlineMs: 0 });
    const told = new Promise<string>((resolve) => client.onDidRestart(resolve));
    try {
      assert.match(await told, new RegExp(`different protocol versions \\(${PROTOCOL_VERSION + 1} and ${PROTOCOL_VERSION}\\)`));
      assert.ok(client.stopped);
      await assert.rejects(client.request('state', { which: 'machines' }), (err: unknown) => err instanceof MarketRequestError && err.kind === VERSION_MISMATCH);
    } finally {
      client.dispose();
      market.dispose();
    }
  });
});

describe('market protocol: a market that keeps crashing', () => {
  it('is restarted up to maxRestarts times in a row while it dies before answering, then given up (without a market in this thread): requests fail with kind stopped', async () => {
    const market = marketInThread({
      maxRestarts: 2,
      // After the first, every market dies before it has answered its hello.
      started: (crash, starts) => {
        if (starts > 1) queueMicrotask(crash);
      },
    });
    const { client } = market;
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
      const asked = client.request('machine', { nodeId: 'x' });
      market.crash();
      await assert.rejects(asked, (err: unknown) => err instanceof MarketRequestError && err.kind === 'restarted');
      await gaveUp;
      assert.equal(market.starts, 3);
      assert.deepEqual(told, ['crashed: closed', 'crashed: closed', 'The market stopped: crashed: closed; stopped after 2 restarts']);
      assert.deepEqual(stoppedWhenTold, [false, false, true], 'stopped only once it gave up');
      assert.ok(client.stopped);
      await assert.rejects(client.request('state', { which: 'machines' }), (err: unknown) => err instanceof MarketRequestError && err.kind === 'stopped');
    } finally {
      client.dispose();
    }
  });
});
