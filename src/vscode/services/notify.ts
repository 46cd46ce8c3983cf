// The notifications and status bar flashes that say more than VS Code's own call: each kind said one way.
import * as vscode from 'vscode';

/** A confirmation in the status bar that goes by itself ("Copied node ID …"). */
export function flash(text: string, icon = 'check', ms = 4000): void {
  vscode.window.setStatusBarMessage(`$(${icon}) ${text}`, ms);
}

/** What needs a filter first says so, with a button that opens Filter Machines…. */
export function showInfoToFilter(text: string): void {
  const filter = vscode.l10n.t('Filter Machines…');
  void vscode.window.showInformationMessage(text, filter).then((choice) => choice === filter && vscode.commands.executeCommand('gpuRental.machines.filter'));
}

/** A question that must be answered before anything goes on (a dialog, not a toast). */
export function askModal(text: string, detail: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(text, { modal: true, detail }, ...actions);
}
