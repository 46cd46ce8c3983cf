// What the views show: Filter Machines…, saved filters, Group By, Sort By,
// and the template filter.
import * as vscode from 'vscode';
import { GROUP_BY, groupByLabels, SORT_KEYS, sortLabels, VIEW_SORT_KEYS } from '../../model/arrange';
import { noIcons, oneLine } from '../../model/escape';
import type { MarketAsker } from './lazyPick';
import { oneOf, type Config } from '../services/config';
import type { ContextKeys } from '../services/contextKeys';
import type { Controller } from '../services/controller';
import { flash, showInfoToFilter } from '../services/notify';
import type { ViewState } from '../views/viewState';
import { outlookLineOf } from '../../market/outlookLine';
import { askForMachineQuery } from './filterInput';

export interface ViewCommandDeps {
  view: ViewState;
  config: Config;
  controller: Controller;
  /** The filter box asks the market for its suggestions and counts. */
  marketHost: MarketAsker;
  /** The filter box says it is open through its context key (Tab's keybinding reads it). */
  keys: Pick<ContextKeys, 'set'>;
}

export async function filterMachines({ view, controller, marketHost, keys }: ViewCommandDeps): Promise<void> {
  await controller.ensureData('machines');
  const summary = await marketHost.client.request('facets', {});
  prepareOutlook(marketHost);
  const count = (filter: string, signal: AbortSignal) => marketHost.client.request('count', { filter }, signal);
  const outlook = (filter: string, signal: AbortSignal) => outlookLineOf(marketHost.client, filter, signal);
  const text = await askForMachineQuery(view.queryText, { summary, count, outlook }, keys);
  if (text !== undefined) {
    view.setQuery(text);
  }
}

/** Rent now or wait: the market reads its history's window while the person chooses or types a filter, not after. */
function prepareOutlook(marketHost: MarketAsker): void {
  marketHost.client.request('outlook.prepare', {}).catch(() => undefined);
}

/** Apply Suggested Filter: a near miss's query (or any query text another caller passes); a text that does not parse is said and changes nothing. */
export function applyQuery({ view }: ViewCommandDeps, text: unknown): void {
  if (typeof text !== 'string') {
    return;
  }
  const result = view.setQuery(text);
  if (!result.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('GPU Rental: the filter "{0}" is not valid: {1}', noIcons(oneLine(text, 200)), result.error.message));
  }
}

export async function groupMachinesBy({ view }: ViewCommandDeps, value: unknown): Promise<void> {
  const choice = oneOf(value, GROUP_BY) ?? await pickOption(vscode.l10n.t('Group Machines By'), GROUP_BY, groupByLabels(), view.arrangement.groupBy);
  if (choice) view.arrange({ groupBy: choice });
}

export async function sortMachinesBy({ view }: ViewCommandDeps, value: unknown): Promise<void> {
  // Job cost is a choice only while a job is set.
  const keys = view.arrangement.job ? VIEW_SORT_KEYS : SORT_KEYS;
  const choice = oneOf(value, keys) ?? await pickOption(vscode.l10n.t('Sort Machines By'), keys, sortLabels(), view.arrangement.sortBy);
  if (choice) view.arrange({ sortBy: choice });
}

export async function filterTemplates({ view }: ViewCommandDeps): Promise<void> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Filter Image Templates'),
    prompt: vscode.l10n.t('Words to find in the template name, image or label (all must match).'),
    placeHolder: vscode.l10n.t('e.g. pytorch 2.4'),
    value: view.templateFilter,
  });
  if (text !== undefined) view.setTemplateFilter(text);
}

async function pickOption<T extends string>(title: string, options: readonly T[], labels: Record<T, string>, current: T): Promise<T | undefined> {
  const choice = await vscode.window.showQuickPick(
    options.map((value) => ({ label: labels[value], description: value === current ? vscode.l10n.t('current') : undefined, value })),
    { title },
  );
  return choice?.value;
}

export async function applySavedFilter(deps: ViewCommandDeps): Promise<void> {
  const { view, config } = deps;
  const items: (vscode.QuickPickItem & { query?: string; save?: boolean })[] = savedFilterPicks(config);
  if (view.filtered) {
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator }, { label: `$(save) ${vscode.l10n.t('Save Current Filter…')}`, description: view.queryText, save: true });
  }
  if (items.length === 0) {
    showInfoToFilter(vscode.l10n.t('GPU Rental: no saved filters yet. Filter the machines, then use "Save Current Filter…".'));
    return;
  }
  prepareOutlook(deps.marketHost);
  const choice = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Apply Saved Filter'), placeHolder: vscode.l10n.t('Choose a saved filter (setting gpuRental.machines.savedFilters)'), matchOnDescription: true });
  if (choice?.save) {
    await saveFilter(deps);
  } else if (choice?.query !== undefined) {
    const result = view.setQuery(choice.query);
    if (!result.ok) {
      void vscode.window.showErrorMessage(vscode.l10n.t('GPU Rental: the saved filter "{0}" is not valid: {1}', choice.label, result.error.message));
    }
  }
}

/** The saved filters as quick pick items; names and queries may come from a folder's settings: shown as text, never as icons. */
export function savedFilterPicks(config: Config): (vscode.QuickPickItem & { name: string; query: string })[] {
  return Object.entries(config.savedFilters).map(([name, query]) => ({ label: noIcons(oneLine(name, 120)), description: noIcons(oneLine(query, 200)), name, query }));
}

export async function saveFilter({ view, config }: ViewCommandDeps): Promise<void> {
  if (!view.filtered) {
    void vscode.window.showInformationMessage(vscode.l10n.t('GPU Rental: there is no filter to save. Use "Filter Machines…" first.'));
    return;
  }
  const query = view.queryText;
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Save Current Filter'),
    prompt: vscode.l10n.t('Name for the filter "{0}"', query),
    validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Enter a name.')),
  });
  if (!name?.trim()) {
    return;
  }
  await config.saveFilter(name.trim(), query);
  flash(vscode.l10n.t('GPU Rental: saved filter "{0}"', name.trim()), 'check', 3000);
}
