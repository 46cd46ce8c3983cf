// Everything the views say about the state of the market and of the setup,
// derived in one place whenever any of them changes: the message above each
// tree, the Machines view's description, and the context keys that drive
// welcome content and menus.
import * as vscode from 'vscode';
import { arrangementDescription } from '../../model/arrange';
import { viewMessage } from '../../model/status';
import type { ContextKeys } from '../services/contextKeys';
import type { Controller } from '../services/controller';
import { DisposableStore } from '../services/lifecycle';
import type { MarketHost } from '../services/marketHost';
import type { MachinesModel } from './machinesModel';
import type { FilterOutlook } from './filterOutlook';
import type { TemplatesModel } from './templatesModel';
import type { ViewState } from './viewState';

export interface ViewParts {
  /** Each listing's state and its changes. */
  host: Pick<MarketHost, 'state' | 'onDidChange'>;
  /** The Machines view's answer: counts and filter text. */
  machines: MachinesModel;
  /** The Image Templates view's answer: counts and filter text. */
  templates: TemplatesModel;
  controller: Controller;
  view: ViewState;
  keys: ContextKeys;
  machinesView: vscode.TreeView<unknown>;
  templatesView: vscode.TreeView<unknown>;
  /** The filter's outlook line (issue 36), after the counts. */
  outlook: Pick<FilterOutlook, 'line' | 'onDidChange'>;
}

/** Keeps messages, description and context keys in step with the market; returns what to dispose. */
export function bindViewMessages(parts: ViewParts): vscode.Disposable {
  // While the Machines view's model asks, its message waits for the answer: set before the rows came, it
  // would take the one change VS Code passes at once (see show), and the rows would wait 200 ms or more.
  const update = () => updateViewMessages(parts, !parts.machines.asking);
  update();
  return new DisposableStore(
    parts.host.onDidChange(update),
    parts.machines.onDidChange(update),
    parts.templates.onDidChange(update),
    parts.controller.onDidChangeSetup(update),
    parts.view.onDidChange(update),
    parts.outlook.onDidChange(update),
  );
}

function updateViewMessages({ host, machines, templates, controller, view, keys, machinesView, templatesView, outlook }: ViewParts, machinesMessage: boolean): void {
  // Nothing above the trees until the setup is ready: the welcome content says what to do.
  const ready = controller.setup === 'ready';
  const arrangement = view.arrangement;
  const [m, state, t, tState] = [machines.summary, host.state('machines'), templates.answer, host.state('templates')];
  if (machinesMessage) {
    const counts = ready ? viewMessage('machine', m?.filterText ?? '', m?.matching ?? 0, state?.count !== undefined ? m?.total : undefined, state?.status) : undefined;
    const line = m?.filterText ? outlook.line() : undefined;
    show(machinesView, 'message', counts && line ? `${counts} · ${line}` : counts);
  }
  show(templatesView, 'message', ready ? viewMessage('template', t?.filterText ?? '', t?.matching ?? 0, tState?.count !== undefined ? t?.total : undefined, tState?.status) : undefined);
  show(machinesView, 'description', ready ? arrangementDescription(arrangement) : undefined);
  keys.set('gpuRental.setup', controller.setup);
  // With nothing to show, a rejected token gets welcome content with a button, not only a message.
  keys.set('gpuRental.tokenRejected', (['machines', 'templates'] as const).map((which) => host.state(which)).some((s) => s?.errorKind === 'auth' && s.count === undefined));
  keys.set('gpuRental.machines.filtered', view.filtered);
  keys.set('gpuRental.machines.groupBy', arrangement.groupBy);
  keys.set('gpuRental.machines.sortBy', arrangement.sortBy);
  keys.set('gpuRental.machines.sortOrder', arrangement.order);
  keys.set('gpuRental.machines.job', arrangement.job !== undefined);
  keys.set('gpuRental.templates.filtered', view.templateFilter !== '');
}

/**
 * VS Code passes a tree's message and its data changes through one debounce
 * (200 ms, first event at once, each next one pushing the rest back another
 * 200 ms): setting the same message when a load starts used up the "at once",
 * and the rows that came soon after waited 200 ms or more.
 */
function show(view: vscode.TreeView<unknown>, what: 'message' | 'description', text: string | undefined): void {
  if (view[what] !== text) view[what] = text;
}
