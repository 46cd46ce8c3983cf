// The market history in the editor: records each new complete machine list
// into the service's history (src/market/history/store.ts) under the
// extension's global storage, and answers the query fields (listed_hours,
// flaps_7d, below_median) for the Machines view and the watches. One object
// for the life of the window, whatever service it records: the views compare
// it by identity and read its version. Never throws into VS Code.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { StoreAnswers } from '../../market/history/answers';
import type { StoredPoint } from '../../market/history/downsample';
import { HistoryStore, originOf, serviceFolder } from '../../market/history/store';
import type { Market, MarketChange } from '../../market/market';
import { recordable } from '../../market/worker/historyHandlers';
import type { Config } from '../services/config';
import { describeError, type Log } from '../services/log';
import { askModal, flash } from '../services/notify';

/** The folder under the extension's global storage that holds one folder per service. */
export { originOf };

export const HISTORY_FOLDER = 'market-history';

export class MarketHistory extends StoreAnswers implements vscode.Disposable {
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
  /** Deletes the history where it is kept (the market's server: in this thread, or the worker); true when it did. */
  private remove: () => Promise<boolean> = () => Promise.resolve(this.removeNow());

  constructor(
    /** `<globalStorage>/market-history`. */
    readonly root: string,
    market: Market,
    private readonly config: Config,
    private readonly log: Log,
  ) {
    super();
    this.subscriptions = [
      this.changed,
      market.onDidChange((change) => this.record(change)),
      config.onDidChange((affects) => (affects('baseUrl') || affects('history.days')) && this.current()),
    ];
    this.current();
  }

  protected get answering(): HistoryStore | undefined {
    return this.store;
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
    if (!recordable(change) || !this.config.historyEnabled) {
      return;
    }
    const { before, after, diff } = change;
    this.guard('record', () => {
      this.current()?.record(after.fetchedAt.getTime(), after.items, before ? { before: before.items, diff } : undefined);
    });
    this.announce();
  }

  /** Catches up with what another process recorded (the market worker tells its new versions): the views' marks read it. */
  follow(): void {
    this.guard('read', () => this.store?.refresh());
    this.announce();
  }

  /** Where Clear Market History deletes: the market's server, asked (the MarketHost sets it). */
  removeThrough(remove: () => Promise<boolean>): void {
    this.remove = remove;
  }

  /** Deletes the current service's history kept here, at once; false when busy. */
  removeNow(): boolean {
    let cleared = false;
    this.guard('clear', () => {
      cleared = this.current()?.clear() ?? false;
    });
    this.announce();
    return cleared;
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
    const cleared = await this.remove().catch((err: unknown) => {
      this.log.warn(`The market history could not clear: ${describeError(err, (text) => this.log.redact(text))}`);
      return false;
    });
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

export function historyRoot(globalStorage: vscode.Uri): string {
  return path.join(globalStorage.fsPath, HISTORY_FOLDER);
}
