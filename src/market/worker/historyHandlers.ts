// The market history where the market loads (the worker, or its in-thread
// fallback): records each new complete machine list, follows other writers,
// and answers from it (docs/history.md). The store touches the disk, so it is
// opened by a function the server is given (src/node/main.ts).
import type { Machine } from '../../api/types';
import type { ListingFacts, MarketFacts, WeekFacts } from '../../model/historyText';
import type { MachineHistory } from '../../model/query';
import { isBusy, isDamaged, isUnwritable } from '../history/database';
import { outlookAnswer, type OutlookAnswer } from '../history/outlookAnswer';
import type { OutlookIndex } from '../history/outlookIndex';
import type { Steps } from '../history/steps';
import type { HistoryStore } from '../history/store';
import type { TrendRange } from '../history/trends';
import { trendsView, type TrendsView } from '../history/trendsView';
import type { MarketChange } from '../market';
import type { Handlers, HistorySettings } from '../protocol';
import { checkCancelled, nextTurn } from '../turns';

/** What the server needs of a history store. */
export type RecordingHistory = Pick<HistoryStore, keyof MachineHistory | keyof MarketFacts | 'record' | 'clear' | 'poll' | 'trends' | 'outlookSteps' | 'close' | 'checkpoint'>;

/**
 * Opens the store of one service (the Node side: src/node/historyFile.ts). `checkpointLater`: SQLite does not
 * checkpoint the WAL at each commit; the caller does, with `checkpoint()`, when idle.
 */
export type OpenHistory = (options: { file: string; legacyDir?: string; origin: string; keepDays: number; onProblem?: (message: string) => void; setAside?: boolean; checkpointLater?: boolean }) => RecordingHistory;

/** How often the history is asked whether another writer changed it (ms): what a window takes to see another's list. */
export const POLL_MS = 2_000;

/** After the disk refused a list, how long before recording is tried again (ms). */
const RETRY_WRITE_MS = 10 * 60_000;

type MachinesChange = Extract<MarketChange, { which: 'machines' }>;
type Recordable = MachinesChange & { diff: NonNullable<MachinesChange['diff']>; after: NonNullable<MachinesChange['after']> };

/**
 * A new complete machine list: never a first look (shown without a snapshot:
 * no `after`), a failed load (no diff), a reset (no `after`) or an incomplete
 * list. The list that ends a load which showed a first look is one: its change
 * says `firstLook` too, as the first look goes.
 */
export function recordable(change: MarketChange): change is Recordable {
  return change.which === 'machines' && !!change.diff && !!change.after && !change.after.incomplete;
}

/**
 * One object for the life of the server, whatever store it holds: the
 * market's views compare it by identity and read its version. Its answers
 * are NaN or nothing without a store (no service URL, no SQLite in this
 * runtime, or a file that could not be opened).
 */
export class ServerHistory implements MachineHistory, MarketFacts {
  private store: RecordingHistory | undefined;
  private settings: HistorySettings | undefined;
  private lastVersion = 0;
  private poller: ReturnType<typeof setInterval> | undefined;
  /** Until when recording is off because the disk refused a list (one message, then quiet). */
  private unwritableUntil = 0;
  /** A list was recorded since the WAL was last checkpointed: the next poll does it, off the refresh's path. */
  private toCheckpoint = false;
  /**
   * New lists not recorded yet: the views answer first (issue 38: recording a first list of 1k machines took
   * 27-44 ms of the first rows), then the list is recorded, at the latest by the next poll. Every read records
   * them first, so no answer from the history misses one. More than one only while the outlook's index is read.
   */
  private pending: Recordable[] = [];
  /**
   * The outlook's index while it is read, a slice a turn (issue 36: at 100k machines the read takes 650-900 ms;
   * a click meanwhile waits one slice, not the whole read). Its read transaction stays open until the last
   * slice, so lists wait in `pending` and the poll waits. `done` says `stopped` when the store was closed or
   * cleared meanwhile: the asker asks again.
   */
  private reading: { steps: Steps<OutlookIndex>; done: Promise<OutlookIndex | undefined | 'stopped'>; stop: () => void } | undefined;

