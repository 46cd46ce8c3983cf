// The market history where the market loads (the worker, or its in-thread
// fallback): records each new complete machine list into the service's
// history store, answers the query fields and the chat tools from it, and
// the editor's requests about it (the trends panel's lines, Clear Market
// History). The store touches the disk, so it is opened by a function the
// server is given (src/worker/main.ts, the MarketHost's fallback): no Node
// module is imported here.
import type { Machine } from '../../api/types';
import type { ListingFacts, MarketFacts, WeekFacts } from '../../model/memoryText';
import type { MachineMemory } from '../../model/query';
import type { StoredPoint } from '../history/downsample';
import type { ListChange } from '../history/follow';
import { trendsView } from '../history/trendsView';
import type { MarketChange } from '../market';
import type { Handlers, HistorySettings } from '../protocol';
import { checkCancelled } from '../turns';

/** What the server needs of a history store (src/market/history/store.ts's HistoryStore). */
export interface RecordingHistory extends MachineMemory, MarketFacts {
  readonly memory: { readonly points: readonly StoredPoint[] };
  record(t: number, machines: readonly Machine[], change?: ListChange): void;
  clear(): boolean;
}

/** Opens the store of one service (the Node side: a HistoryStore). */
export type OpenHistory = (options: { dir: string; origin: string; keepDays: number; onProblem: (message: string) => void }) => RecordingHistory;

type MachinesChange = Extract<MarketChange, { which: 'machines' }>;

/**
 * A new complete machine list: never a first look (shown without a snapshot:
 * no `after`), a failed load (no diff), a reset (no `after`) or an incomplete
 * list. The list that ends a load which showed a first look is one: its change
 * says `firstLook` too, as the first look goes.
 */
export function recordable(change: MarketChange): change is MachinesChange & { diff: NonNullable<MachinesChange['diff']>; after: NonNullable<MachinesChange['after']> } {
  return change.which === 'machines' && !!change.diff && !!change.after && !change.after.incomplete;
}

/**
 * One object for the life of the server, whatever store it holds: the
 * market's views compare it by identity and read its version. Its answers
 * are NaN or nothing without a store (no service URL, or it could not be opened).
 */
export class ServerHistory implements MachineMemory, MarketFacts {
  private store: RecordingHistory | undefined;
  private settings: HistorySettings | undefined;
  private lastVersion = 0;

  constructor(
    private readonly open: OpenHistory,
    /** Told when the answers may have changed (the version moved). */
    private readonly onVersion: (version: number) => void,
    private readonly warn: (text: string) => void,
  ) {}

  /** The editor's settings (or none: no service URL); a store of another folder or keep is opened anew. */
  configure(settings: HistorySettings | undefined): void {
    const before = this.settings;
    this.settings = settings;
    if (before?.dir === settings?.dir && before?.origin === settings?.origin && before?.days === settings?.days) return;
    this.store = undefined;
    if (settings) this.guard('open', () => (this.store = this.open({ dir: settings.dir, origin: settings.origin, keepDays: settings.days, onProblem: (message) => this.warn(message) })));
    this.announce();
  }

  get version(): number {
    return this.store?.version ?? 0;
  }

  listedHours(nodeId: string): number {
    return this.store?.listedHours(nodeId) ?? NaN;
  }

  flaps7d(nodeId: string): number {
    return this.store?.flaps7d(nodeId) ?? NaN;
  }

  belowMedian(machine: Machine): number {
    return this.store?.belowMedian(machine) ?? NaN;
  }

  modelWeek(gpu: string): WeekFacts | undefined {
    return this.store?.modelWeek(gpu);
  }

  listing(nodeId: string): ListingFacts | undefined {
    return this.store?.listing(nodeId);
  }

  get points(): readonly StoredPoint[] {
    return this.store?.memory.points ?? [];
  }

  /** Records a new complete list by its diff from the one before (only with gpuRental.history.enabled). */
  record(change: MarketChange): void {
    if (!recordable(change) || !this.settings?.enabled) return;
    const { before, after, diff } = change;
    this.guard('record', () => this.store?.record(after.fetchedAt.getTime(), after.items, before ? { before: before.items, diff } : undefined));
    this.announce();
  }

  /** Deletes the service's history; false when busy (another window holds the lock) or there is none. */
  removeNow(): boolean {
    let cleared = false;
    this.guard('clear', () => (cleared = this.store?.clear() ?? false));
    this.announce();
    return cleared;
  }

  private announce(): void {
    if (this.version !== this.lastVersion) {
      this.lastVersion = this.version;
      this.onVersion(this.version);
    }
  }

  private guard(what: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.warn(`The market history could not ${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** The history's requests; without a history, no points and nothing to clear. */
export function historyHandlers(history: ServerHistory | undefined): Handlers<'history.trends' | 'history.clear'> {
  return {
    'history.trends': async ({ range, models, columns, samples }, token) => (checkCancelled(token), trendsView(history?.points ?? [], range, models, { columns, samples })),
    'history.clear': async () => ({ cleared: history?.removeNow() ?? false }),
  };
}
