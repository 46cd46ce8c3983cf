// Every notification and status bar flash the extension shows goes through
// here, so that the tests can read back exactly what a user was told (and
// check that no token or unescaped data was in it). Nothing is kept unless
// someone listens: only the test API does.
import * as vscode from 'vscode';

type Severity = 'error' | 'warning' | 'info';

export interface ShownMessage {
  severity: Severity;
  text: string;
  modal?: boolean;
}

const notified = new vscode.EventEmitter<ShownMessage>();
/** Each notification as it is shown. */
export const onDidNotify = notified.event;
const flashed = new vscode.EventEmitter<string>();
/** Each status bar flash as it is shown (its text without the icon). */
export const onDidFlash = flashed.event;

function remember(severity: Severity, text: string, modal?: boolean): void {
  notified.fire(modal ? { severity, text, modal } : { severity, text });
}

/** A confirmation in the status bar that goes by itself ("Copied node ID …"). */
export function flash(text: string, icon = 'check', ms = 4000): void {
  flashed.fire(text);
  vscode.window.setStatusBarMessage(`$(${icon}) ${text}`, ms);
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
