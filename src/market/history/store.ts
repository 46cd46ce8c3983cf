// The market history on disk, shared by every window (process) that records
// the same service. Each process appends what it observes to a log of its
// own (`log-<pid>-<random>.jsonl`, one checksummed line per complete list,
// never rewritten); under a lock file, one process at a time compacts every
// log into `state.json`, written to a temporary file and renamed over the
// old one, and records how many bytes of each log it took in, so no line is
// applied twice or lost. A process killed mid-append leaves a partial last
// line, which is never taken in; a process killed mid-compaction leaves the
// old state and a stale lock, which the next one takes over. A state file
// that is damaged or not ours is set aside (renamed) with a message, and the
// history starts again. Node's fs only: runs in an extension host or a worker.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Machine } from '../../api/types';
import type { ListingFacts, MarketFacts, WeekFacts } from '../../model/memoryText';
import type { MachineMemory } from '../../model/query';
import { decodeObservation, decodeState, encodeObservation, encodeState, StateError, type State } from './format';
import { ListFollower, type ListChange } from './follow';
import { tryLock } from './lock';
import { MarketMemory } from './memory';

export const STATE_FILE = 'state.json';
export const LOCK_FILE = 'lock';
const LOG = /^log-[\w.-]+\.jsonl$/;
const NEWLINE = 0x0a;

export interface HistoryStoreOptions {
  /** The service's folder (see serviceFolder). */
  dir: string;
  /** The service's origin, written into the state: a state of another origin is set aside. */
  origin: string;
  keepDays: number;
  now?: () => number;
  /** Told, in a sentence, what was set aside or skipped. */
  onProblem?: (message: string) => void;
  /** Compact when this process's log is larger than this (bytes). */
  compactBytes?: number;
  /** ...or when the last compaction is older than this (ms). */
  compactEveryMs?: number;
}

/** The folder of one service's history under `root`: named by a hash of the origin, which is never a secret. */
export function serviceFolder(root: string, origin: string): string {
  return path.join(root, createHash('sha256').update(origin).digest('hex').slice(0, 16));
}

/** The service's origin (scheme, host, port: never a path, a query or credentials), or undefined for a URL that does not parse. */
export function originOf(baseUrl: string): string | undefined {
  try {
    const origin = new URL(baseUrl).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** What identifies one version of a file: a rename makes another inode. */
function generation(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return 'none';
  }
}

/** The complete lines of a file from `offset`: their text and where the last complete one ends. */
function readLines(file: string, offset: number): { lines: string[]; end: number } {
  let data: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      if (size <= offset) {
        return { lines: [], end: Math.min(offset, size) };
      }
      data = Buffer.alloc(size - offset);
      let read = 0;
      while (read < data.length) {
        const n = fs.readSync(fd, data, read, data.length - read, offset + read);
        if (n === 0) break;
        read += n;
      }
      data = data.subarray(0, read);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return { lines: [], end: offset };
  }
  const last = data.lastIndexOf(NEWLINE);
  if (last < 0) {
    return { lines: [], end: offset };
  }
  const lines = data.subarray(0, last).toString('utf8').split('\n');
  return { lines, end: offset + last + 1 };
}

/** Also the history's answers for the query fields (see MachineMemory): one object for the life of the store, whatever memory it holds. */
export class HistoryStore implements MachineMemory, MarketFacts {
  memory = new MarketMemory();
  private readonly now: () => number;
  private readonly statePath: string;
  private stateGeneration = 'none';
  /** Per log file, how many of its bytes this process has applied. */
  private tails = new Map<string, number>();
  private own: string;
  private lastCompaction: number;
  private readonly follower = new ListFollower();

  constructor(private readonly options: HistoryStoreOptions) {
    this.now = options.now ?? Date.now;
    this.statePath = path.join(options.dir, STATE_FILE);
    this.own = HistoryStore.newLogName();
    this.lastCompaction = this.now();
    fs.mkdirSync(options.dir, { recursive: true });
    this.reload();
  }

