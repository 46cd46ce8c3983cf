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
import { AuthProvider, registerAuthProvider } from './vscode/services/authProvider';
import { ComparePanel } from './vscode/panels/comparePanel';
import { TrendsPanel } from './vscode/panels/trendsPanel';
import { DetailsPanels } from './vscode/panels/detailsPanel';
import { TemplatePanels } from './vscode/panels/templatePanel';
import { PlainHttpConsent } from './vscode/services/httpConsent';
import { describeError, Log } from './vscode/services/log';
import { MarketRequestError } from './market/worker/client';
import { ViewState } from './vscode/views/viewState';
import { onDidFlash, onDidNotify, type ShownMessage } from './vscode/services/notify';
import { MachinesProvider, type MachineNode } from './vscode/views/machinesView';
import { MachinesModel } from './vscode/views/machinesModel';
import { TemplatesProvider, type TemplateNode } from './vscode/views/templatesView';
import { TokenStore } from './vscode/services/tokenStore';
import { bindViewMessages } from './vscode/views/viewMessages';
import { TemplatesModel } from './vscode/views/templatesModel';
import { NearMissRows } from './vscode/views/nearMissRows';
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
import { Walkthrough, type FirstRunOutcome } from './vscode/features/walkthrough';
import { HistoryClearing, historyRoot } from './vscode/features/history';

/**
 * The internals, handed to the integration tests only (extension mode Test).
 * In production `activate` returns nothing: another extension could read the
 * token through any of these.
 */
export interface GpuRentalTestApi {
  controller: Controller;
  machines: MachinesProvider;
  /** The Machines view's answer for its query (what its root, messages and the status bar read). */
  machinesModel: MachinesModel;
  templates: TemplatesProvider;
  /** The Image Templates view's answer for its filter (what its root reads). */
  templatesModel: TemplatesModel;
  machinesView: vscode.TreeView<MachineNode>;
  templatesView: vscode.TreeView<TemplateNode>;
  panels: DetailsPanels;
  compare: ComparePanel;
  /** The Show Market Trends panel. */
  trends: TrendsPanel;
  templatePanels: TemplatePanels;
  view: ViewState;
  keys: ContextKeys;
  log: Log;
  tokens: TokenStore;
  /** The account in the Accounts menu (the provider VS Code calls). */
  auth: AuthProvider;
  /** The secret storage, written as another window would write it. */
  secrets: vscode.SecretStorage;
  /** The token the next sign-in from the Accounts menu takes instead of asking (once). */
  answerNextSignIn(token: string): void;
  watches: WatchService;
  /** Clear Market History (the history itself is kept by the market worker: ask it through marketHost). */
  history: HistoryClearing;
  /** `<globalStorage>/market-history`, where the market worker keeps one folder per service. */
  historyRoot: string;
  statusBar: StatusBar;
  /** The last 100 notifications shown (most recent last). */
  shownMessages: ShownMessage[];
  /** The last 100 status bar flashes, their text without the icon (most recent last). */
  flashes: string[];
  /** Where the view state is kept, so tests can read it back as a reload would. */
  workspaceState: vscode.Memento;
  /** The market worker (or its in-thread fallback): its client, the listings' state, their changes. */
  marketHost: MarketHost;
  /** The Machines view's near-miss rows, as the market last answered them. */
  nearMissRows: NearMissRows;
  /** Where the walkthrough's "shown" flag is kept. */
  globalState: vscode.Memento;
  walkthrough: Walkthrough;
  /** The first-run check as the next activation would run it. */
  firstRunAgain(): Promise<FirstRunOutcome>;
  /** The told-once check of saved filters and watches the word-prefix matching reads differently, as the next activation would run it; whether it told. */
  tellChangedReadingsAgain(): Promise<boolean>;
  /** Set API Token without the input box, as if the user had typed `token`. */
  setToken(token: string): Promise<void>;
  /** Retry delays for the clients made from now on (the fault tests use short ones). */
  useRetryPolicy(policy: Partial<RetryPolicy>): void;
}

