// The market history where the market loads (the worker's, or its in-thread
// fallback's): the server records each new complete list into a real SQLite
// file, against the demo API on 127.0.0.1, and answers the trends panel (thinned
// there, never every point) and Clear Market History.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_MACHINES, generateMachines } from '../../../dev/demo/fixtures';
import type { Machine } from '../../../src/api/types';
import { ALL_COUNTS } from '../../../src/market/history/aggregate';
import { HOUR_MS } from '../../../src/market/history/downsample';
import type { OutlookAnswer } from '../../../src/market/history/outlookAnswer';
import { ROWS_PER_STEP } from '../../../src/market/history/steps';
import { Market } from '../../../src/market/market';
import { nextTurn } from '../../../src/market/turns';
import type { HistorySettings } from '../../../src/market/protocol';
import type { MarketClient } from '../../../src/market/worker/client';
import { recordable, ServerHistory } from '../../../src/market/worker/historyHandlers';
import { openHistory } from '../../../src/node/historyFile';
import { demoApiPerSuite } from '../../support/demoApi';
import { historyOf, readHistory } from '../../support/history';
import { demoService, marketInThread, startMarket } from '../../support/market';

describe('market server: the history', () => {
  const api = demoApiPerSuite();
  let dir: string;
  let file: string;
  let client: MarketClient;
  let versions: number[];
  let history: HistorySettings;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-server-history-'));
    file = path.join(dir, 'history.sqlite');
    history = { file, origin: new URL(api.url).origin, days: 30, enabled: true };
    versions = [];
    ({ client } = await startMarket({ api, history, openHistory, onNotify: (n) => n.name === 'history' && versions.push(n.params.version) }));
  });
  afterEach(() => {
    client.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ask = (models: string[] = []) => client.request('history.trends', { range: 'week', models, columns: 640 });

  it("checkpoints the WAL at its poll after a list, not at each list's commit: the next list starts the WAL over", async () => {
    // A file of its own, recorded in this thread: the poll is called here (its 2 s timer may call it too, which only checkpoints sooner).
    const own = path.join(dir, 'wal.sqlite');
    const server = new ServerHistory(openHistory, () => undefined, () => undefined);
    server.configure({ file: own, origin: 'https://wal.example', days: 30, enabled: true });
    const market = new Market();
    const listening = market.onDidChange((change) => server.record(change));
    const walBytes = () => fs.statSync(`${own}-wal`).size;
    // A read records the list that waits for the views' answer (none is asked here).
    const recorded = () => server.listing('none');
    try {
      for (let i = 0; i < 3; i++) await market.loadMachines(async () => ({ items: DEMO_MACHINES.filter((_, k) => k % 3 !== i), skipped: 0 }));
      recorded();
      const before = walBytes();
      assert.ok(before > 0, 'the lists are in the WAL');
      server.poll();
      await market.loadMachines(async () => ({ items: DEMO_MACHINES.slice(1), skipped: 0 }));
      recorded();
      assert.ok(walBytes() <= before, `the WAL did not grow after the poll's checkpoint (${before} → ${walBytes()} bytes)`);
      assert.equal(readHistory(own, (db) => db.prepare('SELECT count(*) AS n FROM lists').get()!.n), 4, 'every list in the file');
    } finally {
      listening.dispose();
      market.dispose();
      server.dispose();
    }
  });

  it('records each complete list it loads, tells the new version, and answers the trends of a model from it', async () => {
    assert.deepEqual((await ask()).models, [], 'nothing recorded before a load');
    await client.request('load', { which: 'machines' });
    await client.request('load', { which: 'machines' });
    const view = await ask();
    const gpus = [...new Set(DEMO_MACHINES.map((m) => m.gpu_name))].sort();
    assert.deepEqual(view.models, gpus);
    assert.equal(view.defaults.length, 1);
    const chosen = await ask(view.defaults);
    assert.equal(chosen.trends.length, 1);
    assert.equal(chosen.trends[0].lines.low.length, 2, 'one point per list');
    assert.equal(chosen.trends[0].samples, undefined, 'the samples only for the export');
    const withSamples = await client.request('history.trends', { range: 'week', models: view.defaults, columns: 640, samples: true });
    assert.equal(withSamples.trends[0].samples?.length, 2);
    assert.ok(versions.length >= 2, `told each new version (${versions.join(', ')})`);
    assert.equal(readHistory(file, (db) => db.prepare('SELECT count(*) AS n FROM lists').get()!.n), 2, 'written to the file on disk, a row per list');
  });

  it('records nothing with gpuRental.history.enabled off, nor a failed load; the history is read either way', async () => {
    await client.request('configure', { service: demoService(api), history: { ...history, enabled: false } });
    await client.request('load', { which: 'machines' });
    assert.deepEqual((await ask()).models, []);
    await client.request('configure', { service: demoService(api), history });
    api.setFault({ endpoint: 'machines', times: 1, fault: { kind: 'status', status: 500 } });
    assert.ok((await client.request('load', { which: 'machines' })).error);
    assert.deepEqual((await ask()).models, []);
    await client.request('load', { which: 'machines' });
    assert.ok((await ask()).models.length > 0);
  });

  it('Clear Market History deletes the store on disk and what it answered', async () => {
    await client.request('load', { which: 'machines' });
    assert.ok((await ask()).models.length > 0);
    const told = versions.length;
    assert.deepEqual(await client.request('history.clear', {}), { cleared: true });
    assert.deepEqual((await ask()).models, []);
    const left = readHistory(file, (db) => ['lists', 'groups', 'listings', 'models'].map((table) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()!.n)));
    assert.deepEqual(left, [0, 0, 0, 0], 'nothing left of it in the file');
    assert.equal(versions.length, told + 1, 'told: the answers changed');
  });

  it('without a history (no opener, no service URL) answers no trends and clears nothing', async () => {
    const bare = marketInThread().client;
    try {
      await bare.request('configure', { service: undefined, history });
      assert.deepEqual((await bare.request('history.trends', { range: 'all', models: ['H100'], columns: 640 })).trends, [{ gpu: 'H100', lines: { low: [], p25: [], median: [], gpus: [] }, rows: [] }]);
      assert.deepEqual(await bare.request('history.clear', {}), { cleared: false });
    } finally {
      bare.dispose();
    }
  });

});

