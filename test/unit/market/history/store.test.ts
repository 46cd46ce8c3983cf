// The market history on disk with real processes: several writing at once
// lose nothing and count nothing twice; one killed mid-write (SIGKILL) leaves
// a history that opens and records again; a damaged or foreign file is set
// aside with a message and recording starts again.
import * as assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { decodeState, encodeObservation, encodeState } from '../../../../src/market/history/format';
import { HistoryStore, LOCK_FILE, serviceFolder, STATE_FILE } from '../../../../src/market/history/store';
import { machineRecord } from '../../../support/records';
import { generateMachines } from '../../../../dev/demo/fixtures';
import type { Machine } from '../../../../src/api/types';

const CHILD = path.join(__dirname, '..', '..', '..', 'support', 'historyChild.js');
const ORIGIN = 'http://127.0.0.1:8787';

function writer(dir: string, start: number, count: number, machines: number, onRecorded?: (t: number, missing: number) => void, mode = 'whole'): { child: ChildProcess; done: Promise<number | null> } {
  const child = fork(CHILD, [dir, ORIGIN, String(start), String(count), String(machines), mode], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.on('message', (m: { recorded?: number; missing?: number }) => {
    if (m.recorded !== undefined) onRecorded?.(m.recorded, m.missing!);
  });
  const done = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, done };
}

function open(dir: string, problems: string[] = []): HistoryStore {
  return new HistoryStore({ dir, origin: ORIGIN, keepDays: 365 * 5, now: () => 1e12 + 1e7, onProblem: (m) => problems.push(m) });
}

