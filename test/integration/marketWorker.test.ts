// The market worker in a real extension host:
// it starts from dist/marketWorker.js, answers the chat tools as the market in
// this thread does, is loaded by the controller (the listing's state, an auth
// error's notification), records the market history and answers the trends
// panel and Clear Market History from it. A market host of a worker with
// faults of its own (test/support/faultyWorker.ts) survives a crash in the
// middle of a load and a hang: restarted, reloaded, the last answers served
// stale meanwhile, the user told once.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import type { MachineAsk } from '../../src/market/protocol';
import type { MarketClient } from '../../src/market/worker/client';
import { toolAnswer } from '../../src/market/tools';
import { Market } from '../../src/market/market';
import { originOf } from '../../src/market/history/origin';
import type { MarketFacts } from '../../src/model/historyText';
import { openHistory } from '../../src/node/historyFile';
import { hasSqlite } from '../support/sqlite';
import { historyDirectory, historyFileName } from '../../src/node/historyLocation';
import { createTools } from '../../src/vscode/features/lmTools';
import { nearMisses } from '../../src/model/nearMiss';
import { parseQuery } from '../../src/model/query';
import { arrangeMachines } from '../../src/model/arrange';
import { Config } from '../../src/vscode/services/config';
import { MarketHost } from '../../src/vscode/services/marketHost';
import { next } from '../support/events';
import { fault, faultWatched, FAULTY_WORKER } from '../support/faults';
import { signedInToDemo, waitFor } from './helpers';
import { pageContent, pageKey } from './pages';

