// Which items a command applies to: the tree item it was run on (or the whole
// selection), or, from the palette, what the person picks from the items the
// tree shows.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import type { MarketHost } from '../services/marketHost';
import type { MachineNode } from '../views/machinesView';
import { showInfo } from '../services/notify';
import { pickMachine, pickMachines, pickTemplate } from './quickPicks';
import type { TemplateNode } from '../views/templatesView';
import type { Visible } from '../views/visible';

export function isMachineNode(value: unknown): value is Extract<MachineNode, { kind: 'machine' }> {
  return !!value && typeof value === 'object' && (value as MachineNode).kind === 'machine';
}

export function isMoreNode(value: unknown): value is Extract<MachineNode, { kind: 'more' }> {
  return !!value && typeof value === 'object' && (value as MachineNode).kind === 'more';
}

export function isTemplateNode(value: unknown): value is Extract<TemplateNode, { kind: 'template' }> {
  return !!value && typeof value === 'object' && (value as TemplateNode).kind === 'template';
}

/** What a command given a node ID needs of the market: to ask it. */
export type MachineAsker = Pick<MarketHost, 'client'>;

/** The listed machine a node ID names (hover links pass one), asked of the market; none for anything else, or when the market cannot say. */
export async function listed(market: MachineAsker, value: unknown): Promise<Machine[]> {
  if (typeof value !== 'string') return [];
  const machine = await market.client.request('machine', { nodeId: value }).catch(() => undefined);
  return machine ? [machine] : [];
}

/** The machines a tree command applies to: the whole selection when it holds the clicked item. */
export function machinesOf(node: unknown, selected: unknown) {
  const nodes = Array.isArray(selected) && selected.length > 1 ? selected : [node];
  return nodes.filter(isMachineNode).map((n) => n.machine);
}

export function templatesOf(node: unknown, selected: unknown) {
  const nodes = Array.isArray(selected) && selected.length > 1 ? selected : [node];
  return nodes.filter(isTemplateNode).map((n) => n.template);
}

/** Quick pick over the machines the tree shows (the filter applies), or a message when none pass it. */
export async function pickVisibleMachine(visible: Visible, title: string) {
  const machines = visible.machinesInOrder();
  if (machines.length === 0) {
    void showInfo(visible.state.filtered ? vscode.l10n.t('GPU Rental: no machine matches the current filter.') : vscode.l10n.t('GPU Rental: no machines are available.'));
    return undefined;
  }
  return pickMachine(machines, titleFor(visible, title));
}

export async function pickVisibleTemplate(visible: Visible, title: string) {
  const templates = visible.templatesInOrder();
  if (templates.length === 0) {
    void showInfo(vscode.l10n.t('GPU Rental: no image template matches.'));
    return undefined;
  }
  return pickTemplate(templates, title);
}

/** Several machines from the ones the tree shows, `preselected` already ticked. */
export async function pickVisibleMachines(visible: Visible, title: string, preselected: readonly Machine[]): Promise<Machine[] | undefined> {
  const machines = visible.machinesInOrder();
  if (machines.length < 2) {
    void showInfo(visible.state.filtered ? vscode.l10n.t('GPU Rental: fewer than two machines match the current filter.') : vscode.l10n.t('GPU Rental: fewer than two machines are available.'));
    return undefined;
  }
  return pickMachines(machines, titleFor(visible, title), preselected);
}

/** "Copy Node ID (filter: gpus>=2)" */
function titleFor(visible: Visible, title: string): string {
  return visible.state.filtered ? vscode.l10n.t('{0} (filter: {1})', title, visible.state.queryText) : title;
}
