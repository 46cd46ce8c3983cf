// The market worker in a real extension host (gpuRental.experimental.marketWorker):
// it starts from dist/marketWorker.js, answers the chat tools as the market in
// this thread does, and survives a crash in the middle of a load and a hang:
// restarted, reloaded, the last answers served stale meanwhile, the user told once.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from '../../src/extension';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import type { MachineAsk } from '../../src/market/protocol';
import type { MarketClient } from '../../src/market/worker/client';
import { createTools } from '../../src/vscode/features/lmTools';
import { signedInToDemo, waitFor } from './helpers';

const RESTARTED = 'GPU Rental: the market worker stopped and was restarted. The machines shown may be out of date until it has reloaded them.';
const byGpu: MachineAsk = { filter: '', arrangement: { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' } };

function next<T>(subscribe: (listener: (value: T) => void) => { dispose(): void }): Promise<T> {
  return new Promise((resolve) => {
    const subscription = subscribe((value) => {
      subscription.dispose();
      resolve(value);
    });
  });
}

describe('Market worker', function () {
  this.timeout(60_000);
  let server: DemoServer;
  let api: GpuRentalTestApi;
  let client: MarketClient;
  /** Why the worker restarted, for the failure messages. */
  const restarts: string[] = [];

  before(async () => {
    ({ server, api } = await signedInToDemo());
    await vscode.workspace.getConfiguration('gpuRental').update('experimental.marketWorker', true, vscode.ConfigurationTarget.Global);
    client = await waitFor('the market worker', () => (api.marketHost.inWorker ? api.marketHost.client : undefined));
    client.onDidRestart((why) => restarts.push(why));
  });

  after(async () => {
    server.reset();
    await vscode.workspace.getConfiguration('gpuRental').update('experimental.marketWorker', undefined, vscode.ConfigurationTarget.Global);
    assert.equal(api.marketHost.inWorker, false, 'the worker ends with the setting');
    assert.notEqual(api.marketHost.client, client, 'the market is answered in this thread again');
  });

  it('starts in the extension host and answers the chat tools as the market in this thread does', async () => {
    assert.equal(api.marketHost.fallback, false, 'a real worker thread, not the fallback');
    const inWorker = await createTools(api.market, api.controller, undefined, () => api.marketHost.client).gpuRental_findMachines.text({ query: 'gpus>=2', limit: 3 });
    const inThread = await createTools(api.market, api.controller).gpuRental_findMachines.text({ query: 'gpus>=2', limit: 3 });
    const expected = DEMO_MACHINES.filter((m) => m.gpu_count >= 2).length;
    assert.match(inWorker, new RegExp(`^${expected} of ${DEMO_MACHINES.length} listed machines match the query gpus>=2`));
    const withoutAge = (text: string) => text.split('\n').filter((line) => !line.startsWith('Data as of'));
    assert.deepEqual(withoutAge(inWorker), withoutAge(inThread));
  });

  it("answers the commands' requests: a quick pick's rows as the person types, the order of a few machines, the filter box's values and counts", async () => {
    await waitFor('the market in the worker', async () => (await client.request('summary', byGpu)).total === DEMO_MACHINES.length);
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

  it('a crash in the middle of a load restarts the worker, which reloads; the last answers are served stale meanwhile; the user is told once', async () => {
    const before = await client.request('summary', byGpu);
    assert.equal(before.total, DEMO_MACHINES.length);
    // The load in flight and the reload after the restart both wait until released.
    server.setFault({ endpoint: 'machines', times: 2, fault: { kind: 'stall', afterBytes: 0 } });
    const requests = server.requests.length;
    const load = client.request('load', { which: 'machines' });
    await waitFor('the load to reach the service', () => server.requests.length > requests);
    const recovered = next(client.onDidRecover);
    void client.request('test.crash', {}).catch(() => undefined);
    await waitFor('the notification', () => api.shownMessages.some((m) => m.text === RESTARTED));
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
    const restarted = next(client.onDidRestart);
    const recovered = next(client.onDidRecover);
    const hang = client.request('test.hang', {});
    assert.equal(await restarted, 'hung');
    await assert.rejects(hang, /restarted/);
    await recovered;
    assert.equal((await client.request('summary', byGpu)).total, DEMO_MACHINES.length);
    assert.equal(api.shownMessages.filter((m) => m.text === RESTARTED).length, 1);
    assert.equal(api.marketHost.client, client, 'the same client, restarting its worker: not given up');
    assert.equal(api.marketHost.fallback, false);
  });
});
