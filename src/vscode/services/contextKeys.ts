// Every context key the extension sets, declared once with its type, and set
// through one helper that skips values VS Code already has. package.json's
// `when` clauses use exactly these (an integration test compares the two).
import * as vscode from 'vscode';
import type { GroupBy, SortOrder, ViewSortKey } from '../../model/arrange';
import type { SetupState } from './controller';

export interface ContextKeyValues {
  /** Drives the welcome content and which commands are offered. */
  'gpuRental.setup': SetupState;
  /** The service rejected the token and nothing is loaded: welcome content offers Set API Token. */
  'gpuRental.tokenRejected': boolean;
  'gpuRental.machines.filtered': boolean;
  /** The active choice is greyed out in the Group By / Sort By menus. */
  'gpuRental.machines.groupBy': GroupBy;
  'gpuRental.machines.sortBy': ViewSortKey;
  'gpuRental.machines.sortOrder': SortOrder;
  /** A job is set (Find Machines for a Model…): Clear Job and Sort By Job Cost are offered. */
  'gpuRental.machines.job': boolean;
  'gpuRental.templates.filtered': boolean;
  /** Node IDs were copied or inserted in this window: the walkthrough's last step (features/walkthroughProgress.ts). */
  'gpuRental.nodeIdCopied': boolean;
  /** The Filter Machines… box is open: Tab takes a suggestion there (a keybinding). */
  'gpuRental.filterBoxOpen': boolean;
}

export type ContextKey = keyof ContextKeyValues;

export class ContextKeys {
  private readonly values = new Map<ContextKey, unknown>();

  set<K extends ContextKey>(key: K, value: ContextKeyValues[K]): void {
    if (this.values.has(key) && this.values.get(key) === value) {
      return;
    }
    this.values.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