export function activate(context: vscode.ExtensionContext): GpuRentalTestApi | undefined {
  configureLocalization();
  const log = new Log();
  const config = new Config();
  const keys = new ContextKeys();
  context.subscriptions.push(bindWalkthroughProgress(keys));
  keys.set('gpuRental.filterBoxOpen', false);
  const tokens = new TokenStore(context.secrets, log);
  let retryPolicy: Partial<RetryPolicy> = {};
  const controller = new Controller(config, tokens, log, new PlainHttpConsent(context.globalState));
  // The market runs in a worker of its own: it loads, keeps the history, and answers what the views ask.
  const marketHost = new MarketHost({ script: vscode.Uri.joinPath(context.extensionUri, 'dist', 'marketWorker.js').fsPath, config, controller, tokens, log, retryPolicy: () => retryPolicy, historyRoot: historyRoot(context.globalStorageUri) });
  controller.attach(marketHost);
  const history = new HistoryClearing(config, () => marketHost.client.request('history.clear', {}).then((r) => r.cleared), log);
  const view = new ViewState(context.workspaceState, config);
  const machinesModel = new MachinesModel(marketHost, view, log, { onDidChange: marketHost.onDidChangeHistory });
  // The host is read only when a snapshot's news arrives, after activation.
  const news: News = new News(marketHost, { machinesVisible: () => machinesView.visible });
  const nearMissRows = new NearMissRows(marketHost, view, log);
  const machines = new MachinesProvider(machinesModel, controller, view, config, news, nearMissRows);
  const templatesModel = new TemplatesModel(marketHost, view, log);
  const templates = new TemplatesProvider(templatesModel, controller);
  const machinesView = vscode.window.createTreeView(VIEW_IDS.machines, { treeDataProvider: machines, canSelectMany: true, showCollapseAll: true });
  const templatesView = vscode.window.createTreeView(VIEW_IDS.templates, { treeDataProvider: templates, canSelectMany: true, showCollapseAll: true });
  const panels = new DetailsPanels(context.extensionUri, marketHost, (ids) => copyIds(ids, 'node'), log, marketHost.onDidChangeHistory);
  const compare = new ComparePanel(
    context.extensionUri,
    marketHost,
    {
      copyNodeId: (id) => copyIds([id], 'node'),
      showDetails: (machine) => void panels.show(machine),
    },
    log,
  );
  const templatePanels = new TemplatePanels(context.extensionUri, marketHost, { copyImageReference: writeImageReference, copyTemplateJson: writeTemplateJson }, log);
  const watches: WatchService = new WatchService(marketHost, controller, config, log, {
    show: (watch, nodeId) => showInTree(view, machines, machinesView, watch.setting.query, nodeId),
  });
  context.subscriptions.push(log, tokens, controller, view, news, nearMissRows, machines, templates, machinesView, templatesView, panels, compare, templatePanels, watches);
  const statusBar = new StatusBar(marketHost, machinesModel, view, watches, config);
  const trends = new TrendsPanel(context.extensionUri, {
    view: (params, signal) =>
      marketHost.client.request('history.trends', params, signal).catch((err: unknown) => {
        if (!(err instanceof MarketRequestError && err.kind === 'cancelled')) log.warn(`The market trends could not be read: ${describeError(err, (text) => log.redact(text))}`);
        throw err;
      }),
    onDidChange: marketHost.onDidChangeHistory,
  });
  context.subscriptions.push(trends);
  context.subscriptions.push(marketHost, machinesModel, templatesModel, bindBadge(machinesView, news), statusBar, registerNodeIdHover(marketHost, config, log), registerTools(marketHost, controller));
  context.subscriptions.push(registerMcpServer(context, config, tokens));
  let nextSignIn: string | undefined;
  const tokenDeps = { tokens, controller };
  const auth = registerAuthProvider(tokens, config, { signIn: () => setToken(tokenDeps, nextSignIn).finally(() => (nextSignIn = undefined)), signOut: () => clearToken(tokenDeps) });
  context.subscriptions.push(auth.registration);
  context.subscriptions.push(bindViewMessages({ host: marketHost, machines: machinesModel, templates: templatesModel, controller, view, keys, machinesView, templatesView }));

  const walkthrough = new Walkthrough(context, [machinesView, templatesView], log);
  context.subscriptions.push(walkthrough);

  const panelOpeners = { details: panels, compare, template: templatePanels, trends };
  context.subscriptions.push(registerCommands(commandTable({ marketHost, controller, tokens, config, view, templatesShown: templatesModel, watches, machines, walkthrough, history, keys, panels: panelOpeners }), log));
  void controller.reconfigure();
  walkthrough.startFirstRun();
  void tellChangedReadings(context.globalState, config, watches).catch((err) => log.error(`Telling changed readings failed: ${describeError(err, (text) => log.redact(text))}`));
  log.info(`GPU Rental ${context.extension.packageJSON.version as string} activated.`);
  if (context.extensionMode !== vscode.ExtensionMode.Test) {
    return undefined;
  }
  // What a user was told, kept only for the tests.
  const shownMessages: ShownMessage[] = [];
  const flashes: string[] = [];
  context.subscriptions.push(onDidNotify((message) => keepLast(shownMessages, message)), onDidFlash((text) => keepLast(flashes, text)));
  return exportsFor(context.extensionMode, {
    controller,
    machines,
    machinesModel,
    templatesModel,
    templates,
    machinesView,
    templatesView,
    panels,
    compare,
    trends,
    templatePanels,
    view,
    keys,
    log,
    tokens,
    auth: auth.provider,
    secrets: context.secrets,
    answerNextSignIn: (token) => {
      nextSignIn = token;
    },
    watches,
    history,
    historyRoot: historyRoot(context.globalStorageUri),
    marketHost,
    nearMissRows,
    statusBar,
    shownMessages,
    flashes,
    workspaceState: context.workspaceState,
    globalState: context.globalState,
    walkthrough,
    firstRunAgain: () => {
      const again = new Walkthrough(context, [machinesView, templatesView], log);
      again.startFirstRun();
      return again.firstRun.finally(() => again.dispose());
    },
    tellChangedReadingsAgain: () => tellChangedReadings(context.globalState, config, watches),
    setToken: (token) => setToken(tokenDeps, token),
    useRetryPolicy: (policy) => {
      retryPolicy = policy;
    },
  });
}

/**
 * What another extension gets from `getExtension(...).exports`: nothing,
 * except in the extension host of our own test runs.
 */
export function exportsFor(mode: vscode.ExtensionMode, internals: GpuRentalTestApi): GpuRentalTestApi | undefined {
  return mode === vscode.ExtensionMode.Test ? internals : undefined;
}

function keepLast<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > 100) list.shift();
}

export function deactivate(): void {
  // Everything, including requests in flight, is disposed through context.subscriptions.
}
