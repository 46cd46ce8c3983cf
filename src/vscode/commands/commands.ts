// Every command of the extension, in one table, registered in one place.
import * as vscode from 'vscode';
import { nodeIdsDelivered } from '../features/walkthroughProgress';
import { showError, showWarning, showInfo } from '../services/notify';
import { GROUP_BY, groupByLabels, SORT_KEYS, sortLabels, type GroupBy, type SortKey } from '../../model/arrange';
import { formatInteger } from '../../model/format';
import { noIcons, oneLine } from '../../model/escape';
import { normalizeToken, tokenProblem } from '../../model/token';
import type { Market } from '../../market/market';
import type { Config } from '../services/config';
import type { Controller } from '../services/controller';
import type { ComparePanel } from '../panels/comparePanel';
import type { DetailsPanels } from '../panels/detailsPanel';
import { askForMachineQuery } from './filterInput';
import type { Log } from '../services/log';
import type { MachineViewState } from '../views/machineViewState';
import type { MachinesProvider } from '../views/machinesView';
import { compareMachines, copyImageReference, copyTemplateJson, showTemplateDetails } from './panelCommands';
import { isMoreNode, machinesOf, pickVisibleMachine, pickVisibleTemplate, templatesOf } from './targets';
import type { TemplatePanels } from '../panels/templatePanel';
import type { TemplatesProvider } from '../views/templatesView';
import type { TokenStore } from '../services/tokenStore';
import { copyAs, insertNodeIds, insertTemplateIds } from './editorCommands';
import { manageWatches, watchCurrentFilter, watchSavedFilter } from './watchCommands';
import type { WatchService } from '../features/watches';
import type { Walkthrough } from '../features/walkthrough';

export interface CommandDeps {
  market: Market;
  watches: WatchService;
  config: Config;
  controller: Controller;
  tokens: TokenStore;
  panels: () => DetailsPanels;
  compare: () => ComparePanel;
  templatePanels: () => TemplatePanels;
  log: Log;
  machines: MachinesProvider;
  templates: TemplatesProvider;
  view: MachineViewState;
  walkthrough: Walkthrough;
}

type Handler = (...args: unknown[]) => unknown;

export const COMMAND_IDS = [
  'gpuRental.setToken',
  'gpuRental.clearToken',
  'gpuRental.refresh',
  'gpuRental.copyNodeId',
  'gpuRental.copyTemplateId',
  'gpuRental.copyTemplateJson',
  'gpuRental.showMachineDetails',
  'gpuRental.compareMachines',
  'gpuRental.showTemplateDetails',
  'gpuRental.copyImageReference',
  'gpuRental.machines.filter',
  'gpuRental.machines.clearFilter',
  'gpuRental.machines.applySavedFilter',
  'gpuRental.machines.saveFilter',
  'gpuRental.machines.groupBy',
  'gpuRental.machines.sortBy',
  'gpuRental.machines.sortAscending',
  'gpuRental.machines.sortDescending',
  'gpuRental.templates.filter',
  'gpuRental.templates.clearFilter',
  'gpuRental.machines.showMore',
  'gpuRental.watchFilter',
  'gpuRental.watchSavedFilter',
  'gpuRental.manageWatches',
  'gpuRental.insertNodeId',
  'gpuRental.insertTemplateId',
  'gpuRental.copyAs',
  'gpuRental.getStarted',
  // One per submenu entry; spelled out so the list can be searched.
  'gpuRental.machines.groupBy.gpu',
  'gpuRental.machines.groupBy.region',
  'gpuRental.machines.groupBy.gpuCount',
  'gpuRental.machines.groupBy.cuda',
  'gpuRental.machines.groupBy.none',
  'gpuRental.machines.sortBy.pricePerGpu',
  'gpuRental.machines.sortBy.price',
  'gpuRental.machines.sortBy.gpuMemory',
  'gpuRental.machines.sortBy.gpuCount',
  'gpuRental.machines.sortBy.onlineRate',
  'gpuRental.machines.sortBy.upTime',
] as const;
export type CommandId = (typeof COMMAND_IDS)[number];

