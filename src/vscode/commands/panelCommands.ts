// Compare Machines, Show Template Details, Copy Image Reference and Copy
// Template as JSON (registered with the others in the table in commands.ts).
import * as vscode from 'vscode';
import type { MachineRecord, Template } from '../../api/types';
import { MAX_COMPARED } from '../../model/compare';
import { imageReference } from '../../model/imageRef';
import { maskedTemplate } from '../../model/secrets';
import { machinesInOrder } from '../../market/views';
import type { CommandDeps } from './commands';
import { showInfo } from '../services/notify';
import { machinesOf, pickVisibleMachines, pickVisibleTemplate, templatesOf } from './targets';

/**
 * From a multi-selection of the Machines tree, or from the palette (a
 * multi-select quick pick, with the selection ticked). Always in the tree's
 * order, so the columns read as the tree does; past eight, the first eight.
 */
export async function compareMachines(deps: CommandDeps, node: unknown, selected: unknown): Promise<void> {
  let machines: MachineRecord[] | undefined = machinesOf(node, selected);
  if (machines.length < 2) {
    if (!(await deps.controller.ensureData('machines'))) {
      return;
    }
    machines = await pickVisibleMachines(deps, vscode.l10n.t('Compare Machines'), machines);
    if (!machines) {
      return;
    }
    if (machines.length < 2) {
      void showInfo(vscode.l10n.t('GPU Rental: choose at least two machines to compare.'));
      return;
    }
  }
  const ordered = inTreeOrder(deps, machines);
  if (ordered.length > MAX_COMPARED) {
    void showInfo(vscode.l10n.t('GPU Rental: {0} machines were chosen. Comparing the first {1} in the order of the tree.', ordered.length, MAX_COMPARED));
  }
  deps.compare().show(ordered.slice(0, MAX_COMPARED));
}

function inTreeOrder(deps: CommandDeps, machines: readonly MachineRecord[]): MachineRecord[] {
  const position = new Map(machinesInOrder(deps.machines.current()).map((m, i) => [m.node_name, i]));
  // A machine the tree no longer shows (the filter changed) goes last, in the order given.
  return [...machines].sort((a, b) => (position.get(a.node_name) ?? Infinity) - (position.get(b.node_name) ?? Infinity));
}

async function templateFor(deps: CommandDeps, node: unknown, title: string): Promise<Template | undefined> {
  const [fromTree] = templatesOf(node, undefined);
  return fromTree ?? ((await deps.controller.ensureData('templates')) ? await pickVisibleTemplate(deps, title) : undefined);
}

export async function showTemplateDetails(deps: CommandDeps, node: unknown): Promise<void> {
  const [fromTree] = templatesOf(node, undefined);
  if (fromTree) {
    // A click in the tree keeps the focus there, so arrows keep moving through templates.
    deps.templatePanels().show(fromTree, true);
    return;
  }
  const template = await templateFor(deps, undefined, vscode.l10n.t('Show Template Details'));
  if (template) {
    deps.templatePanels().show(template);
  }
}

export async function copyImageReference(deps: CommandDeps, node: unknown): Promise<void> {
  const template = await templateFor(deps, node, vscode.l10n.t('Copy Image Reference'));
  if (template) {
    await writeImageReference(template);
  }
}

export async function writeImageReference(template: Template): Promise<void> {
  const reference = imageReference(template);
  await vscode.env.clipboard.writeText(reference);
  vscode.window.setStatusBarMessage(`$(check) ${vscode.l10n.t('Copied image reference of template {0}', template.id)}`, 4000);
}

export async function copyTemplateJson(deps: CommandDeps, node: unknown): Promise<void> {
  const template = await templateFor(deps, node, vscode.l10n.t('Copy Template as JSON'));
  if (template) {
    await writeTemplateJson(template);
  }
}

export async function writeTemplateJson(template: Template): Promise<void> {
  // Secrets are masked: this JSON ends up in chats, issues and scripts.
  await vscode.env.clipboard.writeText(JSON.stringify(maskedTemplate(template), null, 2));
  vscode.window.setStatusBarMessage(`$(check) ${vscode.l10n.t('Copied template {0} as JSON (secrets masked)', template.id)}`, 4000);
}
