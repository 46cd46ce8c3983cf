// Every notification the extension shows goes through here, so that the
// tests can read back exactly what a user was told (and check that no token
// or unescaped data was in it).
import * as vscode from 'vscode';

type Severity = 'error' | 'warning' | 'info';

const HISTORY = 100;
/** The most recent notifications, oldest first. */
export const shownMessages: { severity: Severity; text: string; modal?: boolean }[] = [];

function remember(severity: Severity, text: string, modal?: boolean): void {
  shownMessages.push(modal ? { severity, text, modal } : { severity, text });
  if (shownMessages.length > HISTORY) {
    shownMessages.shift();
  }
}

export function showError(text: string, ...actions: string[]): Thenable<string | undefined> {
  remember('error', text);
  return vscode.window.showErrorMessage(text, ...actions);
}

export function showWarning(text: string, ...actions: string[]): Thenable<string | undefined> {
  remember('warning', text);
  return vscode.window.showWarningMessage(text, ...actions);
}

export function showInfo(text: string, ...actions: string[]): Thenable<string | undefined> {
  remember('info', text);
  return vscode.window.showInformationMessage(text, ...actions);
}

/** A question that must be answered before anything goes on (a dialog, not a toast). */
export function askModal(text: string, detail: string, ...actions: string[]): Thenable<string | undefined> {
  remember('warning', `${text} ${detail}`, true);
  return vscode.window.showWarningMessage(text, { modal: true, detail }, ...actions);
}