  get version(): number {
    return this.memory.version;
  }

  listedHours(nodeId: string): number {
    return this.memory.listedHours(nodeId);
  }

  flaps7d(nodeId: string): number {
    return this.memory.flaps7d(nodeId);
  }

  belowMedian(machine: Machine): number {
    return this.memory.belowMedian(machine);
  }

  modelWeek(gpu: string): WeekFacts | undefined {
    return this.memory.modelWeek(gpu);
  }

  listing(nodeId: string): ListingFacts | undefined {
    return this.memory.listing(nodeId);
  }

  private static newLogName(): string {
    return `log-${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.jsonl`;
  }

  private problem(message: string): void {
    this.options.onProblem?.(message);
  }

  /**
   * The state on disk, or none; a state that is damaged or not ours is set
   * aside. Undefined when it was replaced each time it was read (other
   * processes compacting): read it another time.
   */
  private readState(): { state: State | undefined; generation: string } | undefined {
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = generation(this.statePath);
      if (before === 'none') {
        return { state: undefined, generation: before };
      }
      let text: string;
      try {
        text = fs.readFileSync(this.statePath, 'utf8');
      } catch {
        continue;
      }
      if (generation(this.statePath) !== before) {
        continue; // replaced while we read it: read the new one
      }
      try {
        const state = decodeState(text);
        if (state.origin !== this.options.origin) {
          throw new StateError(`it is the history of ${state.origin}`);
        }
        return { state, generation: before };
      } catch (err) {
        if (!(err instanceof StateError)) throw err;
        this.setAside(err.message);
        return { state: undefined, generation: 'none' };
      }
    }
    return undefined;
  }

  private setAside(why: string): void {
    const aside = `${this.statePath}.unreadable-${new Date(this.now()).toISOString().replace(/[:.]/g, '-')}`;
    try {
      fs.renameSync(this.statePath, aside);
      this.problem(`The market history file could not be read (${why}); it was moved to ${aside} and recording starts again.`);
    } catch {
      // Another process set it aside first.
    }
  }

  private logs(): string[] {
    try {
      return fs.readdirSync(this.options.dir).filter((f) => LOG.test(f));
    } catch {
      return [];
    }
  }

  /** Reads the state and every log after it, from scratch. */
  private reload(): void {
    const read = this.readState();
    if (!read) {
      // Keep what we have, and the generation we had: the next refresh reads the state again.
      this.readLogs(this.memory, this.tails);
      return;
    }
    const { state, generation: gen } = read;
    this.stateGeneration = gen;
    this.memory = new MarketMemory();
    this.tails = new Map(Object.entries(state?.consumed ?? {}));
    if (state) {
      this.memory.load(state.points, state.tracks, state.lastT);
    }
    this.readLogs(this.memory, this.tails);
  }

  /** Applies every complete line of every log past `tails`, in time order; moves `tails` on. */
  private readLogs(memory: MarketMemory, tails: Map<string, number>): void {
    const observations = [];
    let damaged = 0;
    for (const name of this.logs()) {
      const { lines, end } = readLines(path.join(this.options.dir, name), tails.get(name) ?? 0);
      for (const line of lines) {
        const o = decodeObservation(line);
        if (o) observations.push(o);
        else damaged++;
      }
      tails.set(name, end);
    }
    observations.sort((a, b) => a.t - b.t);
    for (const o of observations) {
      memory.apply(o);
    }
    if (damaged > 0) {
      this.problem(`${damaged} damaged lines of the market history were skipped.`);
    }
  }

  /** Catches up with what other processes recorded (or compacted) since last time. */
  refresh(): void {
    if (generation(this.statePath) !== this.stateGeneration) {
      this.reload();
    } else {
      this.readLogs(this.memory, this.tails);
    }
  }

  /**
   * Records one complete machine list observed at `t`. With `change` (the
   * market's diff from the list before), what it costs is the size of the
   * diff when that list was the one recorded here last (see ListFollower).
   */
  record(t: number, machines: readonly Machine[], change?: ListChange): void {
    this.refresh();
    const observation = this.follower.observe(t, machines, this.memory.presence, change);
    const line = encodeObservation(observation);
    const file = path.join(this.options.dir, this.own);
    fs.mkdirSync(this.options.dir, { recursive: true });
    fs.appendFileSync(file, line);
    // Applied here, and marked as read: refresh never applies it again.
    this.follower.applied(this.memory.presence, machines, this.memory.apply(observation));
    this.tails.set(this.own, (this.tails.get(this.own) ?? 0) + Buffer.byteLength(line));
    const big = this.tails.get(this.own)! > (this.options.compactBytes ?? 4 * 1024 * 1024);
    if (big || this.now() - this.lastCompaction > (this.options.compactEveryMs ?? 3_600_000)) {
      this.compact();
    }
  }

  /**
   * Folds every log into the state, under the lock; false when another
   * process holds it (it is compacting: nothing is lost by skipping). Under
   * the lock nobody else writes the state, so catching up with it and with
   * every log gives what is on disk; when nothing changed since the last
   * look, that costs nothing and the memory is thinned and written as it is.
   */
  compact(): boolean {
    return this.underLock(() => {
      this.lastCompaction = this.now();
      this.refresh();
      const memory = this.memory;
      memory.thin(this.now(), this.options.keepDays);
      // Our own log is all in: it goes, and the next list starts another. Logs
      // deleted here stay in `consumed`, at their end, until the next compaction:
      // a process that reads this state before they are gone must not read them again.
      const ownPath = path.join(this.options.dir, this.own);
      const consumed: Record<string, number> = {};
      const dead = new Set<string>();
      for (const [name, end] of this.tails) {
        const fate = name === this.own ? 'dead' : this.logFate(name, end);
        if (fate === 'gone') continue;
        consumed[name] = end;
        if (fate === 'dead' && name !== this.own) dead.add(name);
      }
      this.writeState({ origin: this.options.origin, lastT: memory.lastT, consumed, points: memory.points, tracks: memory.presence.tracks });
      fs.rmSync(ownPath, { force: true });
      for (const name of dead) fs.rmSync(path.join(this.options.dir, name), { force: true });
      this.own = HistoryStore.newLogName();
      this.tails = new Map(Object.entries(consumed));
      this.stateGeneration = generation(this.statePath);
    });
  }

  /** Runs `fn` holding the history's lock; false, and `fn` not run, when another process holds it. */
  private underLock(fn: () => void): boolean {
    const release = tryLock(path.join(this.options.dir, LOCK_FILE), this.now());
    if (!release) {
      return false;
    }
    try {
      fn();
      return true;
    } finally {
      release();
    }
  }

  /** Whether a log is gone already, done with (taken in up to its last complete line and untouched for a day: it goes), or live. */
  private logFate(name: string, end: number): 'gone' | 'dead' | 'live' {
    let mtime: number;
    try {
      mtime = fs.statSync(path.join(this.options.dir, name)).mtimeMs;
    } catch {
      return 'gone';
    }
    return this.now() - mtime > 86_400_000 && readLines(path.join(this.options.dir, name), end).lines.length === 0 ? 'dead' : 'live';
  }

  private writeState(state: State): void {
    const tmp = `${this.statePath}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, encodeState(state));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.statePath);
  }

  /** Deletes the whole history of this service (every process's logs too), under the lock; false when busy. */
  clear(): boolean {
    return this.underLock(() => {
      for (const name of fs.readdirSync(this.options.dir)) {
        if (name !== LOCK_FILE) fs.rmSync(path.join(this.options.dir, name), { force: true, recursive: true });
      }
      this.memory = new MarketMemory();
      this.follower.reset();
      this.tails = new Map();
      this.stateGeneration = 'none';
      this.own = HistoryStore.newLogName();
    });
  }
}