const RESTARTED = 'GPU Rental: the market worker stopped and was restarted. The machines shown may be out of date until it has reloaded them.';
const byGpu: MachineAsk = { filter: '', arrangement: { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' } };

describe('Market worker', function () {
  this.timeout(60_000);
  let server: DemoServer;
  let api: GpuRentalTestApi;
  let client: MarketClient;
  const withSqlite = hasSqlite();
  /** Why the worker restarted, for the failure messages. */
  const restarts: string[] = [];

  before(async () => {
    ({ server, api } = await signedInToDemo());
    client = api.marketHost.client;
    client.onDidRestart((why) => restarts.push(why));
  });

  after(async () => {
    server.reset();
  });

  it('starts in the extension host and answers the chat tools as the market in this thread does', async () => {
    assert.equal(api.marketHost['inThreadFromStart'] || api.marketHost.client.inThread, false, 'a real worker thread, not the fallback');
    await waitFor('the listings shown loaded into the worker', () => api.marketHost.state('machines')?.count === DEMO_MACHINES.length && api.marketHost.state('templates')?.count !== undefined);
    const inWorker = await createTools(api.marketHost, api.controller).gpuRental_findMachines.text({ query: 'gpus>=2', limit: 3 });
    // The same question over a market in this thread, with the market history the worker keeps (read from its files).
    const here = new Market();
    await here.loadMachines(async () => ({ items: DEMO_MACHINES, skipped: 0 }));
    const origin = originOf(vscode.workspace.getConfiguration('gpuRental').get<string>('baseUrl')!)!;
    // Without node:sqlite (VS Code 1.100) the worker's history knows nothing.
    const history = withSqlite ? openHistory({ file: path.join(historyDirectory('', process.env), historyFileName(origin)), origin, keepDays: 365 }) : undefined;
    const nothing: MarketFacts = { version: 0, modelWeek: () => undefined, listing: () => undefined, belowMedian: () => NaN };
    const inThread = toolAnswer('gpuRental_findMachines', here, { query: 'gpus>=2', limit: 3 }, new Date(), history ?? nothing);
    history?.close();
    here.dispose();
    const expected = DEMO_MACHINES.filter((m) => m.gpu_count >= 2).length;
    assert.match(inWorker, new RegExp(`^${expected} of ${DEMO_MACHINES.length} listed machines match the query gpus>=2`));
    const withoutAge = (text: string) => text.split('\n').filter((line) => !line.startsWith('Data as of'));
    assert.deepEqual(withoutAge(inWorker), withoutAge(inThread));
    // The panels' requests: one machine with what the market history says of it, one template.
    const details = await client.request('machineDetails', { nodeId: DEMO_MACHINES[3].node_name });
    assert.equal(details?.machine?.node_name, DEMO_MACHINES[3].node_name);
    if (withSqlite) assert.ok(details.history?.week, 'with the market history the worker keeps');
    else assert.equal(details.history?.week, undefined, 'no history without node:sqlite');
    assert.equal(await client.request('machineDetails', { nodeId: 'not-listed' }), undefined);
    await waitFor('the worker to load the templates', async () => (await client.request('load', { which: 'templates' })).error === undefined);
    assert.equal((await client.request('template', { id: DEMO_TEMPLATES[2].id }))?.name, DEMO_TEMPLATES[2].name);
  });

  it("answers the watches' requests in the worker: a watch's figures and near misses", async () => {
    assert.deepEqual(await client.request('load', { which: 'machines' }), {});
    const { stats } = await client.request('watchStats', { queries: ['gpus>=2'] });
    assert.equal(stats?.[0].matches, DEMO_MACHINES.filter((m) => m.gpu_count >= 2).length);
    const tight = parseQuery('gpu=H100 gpus>=8 price_per_gpu<2');
    assert.ok(tight.ok);
    assert.deepEqual(await client.request('nearMisses', { filter: 'gpu=H100 gpus>=8 price_per_gpu<2' }), nearMisses(DEMO_MACHINES, tight.query));
  });

  it('the controller loads through the worker: the listing state the views read, an auth error told once, and reloaded when the token is given again', async () => {
    try {
      await loadsAndAuth();
    } finally {
      server.reset();
      await api.controller.refresh(['machines']);
    }
  });

  async function loadsAndAuth(): Promise<void> {
    server.setData({ machines: DEMO_MACHINES.slice(0, 40) });
    assert.deepEqual(await api.controller.refresh(['machines']), []);
    const state = api.marketHost.state('machines');
    assert.equal(state?.count, 40, 'the state is told before the load answers');
    assert.equal(state?.loading, false);
    assert.equal(state?.status, undefined, 'nothing to say above the tree');
    assert.equal((await client.request('summary', byGpu)).total, 40);
    assert.equal(await api.controller.ensureData('machines'), true);

    const shownBefore = api.shownMessages.length;
    server.setFault({ endpoint: 'machines', fault: { kind: 'status', status: 401 } });
    const errors = await api.controller.refresh(['machines']);
    assert.deepEqual(
      errors.map((e) => e.kind),
      ['auth'],
    );
    assert.equal(api.marketHost.state('machines')?.errorKind, 'auth');
    assert.equal(api.marketHost.state('machines')?.count, 40, 'the last good list is kept');
    assert.match(api.marketHost.state('machines')?.status ?? '', /^Stale: showing data from \d\d:\d\d:\d\d\. Refresh failed: .*rejected the API token/);
    const shown = api.shownMessages.slice(shownBefore);
    assert.equal(shown.length, 1, JSON.stringify(shown));
    assert.equal(shown[0].severity, 'error');
    assert.match(shown[0].text, /rejected the API token \(401 Unauthorized\)/);

    // The same token entered again: the controller reads the rejection from the worker's state and reloads.
    server.reset();
    const requests = server.requests.length;
    await api.controller.reconfigure();
    assert.ok(server.requests.slice(requests).some((r) => r.path.endsWith('/machines')), 'reloaded after the rejection');
    assert.equal(api.marketHost.state('machines')?.count, DEMO_MACHINES.length);
    assert.equal(api.marketHost.state('machines')?.errorKind, undefined);
  }

  if (withSqlite) {
    it('the worker records each new complete list: two loads are two more points in the trends it answers, and the trends panel draws them', async () => {
      const ask = () => client.request('history.trends', { range: 'day', models: ['RTX_4090'], columns: 640, samples: true });
      const before = (await ask()).trends[0].samples?.length ?? 0;
      await api.controller.refresh(['machines']);
      await api.controller.refresh(['machines']);
      const after = await ask();
      assert.equal(after.trends[0].samples?.length, before + 2);
      assert.ok(after.models.includes('RTX_4090'));
      await vscode.commands.executeCommand('gpuRental.showTrends', 'RTX_4090');
      const content = await waitFor('the trends content', () => pageContent(api.trends));
      assert.equal(content.sections[0].heading, 'RTX 4090');
      assert.ok(content.sections[0].rows.length >= 1);
    });

    it('Clear Market History asks in the editor and deletes in the worker: the trends panel is told, and the next list is recorded again', async () => {
      api.answerNextModal();
      await vscode.commands.executeCommand('gpuRental.clearHistory');
      assert.equal(api.flashes.at(-1), 'Market history cleared');
      assert.deepEqual((await client.request('history.trends', { range: 'all', models: [], columns: 640 })).models, []);
      await waitFor('the trends panel told', () => pageContent(api.trends)?.models.length === 0 && pageContent(api.trends));
      await api.controller.refresh(['machines']);
      assert.ok((await client.request('history.trends', { range: 'all', models: [], columns: 640 })).models.includes('RTX_4090'));
      api.trends.host.close(pageKey(api.trends)!);
    });
  } else {
    it('without node:sqlite the worker records nothing: loads add no trends, the trends panel has no model, Clear clears nothing', async () => {
      await api.controller.refresh(['machines']);
      await api.controller.refresh(['machines']);
      const view = await client.request('history.trends', { range: 'all', models: ['RTX_4090'], columns: 640, samples: true });
      assert.deepEqual(view.models, []);
      assert.deepEqual(view.trends[0].samples, []);
      await vscode.commands.executeCommand('gpuRental.showTrends', 'RTX_4090');
      const content = await waitFor('the trends content', () => pageContent(api.trends));
      assert.deepEqual(content.models, []);
      api.trends.host.close(pageKey(api.trends)!);
      assert.deepEqual(await client.request('history.clear', {}), { cleared: false });
    });
  }

  it('the Machines tree draws from the worker: its groups, a slice of rows, a machine located, as in this thread', async () => {
    const summary = await waitFor('the tree answered by the worker', async () => {
      const answer = await api.machinesModel.current();
      return answer?.total === DEMO_MACHINES.length && answer;
    });
    const top = await api.machines.getChildren();
    assert.equal(top.length, summary.groups.length + top.filter((n) => n.kind === 'nearMiss').length);
    const rows = await api.machines.getChildren(top[0]);
    assert.equal(api.view.queryText, '', 'no filter: every machine shown');
    // The same machines arranged here, by the pure model.
    const inThread = arrangeMachines(DEMO_MACHINES, api.view.arrangement).flatMap((group) => group.machines);
    const first = rows[0];
    assert.ok(first.kind === 'machine');
    assert.equal(first.machine.node_name, inThread[0].node_name);
    const located = await api.machines.locate(inThread[1].node_name);
    assert.ok(located?.kind === 'machine' && located.machine.node_name === inThread[1].node_name);
  });

  it("answers the commands' requests: a quick pick's rows as the person types, the order of a few machines, the filter box's values and counts", async () => {
    await waitFor('the market in the worker', async () => (await client.request('summary', byGpu)).total === DEMO_MACHINES.length);
    await waitFor('the worker to load the templates', async () => (await client.request('load', { which: 'templates' })).error === undefined);
    const templates = await client.request('templateView', { filter: '' });
    assert.equal(templates.total, DEMO_TEMPLATES.length, 'the Image Templates tree draws from the worker');
    assert.equal(templates.groups.flatMap((g) => g.templates).length, DEMO_TEMPLATES.length);
    const first = await client.request('pick', { ...byGpu, text: '', limit: 5 });
    assert.equal(first.total, DEMO_MACHINES.length);
    assert.equal(first.machines.length, 5);
    const typed = await client.request('pick', { ...byGpu, text: first.machines[3].node_name, limit: 5 });
    assert.deepEqual(typed.machines.map((m) => m.node_name), [first.machines[3].node_name]);
    const ids = first.machines.map((m) => m.node_name);
    assert.deepEqual(await client.request('order', { ...byGpu, nodeIds: [ids[4], 'not-listed', ids[1]] }), [ids[1], ids[4]]);
    const facets = await client.request('facets', {});
    assert.equal(facets.total, DEMO_MACHINES.length);
    assert.ok(facets.values instanceof Map && (facets.values.get('gpu_name')?.length ?? 0) > 0, 'the values per field cross as a Map');
    assert.deepEqual(await client.request('count', { filter: 'gpus>=2' }), { matching: DEMO_MACHINES.filter((m) => m.gpu_count >= 2).length, total: DEMO_MACHINES.length });
  });

});

describe('Market worker faults', function () {
  this.timeout(60_000);
  let server: DemoServer;
  let api: GpuRentalTestApi;
  let host: MarketHost;
  let client: MarketClient;
  let historyRoot: string;
  /** Why the worker restarted, for the failure messages. */
  const restarts: string[] = [];
  /** What this host told the user: the tests' entry records every message shown through `vscode.window`. */
  const shown = () => api.shownMessages.map((m) => m.text);

  before(async () => {
    ({ server, api } = await signedInToDemo());
    // A second market host, as the extension's, of a worker that crashes or hangs when asked.
    historyRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-faults-'));
    host = new MarketHost({ script: FAULTY_WORKER, config: new Config(), controller: api.controller, tokens: api.tokens, log: api.log, retryPolicy: () => ({ retries: 0 }), historyRoot, hungAfterMs: 3_000 });
    client = host.client;
    client.onDidRestart((why) => restarts.push(why));
  });

  after(() => {
    host.dispose();
    server.reset();
    fs.rmSync(historyRoot, { recursive: true, force: true });
  });

  it('a crash in the middle of a load restarts the worker, which reloads; the last answers are served stale meanwhile; the user is told once', async () => {
    await waitFor('the worker configured and loaded', async () => (await client.request('load', { which: 'machines' })).error === undefined);
    const before = await client.request('summary', byGpu);
    assert.equal(before.total, DEMO_MACHINES.length);
    // The load in flight and the reload after the restart both wait until released.
    server.setFault({ endpoint: 'machines', times: 2, fault: { kind: 'stall', afterBytes: 0 } });
    const requests = server.requests.length;
    const load = client.request('load', { which: 'machines' });
    await waitFor('the load to reach the service', () => server.requests.length > requests);
    const recovered = next(client.onDidRecover);
    void fault(client, 'crash').catch(() => undefined);
    await waitFor('the notification', () => shown().includes(RESTARTED));
    assert.ok(client.stale);
    const stale = await client.request('summary', byGpu);
    assert.equal(stale.stale, true);
    assert.equal(stale.total, before.total);
    await waitFor('the reload to reach the service', () => server.requests.length > requests + 1).catch((err: Error) => {
      throw new Error(`${err.message}; the worker restarted: ${restarts.join('; ')}`);
    });
    server.releaseStalled();
    await recovered;
    assert.deepEqual(await load, {});
    assert.equal((await client.request('summary', byGpu)).stale, undefined);
  });

  it('a hung worker is found by the watchdog and restarted, and the user is not told twice', async () => {
    const { restarted, recovered, request: hang } = faultWatched(client, 'hang');
    assert.equal(await restarted, 'hung');
    await assert.rejects(hang, /restarted/);
    await recovered;
    assert.equal((await client.request('summary', byGpu)).total, DEMO_MACHINES.length);
    assert.equal(shown().filter((text) => text === RESTARTED).length, 1);
    assert.equal(host.client, client, 'the same client, restarting its worker: not given up');
    assert.equal(host['inThreadFromStart'] || host.client.inThread, false);
  });
});
