// A machine quick pick that fills lazily, as big pickers do: the first rows
// in the view's order at once, then, as the person types, the market's rows
// that match the typed text (the previous question cancelled on each
// keystroke). VS Code's own matching still filters and highlights what it is
// given. Ticked machines (many at once) stay ticked across typing.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import { formatInteger } from '../../model/format';
import { beyondShown, pickRows } from '../../model/pickRows';
import { MarketRequestError, type MarketClient } from '../../market/worker/client';
import { CANCELLED, type Requests } from '../../market/protocol';
import { DisposableStore } from '../services/lifecycle';
import type { ViewState } from '../views/viewState';
import { machinePick, type Pick as PickItem } from './quickPicks';

/** Rows asked for at a time: the first ones at once, then per keystroke. */
export const PICK_ROWS = 200;

/** What the pickers need of the MarketHost: its client's requests (whichever client runs). */
export interface MarketAsker {
  readonly client: Pick<MarketClient, 'request'>;
}

export type PickAnswer = Requests['pick']['result'];
export type PickSource = (text: string, signal?: AbortSignal) => Promise<PickAnswer>;

/** The machines the view shows that match the typed text, from the market. */
export function visibleMachines(host: MarketAsker, view: ViewState): PickSource {
  return (text, signal) => host.client.request('pick', { ...view.ask, text, limit: PICK_ROWS }, signal);
}

export interface LazyPickOptions {
  title: string;
  placeHolder: string;
  many: boolean;
  preselected?: readonly Machine[];
}

/** "Copy Node ID · 200 of 1,234 shown, type to narrow" when more match than are shown. */
function titleOf(title: string, answer: PickAnswer): string {
  return beyondShown(answer.machines.length, answer.total) > 0 ? vscode.l10n.t('{0} · {1} of {2} shown, type to narrow', title, formatInteger(answer.machines.length), formatInteger(answer.total)) : title;
}

/**
 * Shows the pick, filled with `first` (the answer for no text), and asks
 * `source` again as the text changes; the chosen machines, or undefined when
 * the person cancels.
 */
export function lazyMachinePick(source: PickSource, first: PickAnswer, options: LazyPickOptions): Promise<Machine[] | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<PickItem<Machine>>();
    pick.placeholder = options.placeHolder;
    pick.canSelectMany = options.many;
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    let asking: AbortController | undefined;
    let chosen: Machine[] | undefined;
    /** Enter came while no row was active (the typed text's rows not yet in): the first row that comes is the choice. */
    let acceptFirst = false;
    const show = (answer: PickAnswer): void => {
      const ticked = options.many ? pick.selectedItems.map((p) => p.value) : [];
      const rows = pickRows(answer.machines, ticked, (m) => m.node_name).map((m, i) => machinePick(m, i < ticked.length));
      pick.items = rows;
      if (options.many) pick.selectedItems = rows.slice(0, ticked.length);
      // The first row active at once: VS Code tells this thread which row is active a moment later, and an
      // Enter that comes first found none (seen on VS Code 1.100: the row on screen, Enter doing nothing).
      else if (rows.length) pick.activeItems = [rows[0]];
      pick.title = titleOf(options.title, answer);
      if (acceptFirst && rows.length) {
        chosen = [rows[0].value];
        pick.hide();
      }
    };
    const ask = async (text: string): Promise<void> => {
      asking?.abort();
      const mine = new AbortController();
      asking = mine;
      pick.busy = true;
      try {
        const answer = await source(text, mine.signal);
        if (!mine.signal.aborted) show(answer);
      } catch (err) {
        // Superseded by the next keystroke: that one answers. Anything else is said where the person looks.
        if (!(err instanceof MarketRequestError && err.kind === CANCELLED)) pick.placeholder = err instanceof Error ? err.message : String(err);
      } finally {
        if (asking === mine) pick.busy = false;
      }
    };
    const ticked = new Set((options.preselected ?? []).map((m) => m.node_name));
    const preselected = options.many ? (options.preselected ?? []) : [];
    const rows = pickRows(first.machines, [...preselected], (m) => m.node_name).map((m) => machinePick(m, ticked.has(m.node_name)));
    pick.items = rows;
    if (options.many) pick.selectedItems = rows.filter((p) => p.picked);
    pick.title = titleOf(options.title, first);
    const owned = new DisposableStore(
      pick,
      pick.onDidChangeValue((text) => void ask(text)),
      pick.onDidAccept(() => {
        const accepted = options.many ? pick.selectedItems : pick.activeItems.slice(0, 1);
        // No row active in a single pick: Enter takes the first row, or that of the answer on its way.
        if (!options.many && accepted.length === 0) {
          const first = pick.items[0];
          if (pick.busy) acceptFirst = true;
          else if (first) {
            chosen = [first.value];
            pick.hide();
          }
          return;
        }
        chosen = accepted.map((p) => p.value);
        pick.hide();
      }),
      pick.onDidHide(() => {
        asking?.abort();
        owned.dispose();
        resolve(chosen);
      }),
    );
    pick.show();
  });
}
