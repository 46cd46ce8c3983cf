// Watching the market: polls while a watch is active, a token is set and the
// window has focus; after each refresh (a poll or the Refresh button) tells
// the user, at most once per watch per five minutes, which machines newly
// match. The "new" marks and the badge are features/news.ts's.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import { formatPricePerGpu } from '../../model/format';
import { pricePerGpu } from '../../model/price';
import type { MachineMemory } from '../../model/query';
import type { Market } from '../../market/market';
import { PollPlan } from '../../market/poll';
import type { Snapshot } from '../../market/snapshot';
import { alertText } from '../../market/alertText';
import { AlertGate, isActive, newlyMatching, parseWatches, type ParsedWatches, type Watch } from '../../market/watch';
import type { Config } from '../services/config';
import type { Controller } from '../services/controller';
import { describeError, type Log } from '../services/log';
import { showInfo, showWarning } from '../services/notify';

export interface WatchStats {
  matches: number;
  /** The lowest price per GPU among the matches, formatted; undefined without matches. */
  cheapest: string | undefined;
}

export interface WatchHost {
  /** Applies a watch's filter and reveals a machine in the tree. */
  show(watch: Watch, machine: Machine): Promise<void>;
  /** The market history, which the watches' history fields read. */
  memory?: MachineMemory;
}

export class WatchService implements vscode.Disposable {
  private parsed: ParsedWatches = { watches: [], problems: [] };
  private readonly reported = new Set<string>();
  private readonly gate = new AlertGate();
  private readonly plan: PollPlan;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pollRunning = false;
  private lastPoll: Date | undefined;
  private nextPoll: Date | undefined;
  private stats = new WeakMap<Snapshot<Machine>, Map<string, WatchStats>>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Watches, polling state or their matches changed. */
  readonly onDidChange = this.changed.event;
  private readonly foundNews = new vscode.EventEmitter<{ watch: Watch; machines: readonly Machine[] }>();
  /** After a refresh, per watch: the machines that newly match it (whether or not an alert shows now). */
  readonly onDidFindNews = this.foundNews.event;
  private readonly subscriptions: vscode.Disposable;

  constructor(
    private readonly market: Market,
    private readonly controller: Controller,
    private readonly config: Config,
    private readonly log: Log,
    private readonly host: WatchHost,
  ) {
    this.plan = new PollPlan(config.watchIntervalMs);
    this.subscriptions = vscode.Disposable.from(
      this.changed,
      this.foundNews,
      config.onDidChange((affects) => {
        if (affects('watches')) this.reload();
        if (affects('watch.intervalSeconds')) {
          this.plan.setInterval(config.watchIntervalMs);
          this.schedule();
        }
      }),
      controller.onDidChangeSetup(() => this.schedule()),
      vscode.window.onDidChangeWindowState((state) => this.schedule(state.focused)),
      market.onDidChange((change) => {
        if (change.which === 'machines' && change.diff) {
          this.onNewSnapshot(change.diff);
        }
      }),
    );
    this.reload();
  }

  /** A poll is under way. */
  get polling(): boolean {
    return this.pollRunning;
  }

  /** When the last poll ended. */
  get lastPollAt(): Date | undefined {
    return this.lastPoll;
  }

  /** When the next poll is planned; undefined while polling is not allowed or one runs. */
  get nextPollAt(): Date | undefined {
    return this.nextPoll;
  }

  get watches(): readonly Watch[] {
    return this.parsed.watches;
  }

  get problems(): ParsedWatches['problems'] {
    return this.parsed.problems;
  }

  get active(): Watch[] {
    return this.parsed.watches.filter(isActive);
  }

  /** Matches and cheapest price per GPU of a watch in the last snapshot, computed once per snapshot. */
  statsOf(watch: Watch): WatchStats | undefined {
    const snapshot = this.market.machines.snapshot;
    if (!snapshot) return undefined;
    let bySnapshot = this.stats.get(snapshot);
    if (!bySnapshot) {
      bySnapshot = new Map();
      this.stats.set(snapshot, bySnapshot);
    }
    let stats = bySnapshot.get(watch.queryText);
    if (!stats) {
      let matches = 0;
      let cheapest = Infinity;
      for (const machine of snapshot.items) {
        if (watch.matches(machine)) {
          matches++;
          cheapest = Math.min(cheapest, pricePerGpu(machine));
        }
      }
      stats = { matches, cheapest: matches ? formatPricePerGpu(cheapest) : undefined };
      bySnapshot.set(watch.queryText, stats);
    }
    return stats;
  }

  /** How many machines wait for the watch's next alert (it shows at most one per five minutes). */
  heldCount(watch: Watch): number {
    return this.gate.heldCount(watch.queryText);
  }

  /** Polls now (the status bar's tooltip and tests use it); the regular schedule goes on after it. */
  async pollNow(): Promise<void> {
    await this.poll();
  }

