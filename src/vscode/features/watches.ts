// Watching the market: polls while a watch is active, a token is set and the
// window has focus; after each refresh (a poll or the Refresh button) tells
// the user, at most once per watch per five minutes, which machines newly
// match. The market matches (src/market/worker/watchHandlers.ts): it is told
// the active watches and says with each new snapshot what each newly found;
// the timing, the text and the buttons of the alerts are decided here. The
// "new" marks and the badge are features/news.ts's.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { formatPricePerGpu } from '../../model/format';
import type { Outlook } from '../../model/outlook';
import { outlookAlertWords, outlookLineLeavingOut } from '../../model/outlookText';
import { pricePerGpu } from '../../model/price';
import type { NearMiss } from '../../model/nearMiss';
import { PollPlan } from '../../market/poll';
import type { Notifications } from '../../market/protocol';
import { alertTextOf } from '../../market/alertText';
import { AlertGate, isActive, parseWatches, type ParsedWatches, type Watch } from '../../market/watch';
import type { Config } from '../services/config';
import type { Controller } from '../services/controller';
import { Disposable, toDisposable } from '../services/lifecycle';
import { describeError, type Log } from '../services/log';
import type { MarketHost } from '../services/marketHost';

export interface WatchStats {
  matches: number;
  /** The lowest price per GPU among the matches, formatted; undefined without matches. */
  cheapest: string | undefined;
}

export interface WatchHost {
  /** Applies a watch's filter and reveals a machine in the tree. */
  show(watch: Watch, nodeId: string): Promise<void>;
}

/** What the watches need of the market: its client, its changes, its news and its history's, and being told the active watches. */
type WatchMarket = Pick<MarketHost, 'client' | 'onDidChange' | 'onDidFindNews' | 'onDidChangeHistory' | 'watch'>;

