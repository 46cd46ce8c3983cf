// Wires the extension together; the behaviour lives in src/vscode, src/api and src/model.
import * as vscode from 'vscode';
import { Config } from './vscode/config';
import { Controller, VIEW_IDS } from './vscode/controller';
import { registerCommands, copyIds } from './vscode/commands';
import { DetailsPanels } from './vscode/detailsPanel';
import { PlainHttpConsent } from './vscode/httpConsent';
import { Log } from './vscode/log';
import { MachineViewState } from './vscode/machineViewState';
import { shownMessages } from './vscode/notify';
import { MachinesProvider, type MachineNode } from './vscode/machinesView';
import { TemplatesProvider, type TemplateNode } from './vscode/templatesView';
import { TokenStore } from './vscode/tokenStore';
import { viewDescription, viewMessage } from './vscode/viewMessages';

/** What `activate` returns: used by the integration tests to look at the trees and panels. */
export interface GpuRentalApi {
  controller: Controller;
  machines: MachinesProvider;
  templates: TemplatesProvider;
  machinesView: vscode.TreeView<MachineNode>;
  templatesView: vscode.TreeView<TemplateNode>;
  panels: DetailsPanels;
  view: MachineViewState;
  log: Log;
  /** Every notification shown so far (most recent last). */
  shownMessages: typeof shownMessages;
  /** Where the view state is kept, so tests can read it back as a reload would. */
  workspaceState: vscode.Memento;
}

export function activate(context: vscode.ExtensionContext): GpuRentalApi {
  const log = new Log();
  const config = new Config();
  const tokens = new TokenStore(context.secrets, log);
  const controller = new Controller(config, tokens, log, new PlainHttpConsent(context.globalState));
  const view = new MachineViewState(context.workspaceState);
  const machines = new MachinesProvider(controller, view);
  const templates = new TemplatesProvider(controller, view);
  const machinesView = vscode.window.createTreeView(VIEW_IDS.machines, { treeDataProvider: machines, canSelectMany: true, showCollapseAll: true });
  const templatesView = vscode.window.createTreeView(VIEW_IDS.templates, { treeDataProvider: templates, canSelectMany: true, showCollapseAll: true });
  const panels = new DetailsPanels(context.extensionUri, controller, (ids) => copyIds(ids, 'node ID'));
  context.subscriptions.push(log, tokens, controller, view, machines, templates, machinesView, templatesView, panels);

  const update = () => {
    const ready = controller.setup === 'ready';
    machinesView.message = ready ? viewMessage(controller.machines, view.filtered ? view.queryText : undefined, machines.arranged().visible.length) : undefined;
    templatesView.message = ready ? viewMessage(controller.templates, view.templateFilter || undefined, templates.arranged().visible.length) : undefined;
    machinesView.description = ready ? viewDescription(view.arrangement) : undefined;
  };
  context.subscriptions.push(
    controller.machines.onDidChange(update),
    controller.templates.onDidChange(update),
    controller.onDidChangeSetup(update),
    view.onDidChange(update),
  );

  registerCommands(context, { controller, tokens, panels: () => panels, log, machines, templates, view });
  view.announce();
  void controller.reconfigure();
  log.info(`GPU Rental ${context.extension.packageJSON.version as string} activated.`);
  return { controller, machines, templates, machinesView, templatesView, panels, view, log, shownMessages, workspaceState: context.workspaceState };
}

export function deactivate(): void {
  // Everything, including requests in flight, is disposed through context.subscriptions.
}