  constructor(
    private readonly open: OpenHistory,
    /** Told when the answers may have changed (the version moved). */
    private readonly onVersion: (version: number) => void,
    private readonly warn: (text: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The editor's settings (or none: no service URL); a store of another file or keep is opened anew. */
  configure(settings: HistorySettings | undefined): void {
    const before = this.settings;
    const same = before?.file === settings?.file && before?.origin === settings?.origin && before?.days === settings?.days;
    if (!same) this.stopReading();
    this.recordPending();
    this.settings = settings;
    if (same) return;
    this.reopen(false);
  }

  private reopen(setAside: boolean): void {
    this.closeStore();
    this.unwritableUntil = 0;
    const settings = this.settings;
    if (settings) {
      this.guard('open', () => (this.store = this.open({ file: settings.file, legacyDir: settings.legacyDir, origin: settings.origin, keepDays: settings.days, onProblem: (message) => this.warn(message), setAside, checkpointLater: true })));
    }
    if (this.store) this.poller = setInterval(() => this.poll(), POLL_MS);
    this.announce();
  }

  private closeStore(): void {
    this.stopReading();
    if (this.poller) clearInterval(this.poller);
    this.poller = undefined;
    try {
      this.store?.close();
    } catch {
      // Closing what could not be used.
    }
    this.store = undefined;
  }

  /** Catches up with other writers (windows, the command line); the views are told when something changed. */
  poll(): void {
    if (this.reading) return;
    this.recordPending();
    if (this.toCheckpoint) {
      this.toCheckpoint = false;
      this.guard('record', () => this.store?.checkpoint());
    }
    this.guard('read', () => this.store?.poll());
    this.announce();
  }

  /** Read by the views only for a filter that reads the history: its list is recorded first, as for every read. */
  get version(): number {
    this.recordPending();
    return this.store?.version ?? 0;
  }

  listedHours(nodeId: string): number {
    return this.guard('read', () => this.store?.listedHours(nodeId)) ?? NaN;
  }

  flaps7d(nodeId: string): number {
    return this.guard('read', () => this.store?.flaps7d(nodeId)) ?? NaN;
  }

  belowMedian(machine: Machine): number {
    return this.guard('read', () => this.store?.belowMedian(machine)) ?? NaN;
  }

  modelWeek(gpu: string): WeekFacts | undefined {
    return this.guard('read', () => this.store?.modelWeek(gpu));
  }

  listing(nodeId: string): ListingFacts | undefined {
    return this.guard('read', () => this.store?.listing(nodeId));
  }

  trends(range: TrendRange, models: readonly string[], options: { columns?: number; samples?: boolean }): TrendsView {
    // Without a store for the service it names, the panel says the history is off rather than "not yet".
    return this.guard('read', () => this.store?.trends(range, models, options)) ?? noTrends(range, models, options, this.settings !== undefined);
  }

  /** The outlook of a filter's text (see outlookAnswer); `off` without a store. `check` throws when the asker cancelled. */
  async outlook(text: string, days: number | undefined, check: () => void): Promise<OutlookAnswer> {
    let index = await this.outlookIndex();
    while (index === 'stopped') index = await this.outlookIndex();
    check();
    return outlookAnswer(index, text, days, check);
  }

  /**
   * Starts reading the outlook's index now, a slice a turn, when a person is about to ask (the filter box opened):
   * the first outlook of a process otherwise waits for the whole read (most of a second at 100k machines). True
   * while a read goes on; false when the index is there or there is no history.
   */
  prepareOutlook(): boolean {
    void this.outlookIndex();
    return this.reading !== undefined;
  }

  /** The store's outlook index: at once when the store has it, else read a slice a turn (see `reading`). */
  private outlookIndex(): Promise<OutlookIndex | undefined | 'stopped'> {
    if (this.reading) return this.reading.done;
    this.recordPending();
    const store = this.store;
    if (!store) return Promise.resolve(undefined);
    const steps = store.outlookSteps({ practise: true });
    let end!: (index: OutlookIndex | undefined | 'stopped') => void;
    const reading = { steps, done: new Promise<OutlookIndex | undefined | 'stopped'>((resolve) => (end = resolve)), stop: () => end('stopped') };
    this.reading = reading;
    const slice = (): void => {
      if (this.reading !== reading) return;
      const step = this.guard('read', () => steps.next());
      if (this.reading !== reading) return;
      if (step && !step.done) {
        void nextTurn().then(slice);
        return;
      }
      this.reading = undefined;
      // The askers' answers, then the lists that waited, each in a turn of its own: not one stall with the last slice.
      void nextTurn()
        .then(() => (end(step?.value), nextTurn()))
        .then(() => this.recordPending());
    };
    slice();
    return reading.done;
  }

  /** Ends a read of the outlook's index (its transaction too) before the store is closed, cleared or written. */
  private stopReading(): void {
    const reading = this.reading;
    if (!reading) return;
    this.reading = undefined;
    try {
      reading.steps.return(undefined as never);
    } catch {
      // The read had failed: nothing left to end.
    }
    reading.stop();
  }

  /**
   * Records a new complete list by its diff from the one before (only with gpuRental.history.enabled): once the
   * views have answered for it (`answered`), before anything reads the history, or at the next poll.
   */
  record(change: MarketChange): void {
    if (!recordable(change)) return;
    this.recordPending();
    this.pending.push(change);
  }

  /** The views answered for `list` (a snapshot's items): the list waiting to be recorded, if it is that one, is recorded once this turn is over. */
  answered(list: readonly Machine[] | undefined): void {
    if (list && this.pending.at(-1)?.after.items === list) setTimeout(() => this.recordPending(), 0);
  }

  private recordPending(): void {
    if (this.reading || this.pending.length === 0) return;
    const changes = this.pending;
    this.pending = [];
    if (!this.settings?.enabled || this.now() < this.unwritableUntil) return;
    for (const { before, after, diff } of changes) {
      this.guard('record', () => this.store?.record(after.fetchedAt.getTime(), after.items, before ? { before: before.items, diff } : undefined));
    }
    this.toCheckpoint = true;
    this.announce();
  }

  /** Deletes the service's history; false when busy (another writer held it past the busy timeout) or there is none. */
  removeNow(): boolean {
    this.stopReading();
    this.pending = [];
    const cleared = this.guard('clear', () => this.store?.clear()) ?? false;
    this.announce();
    return cleared;
  }

  dispose(): void {
    this.stopReading();
    this.recordPending();
    this.closeStore();
  }

  private announce(): void {
    if (this.version !== this.lastVersion) {
      this.lastVersion = this.version;
      this.onVersion(this.version);
    }
  }

  /** `fn`'s answer; one that fails answers nothing (and says why): a read then answers as a history that does not know. */
  private guard<T>(what: 'open' | 'record' | 'clear' | 'read', fn: () => T): T | undefined {
    // Every read finds the list that waits recorded (see `pending`).
    if (what === 'read') this.recordPending();
    try {
      return fn();
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      if (isDamaged(err) && what !== 'open') {
        this.reopen(true);
      } else if (isUnwritable(err) && what === 'record') {
        this.unwritableUntil = this.now() + RETRY_WRITE_MS;
        this.warn(`The market history could not be written (${why}): recording stops for 10 minutes; the views, marks and watches go on with what it has.`);
      } else if (isBusy(err)) {
        this.warn(`The market history was busy (another window or the command line held it for over 5 s): this ${what === 'record' ? 'list was not recorded' : `${what} did not happen`}.`);
      } else if (what === 'open') {
        this.warn(`The market history is off: ${why}`);
      } else {
        this.warn(`The market history could not ${what}: ${why}`);
      }
      return undefined;
    }
  }
}

/** The trends view of no history: `off` says the history is off rather than "not yet". */
function noTrends(range: TrendRange, models: readonly string[], options: { columns?: number; samples?: boolean }, off: boolean): TrendsView {
  return { ...trendsView({ points: [], models: [], defaults: [], latest: undefined }, range, models, options), off };
}

/** The outlook of `query` (see ServerHistory.outlook); without a history, why there is none (off, or the query's error). */
export async function askOutlook(history: ServerHistory | undefined, query: string, days: number | undefined, check: () => void): Promise<OutlookAnswer> {
  return history ? history.outlook(query, days, check) : outlookAnswer(undefined, query);
}

/** The history's requests; without a history, no points and nothing to clear. */
export function historyHandlers(history: ServerHistory | undefined): Handlers<'history.trends' | 'history.clear' | 'outlook' | 'outlook.prepare'> {
  return {
    'history.trends': async ({ range, models, columns, samples }, token) => (
      checkCancelled(token), history ? history.trends(range, models, { columns, samples }) : noTrends(range, models, { columns, samples }, true)
    ),
    'history.clear': async () => ({ cleared: history?.removeNow() ?? false }),
    outlook: async ({ query, days }, token) => (checkCancelled(token), askOutlook(history, query, days, () => checkCancelled(token))),
    'outlook.prepare': async () => ({ reading: history?.prepareOutlook() ?? false }),
  };
}