export class WatchService extends Disposable {
  private parsed: ParsedWatches = { watches: [], problems: [] };
  private readonly reported = new Set<string>();
  private readonly plan: PollPlan;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pollRunning = false;
  private nextPoll: Date | undefined;
  /** The figures of every watch in the last snapshot, by query; undefined before a snapshot. */
  private stats: Map<string, WatchStats> | undefined;
  /** Each watch's outlook from the market history (issue 36), by query, with the fields of its filter the record does not keep (left out of it); none without a history. */
  private outlooks = new Map<string, { outlook: Outlook; ignored: readonly string[] }>();
  private outlookAsk: AbortController | undefined;
  private statsAsk: AbortController | undefined;
  private statsAnswer: Promise<void> = Promise.resolve();
  /** The news of each snapshot, handled one after the other (an alert asks the market which machines are still listed). */
  private newsHandled: Promise<void> = Promise.resolve();
  private readonly gate = new AlertGate<{ node_name: string }>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Watches, polling state or their matches changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly market: WatchMarket,
    private readonly controller: Controller,
    private readonly config: Config,
    private readonly log: Log,
    private readonly host: WatchHost,
  ) {
    super();
    this.plan = new PollPlan(config.watchIntervalMs);
    this._register(
      config.onDidChange((affects) => {
        if (affects('watches')) this.reload();
        if (affects('watch.intervalSeconds')) {
          this.plan.setInterval(config.watchIntervalMs);
          this.schedule();
        }
      }),
    );
    this._register(controller.onDidChangeSetup(() => this.schedule()));
    // The outlooks follow the history (a list recorded here or by another writer), not each list.
    this._register(market.onDidChangeHistory(() => void this.askOutlooks()));
    this._register(vscode.window.onDidChangeWindowState((state) => this.schedule(state.focused)));
    this._register(
      market.onDidChange((change) => {
        if (change.which !== 'machines') return;
        if (change.diff) void this.askStats();
        else if (change.state.count === undefined && this.stats) {
          // Another service, or none: no figures until its first list.
          this.stats = undefined;
          this.changed.fire();
        }
      }),
    );
    this._register(market.onDidFindNews((news) => (this.newsHandled = this.newsHandled.then(() => this.onNews(news)))));
    this._register(
      toDisposable(() => {
        if (this.timer) clearTimeout(this.timer);
        this.statsAsk?.abort();
        this.outlookAsk?.abort();
      }),
    );
    this.reload();
  }

  /** A poll is under way. */
  get polling(): boolean {
    return this.pollRunning;
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

  /** Matches and cheapest price per GPU of a watch in the last snapshot, as the market last answered (asked again with each snapshot). */
  statsOf(watch: Watch): WatchStats | undefined {
    return this.stats?.get(watch.queryText);
  }

  /** A watch's outlook in one line (`typical 14.20–15.80/GPU · now 13.90, low · …`); undefined without a history. */
  outlookLineOf(watch: Watch): string | undefined {
    const answer = this.outlooks.get(watch.queryText);
    return answer && outlookLineLeavingOut(answer.outlook, answer.ignored);
  }

  /** Once the figures asked last are in (Manage Watches waits for them). */
  async statsSettled(): Promise<void> {
    // An ask superseded while awaited (a refresh's) leaves the figures to the next one: wait for the last.
    let awaited: Promise<void>;
    do {
      awaited = this.statsAnswer;
      await awaited;
    } while (awaited !== this.statsAnswer);
  }

  /** A watch's near misses when it finds fewer than three machines, asked of the market; none on error. */
  async nearMisses(watch: Watch): Promise<readonly NearMiss[]> {
    try {
      return await this.market.client.request('nearMisses', { filter: watch.queryText });
    } catch (err) {
      this.log.error(`Near misses of a watch failed: ${describeError(err)}`);
      return [];
    }
  }

  private askStats(): Promise<void> {
    this.statsAsk?.abort();
    const ask = new AbortController();
    this.statsAsk = ask;
    const queries = this.parsed.watches.map((w) => w.queryText);
    this.statsAnswer = this.market.client.request('watchStats', { queries }, ask.signal).then(
      ({ stats }) => {
        if (this.statsAsk !== ask) return;
        this.stats = stats && new Map(queries.map((query, i) => [query, { matches: stats[i].matches, cheapest: stats[i].cheapestPerGpu === undefined ? undefined : formatPricePerGpu(stats[i].cheapestPerGpu) }]));
        this.changed.fire();
      },
      (err: unknown) => {
        if (this.statsAsk === ask) this.log.error(`The watches' figures failed: ${describeError(err)}`);
      },
    );
    return this.statsAnswer;
  }

  /** Each watch's outlook: one ask a watch, the next change of the history (or of the watches) cancels these. */
  private async askOutlooks(): Promise<void> {
    this.outlookAsk?.abort();
    const ask = new AbortController();
    this.outlookAsk = ask;
    const queries = this.parsed.watches.map((w) => w.queryText);
    const answers = await Promise.all(queries.map((query) => this.market.client.request('outlook', { query }, ask.signal).catch(() => undefined)));
    if (this.outlookAsk !== ask) return;
    this.outlooks = new Map();
    answers.forEach((answer, i) => answer && 'outlook' in answer && this.outlooks.set(queries[i], answer));
    this.changed.fire();
  }

  private reload(): void {
    const before = new Set(this.parsed.watches.map((w) => w.queryText));
    this.parsed = parseWatches(this.config.watches);
    for (const problem of this.parsed.problems) {
      const key = `${problem.index}\n${problem.entry}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.log.warn(`Watch ${problem.index + 1} is not valid: ${problem.error.message} at ${problem.error.position}`);
      const open = vscode.l10n.t('Open Settings');
      void vscode.window.showWarningMessage(
        vscode.l10n.t('GPU Rental: watch {0} in the setting gpuRental.watches is not valid: {1} (at character {2}).', problem.index + 1, problem.error.message, problem.error.position),
        open,
      ).then((choice) => choice === open && vscode.commands.executeCommand('workbench.action.openSettingsJson'));
    }
    const now = new Set(this.active.map((w) => w.queryText));
    for (const query of before) {
      if (!now.has(query)) this.gate.forget(query);
    }
    this.market.watch([...now]);
    void this.askStats();
    void this.askOutlooks();
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
      if (!ok) {
        this.log.warn(`Poll failed; next in ${Math.round(this.plan.delayMs / 1000)} s.`);
      }
      this.schedule();
      this.changed.fire();
    }
  }

  private async onNews(news: Notifications['news']): Promise<void> {
    const gone = new Set(news.disappeared);
    const found = new Map(news.watches.map((w) => [w.query, w.found]));
    for (const watch of this.active) {
      if (watch.setting.notify === false) continue;
      const ids = found.get(watch.queryText) ?? [];
      // A held machine is still listed unless this snapshot took it away (the gate asks at every snapshot).
      const due = this.gate.offer(
        watch.queryText,
        ids.map((id) => ({ node_name: id })),
        performance.now(),
        (id) => !gone.has(id),
      );
      if (due.length) {
        this.log.info(`Watch "${watch.queryText}": ${due.length} new machine(s).`);
        await this.alert(
          watch,
          due.map((m) => m.node_name),
        ).catch((err: unknown) => this.log.error(`A watch's alert failed: ${describeError(err)}`));
      }
    }
    this.changed.fire();
  }

  /** Shows the alert (the market says which of the machines are still listed, and the cheapest); the person's choice is awaited apart. */
  private async alert(watch: Watch, nodeIds: string[]): Promise<void> {
    const { listed, cheapest, first } = await this.market.client.request('watchAlert', { nodeIds });
    if (!listed) return;
    const show = vscode.l10n.t('Show');
    const stop = vscode.l10n.t('Stop Watching');
    const mute = vscode.l10n.t("Don't Show Again");
    // The record's word on the price, where it has one: "13.90 is low for this watch: typical 14.20–15.80".
    const outlook = this.outlooks.get(watch.queryText);
    const judged = outlook && cheapest ? outlookAlertWords(outlook.outlook, pricePerGpu(cheapest), undefined, outlook.ignored) : '';
    const text = alertTextOf(watch, listed, cheapest);
    void vscode.window.showInformationMessage(judged ? vscode.l10n.t('{0}. {1}.', text, judged) : text, show, stop, mute).then(async (choice) => {
      try {
        if (choice === show) {
          // The first still listed when the person clicks.
          const now = await this.market.client.request('watchAlert', { nodeIds }).catch(() => undefined);
          const target = now?.first ?? first;
          if (target) await this.host.show(watch, target.node_name);
        } else if (choice === stop) {
          await this.edit(watch, () => undefined);
        } else if (choice === mute) {
          await this.edit(watch, (setting) => ({ ...setting, notify: false }));
        }
      } catch (err) {
        this.log.error(`A watch's alert action failed: ${describeError(err)}`);
      }
    });
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
}

function isEntryFor(entry: unknown, watch: Watch): boolean {
  return !!entry && typeof entry === 'object' && (entry as { query?: unknown }).query === watch.setting.query;
}
