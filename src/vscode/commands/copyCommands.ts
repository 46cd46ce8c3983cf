// Copy Node ID and Copy Template ID: from tree items (a multi-selection
// too), a hover link, or a quick pick of what the views show.
import * as vscode from 'vscode';
import { copyIds } from './clipboard';
import { listed, machinesOf, pickVisibleMachine, pickVisibleTemplate, type TargetDeps, templatesOf } from './targets';

export async function copyNodeId({ marketHost, controller, view }: TargetDeps, node: unknown, selected: unknown): Promise<void> {
  let ids = [...(await listed(marketHost, node)), ...machinesOf(node, selected)].map((m) => m.node_name);
  if (ids.length === 0) {
    const machine = (await controller.ensureData('machines')) && (await pickVisibleMachine(marketHost, view, vscode.l10n.t('Copy Node ID')));
    ids = machine ? [machine.node_name] : [];
  }
  await copyIds(ids, 'node');
}

export async function copyTemplateId({ controller, templatesShown }: TargetDeps, node: unknown, selected: unknown): Promise<void> {
  let ids = templatesOf(node, selected).map((t) => String(t.id));
  if (ids.length === 0) {
    const template = (await controller.ensureData('templates')) && (await pickVisibleTemplate(templatesShown, vscode.l10n.t('Copy Template ID')));
    ids = template ? [String(template.id)] : [];
  }
  await copyIds(ids, 'template');
}
