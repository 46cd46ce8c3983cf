// The watches' requests of the market protocol in one thread (the server and
// the client on a MessageChannel) against the demo API on 127.0.0.1: the
// news of each snapshot by node ID, a watch's figures, the machines an alert
// is about, near misses, and the active watches told again to a restarted market.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../src/api/types';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { nearMisses } from '../../../src/model/nearMiss';
import { parseQuery } from '../../../src/model/query';
import { pricePerGpu } from '../../../src/model/price';
import type { Notifications } from '../../../src/market/protocol';
import type { MarketClient } from '../../../src/market/worker/client';
import { demoApiPerSuite } from '../../support/demoApi';
import { startMarket, type InThreadMarket } from '../../support/market';
import { watchedH100 } from '../../support/watch';

const H100 = watchedH100;
const WATCH = 'gpu=h100_watch price<10';
const base = DEMO_MACHINES.slice(0, 20);

describe('market protocol: watches', () => {
  const api = demoApiPerSuite();
  let market: InThreadMarket;
  let client: MarketClient;
  const news: Notifications['news'][] = [];

  beforeEach(async () => {
    api.setData({ machines: base });
    news.length = 0;
    market = await startMarket({ api, onNotify: (n) => n.name === 'news' && news.push(n.params) });
    client = market.client;
  });
  afterEach(() => market.dispose());

  /** Serves `machines` and loads them; the news of that snapshot. */
  async function load(machines: Machine[]): Promise<Notifications['news']> {
    api.setData({ machines });
    const before = news.length;
    await client.request('load', { which: 'machines' });
    // The news is sent before the load's answer, on the same channel.
    assert.equal(news.length, before + 1, 'one news per new snapshot');
    return news[news.length - 1];
  }

  it('each new snapshot says by node ID what appeared, what went away, and what each active watch newly found; the first is a baseline', async () => {
    await client.request('watches', { queries: [WATCH, 'gpus>=8 gpu=h100_watch'] });
    assert.deepEqual(await load([...base, H100('a', '16.00')]), { initial: true, appeared: [], disappeared: [], watches: [] });
    const second = await load([...base.slice(1), H100('a', '9.00'), H100('b', '40.00'), H100('c', '8.00', 1)]);
    assert.equal(second.initial, false);
    assert.deepEqual(second.appeared, ['b', 'c']);
    assert.deepEqual(second.disappeared, [base[0].node_name]);
    assert.deepEqual(second.watches, [
      { query: WATCH, found: ['c', 'a'] },
      { query: 'gpus>=8 gpu=h100_watch', found: ['b'] },
    ]);
    await client.request('watches', { queries: [] });
    assert.deepEqual((await load([...base])).watches, [], 'no watch, no watch news');
  });

  it("a watch's figures: its matches and the lowest price per GPU among them, none before a list", async () => {
    assert.deepEqual(await client.request('watchStats', { queries: [WATCH] }), { stats: undefined });
    await load([...base, H100('a', '9.00'), H100('c', '8.00', 1)]);
    const { stats } = await client.request('watchStats', { queries: [WATCH, 'gpu=nothing_like_it'] });
    assert.deepEqual(stats, [
      { matches: 2, cheapestPerGpu: pricePerGpu(H100('a', '9.00')) },
      { matches: 0, cheapestPerGpu: undefined },
    ]);
  });

  it('an alert: of its machines, how many are still listed, the first of them, the cheapest per GPU', async () => {
    await load([...base, H100('a', '9.00'), H100('c', '8.00', 1)]);
    const answer = await client.request('watchAlert', { nodeIds: ['gone', 'c', 'a'] });
    assert.equal(answer.listed, 2);
    assert.equal(answer.first?.node_name, 'c');
    assert.equal(answer.cheapest?.node_name, 'a');
    assert.deepEqual(await client.request('watchAlert', { nodeIds: ['gone'] }), { listed: 0, first: undefined, cheapest: undefined });
  });

  it('near misses: those of the model for a filter that finds fewer than three machines; none for one that finds more, none without a filter', async () => {
    await load(DEMO_MACHINES);
    const tight = 'gpu=H100 gpus>=8 price_per_gpu<2';
    const parsed = parseQuery(tight);
    assert.ok(parsed.ok);
    const expected = nearMisses(DEMO_MACHINES, parsed.query);
    assert.ok(expected.length > 0);
    assert.deepEqual(await client.request('nearMisses', { filter: tight }), expected);
    assert.deepEqual(await client.request('nearMisses', { filter: 'gpu=H100 gpus>=8 price_per_gpu<14.6' }), [], 'three machines');
    assert.deepEqual(await client.request('nearMisses', { filter: '' }), []);
    assert.deepEqual(await client.request('nearMisses', { filter: 'price<' }), [], 'a filter that does not parse');
  });

  it('a restarted market is told the active watches again', async () => {
    await client.request('watches', { queries: [WATCH] });
    await load(base);
    const recovered = new Promise<void>((resolve) => client.onDidRecover(() => resolve()));
    market.crash();
    await recovered;
    assert.equal(market.starts, 2);
    const after = await load([...base, H100('a', '9.00')]);
    assert.deepEqual(after.watches, [{ query: WATCH, found: ['a'] }]);
  });
});
