// The outlook read from the real store (issue 36): what recording keeps of
// each listing (its machine's fields, its price over time) answers a filter
// over the past, by diff or by whole list; a v1 file migrates and records on.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../../src/api/types';
import { diffMachines } from '../../../../src/market/diff';
import { DAY_MS, HOUR_MS } from '../../../../src/market/history/downsample';
import { outlookAnswer } from '../../../../src/market/history/outlookAnswer';
import { HistoryStore } from '../../../../src/market/history/store';
import { loadSqlite } from '../../../../src/node/historyFile';
import { historyFolder, historyOf, openTestHistory, TEST_ORIGIN } from '../../../support/history';
import { machineRecord } from '../../../support/records';

const T0 = 1_000 * DAY_MS;
const h100 = (id: string, price: string): Machine => machineRecord({ node_name: id, gpu_name: 'H100_SXM5_80GB', gpu_count: 8, price, region: 'cn-east' });
const other = machineRecord({ node_name: 'other', gpu_name: 'RTX_4090', gpu_count: 1, price: '0.40' });

function outlookOf(store: HistoryStore, query: string) {
  const answer = outlookAnswer(store.outlook(), query);
  assert.ok('outlook' in answer, JSON.stringify(answer));
  return answer.outlook;
}

describe('market history: the outlook', () => {
  for (const how of ['the market diff', 'whole lists'] as const) {
    it(`an 8× H100 listed for 3 h every 12 h for 10 days, with a repricing into the filter (${how})`, () => {
      const store = historyOf();
      let before: Machine[] | undefined;
      for (let hour = 0; hour <= 10 * 24; hour++) {
        const list: Machine[] = [other];
        if (hour % 12 < 3) list.push(h100(`h-${Math.floor(hour / 12)}`, '128.00'));
        // A second machine listed at 17/GPU all along drops to 14/GPU on day 8: it appears then for `price_per_gpu<15`.
        list.push(h100('steady', hour < 8 * 24 ? '136.00' : '112.00'));
        const t = T0 + hour * HOUR_MS;
        store.record(t, list, how === 'the market diff' && before ? { before, diff: diffMachines(before, list) } : undefined);
        before = list;
      }
      const o = outlookOf(store, 'gpu=H100 gpus=8 price_per_gpu<16.5 region=cn-east');
      assert.equal(o.recordedDays, 10);
      assert.equal(o.supply.window, 21, 'h-1 to h-20, and steady when it dropped into the filter; h-0 was there from the start');
      assert.ok(Math.abs(o.supply.everyHours! - 240 / 21) < 0.1, String(o.supply.everyHours));
      assert.deepEqual(o.supply.listedHours, { q1: 3, median: 3, q3: 3 });
      assert.equal(o.supply.now, 2, 'h-20 at its first hour and steady at 14');
      assert.equal(o.price.now, 14);
      assert.equal(o.price.level, 'low');
      assert.deepEqual(o.price.typical, { low: 16, high: 16 });

      const cheap = outlookOf(store, 'gpu=H100 price_per_gpu<15');
      assert.equal(cheap.supply.window, 1, 'steady appeared for this filter when it dropped to 14');
      assert.equal(cheap.price.daily.length, 2, 'the drop came 48 h before the latest list');
      const none = outlookAnswer(store.outlook(), 'gpu=A100');
      assert.ok('outlook' in none && none.outlook.supply.window === 0 && none.outlook.price.now === undefined);
      store.close();
    });
  }

  it('says why there is no outlook: a filter it cannot read, no history; and which fields it left out', () => {
    assert.deepEqual(outlookAnswer(undefined, 'gpus>'), { error: 'parse', message: (outlookAnswer(undefined, 'gpus>') as { message: string }).message, position: 5 });
    assert.deepEqual(outlookAnswer(undefined, 'gpus>1'), { error: 'off' });
    const store = historyOf([[T0, [h100('a', '100.00')]]]);
    const answer = outlookAnswer(store.outlook(), 'gpu=H100 listed_hours>2 up_time>5');
    assert.ok('outlook' in answer);
    assert.deepEqual(answer.ignored, ['listed_hours', 'up_time']);
    assert.equal(answer.outlook.supply.now, 1);
    store.close();
  });

  it('a version 1 file migrates: its listings stay (without an outlook), new ones keep their machines', () => {
    const { DatabaseSync } = loadSqlite();
    const db = new DatabaseSync(':memory:');
    // The first schema as version 1 wrote it, with one listing.
    db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE lists (id INTEGER PRIMARY KEY AUTOINCREMENT, t INTEGER NOT NULL, n INTEGER NOT NULL);
      CREATE TABLE models (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
      CREATE TABLE groups (model INTEGER NOT NULL, gpu_count INTEGER NOT NULL, list INTEGER NOT NULL, machines INTEGER NOT NULL, gpus INTEGER NOT NULL, low INTEGER NOT NULL, p25 INTEGER NOT NULL, median INTEGER NOT NULL, PRIMARY KEY (model, gpu_count, list)) WITHOUT ROWID;
      CREATE TABLE listings (node TEXT NOT NULL, since INTEGER NOT NULL, until INTEGER, comeback INTEGER NOT NULL, PRIMARY KEY (node, since)) WITHOUT ROWID;
      CREATE TABLE changes (stamp INTEGER NOT NULL, node TEXT NOT NULL, listed INTEGER NOT NULL);
      INSERT INTO meta VALUES ('format', 'gpu-rental-market-history'), ('origin', '${TEST_ORIGIN}'), ('presence', '0');
      INSERT INTO lists (t, n) VALUES (${T0}, 1);
      INSERT INTO listings VALUES ('old', ${T0}, NULL, 0);
      PRAGMA user_version = 1;`);
    const store = new HistoryStore({ db, origin: TEST_ORIGIN, keepDays: 365 });
    assert.equal(db.prepare('PRAGMA user_version').get()!.user_version, 2);
    store.record(T0 + HOUR_MS, [h100('old', '100.00'), h100('new', '100.00')]);
    assert.equal(store.listing('old')!.since, T0);
    const o = outlookOf(store, 'gpu=H100');
    assert.equal(o.supply.now, 1, 'only the listing recorded with its machine');
    store.close();
  });

  it('a record larger than the room it starts with, and a filter\'s machines past its first thousand, as a user counts them', () => {
    // 'flip' swings between 1.25 and 2.50 a GPU every minute for 200 minutes: 100 stretches under 2 a GPU, 200 prices.
    const flip = (minute: number) => h100('flip', minute % 2 === 0 ? '10.00' : '20.00');
    const a100 = (i: number) => machineRecord({ node_name: `a-${i}`, gpu_name: 'A100_SXM4_80GB', gpu_count: 1, price: '1.00', region: 'us-west' });
    const fleet = Array.from({ length: 1100 }, (_, i) => a100(i));
    const store = historyOf();
    for (let minute = 0; minute < 200; minute++) store.record(T0 + minute * 60_000, [flip(minute), ...fleet]);
    const swings = outlookOf(store, 'gpu=H100 price_per_gpu<2');
    assert.equal(swings.supply.window, 99, 'every drop under 2 a GPU but the one there from the start');
    assert.deepEqual(swings.supply.listedHours, { q1: 1 / 60, median: 1 / 60, q3: 1 / 60 }, 'each stayed a minute');
    assert.equal(swings.supply.now, 0, 'at 2.50 a GPU in the latest list');
    assert.equal(outlookOf(store, 'gpu=H100').supply.window, 0, 'without the price clause: one stretch, there from the start');
    assert.equal(outlookOf(store, 'gpu=A100').supply.now, 1100);
    // Five more come in the next list: the filter's machines are asked of them alone, and counted with the rest.
    store.record(T0 + 200 * 60_000, [flip(200), ...fleet, ...Array.from({ length: 5 }, (_, i) => a100(1100 + i))]);
    const grown = outlookOf(store, 'gpu=A100');
    assert.deepEqual([grown.supply.now, grown.supply.window], [1105, 5]);
    store.close();
  });

  it('the worker\'s read, practising the outlook between its slices, answers as the read without practice', () => {
    // 9,000 machines: the read has slices (4,096 rows each) for the practice to run between.
    const fleet = Array.from({ length: 9_000 }, (_, i) => machineRecord({ node_name: `f-${i}`, gpu_name: i % 3 === 0 ? 'A100_SXM4_80GB' : 'RTX_4090', gpu_count: 1 + (i % 4), price: `${1 + (i % 9)}.00`, region: i % 2 === 0 ? 'us-west' : 'eu-central' }));
    const lists: [number, Machine[]][] = [0, 1, 2, 3].map((day) => [T0 + day * DAY_MS, fleet.filter((_, i) => (i + day) % 5 !== 0)]);
    const filters = ['gpu=A100 gpus>=2 price_per_gpu<3', 'region notin [us-west] price<6', 'gpus>=1'];
    const read = (practise: boolean) => {
      const store = historyOf(lists);
      const steps = store.outlookSteps({ practise });
      let slices = 0;
      while (!steps.next().done) slices++;
      const answers = filters.map((f) => outlookAnswer(store.outlook(), f));
      store.close();
      return { slices, answers };
    };
    const plain = read(false);
    const practised = read(true);
    assert.deepEqual(practised.answers, plain.answers);
    assert.deepEqual(plain.answers.map((a) => ('outlook' in a ? a.outlook.supply.now > 0 && a.outlook.supply.window > 0 : a)), [true, true, true]);
    assert.ok(practised.slices > plain.slices && plain.slices >= 2, `${practised.slices} slices with the practice, ${plain.slices} without`);
  });

  it("follows its own lists, and another writer's, as a fresh read of the file says: machines come, go, come back and change price, by diff and whole", () => {
    const folder = historyFolder();
    // A records; B only reads, and follows A's lists as another writer's; each comparison opens the file afresh.
    const [a, b] = [openTestHistory(folder.file), openTestHistory(folder.file)];
    try {
      let seed = 7;
      const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      let list: Machine[] = Array.from({ length: 30 }, (_, i) => h100(`m-${i}`, (100 + i).toFixed(2)));
      const gone: Machine[] = [];
      const queries = ['gpu=H100', 'gpu=H100 price_per_gpu<13.5', 'gpus=8 price>=110'];
      let compared = 0;
      let readAgain = 0;
      for (let step = 0; step < 200; step++) {
        const before = list;
        list = list.filter((m) => rand() > 0.05 || (gone.push(m), false)).map((m) => (rand() < 0.1 ? { ...m, price: (90 + rand() * 40).toFixed(2) } : m));
        for (let k = 0; k < 2; k++) if (rand() < 0.5) list.push(h100(`n-${step}-${k}`, (90 + rand() * 40).toFixed(2)));
        // A machine that went comes back, at times within the two lists between B's looks.
        if (gone.length > 0 && rand() < 0.3) list.push(gone.splice(Math.floor(rand() * gone.length), 1)[0]);
        a.record(T0 + step * 10 * 60_000, list, step % 7 === 0 ? undefined : { before, diff: diffMachines(before, list) });
        // A and B ask every 20 minutes (each follows for an hour, then reads again); a third store reads the file afresh.
        if (step % 2 === 0) {
          const held = b.outlook();
          b.poll();
          if (b.outlook() !== held) readAgain++;
          const fresh = openTestHistory(folder.file);
          for (const q of queries) {
            assert.deepEqual(outlookOf(a, q), outlookOf(fresh, q), `${q} at step ${step}: its own lists`);
            assert.deepEqual(outlookOf(b, q), outlookOf(fresh, q), `${q} at step ${step}: another writer's lists`);
          }
          fresh.close();
          compared++;
        }
      }
      // 100 looks over 33 hours of lists: read again each hour, not at each look.
      assert.ok(readAgain <= 40, `B read the window again at ${readAgain} of ${compared} looks`);
    } finally {
      a.close();
      b.close();
      folder.cleanup();
    }
  });
});
