// The Machines tree: one group per GPU model, machines cheapest first.
import * as vscode from 'vscode';
import type { MachineRecord } from '../api/types';
import { escapeMarkdownCell } from '../model/escape';
import { groupByGpu, groupDescription, machineDetails, machineSummary, machineTitle, type MachineGroup } from '../model/machines';
import type { Controller } from './controller';

export type MachineNode = { kind: 'group'; group: MachineGroup } | { kind: 'machine'; machine: MachineRecord; groupKey: string };

export class MachinesProvider implements vscode.TreeDataProvider<MachineNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<MachineNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private groups: MachineGroup[] = [];
  private groupedFrom: MachineRecord[] | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly controller: Controller) {
    this.subscription = vscode.Disposable.from(
      controller.machines.onDidChange(() => this.changed.fire(undefined)),
      controller.onDidChangeSetup(() => this.changed.fire(undefined)),
    );
  }

  /** The groups as currently shown (grouping is redone only when the data changes). */
  currentGroups(): MachineGroup[] {
    const items = this.controller.machines.items;
    if (items !== this.groupedFrom) {
      this.groupedFrom = items;
      this.groups = items ? groupByGpu(items) : [];
    }
    return this.groups;
  }

  getChildren(node?: MachineNode): MachineNode[] {
    if (!node) {
      this.controller.ensureLoaded('machines');
      if (this.controller.setup !== 'ready') {
        return []; // welcome content explains what to set up
      }
      return this.currentGroups().map((group) => ({ kind: 'group', group }));
    }
    if (node.kind === 'group') {
      return node.group.machines.map((machine) => ({ kind: 'machine', machine, groupKey: node.group.key }));
    }
    return [];
  }

  getParent(node: MachineNode): MachineNode | undefined {
    if (node.kind === 'machine') {
      const group = this.currentGroups().find((g) => g.key === node.groupKey);
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

function groupItem(group: MachineGroup): vscode.TreeItem {
  const item = new vscode.TreeItem(group.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `gpu:${group.key}`;
  item.description = groupDescription(group);
  item.contextValue = 'machineGroup';
  item.iconPath = new vscode.ThemeIcon('circuit-board');
  item.accessibilityInformation = { label: `${group.label}, ${groupDescription(group)}` };
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
