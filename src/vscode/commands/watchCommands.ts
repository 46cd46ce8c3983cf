// The commands that create and manage watches (registered with the others in commands.ts).
import * as vscode from 'vscode';
import { noIcons, oneLine } from '../../model/escape';
import { formatInteger } from '../../model/format';
import { describeNearMiss, NEAR_MISS_BELOW } from '../../model/nearMiss';
import { printQuery } from '../../model/query';
import type { Watch } from '../../market/watch';
import type { Config } from '../services/config';
import type { ViewState } from '../views/viewState';
import { flash, showInfoToFilter } from '../services/notify';
import { savedFilterPicks } from './viewCommands';
import type { WatchService } from '../features/watches';

export interface WatchCommandDeps {
  watches: WatchService;
  view: ViewState;
  config: Config;
}

/** Watch Current Filter: the active filter, with an optional name. */
export async function watchCurrentFilter({ watches, view }: WatchCommandDeps): Promise<void> {
  if (!view.filtered) {
    showInfoToFilter(vscode.l10n.t('GPU Rental: there is no filter to watch. Use "Filter Machines…" first.'));
    return;
  }
  await addWatch(watches, view.queryText);
}

/** Watch Saved Filter…: one of gpuRental.machines.savedFilters. */
export async function watchSavedFilter({ watches, config }: WatchCommandDeps): Promise<void> {
  const saved = savedFilterPicks(config);
  if (saved.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('GPU Rental: no saved filters yet. Filter the machines, then use "Save Current Filter…".'));
    return;
  }
  const choice = await vscode.window.showQuickPick(saved, { title: vscode.l10n.t('Watch Saved Filter'), placeHolder: vscode.l10n.t('Be told when machines newly match this filter') });
  if (choice) {
    await addWatch(watches, choice.query, choice.name);
  }
}

async function addWatch(watches: WatchService, query: string, suggestedName?: string): Promise<void> {
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Watch Current Filter'),
    prompt: vscode.l10n.t('A name for alerts about "{0}" (optional)', query),
    value: suggestedName ?? '',
    placeHolder: vscode.l10n.t('e.g. 8× H100 under 15/GPU'),
  });
  if (name === undefined) {
    return;
  }
  if (!(await watches.add(query, name.trim() || undefined))) {
    void vscode.window.showInformationMessage(vscode.l10n.t('GPU Rental: "{0}" is already watched.', query));
    return;
  }
  flash(vscode.l10n.t('GPU Rental: watching "{0}"', name.trim() || query), 'bell');
}

type WatchPick = vscode.QuickPickItem & { watch?: Watch };
export type ActionPick = vscode.QuickPickItem & { run: () => Promise<void> | void };

/** Manage Watches…: every watch with its matches; pick one to pause, resume, rename or remove it. */
export async function manageWatches(deps: WatchCommandDeps): Promise<void> {
  const { watches } = deps;
  await watches.statsSettled();
  const items: WatchPick[] = watches.watches.map((watch) => {
    const stats = watches.statsOf(watch);
    const state = [watch.setting.paused ? vscode.l10n.t('paused') : undefined, watch.setting.notify === false ? vscode.l10n.t('no notifications') : undefined].filter(Boolean);
    return {
      label: `${watch.setting.paused ? '$(debug-pause)' : '$(eye)'} ${noIcons(oneLine(watch.label, 120))}`,
      description: stats
        ? stats.cheapest
          ? vscode.l10n.t('{0} matching · from {1}/GPU', formatInteger(stats.matches), stats.cheapest)
          : vscode.l10n.t('{0} matching', formatInteger(stats.matches))
        : undefined,
      detail: noIcons(oneLine([watch.queryText, ...state, watches.outlookLineOf(watch)].filter(Boolean).join(' · '), 300)),
      watch,
    };
  });
  for (const problem of watches.problems) {
    items.push({ label: `$(warning) ${noIcons(oneLine(problem.entry, 120))}`, detail: vscode.l10n.t('Not valid: {0} (at character {1}). Edit it in settings.json.', problem.error.message, problem.error.position) });
  }
  if (items.length === 0) {
    showInfoToFilter(vscode.l10n.t('GPU Rental: no watches yet. Filter the machines, then use "Watch Current Filter".'));
    return;
  }
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Manage Watches'), placeHolder: vscode.l10n.t('Choose a watch'), matchOnDetail: true });
  if (!picked) {
    return;
  }
  const watch = picked.watch;
  if (!watch) {
    await vscode.commands.executeCommand('workbench.action.openSettingsJson');
    return;
  }
  const actions = await watchActions(deps, watch);
  const action = await vscode.window.showQuickPick(actions, { title: vscode.l10n.t('Watch: {0}', noIcons(oneLine(watch.label, 80))) });
  await action?.run();
}

/** What Manage Watches offers for one watch: its actions, then its near misses when it finds fewer than three machines. */
export async function watchActions(deps: WatchCommandDeps, watch: Watch): Promise<ActionPick[]> {
  const { watches, view } = deps;
  return [
    { label: `$(filter) ${vscode.l10n.t('Show Matching Machines')}`, run: () => void view.setQuery(watch.setting.query) },
    watch.setting.paused
      ? { label: `$(debug-start) ${vscode.l10n.t('Resume')}`, run: () => watches.edit(watch, ({ paused: _paused, ...rest }) => rest) }
      : { label: `$(debug-pause) ${vscode.l10n.t('Pause')}`, run: () => watches.edit(watch, (setting) => ({ ...setting, paused: true })) },
    watch.setting.notify === false
      ? { label: `$(bell) ${vscode.l10n.t('Show Notifications Again')}`, run: () => watches.edit(watch, ({ notify: _notify, ...rest }) => rest) }
      : { label: `$(bell-slash) ${vscode.l10n.t('No Notifications (Keep the Badge)')}`, run: () => watches.edit(watch, (setting) => ({ ...setting, notify: false })) },
    { label: `$(edit) ${vscode.l10n.t('Rename…')}`, run: () => rename(watches, watch) },
    { label: `$(trash) ${vscode.l10n.t('Remove')}`, run: () => watches.edit(watch, () => undefined) },
    ...(await nearMissActions(deps, watch)),
  ];
}

/** A watch that finds fewer than three machines: its near misses, each shown in the Machines view when picked (the watch stays as it is). */
async function nearMissActions({ view, watches }: WatchCommandDeps, watch: Watch): Promise<ActionPick[]> {
  if (!watches.statsOf(watch) || (watches.statsOf(watch)?.matches ?? 0) >= NEAR_MISS_BELOW) {
    return [];
  }
  const misses = await watches.nearMisses(watch);
  if (misses.length === 0) {
    return [];
  }
  return [
    { label: vscode.l10n.t('Near misses'), kind: vscode.QuickPickItemKind.Separator, run: () => undefined },
    ...misses.map((miss) => {
      const query = printQuery(miss.query);
      return { label: `$(lightbulb) ${noIcons(describeNearMiss(miss))}`, detail: noIcons(oneLine(vscode.l10n.t('Show the machines of {0}', query), 200)), run: () => void view.setQuery(query) };
    }),
  ];
}

async function rename(watches: WatchService, watch: Watch): Promise<void> {
  const name = await vscode.window.showInputBox({ title: vscode.l10n.t('Rename Watch'), prompt: vscode.l10n.t('A name for "{0}" (empty: use the query)', watch.queryText), value: watch.setting.name ?? '' });
  if (name !== undefined) {
    await watches.edit(watch, ({ name: _old, ...rest }) => (name.trim() ? { ...rest, name: name.trim() } : rest));
  }
}
