// The Machines tree: machines filtered by the query, grouped and sorted as
// the user chose (by GPU model and price per GPU unless told otherwise). Its
// root reads the view's model (machinesModel.ts) synchronously; a group's rows
// and a machine's place are asked of the market, a slice at a time.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import type { NearMiss } from '../../model/nearMiss';
import type { GroupSummary, MachineSummary, RowHistory } from '../../market/protocol';
import type { Config } from '../services/config';
import type { Controller } from '../services/controller';
import { Disposable } from '../services/lifecycle';
import { groupItem, groupTooltip, machineItem, machineTooltip, moreItem, nearMissItem, type MoreNode } from './machineItems';
import type { MachinesModel } from './machinesModel';
import type { ViewState } from './viewState';

type GroupNode = { kind: 'group'; group: GroupSummary };
/** A machine's row, with what it shows from the market history (none without one). */
type MachineLeaf = { kind: 'machine'; machine: Machine; groupKey: string; history?: RowHistory };

/** A row below a filter that finds fewer than three machines: the smallest change to one clause, applied on click. */
type NearMissNode = { kind: 'nearMiss'; miss: NearMiss };
export type MachineNode = GroupNode | MachineLeaf | MoreNode | NearMissNode;

/** The key of the one implicit group when machines are not grouped. */
const ROOT = 'all';
/** How long an answer's groups stay on screen before their first slices are asked ahead (askAheadSoon). */
const AHEAD_DELAY_MS = 300;

export class MachinesProvider extends Disposable implements vscode.TreeDataProvider<MachineNode> {
  private readonly changed = this._register(new vscode.EventEmitter<MachineNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  /** Rows shown per group key beyond the first slice; kept across refreshes, dropped with a new filter or arrangement. */
  private readonly shown = new Map<string, number>();
  /** Group nodes handed to VS Code for the current view: refreshing one group needs the same object. */
  private groupNodes: { summary: MachineSummary; byKey: Map<string, GroupNode> } | undefined;
  /** A refresh was fired in this turn: the next ones in it add nothing (VS Code reads the rows later). */
  private firedThisTurn = false;
  /** The root last drawn had rows: a setup change must clear them. */
  private rootShown = false;
  /** New marks no refresh has drawn yet; a second refresh within 200 ms of the first would wait for VS Code's debounce. */
  private marksToDraw = false;
  /** The timer that asks each group's first slice ahead of an expand, a moment after a root of groups was drawn. */
  private aheadTimer: ReturnType<typeof setTimeout> | undefined;
  /** The next root with rows, when something waits for it (nextRows): one promise however many ask. */
  private awaitedRows: { promise: Promise<void>; resolve: () => void } | undefined;

  constructor(
    /** The market's answer for the view's query: groups, rows, a machine's place. */
    private readonly model: MachinesModel,
    private readonly controller: Controller,
    /** The view state that asks (its grouping decides the rows' parents); a new query shows the first slices again. */
    private readonly state: ViewState,
    private readonly config: Config,
    /** Which machines to mark "new" (features/news.ts). */
    private readonly marks: { isNew(nodeId: string): boolean; onDidChange: vscode.Event<void> },
    /** The near-miss rows below a filter that finds fewer than three machines (views/nearMissRows.ts). */
    private readonly nearMisses: { current(): readonly NearMiss[]; onDidChange: vscode.Event<void> },
  ) {
    super();
    // A new answer: new machines, a new query, or what the market history says of them.
    this._register(model.onDidChange(() => this.refreshAll()));
    // New marks come with a new snapshot, which the model asks about once the market has told (after this turn):
    // then its answer draws both, in one refresh, whether it comes before this timer or after.
    this._register(
      marks.onDidChange(() => {
        this.marksToDraw = true;
        setTimeout(() => this.marksToDraw && !model.asking && this.refreshAll(), 0);
      }),
    );
    this._register(nearMisses.onDidChange(() => this.refreshAll()));
    // Only when the root changes: a tree refresh that draws the same nothing would hold the next one (the first rows) back 200 ms.
    this._register(controller.onDidChangeSetup(() => (this.rootShown || this.hasRoot()) && this.changed.fire(undefined)));
    // A new query shows the first slices again; its answer redraws the rows.
    this._register(state.onDidChange(() => this.shown.clear()));
    this._register(config.onDidChange((affects) => affects('machines.sliceSize') && this.changed.fire(undefined)));
    this._register({ dispose: () => clearTimeout(this.aheadTimer) });
  }

  /**
   * Every row again after a new snapshot or new marks, once however many of
   * them came in this turn (a snapshot brings news right after it, whoever
   * heard it first). Fired at once, not at the end of the turn: VS Code takes
   * the first change of a tree at once and holds the next one back 200 ms,
   * and its message is such a change too. The view message that the same
   * answer changes (viewMessages.ts, which hears it after this view) is then
   * the one held back, not the rows.
   */
  refreshAll(): void {
    this.marksToDraw = false;
    if (this.firedThisTurn) return;
    this.firedThisTurn = true;
    queueMicrotask(() => (this.firedThisTurn = false));
    this.changed.fire(undefined);
  }

  /** Resolves once a root with rows is next handed to VS Code. */
  nextRows(): Promise<void> {
    if (!this.awaitedRows) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.awaitedRows = { promise, resolve };
    }
    return this.awaitedRows.promise;
  }

  /**
   * Asks the model for each group's first slice (MachinesModel.askAhead) once VS Code has drawn the groups
   * and the answer has held still for AHEAD_DELAY_MS: a first look's groups are replaced by the whole list's
   * soon after, and the worker is then still busy with it.
   */
  private askAheadSoon(): void {
    clearTimeout(this.aheadTimer);
    this.aheadTimer = setTimeout(() => void this.model.askAhead(this.config.machineSliceSize), AHEAD_DELAY_MS);
  }