describe('market history: the store, with real processes', function () {
  this.timeout(120_000);
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-history-'));
    dir = serviceFolder(root, ORIGIN);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names a service folder by a hash of its origin only', () => {
    assert.equal(serviceFolder(root, ORIGIN), serviceFolder(root, ORIGIN));
    assert.notEqual(serviceFolder(root, ORIGIN), serviceFolder(root, 'https://example.com'));
    assert.match(path.basename(dir), /^[0-9a-f]{16}$/);
  });

  for (const mode of ['whole', 'diff']) {
    it(`three processes recording at once, compacting after every list: every list once, the returns counted once (${mode === 'diff' ? 'each list recorded with its diff from the last' : 'whole lists'})`, async () => {
      const seen: { t: number; missing: number }[] = [];
      const start = Date.now();
      const codes = await Promise.all([0, 1, 2].map(() => writer(dir, start, 60, 200, (t, missing) => seen.push({ t, missing }), mode).done));
      assert.deepEqual(codes, [0, 0, 0]);
      const store = open(dir);
      store.compact();
      seen.sort((a, b) => a.t - b.t);
      assert.deepEqual(store.memory.points.map((p) => p.t), seen.map((s) => s.t), 'each list once, none lost');
      assert.ok(store.memory.points.every((p) => p.n === 1 && p.groups.reduce((n, g) => n + (g.count === 0 ? g.machines : 0), 0) === 209));
      // What the lists say, in time order: how often each spare machine was seen missing and then listed again.
      const spare = (generateMachines(210, 5) as Machine[]).slice(0, 10);
      let truth = 0;
      let counted = 0;
      spare.forEach((m, k) => {
        let returns = 0;
        let state: 'unseen' | 'listed' | 'gone' = 'unseen';
        for (const s of seen) {
          if (s.missing === k) state = state === 'unseen' ? 'unseen' : 'gone';
          else if (state === 'gone') [state, returns] = ['listed', returns + 1];
          else state = 'listed';
        }
        const got = store.memory.presence.tracks.get(m.node_name)!.returns;
        assert.ok(got <= returns, `spare machine ${k}: ${got} returns counted, the lists show ${returns}: never counted twice`);
        truth += returns;
        counted += got;
      });
      // A list recorded a few milliseconds after another window's later one can miss a return at a phase's edge, never add one.
      assert.ok(truth > 0 && counted >= truth * 0.8, `${counted} of ${truth} returns counted`);
      assert.equal(store.memory.presence.tracks.size, 210);
      assert.equal([...store.memory.presence.tracks.values()].filter((t) => t.returns === 0).length >= 200, true, 'the other machines never went');
      // A writer whose last compaction found the lock taken left its log: it is in the state, read once.
      assert.deepEqual(open(dir).memory.points.map((p) => p.t), seen.map((s) => s.t), 'opened again: still each list once');
      assert.equal(fs.existsSync(path.join(dir, LOCK_FILE)), false);
    });
  }

  it('a process that reads the state before the compacting one has deleted the logs it took in does not read them again', () => {
    const a = open(dir);
    a.record(1e12, [machineRecord()]);
    a.record(1e12 + 1, [machineRecord()]);
    const logs = () => fs.readdirSync(dir).filter((f) => f.startsWith('log-'));
    const [log] = logs();
    const text = fs.readFileSync(path.join(dir, log));
    assert.equal(a.compact(), true);
    assert.deepEqual(logs(), []);
    // As if read between the state's rename and the log's deletion.
    fs.writeFileSync(path.join(dir, log), text);
    const b = open(dir);
    assert.deepEqual(b.memory.points.map((p) => p.t), [1e12, 1e12 + 1]);
    b.compact();
    assert.deepEqual(open(dir).memory.points.map((p) => p.t), [1e12, 1e12 + 1]);
  });

  it('a process killed mid-write leaves a history that opens, and the next process records into it', async () => {
    for (let round = 0; round < 3; round++) {
      const recorded: number[] = [];
      const { child, done } = writer(dir, Date.now(), 0, 20_000, (t) => recorded.push(t));
      while (recorded.length < 2) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 37 * (round + 1)));
      child.kill('SIGKILL');
      await done;
      const problems: string[] = [];
      const store = open(dir, problems);
      const times = new Set(store.memory.points.map((p) => p.t));
      for (const t of recorded) assert.ok(times.has(t), `list ${t} was told recorded, so it is in the history`);
      assert.deepEqual(problems, [], 'a cut line is not a damaged one: it is simply not there');
      assert.equal(store.compact(), true, 'the dead process left no lock that holds');
      store.record(2e12 + round, [machineRecord()]);
      assert.ok(open(dir).memory.points.some((p) => p.t === 2e12 + round));
    }
  });

  it('a damaged or foreign state file is set aside with a message, and recording starts again', () => {
    for (const text of ['{"half": ', JSON.stringify({ format: 'something-else' }), JSON.stringify({ format: 'gpu-rental-market-history', version: 99 })]) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, STATE_FILE), text);
      const problems: string[] = [];
      const store = open(dir, problems);
      assert.equal(problems.length, 1);
      assert.match(problems[0], /could not be read .* moved to .*unreadable-/);
      assert.equal(fs.readdirSync(dir).filter((f) => f.includes('unreadable')).length, 1);
      store.record(1e12, [machineRecord()]);
      store.compact();
      assert.equal(open(dir).memory.points.length, 1);
    }
  });

  it('the history of another origin in the folder is set aside too', () => {
    const other = new HistoryStore({ dir, origin: 'https://other.example', keepDays: 30 });
    other.record(1e12, [machineRecord()]);
    other.compact();
    const problems: string[] = [];
    assert.equal(open(dir, problems).memory.points.length, 0);
    assert.match(problems[0], /history of https:\/\/other\.example/);
  });

  it('skips a damaged log line, says so, and keeps the lines after it', () => {
    fs.mkdirSync(dir, { recursive: true });
    const line = (t: number) => encodeObservation({ t, groups: [], appeared: [], gone: [] });
    const damaged = line(2).replace('"t":2', '"t":3');
    fs.writeFileSync(path.join(dir, 'log-1-a.jsonl'), line(1) + damaged + line(4) + line(5).slice(0, 10));
    const problems: string[] = [];
    const store = open(dir, problems);
    assert.deepEqual(store.memory.points.map((p) => p.t), [1, 4]);
    assert.deepEqual(problems, ['1 damaged lines of the market history were skipped.']);
  });

  it('answers the query fields as one object whatever memory it holds: a new version with each list, after a compaction and after reading another window\'s', () => {
    const m = machineRecord();
    const a = open(dir);
    const b = open(dir);
    const versions = [a.version];
    a.record(1e12, [m]);
    versions.push(a.version);
    a.record(1e12 + 3_600_000, [m]);
    versions.push(a.version);
    assert.equal(a.listedHours(m.node_name), 1);
    assert.equal(a.compact(), true);
    versions.push(a.version);
    assert.equal(a.listedHours(m.node_name), 1, 'the same answers after a compaction');
    b.refresh();
    assert.equal(b.listedHours(m.node_name), 1, 'another window reads them');
    assert.equal(b.flaps7d(m.node_name), 0);
    assert.equal(b.belowMedian(m), 0);
    versions.push(b.version);
    assert.equal(new Set(versions).size, versions.length, `versions ${versions.join(', ')}`);
  });

  it('Clear deletes the history; another process sees it empty', () => {
    const a = open(dir);
    a.record(1e12, [machineRecord()]);
    a.compact();
    const b = open(dir);
    assert.equal(b.memory.points.length, 1);
    assert.equal(a.clear(), true);
    b.refresh();
    assert.equal(b.memory.points.length, 0);
    assert.deepEqual(fs.readdirSync(dir), []);
  });
});

describe('market history: the state file', () => {
  it('property: what is written reads back the same, and is the JSON of the state, whatever the node IDs', () => {
    const track = fc.record({
      first: fc.integer(),
      since: fc.integer(),
      last: fc.integer(),
      present: fc.boolean(),
      returns: fc.nat(),
      recent: fc.array(fc.integer(), { maxLength: 3 }),
      at: fc.integer(),
    });
    const group = fc.record({ gpu: fc.string(), count: fc.nat(8), machines: fc.nat(), gpus: fc.nat(), low: fc.nat(), p25: fc.nat(), median: fc.nat() });
    const point = fc.record({ t: fc.integer(), n: fc.nat(), groups: fc.array(group, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 4 }), fc.uniqueArray(fc.tuple(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', '"\\')), track), { selector: ([id]) => id, maxLength: 6 }), (points, tracks) => {
        const state = { origin: 'https://a.example', lastT: 5, consumed: { 'log-1-a.jsonl': 10 }, points, tracks };
        const text = encodeState(state);
        const machines = JSON.parse(text).machines as Record<string, unknown>;
        assert.deepEqual(Object.keys(machines).sort(), tracks.map(([id]) => id).sort());
        const back = decodeState(text);
        const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T; // fast-check's records have no prototype
        assert.deepEqual(new Map(back.tracks), new Map(plain(tracks)));
        assert.deepEqual(back.points, plain(points));
        assert.equal(encodeState(state), text, 'a point written before is written the same');
      }),
    );
  });
});
