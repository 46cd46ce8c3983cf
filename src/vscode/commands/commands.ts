// Every command of the extension, in one table, registered in one place.
// Each handler module declares the few services it needs; the table hands
// them over and nothing imports this file back.
import * as vscode from 'vscode';
import { describeError, type Log } from '../services/log';
import { DisposableStore } from '../services/lifecycle';
import type { HistoryClearing } from '../features/history';
import type { MachinesProvider } from '../views/machinesView';
import { copyNodeId, copyTemplateId } from './copyCommands';
import { copyAs, insertNodeIds, insertTemplateIds } from './editorCommands';
import { compareMachines, copyImageReference, copyTemplateJson, showMachineDetails, showTemplateDetails, showTrends, type PanelCommandDeps } from './panelCommands';
import { findMachinesForModel, type SizingCommandDeps } from './sizingCommands';
import { isNode, machinesOf, templatesOf } from './targets';
import { clearToken, setToken, type TokenCommandDeps } from './tokenCommands';
import { takeSuggestion } from './filterInput';
import { applyQuery, applySavedFilter, filterMachines, filterTemplates, groupMachinesBy, saveFilter, sortMachinesBy, type ViewCommandDeps } from './viewCommands';
import { manageWatches, watchCurrentFilter, watchSavedFilter, type WatchCommandDeps } from './watchCommands';

/** What the table hands out: each handler takes its own part of it. */
export type CommandTableDeps = TokenCommandDeps &
  ViewCommandDeps &
  PanelCommandDeps &
  WatchCommandDeps &
  SizingCommandDeps & {
    machines: Pick<MachinesProvider, 'showMore'>;
    /** Opens the Get Started walkthrough. */
    walkthrough: { open(): Promise<void> };
    history: Pick<HistoryClearing, 'clear'>;
  };

type Handler = (...args: unknown[]) => unknown;

/**
 * Every command package.json contributes (`contributes.commands`, which is
 * their one list), with its handler; an integration test holds the two to
 * the same IDs.
 */
export function commandTable(deps: CommandTableDeps): Record<string, Handler> {
  const { view } = deps;
  return {
    // One per submenu entry, spelled out so that a search for an ID finds its handler.
    'gpuRental.machines.groupBy.gpu': () => view.arrange({ groupBy: 'gpu' }),
    'gpuRental.machines.groupBy.region': () => view.arrange({ groupBy: 'region' }),
    'gpuRental.machines.groupBy.gpuCount': () => view.arrange({ groupBy: 'gpuCount' }),
    'gpuRental.machines.groupBy.cuda': () => view.arrange({ groupBy: 'cuda' }),
    'gpuRental.machines.groupBy.none': () => view.arrange({ groupBy: 'none' }),
    'gpuRental.machines.sortBy.pricePerGpu': () => view.arrange({ sortBy: 'pricePerGpu' }),
    'gpuRental.machines.sortBy.price': () => view.arrange({ sortBy: 'price' }),
    'gpuRental.machines.sortBy.gpuMemory': () => view.arrange({ sortBy: 'gpuMemory' }),
    'gpuRental.machines.sortBy.gpuCount': () => view.arrange({ sortBy: 'gpuCount' }),
    'gpuRental.machines.sortBy.onlineRate': () => view.arrange({ sortBy: 'onlineRate' }),
    'gpuRental.machines.sortBy.upTime': () => view.arrange({ sortBy: 'upTime' }),
    'gpuRental.machines.sortBy.jobCost': () => view.arrange({ sortBy: 'jobCost' }),
    'gpuRental.machines.filter': () => filterMachines(deps),
    'gpuRental.machines.clearFilter': () => view.clearFilter(),
    'gpuRental.machines.clearJob': () => view.setJob(undefined),
    'gpuRental.machines.showMore': (node) => isNode(node, 'more') && deps.machines.showMore(node),
    'gpuRental.machines.applyQuery': (text) => applyQuery(deps, text),
    'gpuRental.machines.filter.takeSuggestion': () => takeSuggestion(),
    'gpuRental.findMachinesForModel': (answers) => findMachinesForModel(deps, answers),
    'gpuRental.watchFilter': () => watchCurrentFilter(deps),
    'gpuRental.watchSavedFilter': () => watchSavedFilter(deps),
    'gpuRental.manageWatches': () => manageWatches(deps),
    'gpuRental.insertNodeId': () => insertNodeIds(deps),
    'gpuRental.insertTemplateId': () => insertTemplateIds(deps),
    'gpuRental.copyAs': (node, selected) => copyAs(machinesOf(node, selected), templatesOf(node, selected)),
    'gpuRental.machines.applySavedFilter': () => applySavedFilter(deps),
    'gpuRental.machines.saveFilter': () => saveFilter(deps),
    'gpuRental.machines.groupBy': (value) => groupMachinesBy(deps, value),
    'gpuRental.machines.sortBy': (value) => sortMachinesBy(deps, value),
    'gpuRental.machines.sortAscending': () => view.arrange({ order: 'ascending' }),
    'gpuRental.machines.sortDescending': () => view.arrange({ order: 'descending' }),
    'gpuRental.templates.filter': () => filterTemplates(deps),
    'gpuRental.templates.clearFilter': () => view.setTemplateFilter(''),
    // Arguments are ignored: any extension can run a command, and none may choose the user's token.
    'gpuRental.setToken': () => setToken(deps),
    'gpuRental.clearToken': () => clearToken(deps),
    'gpuRental.refresh': () => deps.controller.refresh(),
    'gpuRental.getStarted': () => deps.walkthrough.open(),
    'gpuRental.clearHistory': () => deps.history.clear(),
    'gpuRental.showTrends': (node) => showTrends(deps, node),
    'gpuRental.copyNodeId': (node, selected) => copyNodeId(deps, node, selected),
    'gpuRental.copyTemplateId': (node, selected) => copyTemplateId(deps, node, selected),
    'gpuRental.copyTemplateJson': (node) => copyTemplateJson(deps, node),
    'gpuRental.compareMachines': (node, selected) => compareMachines(deps, node, selected),
    'gpuRental.showTemplateDetails': (node) => showTemplateDetails(deps, node),
    'gpuRental.copyImageReference': (node) => copyImageReference(deps, node),
    // From a hover link the argument is a node ID; from the tree, a node.
    'gpuRental.showMachineDetails': (node) => showMachineDetails(deps, node),
  };
}

/**
 * Registers every command, each guarded so that no exception reaches VS Code.
 * No command returns anything: any extension can run them, and a result
 * would hand it our internals.
 */
export function registerCommands(table: Record<string, Handler>, log: Log): vscode.Disposable {
  return new DisposableStore(
    ...Object.entries(table).map(([id, handler]) =>
      vscode.commands.registerCommand(id, async (...args: unknown[]): Promise<void> => {
        try {
          await handler(...args);
        } catch (err) {
          log.error(`Command ${id} failed: ${describeError(err, (text) => log.redact(text))}`);
          void vscode.window.showErrorMessage(vscode.l10n.t('GPU Rental: "{0}" failed unexpectedly. See the "GPU Rental" log for details.', id));
        }
      }),
    ),
  );
}