  private handedRows(): void {
    this.awaitedRows?.resolve();
    this.awaitedRows = undefined;
  }

  async getChildren(node?: MachineNode): Promise<MachineNode[]> {
    if (!node) {
      this.controller.loadForView('machines');
      const summary = this.model.summary;
      const root = await this.root(summary);
      this.rootShown = root.length > 0;
      if (this.rootShown) this.handedRows();
      return root;
    }
    return node.kind === 'group' ? this.slice(node.group.key, node.group.key) : [];
  }

  private async root(summary: MachineSummary | undefined): Promise<MachineNode[]> {
    if (!this.hasRoot() || !summary) {
      return []; // welcome content explains what to set up
    }
    const misses = this.nearMisses.current().map((miss): MachineNode => ({ kind: 'nearMiss', miss }));
    if (this.state.arrangement.groupBy === 'none') {
      return (summary.groups.length ? await this.slice(summary.groups[0].key, ROOT) : []).concat(misses);
    }
    this.askAheadSoon();
    return summary.groups.map((group): MachineNode => this.groupNode(summary, group)).concat(misses);
  }

  /** The root has something to draw: the service is set up and the market's answer holds rows or near misses. */
  private hasRoot(): boolean {
    const summary = this.model.summary;
    return this.controller.setup === 'ready' && summary !== undefined && (summary.groups.length > 0 || this.nearMisses.current().length > 0);
  }

  /**
   * The first rows of a group and, when there are more, a row that shows
   * the next slice: a group of 10,000 machines costs VS Code no more to open
   * than one of 200. Filters, sorts and quick picks still see every machine.
   */
  private async slice(groupKey: string, key: string): Promise<MachineNode[]> {
    const size = this.config.machineSliceSize;
    const rows = await this.model.rows(groupKey, 0, this.shown.get(key) ?? size);
    const nodes = rows.machines.map((machine, i): MachineNode => ({ kind: 'machine', machine, groupKey, history: rows.history?.[i] }));
    const left = rows.size - rows.machines.length;
    if (left > 0) {
      nodes.push({ kind: 'more', groupKey: key, shown: rows.machines.length, next: Math.min(size, left), left });
    }
    return nodes;
  }

  /**
   * Shows the slice after the rows above this "Show more" row. The same row again shows nothing
   * more: a double-click runs a tree item's command twice, and a person double-clicking asked for
   * one slice.
   */
  showMore(node: MoreNode): void {
    const size = this.config.machineSliceSize;
    const shown = this.shown.get(node.groupKey) ?? size;
    const wanted = (Number.isInteger(node.shown) ? node.shown : shown) + size;
    if (wanted <= shown) return;
    this.shown.set(node.groupKey, wanted);
    this.changed.fire(node.groupKey === ROOT ? undefined : this.groupNodes?.byKey.get(node.groupKey));
  }

  private groupNode(summary: MachineSummary, group: GroupSummary): GroupNode {
    if (this.groupNodes?.summary !== summary) {
      this.groupNodes = { summary, byKey: new Map() };
    }
    let node = this.groupNodes.byKey.get(group.key);
    if (!node) {
      node = { kind: 'group', group };
      this.groupNodes.byKey.set(group.key, node);
    }
    return node;
  }

  getParent(node: MachineNode): MachineNode | undefined {
    const summary = this.model.summary;
    if (summary && (node.kind === 'machine' || node.kind === 'more') && this.state.arrangement.groupBy !== 'none') {
      const group = summary.groups.find((g) => g.key === node.groupKey);
      return group ? this.groupNode(summary, group) : undefined;
    }
    return undefined;
  }

  getTreeItem(node: MachineNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group':
        return groupItem(node.group);
      case 'machine':
        return machineItem(node.machine, this.marks.isNew(node.machine.node_name), node.history?.below ?? NaN, this.state.job);
      case 'more':
        return moreItem(node);
      case 'nearMiss':
        return nearMissItem(node.miss);
    }
  }

  /**
   * The tree node of a listed machine in the current view (once the market
   * has answered the current query), widening its group's slice so that the
   * node is shown; undefined when the view does not hold it (filtered out, or gone).
   */
  async locate(nodeId: string): Promise<MachineNode | undefined> {
    const summary = await this.model.current();
    const place = summary && (await this.model.locate(nodeId));
    if (!summary || !place) {
      return undefined;
    }
    const grouped = this.state.arrangement.groupBy !== 'none';
    const key = grouped ? place.groupKey : ROOT;
    const size = this.config.machineSliceSize;
    if (place.index >= (this.shown.get(key) ?? size)) {
      this.shown.set(key, Math.ceil((place.index + 1) / size) * size);
      this.changed.fire(grouped ? this.groupNodes?.byKey.get(key) : undefined);
    }
    const group = summary.groups.find((g) => g.key === place.groupKey);
    if (grouped && group) this.groupNode(summary, group);
    return { kind: 'machine', machine: place.machine, groupKey: place.groupKey, history: place.history };
  }

  /** The tooltip table is built when a row is hovered, not for every row shown; what it says from the history is asked then (a group's too: the summary that draws the first rows reads no history). */
  async resolveTreeItem(item: vscode.TreeItem, node: MachineNode): Promise<vscode.TreeItem> {
    if (node.kind === 'machine') {
      const place = node.history && (await this.model.place(node.machine));
      item.tooltip = machineTooltip(node.machine, place, this.state.job);
    } else if (node.kind === 'group' && this.state.arrangement.groupBy === 'gpu') {
      const history = await this.model.history(node.group.first);
      if (history) item.tooltip = groupTooltip(node.group, history.week, history.lowestNow);
    }
    return item;
  }
}