export function commandTable(deps: CommandDeps): Record<CommandId, Handler> {
  const { controller, tokens, view, market } = deps;
  const groupByCommands = Object.fromEntries(GROUP_BY.map((g) => [`gpuRental.machines.groupBy.${g}`, () => view.arrange({ groupBy: g })]));
  const sortByCommands = Object.fromEntries(SORT_KEYS.map((k) => [`gpuRental.machines.sortBy.${k}`, () => view.arrange({ sortBy: k })]));
  return {
    ...(groupByCommands as Record<`gpuRental.machines.groupBy.${GroupBy}`, Handler>),
    ...(sortByCommands as Record<`gpuRental.machines.sortBy.${SortKey}`, Handler>),
    'gpuRental.machines.filter': async () => {
      await controller.ensureData('machines');
      const text = await askForMachineQuery(view.queryText, market.machines.items ?? []);
      if (text !== undefined) {
        view.setQuery(text);
      }
    },
    'gpuRental.machines.clearFilter': () => view.setQuery(''),
    'gpuRental.machines.showMore': (node) => isMoreNode(node) && deps.machines.showMore(node),
    'gpuRental.watchFilter': () => watchCurrentFilter(deps),
    'gpuRental.watchSavedFilter': () => watchSavedFilter(deps),
    'gpuRental.manageWatches': () => manageWatches(deps),
    'gpuRental.insertNodeId': () => insertNodeIds(deps),
    'gpuRental.insertTemplateId': () => insertTemplateIds(deps),
    'gpuRental.copyAs': (node, selected) => copyAs(machinesOf(node, selected), templatesOf(node, selected)),
    'gpuRental.machines.applySavedFilter': () => applySavedFilter(deps),
    'gpuRental.machines.saveFilter': () => saveFilter(deps),
    'gpuRental.machines.groupBy': async (value) => {
      const choice = isOneOf(value, GROUP_BY) ? value : await pickOption(vscode.l10n.t('Group Machines By'), GROUP_BY, groupByLabels(), view.arrangement.groupBy);
      if (choice) view.arrange({ groupBy: choice });
    },
    'gpuRental.machines.sortBy': async (value) => {
      const choice = isOneOf(value, SORT_KEYS) ? value : await pickOption(vscode.l10n.t('Sort Machines By'), SORT_KEYS, sortLabels(), view.arrangement.sortBy);
      if (choice) view.arrange({ sortBy: choice });
    },
    'gpuRental.machines.sortAscending': () => view.arrange({ order: 'ascending' }),
    'gpuRental.machines.sortDescending': () => view.arrange({ order: 'descending' }),
    'gpuRental.templates.filter': async () => {
      const text = await vscode.window.showInputBox({
        title: vscode.l10n.t('Filter Image Templates'),
        prompt: vscode.l10n.t('Words to find in the template name, image or label (all must match).'),
        placeHolder: vscode.l10n.t('e.g. pytorch 2.4'),
        value: view.templateFilter,
      });
      if (text !== undefined) view.setTemplateFilter(text);
    },
    'gpuRental.templates.clearFilter': () => view.setTemplateFilter(''),
    // Arguments are ignored: any extension can run a command, and none may choose the user's token.
    'gpuRental.setToken': () => setToken(deps, undefined),
    'gpuRental.clearToken': async () => {
      if (await tokens.clear()) {
        await controller.settled();
        vscode.window.setStatusBarMessage(`$(check) ${vscode.l10n.t('GPU Rental: API token cleared')}`, 3000);
      }
    },
    'gpuRental.refresh': () => controller.refresh(),
    'gpuRental.getStarted': () => deps.walkthrough.open(),
    'gpuRental.copyNodeId': async (node, selected) => {
      let ids = [...listed(market, node), ...machinesOf(node, selected)].map((m) => m.node_name);
      if (ids.length === 0) {
        const machine = (await controller.ensureData('machines')) && (await pickVisibleMachine(deps, vscode.l10n.t('Copy Node ID')));
        ids = machine ? [machine.node_name] : [];
      }
      await copyIds(ids, 'node');
    },
    'gpuRental.copyTemplateId': async (node, selected) => {
      let ids = templatesOf(node, selected).map((t) => String(t.id));
      if (ids.length === 0) {
        const template = (await controller.ensureData('templates')) && (await pickVisibleTemplate(deps, vscode.l10n.t('Copy Template ID')));
        ids = template ? [String(template.id)] : [];
      }
      await copyIds(ids, 'template');
    },
    'gpuRental.copyTemplateJson': (node) => copyTemplateJson(deps, node),
    'gpuRental.compareMachines': (node, selected) => compareMachines(deps, node, selected),
    'gpuRental.showTemplateDetails': (node) => showTemplateDetails(deps, node),
    'gpuRental.copyImageReference': (node) => copyImageReference(deps, node),
    'gpuRental.showMachineDetails': async (node) => {
      // From a hover link the argument is a node ID; from the tree, a node.
      const [fromTree] = [...listed(market, node), ...machinesOf(node, undefined)];
      if (fromTree) {
        deps.panels().show(fromTree, true);
        return;
      }
      const machine = (await controller.ensureData('machines')) && (await pickVisibleMachine(deps, vscode.l10n.t('Show Machine Details')));
      if (machine) {
        deps.panels().show(machine);
      }
    },
  };
}

/**
 * Registers every command, each guarded so that no exception reaches VS Code.
 * No command returns anything: any extension can run them, and a result
 * would hand it our internals.
 */
export function registerCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  for (const [id, handler] of Object.entries(commandTable(deps))) {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]): Promise<void> => {
        try {
          await handler(...args);
        } catch (err) {
          deps.log.error(`Command ${id} failed: ${err instanceof Error ? `${err.name}: ${deps.log.redact(err.message)}` : typeof err}`);
          void showError(vscode.l10n.t('GPU Rental: "{0}" failed unexpectedly. See the "GPU Rental" log for details.', id));
        }
      }),
    );
  }
}

/**
 * Asks for the token (or takes `given`, which only the test API passes),
 * stores it, waits for the views to follow, and checks it with the service.
 */