  private reload(): void {
    const before = new Set(this.parsed.watches.map((w) => w.queryText));
    this.parsed = parseWatches(this.config.watches, this.host.memory);
    for (const problem of this.parsed.problems) {
      const key = `${problem.index}\n${problem.entry}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.log.warn(`Watch ${problem.index + 1} is not valid: ${problem.error.message} at ${problem.error.position}`);
      const open = vscode.l10n.t('Open Settings');
      void showWarning(
        vscode.l10n.t('GPU Rental: watch {0} in the setting gpuRental.watches is not valid: {1} (at character {2}).', problem.index + 1, problem.error.message, problem.error.position),
        open,
      ).then((choice) => choice === open && vscode.commands.executeCommand('workbench.action.openSettingsJson'));
    }
    const now = new Set(this.active.map((w) => w.queryText));
    for (const query of before) {
      if (!now.has(query)) this.gate.forget(query);
    }
    this.schedule();
    this.changed.fire();
  }

  private canPoll(): boolean {
    return this.active.length > 0 && this.controller.setup === 'ready' && vscode.window.state.focused;
  }

  /** (Re)plans the next poll; none while polling is not allowed. */
  private schedule(focusReturned = false): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const before = this.nextPoll;
    this.nextPoll = undefined;
    if (this.canPoll() && !this.pollRunning) {
      const now = Date.now();
      const wait = this.plan.waitMs(now, focusReturned);
      this.nextPoll = new Date(now + wait);
      this.timer = setTimeout(() => void this.poll(), wait);
    }
    if (before?.getTime() !== this.nextPoll?.getTime()) {
      this.changed.fire();
    }
  }

  private async poll(): Promise<void> {
    if (this.pollRunning || this.controller.setup !== 'ready') {
      return;
    }
    this.pollRunning = true;
    this.timer = undefined;
    this.nextPoll = undefined;
    this.changed.fire();
    let ok = false;
    try {
      // The same refresh as the Refresh button, without a notification per failed poll: the view says it.
      ok = (await this.controller.refresh(['machines'], { quiet: true })).length === 0;
    } catch (err) {
      this.log.error(`A poll failed unexpectedly: ${describeError(err)}`);
    } finally {
      this.pollRunning = false;
      this.plan.ended(Date.now(), ok);
      this.lastPoll = new Date();
      if (!ok) {
        this.log.warn(`Poll failed; next in ${Math.round(this.plan.delayMs / 1000)} s.`);
      }
      this.schedule();
      this.changed.fire();
    }
  }

  private onNewSnapshot(diff: Parameters<typeof newlyMatching>[1]): void {
    const active = this.active;
    for (const watch of active) {
      const found = newlyMatching(watch, diff);
      if (found.length) {
        this.foundNews.fire({ watch, machines: found });
      }
      if (watch.setting.notify === false) continue;
      const due = this.gate.offer(watch.queryText, found, performance.now(), (id) => this.market.machine(id) !== undefined);
      if (due.length) {
        this.log.info(`Watch "${watch.queryText}": ${due.length} new machine(s).`);
        void this.alert(watch, due);
      }
    }
    this.changed.fire();
  }

  private async alert(watch: Watch, machines: Machine[]): Promise<void> {
    const show = vscode.l10n.t('Show');
    const stop = vscode.l10n.t('Stop Watching');
    const mute = vscode.l10n.t("Don't Show Again");
    const choice = await showInfo(alertText(watch, machines), show, stop, mute);
    if (choice === show) {
      const first = machines.map((m) => this.market.machine(m.node_name)).find((m) => m !== undefined) ?? machines[0];
      await this.host.show(watch, first);
    } else if (choice === stop) {
      await this.edit(watch, () => undefined);
    } else if (choice === mute) {
      await this.edit(watch, (setting) => ({ ...setting, notify: false }));
    }
  }

  /** Changes (or, given undefined, removes) a watch in the user's settings. */
  async edit(watch: Watch, change: (setting: Record<string, unknown>) => Record<string, unknown> | undefined): Promise<void> {
    await this.config.updateWatches((list) => {
      // Found by position and query: the list may have been edited since the watch was read.
      let at = list.findIndex((entry, i) => i === watch.index && isEntryFor(entry, watch));
      if (at < 0) at = list.findIndex((entry) => isEntryFor(entry, watch));
      if (at < 0) return list;
      const next = change({ ...(list[at] as Record<string, unknown>) });
      return next ? list.map((entry, i) => (i === at ? next : entry)) : list.filter((_, i) => i !== at);
    });
  }

  /** Adds a watch; false when the same query is already watched. */
  async add(query: string, name: string | undefined): Promise<boolean> {
    const parsed = parseWatches([{ query }]);
    const text = parsed.watches[0]?.queryText;
    if (text !== undefined && this.parsed.watches.some((w) => w.queryText === text)) {
      return false;
    }
    await this.config.updateWatches((list) => [...list, name ? { query, name } : { query }]);
    return true;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.subscriptions.dispose();
  }
}

function isEntryFor(entry: unknown, watch: Watch): boolean {
  return !!entry && typeof entry === 'object' && (entry as { query?: unknown }).query === watch.setting.query;
}
