// Wires the extension together; the behaviour lives in src/market, src/vscode, src/api and src/model.
import * as vscode from 'vscode';
import type { RetryPolicy } from './api/client';
import { Config } from './vscode/services/config';
import { ContextKeys } from './vscode/services/contextKeys';
import { bindWalkthroughProgress } from './vscode/services/walkthroughProgress';
import { Controller } from './vscode/services/controller';
import { MarketHost } from './vscode/services/marketHost';
import { VIEW_IDS } from './vscode/services/viewIds';
import { commandTable, registerCommands } from './vscode/commands/commands';
import { copyIds, writeImageReference, writeTemplateJson } from './vscode/commands/clipboard';
import { clearToken, setToken } from './vscode/commands/tokenCommands';
import { AuthProvider } from './vscode/services/authProvider';
import { DisposableStore } from './vscode/services/lifecycle';
import { ComparePanel } from './vscode/panels/comparePanel';
import { TrendsPanel } from './vscode/panels/trendsPanel';
import { DetailsPanels } from './vscode/panels/detailsPanel';
import { TemplatePanels } from './vscode/panels/templatePanel';
import { PlainHttpConsent } from './vscode/services/httpConsent';
import { describeError, Log } from './vscode/services/log';
import { ViewState } from './vscode/views/viewState';
import { MachinesProvider } from './vscode/views/machinesView';
import { MachinesModel } from './vscode/views/machinesModel';
import { TemplatesProvider } from './vscode/views/templatesView';
import { TokenStore } from './vscode/services/tokenStore';
import { bindViewMessages } from './vscode/views/viewMessages';
import { TemplatesModel } from './vscode/views/templatesModel';
import { NearMissRows } from './vscode/views/nearMissRows';
import { FilterOutlook } from './vscode/views/filterOutlook';
import { News } from './vscode/features/news';
import { bindBadge } from './vscode/features/badge';
import { StatusBar } from './vscode/features/statusBar';
import { registerNodeIdHover } from './vscode/features/nodeIdHover';
import { registerTools } from './vscode/features/lmTools';
import { registerMcpServer } from './vscode/features/mcp';
import { showInTree } from './vscode/views/reveal';
import { WatchService } from './vscode/features/watches';
import { tellChangedReadings } from './vscode/features/readings';
import { configureLocalization } from './vscode/services/l10n';
import { openWalkthrough } from './vscode/features/walkthrough';
import { HistoryClearing, historyRoot } from './vscode/features/history';

/** What activation builds: one DisposableStore owns it, the one entry of `context.subscriptions`. */
export type Wiring = ReturnType<typeof compose>;

export function activate(context: vscode.ExtensionContext): void {
  compose(context);
}

/** Builds and wires the extension; `retryPolicy` gives the retry delays of each client made (by default, the client's own). */
export function compose(context: vscode.ExtensionContext, { retryPolicy = () => ({}) }: { retryPolicy?: () => Partial<RetryPolicy> } = {}) {
  configureLocalization();
  const own = new DisposableStore();
  context.subscriptions.push(own);
  const log = own.add(new Log());
  const config = new Config();
  const keys = new ContextKeys();
  own.add(bindWalkthroughProgress(keys));
  keys.set('gpuRental.filterBoxOpen', false);
  const tokens = own.add(new TokenStore(context.secrets, log));
  const controller = own.add(new Controller(config, tokens, log, new PlainHttpConsent(context.globalState)));
  // The market runs in a worker of its own: it loads, keeps the history, and answers what the views ask.
  const marketHost = own.add(new MarketHost({ script: vscode.Uri.joinPath(context.extensionUri, 'dist', 'marketWorker.js').fsPath, config, controller, tokens, log, retryPolicy, historyRoot: historyRoot(context.globalStorageUri) }));
  controller.attach(marketHost);
  const history = new HistoryClearing(config, () => marketHost.client.request('history.clear', {}).then((r) => r.cleared), log);
  const view = own.add(new ViewState(context.workspaceState, config));
  const machinesModel = own.add(new MachinesModel(marketHost, view, log, { onDidChange: marketHost.onDidChangeHistory }));
  // The host is read only when a snapshot's news arrives, after activation.
  const news: News = own.add(new News(marketHost, { machinesVisible: () => machinesView.visible }));
  const nearMissRows = own.add(new NearMissRows(marketHost, view, log));
  const machines = own.add(new MachinesProvider(machinesModel, controller, view, config, news, nearMissRows));
  const templatesModel = own.add(new TemplatesModel(marketHost, view, log));
  const templates = own.add(new TemplatesProvider(templatesModel, controller));
  const machinesView = own.add(vscode.window.createTreeView(VIEW_IDS.machines, { treeDataProvider: machines, canSelectMany: true, showCollapseAll: true }));
  const templatesView = own.add(vscode.window.createTreeView(VIEW_IDS.templates, { treeDataProvider: templates, canSelectMany: true, showCollapseAll: true }));
  // Rows no one sees are not waited for.
  controller.firstMachines(() => (machinesView.visible ? machines.nextRows() : Promise.resolve()));
  const panels = own.add(new DetailsPanels(context.extensionUri, marketHost, (ids) => copyIds(ids, 'node'), log, marketHost.onDidChangeHistory, view));
  const compare = own.add(new ComparePanel(
    context.extensionUri,
    marketHost,
    {
      copyNodeId: (id) => copyIds([id], 'node'),
      showDetails: (machine) => void panels.show(machine),
    },
    log,
    view,
  ));
  const templatePanels = own.add(new TemplatePanels(context.extensionUri, marketHost, { copyImageReference: writeImageReference, copyTemplateJson: writeTemplateJson }, log));
  const watches: WatchService = own.add(
    new WatchService(marketHost, controller, config, log, {
      show: (watch, nodeId) => showInTree(view, machines, machinesView, watch.setting.query, nodeId),
    }),
  );
  const statusBar = own.add(new StatusBar(marketHost, machinesModel, view, watches, config));
  const outlook = own.add(new FilterOutlook(marketHost, view, log));
  const trends = own.add(new TrendsPanel(context.extensionUri, marketHost, outlook, log));
  own.add(bindBadge(machinesView, news));
  own.add(registerNodeIdHover(marketHost, config, log));
  own.add(registerTools(marketHost, controller));
  own.add(registerMcpServer(context, config, tokens));
  const tokenDeps = { tokens, controller };
  const auth = own.add(new AuthProvider(tokens, config, { signIn: () => setToken(tokenDeps), signOut: () => clearToken(tokenDeps) }));
  own.add(bindViewMessages({ host: marketHost, machines: machinesModel, templates: templatesModel, controller, view, keys, machinesView, templatesView, outlook }));

  own.add(registerCommands(commandTable({ marketHost, controller, tokens, config, view, templatesShown: templatesModel, watches, machines, walkthrough: { open: () => openWalkthrough(context.extension.id) }, history, keys, panels: { details: panels, compare, template: templatePanels, trends } }), log));
  void controller.reconfigure();
  void tellChangedReadings(context.globalState, config, watches).catch((err) => log.error(`Telling changed readings failed: ${describeError(err, (text) => log.redact(text))}`));
  log.info(`GPU Rental ${context.extension.packageJSON.version as string} activated.`);
  return { config, controller, tokens, tokenDeps, log, keys, view, marketHost, machines, machinesModel, templates, templatesModel, machinesView, templatesView, nearMissRows, panels, compare, trends, templatePanels, watches, history, statusBar, auth };
}
