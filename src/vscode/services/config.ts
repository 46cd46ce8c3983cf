// Every setting of the extension, read through one typed view. Values are
// checked here (a hand-edited settings.json can hold anything), so the rest
// of the extension gets only values it can use.
import * as vscode from 'vscode';
import { DEFAULT_ARRANGEMENT, GROUP_BY, SORT_KEYS, type Arrangement, type GroupBy, type SortKey, type SortOrder } from '../../model/arrange';
// Read at build time (esbuild bundles it): the defaults and bounds are package.json's, never written twice.
import { contributes } from '../../../package.json';

export const SECTION = 'gpuRental';

type Declared = typeof contributes.configuration.properties;
/** The settings' keys below `gpuRental.`, as package.json declares them. */
export type SettingKey = keyof Declared extends infer K ? (K extends `${typeof SECTION}.${infer Key}` ? Key : never) : never;
/** The settings package.json declares with a type and a default of that type. */
type KeyOf<T> = { [K in SettingKey]: Declared[`${typeof SECTION}.${K}`] extends { default: T } ? K : never }[SettingKey];

export class Config {
  private get section(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  /** A number setting within its declared bounds (an `integer` one rounded down); its default when it is not a number. */
  private number(key: KeyOf<number>): number {
    const declared: { type: string; default: number; minimum?: number; maximum?: number } = contributes.configuration.properties[`${SECTION}.${key}`];
    const value = this.section.get<unknown>(key);
    const number = Math.min(declared.maximum ?? Infinity, Math.max(declared.minimum ?? -Infinity, typeof value === 'number' && Number.isFinite(value) ? value : declared.default));
    return declared.type === 'integer' ? Math.floor(number) : number;
  }

  /** A boolean setting; its default when it is not a boolean. */
  private flag(key: KeyOf<boolean>): boolean {
    const value = this.section.get<unknown>(key);
    return typeof value === 'boolean' ? value : contributes.configuration.properties[`${SECTION}.${key}`].default;
  }

  /** A text setting; empty when it is not text. */
  private text(key: 'baseUrl' | 'history.location'): string {
    const value = this.section.get<unknown>(key);
    return typeof value === 'string' ? value : '';
  }

  /**
   * Application scope (package.json): only the user's own settings can set
   * it, never a folder's `.vscode/settings.json`, so a repository cannot send
   * the token to a server of its choosing.
   */
  get baseUrl(): string {
    return this.text('baseUrl');
  }

  get timeoutMs(): number {
    return this.number('requestTimeoutSeconds') * 1000;
  }

  get templatePageSize(): number {
    return this.number('templates.pageSize');
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
    return this.number('machines.sliceSize');
  }

  /** The watches as written (application scope: a folder cannot add any); parseWatches reads them. */
  get watches(): unknown {
    return this.section.get<unknown>('watches');
  }

  get watchIntervalMs(): number {
    return this.number('watch.intervalSeconds') * 1000;
  }

  get hoverEnabled(): boolean {
    return this.flag('hover.enabled');
  }

  /** Whether new machine lists are recorded into the market history (off deletes nothing). */
  get historyEnabled(): boolean {
    return this.flag('history.enabled');
  }

  /** gpuRental.history.location: the folder of the history databases ('' for the default). */
  get historyLocation(): string {
    return this.text('history.location');
  }

  /** How many days of market history are kept (at least 2: the raw points). */
  get historyDays(): number {
    return this.number('history.days');
  }

  get statusBarShow(): boolean {
    return this.flag('statusBar.show');
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

export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function textEntries(value: unknown): Record<string, string> {
  const entries = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
