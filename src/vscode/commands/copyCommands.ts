// Copy Node ID and Copy Template ID: from tree items (a multi-selection
// too), a hover link, or a quick pick of what the views show.
import * as vscode from 'vscode';
import type { Controller } from '../services/controller';
import type { MarketAsker } from './lazyPick';
import type { ViewState } from '../views/viewState';
import { copyIds } from './clipboard';
import { listed, machinesOf, type MachineAsker, pickVisibleMachine, pickVisibleTemplate, type TemplateAsker, templatesOf } from './targets';

export interface CopyCommandDeps {
  /** Where a node ID is looked up, and the quick picks ask for the machines they offer. */
  marketHost: MachineAsker & MarketAsker;
  controller: Controller;
  /** The Machines view's filter, grouping and sort: the quick picks offer what it shows. */
  view: ViewState;
  /** The templates the Image Templates view shows (its quick picks). */
  templatesShown: TemplateAsker;
}

export async function copyNodeId({ marketHost, controller, view }: CopyCommandDeps, node: unknown, selected: unknown): Promise<void> {
  let ids = [...(await listed(marketHost, node)), ...machinesOf(node, selected)].map((m) => m.node_name);
  if (ids.length === 0) {
    const machine = (await controller.ensureData('machines')) && (await pickVisibleMachine(marketHost, view, vscode.l10n.t('Copy Node ID')));
    ids = machine ? [machine.node_name] : [];
  }
  await copyIds(ids, 'node');
}

export async function copyTemplateId({ controller, templatesShown }: CopyCommandDeps, node: unknown, selected: unknown): Promise<void> {
  let ids = templatesOf(node, selected).map((t) => String(t.id));
  if (ids.length === 0) {
    const template = (await controller.ensureData('templates')) && (await pickVisibleTemplate(templatesShown, vscode.l10n.t('Copy Template ID')));
    ids = template ? [String(template.id)] : [];
  }
  await copyIds(ids, 'template');
}
