// The market history under the worst a computer does to it: several windows
// and `gpu-rental record` processes writing one file at once, killed
// (SIGKILL) at random moments, some mid-transaction, a Clear in the middle,
// and a window that never writes following along. Afterwards every list a
// writer said it recorded after the Clear is there exactly once, none from
// before it, the file passes integrity_check, the reader saw each list at its
// first poll after the list was committed, and nobody waited for a killed
// writer past the busy timeout. It prints its figures.
import * as assert from 'node:assert/strict';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { DEMO_TOKEN, generateMachines } from '../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../dev/demo/server';
import { BUSY_TIMEOUT_MS, openHistory } from '../../src/node/historyFile';
import { historyFileName } from '../../src/node/historyLocation';
import { historyFolder, readHistory } from '../support/history';

const SUPPORT = path.join(__dirname, '..', 'support');
const CLI = path.join(__dirname, '..', '..', '..', 'dist', 'cli.js');
const WINDOWS = 3;
const RECORDERS = 2;
const LISTS = 1_200;
const CLEAR_AT = 500;

interface Writer {
  name: string;
  start(): ChildProcess;
  child?: ChildProcess;
}

/** Ends a process (if it still runs) and waits until it has. */
function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

describe('market history: writers killed at random, a Clear, a reader', function () {
  this.timeout(180_000);
  let folder: ReturnType<typeof historyFolder>;
  let demo: DemoServer;
  beforeEach(async () => {
    folder = historyFolder();
    demo = await startDemoServer({ port: 0, token: DEMO_TOKEN, machines: generateMachines(300, 9), market: { intervalMs: 200, seed: 3 } });
  });
  afterEach(async () => {
    await demo.close();
    folder.cleanup();
  });

  it(`${WINDOWS} windows and ${RECORDERS} command-line recorders, ${LISTS} lists at least`, async () => {
    const origin = new URL(demo.url).origin;
    const file = path.join(folder.dir, 'history', historyFileName(origin));
    const open = () => openHistory({ file, origin, keepDays: 365 });
    open().close();
    // Per list time: how many writers began it, and how many said it was committed, with when they said so.
    const begun = new Map<number, number>();
    /** Per list time, when each writer said it began it (a recorder: when it said it was done). */
    const begunAt = new Map<number, number[]>();
    const noteBegun = (t: number) => {
      begun.set(t, (begun.get(t) ?? 0) + 1);
      begunAt.set(t, [...(begunAt.get(t) ?? []), Date.now()]);
    };
    /** Per window process: whether its last word was a list begun and not yet committed. */
    const midList = new Map<ChildProcess, boolean>();
    const done: { t: number; at: number }[] = [];
    const waits: number[] = [];
    const failures: string[] = [];
    const cliLine = /recorded \d+ machines at (\S+Z)/;
    const writers: Writer[] = [];
    for (let i = 0; i < WINDOWS; i++) {
      writers.push({
        name: `window ${i}`,
        start() {
          const child = fork(path.join(SUPPORT, 'historyRecorder.js'), [file, origin, '2000', String(i)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
          child.on('message', (m: { begin?: number; done?: number; ms?: number; failed?: number; message?: string; problem?: string }) => {
            if (m.problem !== undefined) failures.push(m.problem);
            if (m.begin !== undefined) noteBegun(m.begin);
            midList.set(child, m.begin !== undefined);
            if (m.done !== undefined) {
              done.push({ t: m.done, at: Date.now() });
              waits.push(m.ms!);
            }
            if (m.failed !== undefined) failures.push(m.message!);
          });
          return child;
        },
      });
    }
    for (let i = 0; i < RECORDERS; i++) {
      writers.push({
        name: `recorder ${i}`,
        start() {
          const env = { ...process.env, GPU_RENTAL_BASE_URL: demo.url, GPU_RENTAL_TOKEN: DEMO_TOKEN, GPU_RENTAL_DATA_DIR: folder.dir };
          const child = spawn(process.execPath, [CLI, 'record', '--interval', '1'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
          readline.createInterface({ input: child.stderr! }).on('line', (line) => {
            const m = cliLine.exec(line);
            // A recorder's list is begun and done at once as far as we hear: it says so after the commit.
            if (m) {
              const t = Date.parse(m[1]);
              noteBegun(t);
              done.push({ t, at: Date.now() });
            } else if (!/^gpu-rental: list not recorded/.test(line)) failures.push(line);
          });
          return child;
        },
      });
    }
    const polls: { start: number; seen: number[] }[] = [];
    const reader = fork(path.join(SUPPORT, 'historyReader.js'), [file, origin, '25'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    reader.on('message', (m: { start: number; seen: number[] }) => polls.push(m));
    for (const w of writers) w.child = w.start();

    let kills = 0;
    let killedMidList = 0;
    let recorderKills = 0;
    /** When each recorder was killed: its last list may be in the file unheard of. */
    const recorderKilledAt: number[] = [];
    let clear: { start: number; end: number } | undefined;
    const started = Date.now();
    // Kill a random writer every 100–400 ms and start it again, until enough lists are in and the recorders have recorded after the Clear.
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    while (done.length < LISTS || !clear || done.filter((d) => d.at > clear!.end).length < LISTS - CLEAR_AT) {
      await new Promise((r) => setTimeout(r, 100 + random() * 300));
      if (!clear && done.length >= CLEAR_AT) {
        const store = open();
        const start = Date.now();
        store.clear();
        clear = { start, end: Date.now() };
        store.close();
      }
      const w = writers[Math.floor(random() * writers.length)];
      await stopProcess(w.child!, 'SIGKILL');
      kills++;
      if (midList.get(w.child!)) killedMidList++;
      if (w.name.startsWith('recorder')) {
        recorderKills++;
        recorderKilledAt.push(Date.now());
      }
      assert.ok(reader.exitCode === null, 'the reader is still reading');
      assert.ok(Date.now() - started < 150_000, `${done.length} lists after 150 s: the writers are stuck (${failures.slice(-3).join('; ')})`);
      w.child = w.start();
    }
    await Promise.all(writers.map((w) => stopProcess(w.child!, 'SIGTERM')));
    const lastDone = Math.max(...done.map((d) => d.at));
    await new Promise<void>((resolve) => {
      const check = () => (polls.some((p) => p.start > lastDone + 50) || reader.exitCode !== null ? resolve() : setTimeout(check, 25));
      check();
    });
    assert.ok(reader.exitCode === null, 'the reader read until the end');
    await stopProcess(reader, 'SIGKILL');

    const inFile = new Map<number, number>();
    for (const t of readHistory(file, (db) => db.prepare('SELECT t FROM lists').all().map((r) => Number(r.t)))) inFile.set(t, (inFile.get(t) ?? 0) + 1);
    const integrity = readHistory(file, (db) => db.prepare('PRAGMA integrity_check').get()?.integrity_check);
    const after = done.filter((d) => d.at > clear!.end && d.t > clear!.end);
    const beforeClear = done.filter((d) => d.at < clear!.start);
    const seenAt = new Map<number, number>();
    for (const p of polls) for (const t of p.seen) if (!seenAt.has(t)) seenAt.set(t, p.start);
    const late = after.filter((d) => {
      const firstPoll = polls.find((p) => p.start > d.at);
      return firstPoll !== undefined && !(seenAt.get(d.t)! <= firstPoll.start);
    });
    const slowest = Math.max(...waits);
    console.log(
      `      ${done.length} lists recorded by ${WINDOWS + RECORDERS} writers in ${((Date.now() - started) / 1000).toFixed(1)} s, ${kills} killed (SIGKILL; ${killedMidList} windows between beginning a list and its commit), the Clear after ${done.filter((d) => d.at < clear!.start).length}; ` +
        `${[...inFile.values()].reduce((a, b) => a + b, 0)} in the file; integrity_check ${String(integrity)}; slowest list ${slowest.toFixed(0)} ms (busy timeout ${BUSY_TIMEOUT_MS} ms); ${polls.length} polls by the reader`,
    );
    assert.equal(integrity, 'ok');
    assert.deepEqual(failures, [], 'no writer failed a list (none waited past the busy timeout)');
    assert.ok(slowest < BUSY_TIMEOUT_MS, `no list waited for a killed writer: ${slowest} ms`);
    for (const d of after) {
      const n = inFile.get(d.t) ?? 0;
      // A recorder killed between its commit and its line recorded a list no one heard of, timed (by the clock) just before the kill: it may share a time with another's.
      const unheard = recorderKilledAt.filter((at) => at >= d.t && at - d.t < 5_000).length;
      assert.ok(n >= 1 && n <= (begun.get(d.t) ?? 0) + unheard, `list ${d.t}, recorded after the Clear, is there once (${n}; ${unheard} recorders killed just after it)`);
    }
    // A recorder's list can have the same time as a window's (their times are the clock's): only a list begun after the Clear began may stand for it.
    for (const d of beforeClear) {
      const later = (begunAt.get(d.t) ?? []).filter((at) => at > clear!.start).length;
      assert.ok((inFile.get(d.t) ?? 0) <= later, `list ${d.t}, from before the Clear, is gone (${inFile.get(d.t)} in the file, ${later} begun after the Clear)`);
    }
    // A recorder says a list after its commit: one killed in between leaves a list nobody heard of, at most one per kill.
    let unheard = 0;
    for (const [t, n] of inFile) unheard += Math.max(0, n - (begun.get(t) ?? 0));
    assert.ok(unheard <= recorderKills, `${unheard} lists in the file that no writer began, for ${recorderKills} recorders killed`);
    assert.deepEqual(late.map((d) => d.t), [], 'the reader saw each list at its first poll after the list was committed');
    assert.ok(done.length >= LISTS && kills > 0);
  });
});
