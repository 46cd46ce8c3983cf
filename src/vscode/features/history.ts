// The market history in the editor: only Clear Market History. The history
// is recorded, read and answered where the market runs (the market worker,
// src/market/worker/historyHandlers.ts), under the extension's global
// storage; here the modal asks first, then the worker deletes. Never throws
// into VS Code.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { originOf } from '../../market/history/origin';
import type { Config } from '../services/config';
import { describeError, type Log } from '../services/log';
import { askModal, flash } from '../services/notify';

/** The folder under the extension's global storage that holds one folder per service. */
const HISTORY_FOLDER = 'market-history';

export class HistoryClearing {
  constructor(
    private readonly config: Config,
    /** Deletes the history where it is kept (the market worker); true when it did, false when another window held its lock. */
    private readonly remove: () => Promise<boolean>,
    private readonly log: Log,
  ) {}

  /** Deletes the current service's history, after a modal confirmation. */
  async clear(): Promise<void> {
    const origin = originOf(this.config.baseUrl);
    if (!origin) {
      return;
    }
    const clear = vscode.l10n.t('Clear History');
    const answer = await askModal(
      vscode.l10n.t('GPU Rental: delete the market history of {0}?', origin),
      vscode.l10n.t('Prices, listings and returns recorded for this service are deleted from this computer, for every window. Recording goes on with the next refresh.'),
      clear,
    );
    if (answer !== clear) {
      return;
    }
    const cleared = await this.remove().catch((err: unknown) => {
      this.log.warn(`The market history could not clear: ${describeError(err, (text) => this.log.redact(text))}`);
      return false;
    });
    flash(cleared ? vscode.l10n.t('Market history cleared') : vscode.l10n.t('Market history busy, try again'));
  }
}

export function historyRoot(globalStorage: vscode.Uri): string {
  return path.join(globalStorage.fsPath, HISTORY_FOLDER);
}
