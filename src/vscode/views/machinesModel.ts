// The Machines view's model on the editor's side (issue 24): the latest
// `summary` answer of the market for the view's current query (filter text and
// arrangement), asked again when the query changes or the machines change (a
// new snapshot, a first look), the last ask cancelled by the next. The tree's
// root, the view messages, the status bar and the badge read it synchronously;
// the tree asks the market for a group's rows and a machine's place through it,
// and each group's first slice is asked ahead of an expand (askAhead).
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import type { MachineDetails, MachineSummary, Result, RowHistory } from '../../market/protocol';
import { pricePlace } from '../../model/historyText';
import { LatestAnswer } from '../../market/worker/latestAnswer';
import { Disposable } from '../services/lifecycle';
import type { Log } from '../services/log';
import type { MarketHost } from '../services/marketHost';
import { describeError } from '../services/log';
import type { ViewState } from './viewState';

/** What the model needs of the MarketHost: its client, its changes. */
type MarketSource = Pick<MarketHost, 'client' | 'onDidChange'>;

/** Groups whose first slice is asked ahead: about as many as a side bar shows (a region's or a CUDA version's can be many more). */
const AHEAD_GROUPS = 32;

/** The first slice of each group of one answer, asked ahead of an expand (MachinesModel.askAhead). */
interface Ahead {
  summary: MachineSummary;
  count: number;
  rows: Map<string, Promise<Result<'rows'> | undefined>>;
  done: Promise<void>;
}

export class MachinesModel extends Disposable {
  private ahead: Ahead | undefined;

  /** The latest answer, with the client that gave it: the host replaces it when the worker setting changes. */
  private readonly latest = this._register(
    new LatestAnswer<{ summary: MachineSummary; from: MarketSource['client'] }>({
      failed: (err) => this.log.error(`The Machines view's summary failed: ${describeError(err)}`),
    }),
  );
  /** A new answer, or an ask that failed (the last answer stays): fired once per ask. */
  readonly onDidChange = this.latest.onDidChange;

  constructor(
    private readonly market: MarketSource,
    private readonly state: ViewState,
    private readonly log: Log,
    /** The market history's changes (what rows and tooltips show from it): the view asks again. */
    history?: { onDidChange: vscode.Event<void> },
  ) {
    super();
    // Only a new snapshot (or a first look, or another market, or no answer yet) changes the rows; a load starting or failing is told by the listing's state.
    this._register(market.onDidChange((change) => change.which === 'machines' && (change.diff || change.firstLook || market.client !== this.latest.value?.from) && this.refresh()));
    this._register(state.onDidChange(() => this.refresh()));
    if (history) this._register(history.onDidChange(() => this.refresh()));
    this.refresh();
  }

  /** The latest answer for the view's query (the last one while the next is asked); undefined before the first. */
  get summary(): MachineSummary | undefined {
    return this.latest.value?.summary;
  }

  /** An ask is on its way: its answer fires a change. */
  get asking(): boolean {
    return this.latest.asking;
  }

  /** The answer to the current query, once it has come (the one on hand when nothing is being asked). */
  async current(): Promise<MachineSummary | undefined> {
    return (await this.latest.current())?.summary;
  }

  /** Asks again for the current query, cancelling the last ask. */
  refresh(): void {
    const ask = this.state.ask;
    const client = this.market.client;
    void this.latest.ask(async (signal) => ({ summary: await client.request('summary', ask, signal), from: client }));
  }

  /** A slice of one group's rows under the current query, with what each shows from the market history (none without one); empty when the market cannot answer (logged). */
  async rows(groupKey: string, start: number, count: number): Promise<Result<'rows'>> {
    const ahead = this.ahead;
    const early = ahead?.summary === this.summary && !this.asking && start === 0 && count === ahead?.count ? ahead.rows.get(groupKey) : undefined;
    // One asked ahead that failed is asked again.
    return (early && (await early)) ?? (await this.askRows(groupKey, start, count)) ?? { machines: [], size: 0 };
  }

  /**
   * Asks each group's first `count` rows of the current answer (the first AHEAD_GROUPS groups), one group at a time, while it stays the
   * answer, so that expanding a group takes them from here (`rows`) rather than from the market worker.
   * An expand at 100k machines took 142-173 ms to show its rows, 77-108 ms with them asked ahead
   * (bench:workbench; the worker's part alone was 10-16 ms). Once per answer; a new answer ends it.
   */
  askAhead(count: number): Promise<void> {
    const summary = this.summary;
    if (!summary || this.asking) return Promise.resolve();
    if (this.ahead?.summary === summary && this.ahead.count === count) return this.ahead.done;
    const ahead: Ahead = { summary, count, rows: new Map(), done: Promise.resolve() };
    this.ahead = ahead;
    ahead.done = (async () => {
      for (const group of summary.groups.slice(0, AHEAD_GROUPS)) {
        if (this.ahead !== ahead || this.summary !== summary) return;
        const rows = this.askRows(group.key, 0, count, 'ahead');
        ahead.rows.set(group.key, rows);
        await rows;
      }
    })();
    return ahead.done;
  }

  /** A slice of rows; undefined when the market cannot answer (logged: as an error when a person waits for it, as debug when asked ahead, which an expand asks again). */
  private async askRows(groupKey: string, start: number, count: number, ahead?: 'ahead'): Promise<Result<'rows'> | undefined> {
    try {
      return await this.market.client.request('rows', { ...this.state.ask, groupKey, start, count });
    } catch (err) {
      if (ahead) this.log.debug(`The Machines view's rows asked ahead failed: ${describeError(err)}`);
      else this.log.error(`The Machines view's rows failed: ${describeError(err)}`);
      return undefined;
    }
  }

  /**
   * A row's tooltip line from the market history: its price against its model's 7-day median and since when it
   * is listed (model/historyText.ts pricePlace); undefined without a history or when the market cannot answer (logged).
   */
  async place(machine: Machine): Promise<string | undefined> {
    const history = await this.history(machine);
    return history && pricePlace(machine, history.week, history.listing);
  }

  /**
   * What the market history says of a machine and its model (the `machineDetails` answer's history), asked when a
   * row or a GPU model's group is hovered; undefined without a history or when the market cannot answer (logged).
   */
  async history(machine: Machine): Promise<MachineDetails['history']> {
    try {
      return (await this.market.client.request('machineDetails', { nodeId: machine.node_name, gpuName: machine.gpu_name }))?.history;
    } catch (err) {
      this.log.error(`A machine's market history for its tooltip failed: ${describeError(err)}`);
      return undefined;
    }
  }

  /** Where a machine sits in the current view, with its row; undefined when the view does not hold it or the market cannot answer (logged). */
  async locate(nodeId: string): Promise<{ groupKey: string; index: number; machine: Machine; history: RowHistory | undefined } | undefined> {
    try {
      const ask = this.state.ask;
      const place = await this.market.client.request('locate', { ...ask, nodeId });
      const row = place && (await this.market.client.request('rows', { ...ask, groupKey: place.groupKey, start: place.index, count: 1 }));
      const machine = row?.machines[0];
      return place && row && machine?.node_name === nodeId ? { ...place, machine, history: row.history?.[0] } : undefined;
    } catch (err) {
      this.log.error(`Locating a machine in the Machines view failed: ${describeError(err)}`);
      return undefined;
    }
  }
}
