// The Machines view's badge: how many new machines match a watch (see
// news.ts, which owns the count).
import * as vscode from 'vscode';
import { newMachinesBadge } from '../../model/countText';
import { DisposableStore } from '../services/lifecycle';
import type { News } from './news';

/** The Machines view's badge counts new machines that match a watch; it clears when the view is shown. */
export function bindBadge(view: vscode.TreeView<unknown>, news: News): vscode.Disposable {
  const update = () => {
    const count = news.badge;
    view.badge = count ? { value: count, tooltip: newMachinesBadge(count) } : undefined;
  };
  return new DisposableStore(
    news.onDidChange(update),
    view.onDidChangeVisibility((event) => event.visible && news.viewShown()),
  );
}
