// The market history in the editor: records each new complete machine list
// into the service's history (src/market/history/store.ts) under the
// extension's global storage, and answers the query fields (listed_hours,
// flaps_7d, below_median) for the Machines view and the watches. One object
// for the life of the window, whatever service it records: the views compare
// it by identity and read its version. Never throws into VS Code.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import type { StoredPoint } from '../../market/history/downsample';
import { HistoryStore, serviceFolder } from '../../market/history/store';
import type { Market, MarketChange } from '../../market/market';
import type { ListingFacts, MarketFacts, WeekFacts } from '../../model/memoryText';
import type { MachineMemory } from '../../model/query';
import type { Config } from '../services/config';
import { describeError, type Log } from '../services/log';
import { askModal, flash } from '../services/notify';

/** The folder under the extension's global storage that holds one folder per service. */
export const HISTORY_FOLDER = 'market-history';

export class MarketHistory implements MachineMemory, MarketFacts, vscode.Disposable {
  private store: HistoryStore | undefined;
  /** The origin and days the store was opened for. */
  private opened: { origin: string; days: number } | undefined;
  private lastVersion = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the history's answers may have changed (its version moved). */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  /** The answer the next Clear Market History takes instead of asking (the test API sets it, once). */
  answerNextClear: boolean | undefined;

  constructor(
    /** `<globalStorage>/market-history`. */
    readonly root: string,
    market: Market,
    private readonly config: Config,
    private readonly log: Log,
  ) {
    this.subscriptions = [
      this.changed,
      market.onDidChange((change) => this.record(change)),
      config.onDidChange((affects) => (affects('baseUrl') || affects('history.days')) && this.current()),
    ];
    this.current();
  }

  get version(): number {
    return this.store?.version ?? 0;
  }

  listedHours(nodeId: string): number {
    return this.store ? this.store.listedHours(nodeId) : NaN;
  }

  flaps7d(nodeId: string): number {
    return this.store ? this.store.flaps7d(nodeId) : NaN;
  }

  belowMedian(machine: Machine): number {
    return this.store ? this.store.belowMedian(machine) : NaN;
  }

  modelWeek(gpu: string): WeekFacts | undefined {
    return this.store?.modelWeek(gpu);
  }

  listing(nodeId: string): ListingFacts | undefined {
    return this.store?.listing(nodeId);
  }

  /** The points of the current service's history, in time order (the trends panel draws them). */
  get points(): readonly StoredPoint[] {
    return this.store?.memory.points ?? [];
  }

  /** The folder of the current service's history, or undefined without a valid service URL. */
  get folder(): string | undefined {
    const origin = originOf(this.config.baseUrl);
    return origin ? serviceFolder(this.root, origin) : undefined;
  }

  /** The store of the service the settings name (opened, or switched, when they changed); undefined without a valid URL. */
  private current(): HistoryStore | undefined {
    const origin = originOf(this.config.baseUrl);
    const days = this.config.historyDays;
    if (this.opened?.origin !== origin || this.opened?.days !== days) {
      this.store = undefined;
      this.opened = undefined;
      if (origin) {
        this.guard('open', () => {
          this.store = new HistoryStore({ dir: serviceFolder(this.root, origin), origin, keepDays: days, onProblem: (message) => this.log.warn(message) });
          this.opened = { origin, days };
        });
      }
      this.announce();
    }
    return this.store;
  }

  /** A new complete list (never a first look, a failed load or a reset): recorded by its diff from the one before. */
  private record(change: MarketChange): void {
    if (change.which !== 'machines' || !change.diff || change.firstLook || !change.after || change.after.incomplete || !this.config.historyEnabled) {
      return;
    }
    const { before, after, diff } = change;
    this.guard('record', () => {
      this.current()?.record(after.fetchedAt.getTime(), after.items, before ? { before: before.items, diff } : undefined);
    });
    this.announce();
  }

  /** Deletes the current service's history, after a modal confirmation. */
  async clear(): Promise<void> {
    const folder = this.folder;
    if (!folder) {
      return;
    }
    let yes = this.answerNextClear;
    this.answerNextClear = undefined;
    if (yes === undefined) {
      const clear = vscode.l10n.t('Clear History');
      yes =
        (await askModal(
          vscode.l10n.t('GPU Rental: delete the market history of {0}?', originOf(this.config.baseUrl) ?? ''),
          vscode.l10n.t('Prices, listings and returns recorded for this service are deleted from this computer, for every window. Recording goes on with the next refresh.'),
          clear,
        )) === clear;
    }
    if (!yes) {
      return;
    }
    let cleared = false;
    this.guard('clear', () => {
      cleared = this.current()?.clear() ?? false;
    });
    this.announce();
    flash(cleared ? vscode.l10n.t('Market history cleared') : vscode.l10n.t('Market history busy, try again'));
  }

  /** Tells the listeners when the answers may have changed. */
  private announce(): void {
    if (this.version !== this.lastVersion) {
      this.lastVersion = this.version;
      this.changed.fire();
    }
  }

  private guard(what: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.log.warn(`The market history could not ${what}: ${describeError(err, (text) => this.log.redact(text))}`);
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
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

export function historyRoot(globalStorage: vscode.Uri): string {
  return path.join(globalStorage.fsPath, HISTORY_FOLDER);
}
