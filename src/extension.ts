// Wires the extension together; the behaviour lives in src/vscode, src/api and src/model.
import * as vscode from 'vscode';
import { Config } from './vscode/config';
import { Controller, VIEW_IDS } from './vscode/controller';
import { registerCommands, copyIds } from './vscode/commands';
import { DetailsPanels } from './vscode/detailsPanel';
import { Log } from './vscode/log';
import { MachinesProvider, type MachineNode } from './vscode/machinesView';
import { TemplatesProvider, type TemplateNode } from './vscode/templatesView';
import { TokenStore } from './vscode/tokenStore';

/** What `activate` returns: used by the integration tests to look at the trees and panels. */
export interface GpuRentalApi {
  controller: Controller;
  machines: MachinesProvider;
  templates: TemplatesProvider;
  machinesView: vscode.TreeView<MachineNode>;
  templatesView: vscode.TreeView<TemplateNode>;
  panels: DetailsPanels;
  log: Log;
}

export function activate(context: vscode.ExtensionContext): GpuRentalApi {
  const log = new Log();
  const config = new Config();
  const tokens = new TokenStore(context.secrets, log);
  const controller = new Controller(config, tokens, log);
  const machines = new MachinesProvider(controller);
  const templates = new TemplatesProvider(controller);
  const machinesView = vscode.window.createTreeView(VIEW_IDS.machines, { treeDataProvider: machines, canSelectMany: true, showCollapseAll: true });
  const templatesView = vscode.window.createTreeView(VIEW_IDS.templates, { treeDataProvider: templates, canSelectMany: true, showCollapseAll: true });
  const panels = new DetailsPanels(context.extensionUri, controller, (ids) => copyIds(ids, 'node ID'));
  context.subscriptions.push(log, tokens, controller, machines, templates, machinesView, templatesView, panels);

  const showMessages = () => {
    machinesView.message = controller.setup === 'ready' ? controller.machines.message : undefined;
    templatesView.message = controller.setup === 'ready' ? controller.templates.message : undefined;
  };
  context.subscriptions.push(
    controller.machines.onDidChange(showMessages),
    controller.templates.onDidChange(showMessages),
    controller.onDidChangeSetup(showMessages),
  );

  registerCommands(context, { controller, tokens, panels: () => panels, log });
  void controller.reconfigure();
  log.info(`GPU Rental ${context.extension.packageJSON.version as string} activated.`);
  return { controller, machines, templates, machinesView, templatesView, panels, log };
}

export function deactivate(): void {
  // Everything, including requests in flight, is disposed through context.subscriptions.
}