export async function setToken(deps: CommandDeps, given: string | undefined): Promise<void> {
  const input =
    given ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('GPU Rental: Set API Token'),
      prompt: vscode.l10n.t("Paste your API token. It is kept in VS Code's secret storage, never in settings."),
      placeHolder: vscode.l10n.t('API token'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => tokenProblem(value),
    }));
  if (input === undefined) {
    return;
  }
  const problem = tokenProblem(input);
  if (problem) {
    void showError(vscode.l10n.t('GPU Rental: {0}', problem));
    return;
  }
  // Storing it announces the change; the controller reconfigures from that event alone.
  if (!(await deps.tokens.set(normalizeToken(input)))) {
    return;
  }
  await deps.controller.settled();
  if (deps.controller.setup !== 'ready') {
    vscode.window.setStatusBarMessage(`$(check) ${vscode.l10n.t('GPU Rental: API token saved')}`, 4000);
    return;
  }
  const rejection = await deps.controller.checkToken();
  if (!rejection) {
    vscode.window.setStatusBarMessage(`$(check) ${vscode.l10n.t('GPU Rental: API token saved and accepted by the service')}`, 4000);
  } else if (rejection.kind === 'auth') {
    const setAgain = vscode.l10n.t('Set API Token');
    void showWarning(vscode.l10n.t('GPU Rental: the token was saved. {0}', rejection.message), setAgain).then(
      (choice) => choice === setAgain && vscode.commands.executeCommand('gpuRental.setToken'),
    );
  } else {
    void showWarning(vscode.l10n.t('GPU Rental: the token was saved, but it could not be checked. {0}', rejection.message));
  }
}

export async function copyIds(ids: string[], what: 'node' | 'template'): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await vscode.env.clipboard.writeText(ids.join('\n'));
  if (what === 'node') nodeIdsDelivered(ids.length);
  const count = formatInteger(ids.length);
  const message =
    what === 'node'
      ? ids.length === 1
        ? vscode.l10n.t('Copied node ID {0}', ids[0])
        : vscode.l10n.t('Copied {0} node IDs', count)
      : ids.length === 1
        ? vscode.l10n.t('Copied template ID {0}', ids[0])
        : vscode.l10n.t('Copied {0} template IDs', count);
  vscode.window.setStatusBarMessage(`$(check) ${message}`, 4000);
}

/** The listed machine a node ID names (hover links pass one); none for anything else. */
function listed(market: Market, value: unknown) {
  const machine = typeof value === 'string' ? market.machine(value) : undefined;
  return machine ? [machine] : [];
}

function isOneOf<T extends string>(value: unknown, options: readonly T[]): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

async function pickOption<T extends string>(title: string, options: readonly T[], labels: Record<T, string>, current: T): Promise<T | undefined> {
  const choice = await vscode.window.showQuickPick(
    options.map((value) => ({ label: labels[value], description: value === current ? vscode.l10n.t('current') : undefined, value })),
    { title },
  );
  return choice?.value;
}

async function applySavedFilter(deps: CommandDeps): Promise<void> {
  const saved = deps.config.savedFilters;
  type Item = vscode.QuickPickItem & { query?: string; save?: boolean };
  // Names and queries may come from a folder's settings: shown as text, never as icons.
  const items: Item[] = Object.entries(saved).map(([name, query]) => ({ label: noIcons(oneLine(name, 120)), description: noIcons(oneLine(query, 200)), query }));
  if (deps.view.filtered) {
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator }, { label: `$(save) ${vscode.l10n.t('Save Current Filter…')}`, description: deps.view.queryText, save: true });
  }
  if (items.length === 0) {
    const filter = vscode.l10n.t('Filter Machines…');
    void showInfo(vscode.l10n.t('GPU Rental: no saved filters yet. Filter the machines, then use "Save Current Filter…".'), filter).then((choice) => {
      if (choice === filter) void vscode.commands.executeCommand('gpuRental.machines.filter');
    });
    return;
  }
  const choice = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Apply Saved Filter'), placeHolder: vscode.l10n.t('Choose a saved filter (setting gpuRental.machines.savedFilters)'), matchOnDescription: true });
  if (choice?.save) {
    await saveFilter(deps);
  } else if (choice?.query !== undefined) {
    const result = deps.view.setQuery(choice.query);
    if (!result.ok) {
      void showError(vscode.l10n.t('GPU Rental: the saved filter "{0}" is not valid: {1}', choice.label, result.error.message));
    }
  }
}

async function saveFilter(deps: CommandDeps): Promise<void> {
  if (!deps.view.filtered) {
    void showInfo(vscode.l10n.t('GPU Rental: there is no filter to save. Use "Filter Machines…" first.'));
    return;
  }
  const query = deps.view.queryText;
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Save Current Filter'),
    prompt: vscode.l10n.t('Name for the filter "{0}"', query),
    validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Enter a name.')),
  });
  if (!name?.trim()) {
    return;
  }
  await deps.config.saveFilter(name.trim(), query);
  vscode.window.setStatusBarMessage(`$(check) ${vscode.l10n.t('GPU Rental: saved filter "{0}"', name.trim())}`, 3000);
}
