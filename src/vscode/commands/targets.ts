// Which items a command applies to: the tree item it was run on (or the whole
// selection), or, from the palette, what the person picks from the items the
// tree shows.
import * as vscode from 'vscode';
import type { Machine, Template } from '../../api/types';
import type { Controller } from '../services/controller';
import type { MarketHost } from '../services/marketHost';
import type { MachineNode } from '../views/machinesView';
import { lazyMachinePick, visibleMachines, type LazyPickOptions, type MarketAsker } from './lazyPick';
import { pickTemplate } from './quickPicks';
import type { TemplateNode } from '../views/templatesView';
import type { ViewState } from '../views/viewState';

type TreeNode = MachineNode | TemplateNode;

/** A tree node of this kind (a command's argument can be anything another extension passes). */
export function isNode<K extends TreeNode['kind']>(value: unknown, kind: K): value is Extract<TreeNode, { kind: K }> {
  return !!value && typeof value === 'object' && (value as TreeNode).kind === kind;
}

/** What a command given a node ID needs of the market: to ask it. */
export type MachineAsker = Pick<MarketHost, 'client'>;

/** What a command that acts on a row, a selection or a quick pick needs. */
export interface TargetDeps {
  /** Where a node ID is looked up, and the quick picks ask for the machines they offer. */
  marketHost: MachineAsker & MarketAsker;
  controller: Controller;
  /** The Machines view's filter, grouping and sort: the quick picks offer what it shows. */
  view: ViewState;
  /** The templates the Image Templates view shows (its quick picks). */
  templatesShown: TemplateAsker;
}

/** The listed machine a node ID names (hover links pass one), asked of the market; none for anything else, or when the market cannot say. */
export async function listed(market: MachineAsker, value: unknown): Promise<Machine[]> {
  if (typeof value !== 'string') return [];
  const machine = await market.client.request('machine', { nodeId: value }).catch(() => undefined);
  return machine ? [machine] : [];
}

/** The nodes a tree command applies to: the whole selection when it holds the clicked item. */
const nodesOf = (node: unknown, selected: unknown): unknown[] => (Array.isArray(selected) && selected.length > 1 ? selected : [node]);

export function machinesOf(node: unknown, selected: unknown): Machine[] {
  return nodesOf(node, selected).flatMap((n) => (isNode(n, 'machine') ? [n.machine] : []));
}

export function templatesOf(node: unknown, selected: unknown): Template[] {
  return nodesOf(node, selected).flatMap((n) => (isNode(n, 'template') ? [n.template] : []));
}

/** Quick pick over the machines the tree shows (the filter applies), or a message when none pass it. */
export async function pickVisibleMachine(host: MarketAsker, view: ViewState, title: string): Promise<Machine | undefined> {
  const none = view.filtered ? vscode.l10n.t('GPU Rental: no machine matches the current filter.') : vscode.l10n.t('GPU Rental: no machines are available.');
  const [machine] = (await pickVisible(host, view, 1, none, { title, placeHolder: vscode.l10n.t('Search by GPU, region, price, CUDA version or node ID'), many: false })) ?? [];
  return machine;
}

/** What the template quick picks read: the templates the view shows, in its order. */
export interface TemplateAsker {
  inOrder(): Promise<Template[]>;
}

export async function pickVisibleTemplate(templatesShown: TemplateAsker, title: string) {
  const templates = await templatesShown.inOrder();
  if (templates.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('GPU Rental: no image template matches.'));
    return undefined;
  }
  return pickTemplate(templates, title);
}

/** Several machines from the ones the tree shows, `preselected` already ticked. */
export function pickVisibleMachines(host: MarketAsker, view: ViewState, title: string, preselected: readonly Machine[]): Promise<Machine[] | undefined> {
  const none = view.filtered ? vscode.l10n.t('GPU Rental: fewer than two machines match the current filter.') : vscode.l10n.t('GPU Rental: fewer than two machines are available.');
  return pickVisible(host, view, 2, none, { title, placeHolder: vscode.l10n.t('Tick 2 to 8 machines; search by GPU, region, price, CUDA version or node ID'), many: true, preselected });
}

/** The lazy quick pick over the machines the tree shows, titled with the filter; `none` said instead when fewer than `least` pass it. */
async function pickVisible(host: MarketAsker, view: ViewState, least: number, none: string, options: LazyPickOptions): Promise<Machine[] | undefined> {
  const source = visibleMachines(host, view);
  const first = await source('');
  if (first.total < least) {
    void vscode.window.showInformationMessage(none);
    return undefined;
  }
  // "Copy Node ID (filter: gpus>=2)"
  const title = view.filtered ? vscode.l10n.t('{0} (filter: {1})', options.title, view.queryText) : options.title;
  return lazyMachinePick(source, first, { ...options, title });
}

/** The machines given in the tree's order (asked of the market); those the tree no longer shows (the filter changed) last, in the order given. */
export async function inTreeOrder(host: MarketAsker, view: ViewState, machines: readonly Machine[]): Promise<Machine[]> {
  const order = await host.client.request('order', { ...view.ask, nodeIds: machines.map((m) => m.node_name) });
  const position = new Map(order.map((id, i) => [id, i]));
  return [...machines].sort((a, b) => (position.get(a.node_name) ?? Infinity) - (position.get(b.node_name) ?? Infinity));
}
