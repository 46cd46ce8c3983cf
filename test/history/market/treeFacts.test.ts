// The Machines tree's facts from the market history, answered by the server
// (its market loaded with these machines, a real history store): a GPU
// model group's week and lowest price per GPU now (its tooltip, asked on
// hover), how far a row is below its model's 7-day median, and the models of a group.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../src/api/types';
import { DAY_MS } from '../../../src/market/history/downsample';
import type { HistoryStore } from '../../../src/market/history/store';
import type { MachineAsk } from '../../../src/market/protocol';
import type { MarketClient } from '../../../src/market/worker/client';
import { historyOf } from '../../support/history';
import { startMarket } from '../../support/market';
import { machineRecord } from '../../support/records';
import { NOW, h100 as anyH100 } from '../../support/week';

const T = NOW.getTime();
const h100 = (id: string, price: string) => anyH100(id, price, { region: 'eu' });
const byGpu: MachineAsk = { filter: '', arrangement: { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' } };

describe('market protocol: what the Machines tree shows from the market history', () => {
  const [deal, usual, dear] = [h100('deal', '1.50'), h100('usual', '2.39'), h100('dear', '2.75')];
  const a100 = machineRecord({ node_name: 'other', gpu_name: 'A100', gpu_count: 2, price: '2.00', region: 'eu' });
  let memory: HistoryStore;
  let client: MarketClient;

  /** A client of a server whose market holds `machines` and whose history is `history` (none: no history). */
  async function serverWith(machines: Machine[], history: HistoryStore | undefined): Promise<MarketClient> {
    const market = await startMarket({
      now: () => NOW,
      // The history as the server's store: prepared here, so recording is off.
      openHistory: history && (() => history),
      history: { file: 'unused', origin: 'https://gpu.example', days: 7, enabled: false },
    });
    await market.server!.market.loadMachines(async () => ({ items: machines, skipped: 0 }));
    return market.client;
  }

  beforeEach(async () => {
    const lists: [number, Machine[]][] = [
      [T - 3 * DAY_MS, [usual, dear]],
      [T - 2 * DAY_MS, [usual, dear]],
      [T, [deal, usual, dear]],
    ];
    memory = historyOf(lists);
    client = await serverWith([deal, usual, dear, a100], memory);
  });
  afterEach(() => {
    client.dispose();
  });

  it("grouped by GPU model, a group's tooltip (asked on hover, of its first machine) says its model's week and its lowest price per GPU now", async () => {
    const summary = await client.request('summary', byGpu);
    const h = summary.groups.find((g) => g.first.gpu_name === 'H100_SXM5_80GB')!;
    assert.deepEqual(h.models, ['H100_SXM5_80GB']);
    const hFacts = (await client.request('machineDetails', { nodeId: h.first.node_name, gpuName: h.first.gpu_name }))?.history;
    assert.deepEqual(hFacts && { week: hFacts.week, lowestNow: hFacts.lowestNow }, { week: memory.modelWeek('H100_SXM5_80GB'), lowestNow: 1.5 });
    assert.ok(hFacts?.week, 'the history knows the H100 week');
    const a = summary.groups.find((g) => g.first.gpu_name === 'A100')!;
    const aFacts = (await client.request('machineDetails', { nodeId: a.first.node_name, gpuName: a.first.gpu_name }))?.history;
    assert.deepEqual(aFacts && { week: aFacts.week, lowestNow: aFacts.lowestNow }, { week: undefined, lowestNow: 1 }, 'a model the history never saw: no week, its price now');
  });

  it('grouped otherwise, groups carry the models of their machines', async () => {
    const summary = await client.request('summary', { ...byGpu, arrangement: { ...byGpu.arrangement, groupBy: 'region' } });
    assert.equal(summary.groups.length, 1);
    assert.deepEqual([...summary.groups[0].models!].sort(), ['A100', 'H100_SXM5_80GB']);
  });

  it("each row of a slice says how far below its model's median it is, in the slice's order", async () => {
    const summary = await client.request('summary', byGpu);
    const h = summary.groups.find((g) => g.first.gpu_name === 'H100_SXM5_80GB')!;
    const rows = await client.request('rows', { ...byGpu, groupKey: h.key, start: 0, count: 3 });
    assert.deepEqual(
      rows.machines.map((m) => m.node_name),
      ['deal', 'usual', 'dear'],
    );
    assert.deepEqual(
      rows.history,
      rows.machines.map((m) => ({ below: memory.belowMedian(m) })),
    );
    assert.ok(rows.history![0].below > 0.1, 'the deal is well below the median');
  });

  it("without a history, rows carry none, and a group's tooltip has nothing to say of its model", async () => {
    client.dispose();
    client = await serverWith([deal, usual, dear, a100], undefined);
    const summary = await client.request('summary', byGpu);
    const first = summary.groups[0].first;
    assert.equal((await client.request('machineDetails', { nodeId: first.node_name, gpuName: first.gpu_name }))?.history, undefined);
    const rows = await client.request('rows', { ...byGpu, groupKey: summary.groups[0].key, start: 0, count: 1 });
    assert.equal(rows.history, undefined);
  });
});