describe('what the history records', () => {
  /** A server recording the lists of its own market into a new file, which `lists` counts; all removed after `fn`. */
  async function withRecorder(origin: string, fn: (at: { file: string; server: ServerHistory; market: Market; versions: number[]; lists: () => number }) => Promise<void>): Promise<void> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-recorder-'));
    const file = path.join(dir, 'history.sqlite');
    const versions: number[] = [];
    const server = new ServerHistory(openHistory, (version) => versions.push(version), () => undefined);
    server.configure({ file, origin, days: 30, enabled: true });
    const market = new Market();
    const listening = market.onDidChange((change) => server.record(change));
    const lists = () => readHistory(file, (db) => Number(db.prepare('SELECT count(*) AS n FROM lists').get()!.n));
    try {
      await fn({ file, server, market, versions, lists });
    } finally {
      listening.dispose();
      market.dispose();
      server.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it("records a new list once the Machines view has its answer, and before anything reads the history (issue 38: the first rows do not wait for it)", () =>
    withRecorder('https://later.example', async ({ server, market, versions, lists }) => {
      const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
      const opened = versions.length;
      await market.loadMachines(async () => ({ items: DEMO_MACHINES, skipped: 0 }));
      assert.equal(lists(), 0, 'not recorded while the views have not answered');
      assert.equal(versions.length, opened);
      server.answered(DEMO_MACHINES.slice());
      await turn();
      assert.equal(lists(), 0, "another list's answer does not record it");
      server.answered(market.machines.snapshot?.items);
      assert.equal(lists(), 0, 'the answer is sent first: recorded once this turn is over');
      await turn();
      assert.equal(lists(), 1, 'recorded once the views answered');
      assert.equal(versions.length, opened + 1, 'and the views told');

      const newcomer = DEMO_MACHINES[0];
      await market.loadMachines(async () => ({ items: DEMO_MACHINES.slice(1), skipped: 0 }));
      await market.loadMachines(async () => ({ items: DEMO_MACHINES, skipped: 0 }));
      assert.equal(lists(), 2, 'a new list records the one that waited first: the diffs follow each other');
      assert.ok(server.listedHours(newcomer.node_name) < 1, 'a read finds the list that waited recorded: the machine is listed again, since just now');
      assert.equal(lists(), 3);
    }));

  it("reads the outlook's index a slice a turn (issue 36): other reads answer meanwhile, a list that comes waits for the read's end, another writer's list is followed, not read again, and a Clear ends the read", () =>
    withRecorder('https://slices.example', async ({ file, server, market, lists }) => {
      // Several slices of specs and of listings (ROWS_PER_STEP each).
      const machines = generateMachines(5 * ROWS_PER_STEP, 11);
      const load = (items: Machine[]) => market.loadMachines(async () => ({ items, skipped: 0 }));
      await load(machines);
      assert.ok(server.listedHours(machines[0].node_name) < 1, 'the first list recorded');
      let answered = false;
      const asked = server.outlook('gpus>=1', undefined, () => undefined).then((answer) => ((answered = true), answer));
      for (let turn = 0; turn < 3; turn++) {
        await nextTurn();
        assert.equal(answered, false, `the read is not over after ${turn + 1} turn(s): the worker answered other messages between its slices`);
        assert.ok(server.listedHours(machines[1].node_name) < 1, 'a read of the history answers meanwhile');
      }
      await load(machines.slice(1));
      assert.equal(lists(), 1, 'a list that came during the read waits: the read holds its transaction open');
      const answer = await asked;
      assert.ok('outlook' in answer && answer.outlook.supply.now === machines.length, 'the outlook of the list read');
      assert.ok(server.listedHours(machines[1].node_name) < 1, 'the read is over: a read records the list that waited first');
      assert.equal(lists(), 2, 'the list that waited is recorded once the read is over');

      // Another writer's list: the index follows it, and the outlook answers without reading the window again.
      const other = openHistory({ file, origin: 'https://slices.example', keepDays: 30 });
      other.record(Date.now(), machines.slice(2));
      server.poll();
      let followed: OutlookAnswer | undefined;
      void server.outlook('gpus>=1', undefined, () => undefined).then((a) => (followed = a));
      await nextTurn();
      assert.ok(followed && 'outlook' in followed && followed.outlook.supply.now === machines.length - 2, "answered in a turn, with the other writer's list");
      // One older than the latest cannot be followed: the window is read again, a slice a turn.
      other.record(Date.now() - HOUR_MS, machines);
      other.close();
      server.poll();
      const during = server.outlook('gpus>=1', undefined, () => undefined);
      await nextTurn();
      assert.equal(server.removeNow(), true, 'Clear Market History ends the read rather than wait for it');
      assert.equal(lists(), 0);
      const cleared = await during;
      assert.deepEqual(cleared, { error: 'empty' }, 'the asker is answered from the cleared history: it has no list');
    }));

  it("starts reading the outlook's index when a person is about to ask (the filter box opened), so the first outlook does not wait for the read", () =>
    withRecorder('https://prepare.example', async ({ server, market }) => {
      const machines = generateMachines(5 * ROWS_PER_STEP, 12);
      await market.loadMachines(async () => ({ items: machines, skipped: 0 }));
      assert.ok(server.listedHours(machines[0].node_name) < 1, 'the first list recorded');
      assert.equal(server.prepareOutlook(), true, 'a read began');
      await nextTurn();
      assert.equal(server.prepareOutlook(), true, 'the read goes on, a slice a turn: asked again, it is not begun twice');
      let turns = 0;
      for (; server.prepareOutlook(); turns++) await nextTurn();
      assert.ok(turns >= 2, `read over several turns (${turns})`);
      let answered: OutlookAnswer | undefined;
      void server.outlook('gpus>=1', undefined, () => undefined).then((answer) => (answered = answer));
      await nextTurn();
      assert.ok(answered && 'outlook' in answered && answered.outlook.supply.now === machines.length, 'the first outlook answered in one turn: the read was over');
      assert.equal(server.prepareOutlook(), false, 'ready: nothing to read');
      const bare = new ServerHistory(openHistory, () => undefined, () => undefined);
      assert.equal(bare.prepareOutlook(), false, 'no history (no service URL): nothing to read');
      bare.dispose();
    }));

  it('the list that ends a load which showed a first look, but never the first look, a failed load or a reset', async () => {
    const market = new Market();
    const seen: string[] = [];
    market.onDidChange((change) => seen.push(`${change.firstLook ? 'firstLook ' : ''}${change.which === 'machines' && change.after ? change.after.items.length : '-'}: ${recordable(change)}`));
    await market.loadMachines((_signal, firstLook) => {
      firstLook(DEMO_MACHINES.slice(0, 10));
      return Promise.resolve({ items: DEMO_MACHINES, skipped: 0 });
    });
    await market.loadMachines(() => Promise.reject(new Error('down')));
    market.reset();
    market.dispose();
    assert.deepEqual(seen, [
      '-: false', // the load starts
      'firstLook -: false', // the first look shows
      `firstLook ${DEMO_MACHINES.length}: true`, // the list, as the first look goes
      `${DEMO_MACHINES.length}: false`, // the next load starts
      `${DEMO_MACHINES.length}: false`, // and fails
      '-: false', // a reset: the machines
      '-: false', // and the templates
    ]);
  });
});

describe('trends view', () => {
  it('never answers every point of a year: each line is thinned to the columns asked', () => {
    const t0 = Date.UTC(2026, 0, 1);
    const store = historyOf();
    const hours = 365 * 24;
    for (let i = 0; i < hours; i++) store.insertPoint({ t: t0 + i * HOUR_MS, n: 1, groups: [{ gpu: 'H100', count: ALL_COUNTS, machines: 2, gpus: 8, low: 1 + (i % 17) / 10, p25: 2, median: 3 }] });
    const view = store.trends('all', ['H100'], { columns: 100 });
    store.close();
    assert.ok(view.trends[0].lines.low.length <= 400, `${view.trends[0].lines.low.length} pairs`);
    assert.ok(view.trends[0].rows.length <= 366, 'a row per day');
    assert.deepEqual(view.models, ['H100']);
    assert.deepEqual(view.defaults, ['H100']);
    assert.equal(view.latest, t0 + (hours - 1) * HOUR_MS);
    assert.equal(Math.min(...view.trends[0].lines.low.map(([, v]) => v)), 1, 'the lowest value kept');
  });

  it('offers every model the history has and opens on the one with the most GPUs in the latest list (by name on a tie, every count together)', () => {
    const t0 = Date.UTC(2026, 0, 1);
    const group = (gpu: string, gpus: number, count = ALL_COUNTS) => ({ gpu, count, machines: gpus / 8, gpus, low: 1, p25: 2, median: 3 });
    const opensOn = (...lists: ReturnType<typeof group>[][]) => {
      const store = historyOf();
      lists.forEach((groups, i) => store.insertPoint({ t: t0 + i * HOUR_MS, n: 1, groups }));
      const view = store.trends('day', []);
      store.close();
      return view;
    };
    // A100 and RTX_4090 tie at 32 GPUs; the 64 H100s of 8-GPU machines are one count of a model that lists 16 in all; B200 led an hour before.
    const view = opensOn([group('H100', 16), group('B200', 80)], [group('H100', 16), group('H100', 64, 8), group('RTX_4090', 32), group('A100', 32)]);
    assert.deepEqual(view.models, ['A100', 'B200', 'H100', 'RTX_4090']);
    assert.deepEqual(view.defaults, ['A100']);
    assert.deepEqual(opensOn([group('B200', 32), group('A100', 32)]).defaults, ['A100'], 'a tie goes to the first by name, whatever the order recorded');
    assert.deepEqual(opensOn([group('H100', 8), group('B200', 9)]).defaults, ['B200']);
    const empty = opensOn();
    assert.deepEqual([empty.models, empty.defaults, empty.latest], [[], [], undefined], 'an empty history: nothing to offer or open on');
  });
});
