// Every notification the extension shows goes through here, so that the
// tests can read back exactly what a user was told (and check that no token
// or unescaped data was in it).
import * as vscode from 'vscode';

const HISTORY = 100;
/** The most recent notifications, oldest first. */
export const shownMessages: { severity: 'error' | 'warning' | 'info'; text: string }[] = [];

function remember(severity: 'error' | 'warning' | 'info', text: string): void {
  shownMessages.push({ severity, text });
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
