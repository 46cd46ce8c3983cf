// The market history in SQLite, as windows, the command line and the MCP
// server share it: two stores on one file stand for two windows. What a user
// would notice: no list lost, none counted twice, every window following the
// others (recording or not), Clear seen by all, a file that is damaged or not
// ours set aside and recording started again, the old history imported once,
// owner-only, no token in it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Machine } from '../../src/api/types';
import { diffMachines } from '../../src/market/diff';
import { DAY_MS, HOUR_MS } from '../../src/market/history/downsample';
import { checksum } from '../../src/market/history/legacyFormat';
import { SCHEMA_VERSION } from '../../src/market/history/schema';
import type { HistoryStore } from '../../src/market/history/store';
import { openHistory } from '../../src/node/historyFile';
import { legacyFolder } from '../../src/node/historyLocation';
import { historyFolder, historyOf, openTestHistory, readHistory, TEST_ORIGIN } from '../support/history';
import { machineRecord } from '../support/records';

const T0 = Date.UTC(2026, 10, 1);
const MIN = 60_000;
const h100 = (price: string, node_name?: string): Machine => machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price, ...(node_name ? { node_name } : {}) });

describe('market history: the SQLite store', () => {
  let folder: ReturnType<typeof historyFolder>;
  beforeEach(() => (folder = historyFolder()));
  afterEach(() => folder.cleanup());

  const lists = (file: string) => readHistory(file, (db) => db.prepare('SELECT t FROM lists ORDER BY t').all().map((r) => Number(r.t)));

  it("a list recorded by a window idle for two days is seen by the other (the old store's compaction lost it)", () => {
    const a = openTestHistory(folder.file);
    const b = openTestHistory(folder.file);
    const machines = [h100('2.00', 'x'), h100('2.10', 'y')];
    a.record(T0, machines);
    b.record(T0 + MIN, machines);
    b.record(T0 + 2 * DAY_MS, machines);
    a.record(T0 + 2 * DAY_MS + MIN, machines.slice(0, 1));
    assert.equal(b.poll(), true, 'the other window notices the new list');
    assert.deepEqual(lists(folder.file).slice(-2), [T0 + 2 * DAY_MS, T0 + 2 * DAY_MS + MIN]);
    assert.ok(Number.isNaN(b.listedHours('y')), 'y went in the list A recorded last, and B reads that');
    assert.equal(b.listedHours('x'), 48 + 1 / 60);
  });

  it('a window that never records follows the others within a poll, and sees their Clear', () => {
    const writer = openTestHistory(folder.file);
    const reader = openTestHistory(folder.file);
    assert.equal(reader.modelWeek('H100_SXM5_80GB'), undefined);
    writer.record(T0, [h100('2.00', 'x')]);
    assert.equal(reader.poll(), true);
    assert.equal(reader.modelWeek('H100_SXM5_80GB')!.low, 2);
    const before = reader.version;
    assert.equal(reader.poll(), false, 'nothing new: the same answers');
    assert.equal(reader.version, before);
    writer.clear();
    assert.equal(reader.poll(), true);
    assert.equal(reader.modelWeek('H100_SXM5_80GB'), undefined);
    assert.ok(Number.isNaN(reader.listedHours('x')));
  });

  it('a return seen by two windows is counted once; a list older than the latest adds its prices, not its comings and goings', () => {
    const a = openTestHistory(folder.file);
    const b = openTestHistory(folder.file);
    const x = h100('2.00', 'x');
    const y = h100('3.00', 'y');
    a.record(T0, [x, y]);
    b.record(T0 + MIN, [x]);
    a.record(T0 + 2 * MIN, [x]);
    a.record(T0 + 3 * MIN, [x, y]);
    b.record(T0 + 4 * MIN, [x, y]);
    b.record(T0 + 3 * MIN + 30_000, [x]);
    a.poll();
    assert.equal(a.flaps7d('y'), 1);
    assert.equal(a.listedHours('y'), MIN / HOUR_MS, 'listed again since T0 + 3 min; the late list did not take it away');
    assert.equal(lists(folder.file).length, 6);
  });

  it('records by the diff as by the whole list: the same listings', () => {
    const a = historyOf();
    const b = historyOf();
    const x = h100('2.00', 'x');
    const y = h100('3.00', 'y');
    const z = h100('1.00', 'z');
    const first = [x, y];
    const second = [x, z];
    a.record(T0, first);
    b.record(T0, first);
    a.record(T0 + MIN, second, { before: first, diff: diffMachines(first, second) });
    b.record(T0 + MIN, second);
    for (const id of ['x', 'y', 'z']) {
      assert.deepEqual([a.listedHours(id), a.flaps7d(id)], [b.listedHours(id), b.flaps7d(id)], id);
    }
    assert.deepEqual(a.modelWeek('H100_SXM5_80GB'), b.modelWeek('H100_SXM5_80GB'));
  });

  it('two windows recording one market by their diffs, in turns, some lists skipped: the same listings as whole lists give', () => {
    const a = openTestHistory(folder.file);
    const b = openTestHistory(folder.file);
    const whole = historyOf();
    const pool = Array.from({ length: 30 }, (_, i) => h100((2 + i / 10).toFixed(2), `m${i}`));
    // Each step lists the pool less a few machines that move around; each window records every other step, by its own diff.
    const lists = Array.from({ length: 24 }, (_, k) => pool.filter((_, i) => (i * 7 + k * 3) % 5 !== 0 && !(k % 4 === 0 && i % 9 === 1)));
    const before = new Map<HistoryStore, Machine[]>();
    lists.forEach((list, k) => {
      const t = T0 + k * MIN;
      const turns = [[a, k % 2 === 0], [b, k % 3 !== 0]] as const;
      for (const [store, turn] of turns) {
        if (!turn) continue;
        const last = before.get(store);
        store.record(t, list, last ? { before: last, diff: diffMachines(last, list) } : undefined);
        before.set(store, list);
      }
      // The history holds the lists either window recorded (both: the same list twice, which changes nothing).
      if (turns.some(([, turn]) => turn)) whole.record(t, list);
    });
    a.poll();
    for (const m of pool) assert.deepEqual([a.listedHours(m.node_name), a.flaps7d(m.node_name)], [whole.listedHours(m.node_name), whole.flaps7d(m.node_name)], m.node_name);
  });

  it('keeps lists of the last 2 days as recorded, one an hour before, one a day before 90 days, none past the days kept', () => {
    const store = historyOf([], 120);
    const x = h100('2.00', 'x');
    for (let t = T0; t <= T0 + 100 * DAY_MS; t += 6 * HOUR_MS) store.record(t, [x]);
    for (let t = T0 + 100 * DAY_MS + MIN; t <= T0 + 100 * DAY_MS + 60 * MIN; t += MIN) store.record(t, [{ ...x, price: '1.00' }]);
    store.record(T0 + 103 * DAY_MS, [x]);
    const view = store.trends('all', ['H100_SXM5_80GB'], { samples: true });
    const samples = view.trends[0].samples!;
    const end = T0 + 103 * DAY_MS;
    const daily = samples.filter((s) => s.t < Math.floor((end - 90 * DAY_MS) / DAY_MS) * DAY_MS);
    assert.deepEqual(new Set(daily.map((s) => [s.t % DAY_MS, s.n].join())), new Set(['0,4']), 'one a day, standing for its 4 lists');
    assert.equal(daily.length, 13);
    const merged = samples.find((s) => s.t === T0 + 100 * DAY_MS)!;
    assert.equal(merged.n, 60, 'the hour of lists (one at its start, 59 a minute apart) is one row');
    assert.equal(merged.low, 1);
    assert.ok(samples.every((s) => s.t >= end - 120 * DAY_MS - DAY_MS));
  });

  it('is one owner-only file under the folder it was given, with listing data and never a token', () => {
    const store = openTestHistory(folder.file);
    store.record(T0, [h100('2.00', 'x')]);
    store.close();
    assert.equal(fs.statSync(folder.file).mode & 0o777, 0o600);
    const bytes = Buffer.concat(fs.readdirSync(folder.dir).map((f) => fs.readFileSync(path.join(folder.dir, f))));
    assert.ok(!bytes.includes('Bearer') && !bytes.includes('demo-token'));
    const row = readHistory(folder.file, (db) => db.prepare('SELECT gpu, gpu_count, low_per_gpu, machines FROM prices').get());
    assert.deepEqual({ ...row }, { gpu: 'H100_SXM5_80GB', gpu_count: 0, low_per_gpu: 2, machines: 1 });
    assert.equal(readHistory(folder.file, (db) => db.prepare('PRAGMA user_version').get()?.user_version), SCHEMA_VERSION);
    assert.equal(readHistory(folder.file, (db) => db.prepare('PRAGMA journal_mode').get()?.journal_mode), 'wal');
  });

  for (const [what, content, why] of [
    ['damaged', 'this is not a database at all, just text that fills a page '.repeat(100), /damaged|not a GPU Rental/],
    ['of another program', undefined, /not a GPU Rental market history/],
    ['of another service', 'other-origin', /history of https:\/\/elsewhere\.example/],
  ] as const) {
    it(`a file that is ${what} is set aside with one message, and recording starts again`, () => {
      if (content === undefined) readHistory(folder.file, (db) => db.prepare('CREATE TABLE notes (text TEXT)').all());
      else if (content === 'other-origin') {
        const other = openTestHistory(folder.file);
        other.close();
        readHistory(folder.file, (db) => db.prepare("UPDATE meta SET value = 'https://elsewhere.example' WHERE key = 'origin'").all());
      } else fs.writeFileSync(folder.file, content);
      const problems: string[] = [];
      const store = openTestHistory(folder.file, problems);
      store.record(T0, [h100('2.00', 'x')]);
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0], why);
      const aside = fs.readdirSync(folder.dir).filter((f) => f.includes('.unreadable-'));
      assert.equal(aside.length >= 1, true, 'kept, renamed');
      assert.ok(problems[0].includes(aside[0]));
      assert.deepEqual(lists(folder.file), [T0]);
    });
  }

  it('a history written by a newer version is left as it is, and says so', () => {
    openTestHistory(folder.file).close();
    readHistory(folder.file, (db) => db.prepare(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`).all());
    const problems: string[] = [];
    openTestHistory(folder.file, problems).close();
    assert.match(problems.join('\n'), /newer GPU Rental/);
  });

  it("imports an older version's history once (its state and the logs beyond it), then removes the old folder", () => {
    const old = legacyFolder(path.join(folder.dir, 'market-history'), TEST_ORIGIN);
    fs.mkdirSync(old, { recursive: true });
    const group = ['H100_SXM5_80GB', 0, 2, 2, 1.5, 1.75, 2];
    const state = {
      format: 'gpu-rental-market-history', version: 1, origin: TEST_ORIGIN, lastT: T0 + HOUR_MS, consumed: { 'log-1-a.jsonl': 0 },
      points: [[T0, 60, [group]], [T0 + HOUR_MS, 1, [group]]],
      machines: { x: [T0, T0 + 30 * MIN, T0 + HOUR_MS, 1, 1, [T0 + 30 * MIN], T0 + 30 * MIN], gone: [T0, T0, T0 + 10 * MIN, 0, 0, [], T0 + 10 * MIN] },
    };
    fs.writeFileSync(path.join(old, 'state.json'), JSON.stringify(state));
    const line = JSON.stringify({ t: T0 + 2 * HOUR_MS, g: [group], a: ['new'], d: [] });
    fs.writeFileSync(path.join(old, 'log-1-a.jsonl'), `${line.length}:${checksum(line)}:${line}\n12:cut short`);
    const problems: string[] = [];
    const again = openHistoryWithLegacy(folder.file, old, problems);
    assert.deepEqual(lists(folder.file), [T0, T0 + HOUR_MS, T0 + 2 * HOUR_MS]);
    assert.equal(fs.existsSync(old), false, 'the old folder is gone once imported');
    assert.equal(again.listedHours('x'), 1.5);
    assert.equal(again.flaps7d('x'), 1);
    assert.equal(again.listedHours('new'), 0);
    assert.ok(Number.isNaN(again.listedHours('gone')));
    assert.match(problems.join('\n'), /62 lists\) was imported/);
  });
});

function openHistoryWithLegacy(file: string, legacyDir: string, problems: string[]): HistoryStore {
  return openHistory({ file, origin: TEST_ORIGIN, keepDays: 36_500, legacyDir, onProblem: (m) => problems.push(m) });
}
