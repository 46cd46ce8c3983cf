// The Get Started walkthrough checks a step off when its outcome holds, never
// when a command merely ran (issue 28: Set API Token, opened and escaped, was
// checked off, and the page, updating while the password box was open, took
// the focus from it). Each step's `completionEvents` in package.json is an
// `onContext:` expression: a valid service URL is set, a token is stored, a
// filter is applied, a node ID was copied or inserted. The first three are
// context keys the views keep anyway; this module keeps the last one, which
// says only that it happened in this window (VS Code remembers the step).
// The service URL step lists each state that holds a valid URL as an event of
// its own: VS Code swallows an `onContext:` event whose expression already
// holds when the walkthrough is registered (it is noted as seen, the step not
// checked off), so one expression true at registration never fires again;
// with three, the next state (a token stored) still checks the step off.
import type * as vscode from 'vscode';
import type { ContextKeys } from './contextKeys';
import { toDisposable } from './lifecycle';

let keys: ContextKeys | undefined;

export function bindWalkthroughProgress(contextKeys: ContextKeys): vscode.Disposable {
  keys = contextKeys;
  contextKeys.set('gpuRental.nodeIdCopied', false);
  return toDisposable(() => (keys = undefined));
}

/** Node IDs reached the clipboard or an editor (Copy Node ID, Copy As…, Insert Node ID…, the details panel's button, the hover's link). */
export function nodeIdsDelivered(count: number): void {
  if (count > 0) keys?.set('gpuRental.nodeIdCopied', true);
}
