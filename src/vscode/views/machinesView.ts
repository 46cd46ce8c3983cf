// The Machines tree: machines filtered by the query, grouped and sorted as
// the user chose (by GPU model and price per GPU unless told otherwise).
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import { groupKeyOf, type ArrangedGroup } from '../../model/arrange';
import { lowestPerGpu, type MarketFacts } from '../../model/memoryText';
import type { NearMiss } from '../../model/nearMiss';
import type { Market } from '../../market/market';
import type { MachineView } from '../../market/views';
import type { Config } from '../services/config';
import type { Controller } from '../services/controller';
import { groupItem, groupTooltip, machineItem, machineTooltip, moreItem, nearMissItem, type MoreNode } from './machineItems';
import type { Visible } from './visible';

type GroupNode = { kind: 'group'; group: ArrangedGroup };
type MachineLeaf = { kind: 'machine'; machine: Machine; groupKey: string };

/** A row below a filter that finds fewer than three machines: the smallest change to one clause, applied on click. */
type NearMissNode = { kind: 'nearMiss'; miss: NearMiss };
export type MachineNode = GroupNode | MachineLeaf | MoreNode | NearMissNode;

/** The key of the one implicit group when machines are not grouped. */
const ROOT = 'all';

export class MachinesProvider implements vscode.TreeDataProvider<MachineNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<MachineNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /** Rows shown per group key beyond the first slice; kept across refreshes, dropped with a new filter or arrangement. */
  private readonly shown = new Map<string, number>();
  /** Group nodes handed to VS Code for the current view: refreshing one group needs the same object. */
  private groupNodes: { view: MachineView; byKey: Map<string, GroupNode> } | undefined;
  private refreshQueued = false;

  constructor(
    private readonly market: Market,
    private readonly controller: Controller,
    /** What the tree shows (and the view state that asks for it). */
    private readonly visible: Visible,
    private readonly config: Config,
    /** Which machines to mark "new" (features/news.ts). */
    private readonly marks: { isNew(nodeId: string): boolean; onDidChange: vscode.Event<void> },
    /** The market history: a model's week in its group's tooltip, a machine's place against its model's median on its row. */
    private readonly facts: MarketFacts & { onDidChange: vscode.Event<void> },
    /** The near-miss rows below a filter that finds fewer than three machines (views/nearMissRows.ts). */
    private readonly nearMisses: { current(): readonly NearMiss[]; onDidChange: vscode.Event<void> },
  ) {
    this.subscription = vscode.Disposable.from(
      // Only a new snapshot (or a first look) changes the rows; a load starting or failing is told by the view's message.
      market.onDidChange((change) => change.which === 'machines' && (change.diff || change.firstLook) && this.refreshAll()),
      marks.onDidChange(() => this.refreshAll()),
      nearMisses.onDidChange(() => this.refreshAll()),
      // The marks read the history: every row again when it changed (the filter is computed again only if it reads the history).
      facts.onDidChange(() => this.refreshAll()),
      controller.onDidChangeSetup(() => this.changed.fire(undefined)),
      visible.state.onDidChange(() => {
        this.shown.clear();
        this.changed.fire(undefined);
      }),
      config.onDidChange((affects) => affects('machines.sliceSize') && this.changed.fire(undefined)),
    );
  }

  /**
   * Every row again after a new snapshot or new marks, once however many of
   * them came in this turn (a snapshot brings news right after it, whoever
   * heard it first): VS Code takes the first refresh at once and holds a
   * second one back 200 ms.
   */
  refreshAll(): void {
    if (this.refreshQueued) return;
    this.refreshQueued = true;
    queueMicrotask(() => {
      this.refreshQueued = false;
      this.changed.fire(undefined);
    });
  }

  getChildren(node?: MachineNode): MachineNode[] {
    if (!node) {
      this.controller.loadForView('machines');
      if (this.controller.setup !== 'ready') {
        return []; // welcome content explains what to set up
      }
      const groups = this.visible.machines().groups;
      const misses = this.nearMisses.current().map((miss): MachineNode => ({ kind: 'nearMiss', miss }));
      if (this.visible.state.arrangement.groupBy === 'none') {
        return (groups.length ? this.slice(groups[0], ROOT) : []).concat(misses);
      }
      return groups.map((group): MachineNode => this.groupNode(group)).concat(misses);
    }
    return node.kind === 'group' ? this.slice(node.group, node.group.key) : [];
  }

  /**
   * The first rows of a group and, when there are more, a row that shows
   * the next slice: a group of 10,000 machines costs VS Code no more to open
   * than one of 200. Filters, sorts and quick picks still see every machine.
   */
  private slice(group: ArrangedGroup, key: string): MachineNode[] {
    const size = this.config.machineSliceSize;
    const count = Math.min(group.size, this.shown.get(key) ?? size);
    const nodes: MachineNode[] = [];
    for (let i = 0; i < count; i++) {
      nodes.push({ kind: 'machine', machine: group.machines[i], groupKey: group.key });
    }
    const left = group.size - count;
    if (left > 0) {
      nodes.push({ kind: 'more', groupKey: key, next: Math.min(size, left), left });
    }
    return nodes;
  }

  /** Shows the next slice of the group that a "Show more" row belongs to. */
  showMore(node: MachineNode): void {
    if (node.kind !== 'more') {
      return;
    }
    const size = this.config.machineSliceSize;
    this.shown.set(node.groupKey, (this.shown.get(node.groupKey) ?? size) + size);
    this.changed.fire(node.groupKey === ROOT ? undefined : this.groupNodes?.byKey.get(node.groupKey));
  }

  private groupNode(group: ArrangedGroup): GroupNode {
    const view = this.visible.machines();
    if (this.groupNodes?.view !== view) {
      this.groupNodes = { view, byKey: new Map() };
    }
    let node = this.groupNodes.byKey.get(group.key);
    if (!node) {
      node = { kind: 'group', group };
      this.groupNodes.byKey.set(group.key, node);
    }
    return node;
  }

  getParent(node: MachineNode): MachineNode | undefined {
    if ((node.kind === 'machine' || node.kind === 'more') && this.visible.state.arrangement.groupBy !== 'none') {
      const group = this.visible.machines().groups.find((g) => g.key === node.groupKey);
      return group ? this.groupNode(group) : undefined;
    }
    return undefined;
  }

  getTreeItem(node: MachineNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group':
        return groupItem(node.group);
      case 'machine':
        return machineItem(node.machine, this.marks.isNew(node.machine.node_name), this.facts.belowMedian(node.machine));
      case 'more':
        return moreItem(node);
      case 'nearMiss':
        return nearMissItem(node.miss);
    }
  }

  /**
   * The tree node of a listed machine in the current view, widening its
   * group's slice so that the node is shown; undefined when the view does
   * not hold it (filtered out, or gone).
   */
  locate(nodeId: string): MachineNode | undefined {
    const machine = this.market.machine(nodeId);
    const groupBy = this.visible.state.arrangement.groupBy;
    const group = machine && this.visible.machines().groups.find((g) => g.key === groupKeyOf(machine, groupBy));
    const index = group ? group.machines.indexOf(machine) : -1;
    if (!group || index < 0) {
      return undefined;
    }
    const grouped = groupBy !== 'none';
    const key = grouped ? group.key : ROOT;
    const size = this.config.machineSliceSize;
    if (index >= (this.shown.get(key) ?? size)) {
      this.shown.set(key, Math.ceil((index + 1) / size) * size);
      this.changed.fire(grouped ? this.groupNodes?.byKey.get(key) : undefined);
    }
    if (grouped) this.groupNode(group);
    return { kind: 'machine', machine, groupKey: group.key };
  }

  /** The tooltip table is built when a row is hovered, not for every row shown. */
  resolveTreeItem(item: vscode.TreeItem, node: MachineNode): vscode.TreeItem {
    if (node.kind === 'machine') {
      item.tooltip = machineTooltip(node.machine, this.facts);
    } else if (node.kind === 'group' && this.visible.state.arrangement.groupBy === 'gpu') {
      const gpu = node.group.first.gpu_name;
      item.tooltip = groupTooltip(node.group, this.facts.modelWeek(gpu), lowestPerGpu(this.market.machines.snapshot?.items ?? [], gpu));
    }
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
