// The Machines tree: machines filtered by the query, grouped and sorted as
// the user chose (by GPU model and price per GPU unless told otherwise).
import * as vscode from 'vscode';
import type { MachineRecord } from '../api/types';
import { arrangedGroupDescription, type ArrangedGroup } from '../model/arrange';
import { escapeMarkdownCell } from '../model/escape';
import { machineDetails, machineSummary, machineTitle } from '../model/machines';
import type { Market } from '../market/market';
import type { MachineView } from '../market/views';
import type { Controller } from './controller';
import type { MachineViewState } from './machineViewState';

export type MachineNode = { kind: 'group'; group: ArrangedGroup } | { kind: 'machine'; machine: MachineRecord; groupKey: string };

export class MachinesProvider implements vscode.TreeDataProvider<MachineNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<MachineNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly market: Market,
    private readonly controller: Controller,
    private readonly view: MachineViewState,
  ) {
    this.subscription = vscode.Disposable.from(
      market.onDidChange((change) => change.which === 'machines' && this.changed.fire(undefined)),
      controller.onDidChangeSetup(() => this.changed.fire(undefined)),
      view.onDidChange(() => this.changed.fire(undefined)),
    );
  }

  /** What the tree shows: the market's answer to the view's query (cached there). */
  current(): MachineView {
    return this.market.machineView(this.view.machineQuery);
  }

  getChildren(node?: MachineNode): MachineNode[] {
    if (!node) {
      this.controller.ensureLoaded('machines');
      if (this.controller.setup !== 'ready') {
        return []; // welcome content explains what to set up
      }
      const { groups } = this.current();
      if (this.view.arrangement.groupBy === 'none') {
        return groups.flatMap((group) => this.machineNodes(group));
      }
      return groups.map((group) => ({ kind: 'group', group }));
    }
    return node.kind === 'group' ? this.machineNodes(node.group) : [];
  }

  private machineNodes(group: ArrangedGroup): MachineNode[] {
    return group.machines.map((machine) => ({ kind: 'machine', machine, groupKey: group.key }));
  }

  getParent(node: MachineNode): MachineNode | undefined {
    if (node.kind === 'machine' && this.view.arrangement.groupBy !== 'none') {
      const group = this.current().groups.find((g) => g.key === node.groupKey);
      return group ? { kind: 'group', group } : undefined;
    }
    return undefined;
  }

  getTreeItem(node: MachineNode): vscode.TreeItem {
    return node.kind === 'group' ? groupItem(node.group) : machineItem(node.machine);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function groupItem(group: ArrangedGroup): vscode.TreeItem {
  const item = new vscode.TreeItem(group.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `group:${group.key}`;
  item.description = arrangedGroupDescription(group);
  item.contextValue = 'machineGroup';
  item.iconPath = new vscode.ThemeIcon('circuit-board');
  item.accessibilityInformation = { label: `${group.label}, ${item.description}` };
  return item;
}

function machineItem(machine: MachineRecord): vscode.TreeItem {
  const item = new vscode.TreeItem(machineTitle(machine), vscode.TreeItemCollapsibleState.None);
  item.id = `machine:${machine.node_name}`;
  item.description = machineSummary(machine);
  item.tooltip = machineTooltip(machine);
  item.contextValue = 'machine';
  item.iconPath = new vscode.ThemeIcon('vm');
  item.accessibilityInformation = { label: `${machineTitle(machine)}, ${machineSummary(machine)}` };
  item.command = { command: 'gpuRental.showMachineDetails', title: 'Show Machine Details', arguments: [{ kind: 'machine', machine }] };
  return item;
}

/** A compact table of every field. Data is escaped and the Markdown is untrusted: no links or HTML run. */
export function machineTooltip(machine: MachineRecord): vscode.MarkdownString {
  const rows = machineDetails(machine).map((row) => `| ${escapeMarkdownCell(row.label)} | ${escapeMarkdownCell(row.value)} |`);
  const markdown = new vscode.MarkdownString(['| Field | Value |', '|:--|:--|', ...rows].join('\n'));
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}
