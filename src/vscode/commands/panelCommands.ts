// Show Machine Details, Compare Machines, Show Template Details, Copy Image
// Reference and Copy Template as JSON (registered with the others in the
// table in commands.ts).
import * as vscode from 'vscode';
import type { Machine, Template } from '../../api/types';
import { MAX_COMPARED } from '../../model/compare';
import { writeImageReference, writeTemplateJson } from './clipboard';
import { inTreeOrder, listed, machinesOf, pickVisibleMachine, pickVisibleMachines, pickVisibleTemplate, type TargetDeps, templatesOf } from './targets';

/** What these commands need of the panels: opening one. */
export interface PanelOpeners {
  details: { show(machine: Machine, preserveFocus?: boolean): Promise<void> };
  compare: { show(machines: readonly Machine[]): void };
  template: { show(template: Template, preserveFocus?: boolean): Promise<void> };
  trends: { show(models?: readonly string[]): Promise<void> };
}

export interface PanelCommandDeps extends TargetDeps {
  panels: PanelOpeners;
}

/** From a tree item, a hover link (a node ID) or the palette (a quick pick). */
export async function showMachineDetails({ marketHost, controller, view, panels }: PanelCommandDeps, node: unknown): Promise<void> {
  const [fromTree] = [...(await listed(marketHost, node)), ...machinesOf(node, undefined)];
  if (fromTree) {
    await panels.details.show(fromTree, true);
    return;
  }
  const machine = (await controller.ensureData('machines')) && (await pickVisibleMachine(marketHost, view, vscode.l10n.t('Show Machine Details')));
  if (machine) {
    await panels.details.show(machine);
  }
}

/**
 * From a multi-selection of the Machines tree, or from the palette (a
 * multi-select quick pick, with the selection ticked). Always in the tree's
 * order, so the columns read as the tree does; past eight, the first eight.
 */
export async function compareMachines({ controller, view, marketHost, panels }: PanelCommandDeps, node: unknown, selected: unknown): Promise<void> {
  let machines: Machine[] | undefined = machinesOf(node, selected);
  if (machines.length < 2) {
    if (!(await controller.ensureData('machines'))) {
      return;
    }
    machines = await pickVisibleMachines(marketHost, view, vscode.l10n.t('Compare Machines'), machines);
    if (!machines) {
      return;
    }
    if (machines.length < 2) {
      void vscode.window.showInformationMessage(vscode.l10n.t('GPU Rental: choose at least two machines to compare.'));
      return;
    }
  }
  const ordered = await inTreeOrder(marketHost, view, machines);
  if (ordered.length > MAX_COMPARED) {
    void vscode.window.showInformationMessage(vscode.l10n.t('GPU Rental: {0} machines were chosen. Comparing the first {1} in the order of the tree.', ordered.length, MAX_COMPARED));
  }
  panels.compare.show(ordered.slice(0, MAX_COMPARED));
}

export function showTemplateDetails(deps: PanelCommandDeps, node: unknown): Promise<void> {
  // A click in the tree keeps the focus there, so arrows keep moving through templates.
  const fromTree = templatesOf(node, undefined).length > 0;
  return withTemplate(deps, node, vscode.l10n.t('Show Template Details'), (template) => deps.panels.template.show(template, fromTree));
}

export function copyImageReference(deps: PanelCommandDeps, node: unknown): Promise<void> {
  return withTemplate(deps, node, vscode.l10n.t('Copy Image Reference'), writeImageReference);
}

export function copyTemplateJson(deps: PanelCommandDeps, node: unknown): Promise<void> {
  return withTemplate(deps, node, vscode.l10n.t('Copy Template as JSON'), writeTemplateJson);
}

/** The template of the node, or one picked under `title`; `act` runs on it unless the pick was cancelled. */
async function withTemplate({ controller, templatesShown }: PanelCommandDeps, node: unknown, title: string, act: (template: Template) => Promise<void>): Promise<void> {
  const [fromTree] = templatesOf(node, undefined);
  const template = fromTree ?? ((await controller.ensureData('templates')) ? await pickVisibleTemplate(templatesShown, title) : undefined);
  if (template) {
    await act(template);
  }
}

/**
 * From the palette or the Machines view's title menu (the models the view's
 * filter names, or those it showed, or the one with the most GPUs listed),
 * from a group's context menu (the GPU models of its machines), or with a
 * model's name (another command).
 */
export function showTrends({ panels }: PanelCommandDeps, node: unknown): Promise<void> {
  if (typeof node === 'string' && node !== '') {
    return panels.trends.show([node]);
  }
  const group = node && typeof node === 'object' && (node as { kind?: unknown }).kind === 'group' ? (node as { group?: { models?: readonly string[] } }).group : undefined;
  return panels.trends.show(group?.models ? [...group.models] : undefined);
}
