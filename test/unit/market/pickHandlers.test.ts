// The commands' requests (src/market/worker/pickHandlers.ts) through the
// protocol in one thread, against the demo API on 127.0.0.1: a quick pick's
// rows as the person types, the order of a few machines, the filter box's
// suggestions and counts.
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { machinePickText } from '../../../src/model/machines';
import { compileQuery, parseQuery } from '../../../src/model/query';
import type { MarketClient } from '../../../src/market/worker/client';
import { pickMatcher } from '../../../src/market/worker/pickHandlers';
import type { MachineAsk } from '../../../src/market/protocol';
import { beyondShown, pickRows } from '../../../src/model/pickRows';
import { demoApiPerSuite } from '../../support/demoApi';
import { startMarket } from '../../support/market';

const byGpu: MachineAsk = { filter: '', arrangement: { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' } };

describe('quick pick matching (pure)', () => {
  it('matches case-insensitively within one of the texts, with * for anything', () => {
    assert.equal(pickMatcher('  ')(['anything']), true);
    assert.equal(pickMatcher('RTX')(['rtx 4090 · $1', 'cn-east']), true);
    assert.equal(pickMatcher('rtx*east')(['rtx 4090 · $1', 'cn-east']), false, 'not across two texts');
    assert.equal(pickMatcher('rtx*\u00b7')(['rtx 4090 · $1']), true);
    assert.equal(pickMatcher('4090 rtx')(['rtx 4090']), false);
  });

  it('shows ticked rows first and each row once, and tells what is beyond', () => {
    const id = (s: string) => s;
    assert.deepEqual(pickRows(['a', 'b', 'c'], ['c', 'x'], id), ['c', 'x', 'a', 'b']);
    assert.deepEqual(pickRows(['a'], [], id), ['a']);
    assert.equal(beyondShown(200, 1234), 1034);
    assert.equal(beyondShown(3, 3), 0);
  });
});

describe('commands requests', () => {
  const api = demoApiPerSuite();
  let client: MarketClient;

  beforeEach(async () => {
    ({ client } = await startMarket({ api }));
    await client.request('load', { which: 'machines' });
  });
  afterEach(() => client.dispose());

  /** Every machine of the view in order, from its slices: what the quick pick offered before it was lazy. */
  async function inOrder(ask: MachineAsk): Promise<string[]> {
    const summary = await client.request('summary', ask);
    const ids: string[] = [];
    for (const group of summary.groups) {
      const { machines } = await client.request('rows', { ...ask, groupKey: group.key, start: 0, count: group.size });
      ids.push(...machines.map((m) => m.node_name));
    }
    return ids;
  }

  it('pick: the first rows in the view order, and how many there are', async () => {
    const all = await inOrder(byGpu);
    const answer = await client.request('pick', { ...byGpu, text: '', limit: 10 });
    assert.equal(answer.total, DEMO_MACHINES.length);
    assert.deepEqual(answer.machines.map((m) => m.node_name), all.slice(0, 10));
    const most = await client.request('pick', { ...byGpu, text: '', limit: all.length - 1 });
    assert.deepEqual(most.machines.map((m) => m.node_name), all.slice(0, -1), 'across every group, in order');
  });

  it('pick: the typed text narrows to the rows whose label, description or node ID hold it, in order', async () => {
    const all = await inOrder({ ...byGpu, filter: 'gpus>=2' });
    const target = DEMO_MACHINES.find((m) => m.gpu_count >= 2)!;
    const byId = await client.request('pick', { ...byGpu, filter: 'gpus>=2', text: target.node_name.toUpperCase(), limit: 200 });
    assert.ok(byId.machines.some((m) => m.node_name === target.node_name));
    const word = target.region;
    const expected = all.filter((id) => {
      const t = machinePickText(DEMO_MACHINES.find((m) => m.node_name === id)!);
      return [t.label, t.description, t.detail].some((f) => f.toLowerCase().includes(word.toLowerCase()));
    });
    const byRegion = await client.request('pick', { ...byGpu, filter: 'gpus>=2', text: word, limit: 3 });
    assert.equal(byRegion.total, expected.length);
    assert.deepEqual(byRegion.machines.map((m) => m.node_name), expected.slice(0, 3));
    assert.deepEqual(await client.request('pick', { ...byGpu, text: 'no machine says this', limit: 5 }), { machines: [], total: 0 });
  });

  it('order: the given machines in the view order, those it does not show left out', async () => {
    const all = await inOrder({ ...byGpu, filter: 'gpus>=2' });
    const hidden = DEMO_MACHINES.find((m) => m.gpu_count < 2)!.node_name;
    const asked = [all[5], hidden, all[0], 'not-listed', all[2]];
    assert.deepEqual(await client.request('order', { ...byGpu, filter: 'gpus>=2', nodeIds: asked }), [all[0], all[2], all[5]]);
  });

  it('facets and count: the values per field once per snapshot, and how many a filter matches', async () => {
    const facets = await client.request('facets', {});
    assert.equal(facets.total, DEMO_MACHINES.length);
    const gpus = facets.values.get('gpu_name');
    assert.ok(gpus && gpus.length > 0);
    assert.equal(gpus.reduce((n, v) => n + v.count, 0), DEMO_MACHINES.length);
    const query = parseQuery('gpus>=2');
    assert.ok(query.ok);
    assert.deepEqual(await client.request('count', { filter: 'gpus>=2' }), { matching: DEMO_MACHINES.filter(compileQuery(query.query)).length, total: DEMO_MACHINES.length });
    assert.deepEqual(await client.request('count', { filter: '' }), { matching: DEMO_MACHINES.length, total: DEMO_MACHINES.length });
    await assert.rejects(client.request('count', { filter: 'gpus>>' }));
  });
});
