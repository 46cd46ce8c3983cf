// Every setting of the extension, read through one typed view. Values are
// checked here (a hand-edited settings.json can hold anything), so the rest
// of the extension gets only values it can use.
import * as vscode from 'vscode';
import { DEFAULT_ARRANGEMENT, GROUP_BY, SORT_KEYS, type Arrangement, type GroupBy, type SortKey, type SortOrder } from '../../model/arrange';

export const SECTION = 'gpuRental';

/** The settings' keys below `gpuRental.`, as package.json declares them. */
export type SettingKey =
  | 'baseUrl'
  | 'requestTimeoutSeconds'
  | 'templates.pageSize'
  | 'machines.groupBy'
  | 'machines.sortBy'
  | 'machines.sortOrder'
  | 'machines.savedFilters'
  | 'machines.sliceSize'
  | 'watches'
  | 'watch.intervalSeconds'
  | 'statusBar.show'
  | 'hover.enabled'
  | 'history.enabled'
  | 'history.days'
  | 'history.location';

export class Config {
  private get section(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  /**
   * Application scope (package.json): only the user's own settings can set
   * it, never a folder's `.vscode/settings.json`, so a repository cannot send
   * the token to a server of its choosing.
   */
  get baseUrl(): string {
    const value = this.section.get<unknown>('baseUrl');
    return typeof value === 'string' ? value : '';
  }

  get timeoutMs(): number {
    return clampedNumber(this.section.get<unknown>('requestTimeoutSeconds'), 15, 1, 600) * 1000;
  }

  get templatePageSize(): number {
    return Math.floor(clampedNumber(this.section.get<unknown>('templates.pageSize'), 50, 1, 1000));
  }

  /** The default arrangement of the Machines view (a workspace can remember its own). */
  get arrangement(): Arrangement {
    return {
      groupBy: oneOf<GroupBy>(this.section.get('machines.groupBy'), GROUP_BY) ?? DEFAULT_ARRANGEMENT.groupBy,
      sortBy: oneOf<SortKey>(this.section.get('machines.sortBy'), SORT_KEYS) ?? DEFAULT_ARRANGEMENT.sortBy,
      order: oneOf<SortOrder>(this.section.get('machines.sortOrder'), ['ascending', 'descending']) ?? DEFAULT_ARRANGEMENT.order,
    };
  }

  /** How many machines a group shows before a "Show more" row, and how many more each click shows. */
  get machineSliceSize(): number {
    return Math.floor(clampedNumber(this.section.get<unknown>('machines.sliceSize'), 200, 10, 5000));
  }

  /** The watches as written (application scope: a folder cannot add any); parseWatches reads them. */
  get watches(): unknown {
    return this.section.get<unknown>('watches');
  }

  get watchIntervalMs(): number {
    return clampedNumber(this.section.get<unknown>('watch.intervalSeconds'), 60, 10, 24 * 3600) * 1000;
  }

  get hoverEnabled(): boolean {
    return this.section.get<unknown>('hover.enabled') !== false;
  }

  /** Whether new machine lists are recorded into the market history (off deletes nothing). */
  get historyEnabled(): boolean {
    return this.section.get<unknown>('history.enabled') !== false;
  }

  /** How many days of market history are kept (at least 2: the raw points). */
  /** gpuRental.history.location: the folder of the history databases ('' for the default). */
  get historyLocation(): string {
    const value = this.section.get<unknown>('history.location');
    return typeof value === 'string' ? value : '';
  }

  get historyDays(): number {
    return Math.floor(clampedNumber(this.section.get<unknown>('history.days'), 365, 2, 36_500));
  }

  get statusBarShow(): boolean {
    return this.section.get<unknown>('statusBar.show') === true;
  }

  /** Rewrites the user's watches (the only level they can be set at). */
  async updateWatches(change: (list: unknown[]) => unknown[]): Promise<void> {
    const own = this.section.inspect<unknown>('watches')?.globalValue;
    const list = Array.isArray(own) ? [...(own as unknown[])] : [];
    await this.section.update('watches', change(list), vscode.ConfigurationTarget.Global);
  }

  /** Named filters from every level of settings (a folder may bring its own); non-text entries are ignored. */
  get savedFilters(): Record<string, string> {
    return textEntries(this.section.get<unknown>('machines.savedFilters'));
  }

  /**
   * Adds a saved filter to the user's settings only: merging with the value
   * that includes the folder's filters would copy a repository's entries into
   * the user's settings.
   */
  async saveFilter(name: string, query: string): Promise<void> {
    const own = textEntries(this.section.inspect<unknown>('machines.savedFilters')?.globalValue);
    await this.section.update('machines.savedFilters', { ...own, [name]: query }, vscode.ConfigurationTarget.Global);
  }

  onDidChange(listener: (affects: (key: SettingKey) => boolean) => void): vscode.Disposable {
    return vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SECTION)) {
        listener((key) => event.affectsConfiguration(`${SECTION}.${key}`));
      }
    });
  }
}

function clampedNumber(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(max, Math.max(min, number));
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function textEntries(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, query] of Object.entries(value)) {
      if (typeof query === 'string') result[name] = query;
    }
  }
  return result;
}
