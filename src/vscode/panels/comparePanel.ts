// The one Compare Machines panel. It holds the machines compared, each with
// the values seen when the comparison opened, and follows the market: a
// refresh sends the page new content, a machine that went away stays as "No
// longer listed" with its last values. Brought back after a reload, it knows
// only the node IDs: it compares them as they are once the list is in.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import { MAX_COMPARED } from '../../model/compare';
import { compareContent, compareShell, compareWithoutMachines, freshColumns, type CompareState } from '../../webview/compare/content';
import { compareKey, parseCompareRequest, type CompareContent, type CompareKey, type CompareRequest } from '../../webview/compare/protocol';
import type { ReadyRequest } from '../../webview/protocol';
import type { Log } from '../services/log';
import { describeError } from '../services/log';
import { Disposable } from '../services/lifecycle';
import { WebviewHost, type PageKind } from './host';
import { onJobChange, seenIn, type JobSource, type PanelMarket } from './recordPanels';

export const COMPARE_VIEW_TYPE = 'gpuRental.compareMachines';

type Column = CompareState['columns'][number];

export interface CompareActions {
  copyNodeId(nodeId: string): Promise<void>;
  showDetails(machine: Machine): void;
}

const COMPARE_PAGE: PageKind<CompareKey, CompareContent, CompareRequest> = {
  viewType: COMPARE_VIEW_TYPE,
  script: 'compare',
  styles: ['compare.css'],
  shell: compareShell,
  // One panel, whatever it compares.
  id: () => 'compare',
  restoredKey: (state) => compareKey(state, MAX_COMPARED),
  parse: (message, content) => parseCompareRequest(message, content.columns.length),
};

export class ComparePanel extends Disposable {
  readonly host: WebviewHost<CompareKey, CompareContent, CompareRequest>;
  private columns: Column[] = [];
  /** The node IDs of a comparison brought back after a reload, until one of them is in the list. */
  private waiting: string[] | undefined;
  /** The machines asked for in flight: a newer question (another refresh, another comparison) supersedes it. */
  private asking: AbortController | undefined;

  constructor(
    extensionUri: vscode.Uri,
    private readonly market: PanelMarket,
    private readonly actions: CompareActions,
    private readonly log: Pick<Log, 'warn'>,
    /** The job (the view state): Job time and Job cost rows while one is set. */
    private readonly jobs: JobSource,
  ) {
    super();
    this.host = this._register(
      new WebviewHost(extensionUri, COMPARE_PAGE, {
        request: (_key, request) => this.act(request),
        restored: async (nodeIds) => {
          this.waiting = nodeIds;
          await this.takeWaiting();
          return this.current();
        },
        closed: () => {
          this.asking?.abort();
          this.columns = [];
          this.waiting = undefined;
        },
      }),
    );
    this._register(market.onDidChange((change) => change.which === 'machines' && void this.follow()));
    this._register(onJobChange(jobs, () => this.columns.length > 0 && this.update()));
  }

  /** Opens the panel on these machines, or replaces what it compares. */
  show(machines: readonly Machine[]): void {
    this.asking?.abort();
    this.columns = [...freshColumns(machines)];
    this.waiting = undefined;
    this.host.show(this.key(), this.current());
  }

  private key(): CompareKey {
    return this.waiting ?? this.columns.map((column) => column.nodeId);
  }

  private async act(request: Exclude<CompareRequest, ReadyRequest>): Promise<string | undefined> {
    const column = this.columns[request.column];
    if (!column) return undefined;
    switch (request.type) {
      case 'copyNodeId':
        await this.actions.copyNodeId(column.nodeId);
        return vscode.l10n.t('Copied the node ID');
      case 'showDetails':
        this.actions.showDetails((await this.market.client.request('machine', { nodeId: column.nodeId }).catch(() => undefined)) ?? column.machine);
        return undefined;
      case 'remove':
        this.columns = this.columns.filter((_, i) => i !== request.column);
        if (this.columns.length === 0) this.host.close(this.key());
        else this.update();
        return undefined;
    }
  }

  /** The content for the machines compared (a restored comparison without its machines yet: that it waits). */
  private current(): CompareContent {
    const { listed, fetchedAt, stale } = seenIn(this.market, 'machines');
    if (this.waiting) return compareWithoutMachines(this.waiting.length, listed);
    return compareContent({ columns: this.columns, fetchedAt, stale, job: this.jobs.job });
  }

  /** A restored comparison takes its machines from the market once the list has one of them. */
  private async takeWaiting(): Promise<void> {
    const waiting = this.waiting;
    if (!waiting) return;
    const found = (await this.machines(waiting))?.filter((m): m is Machine => m !== undefined) ?? [];
    if (this.waiting !== waiting || found.length === 0) return;
    this.columns = [...freshColumns(found)];
    this.waiting = undefined;
  }

  /** The machines of these node IDs in the latest list, asked of the market; undefined when superseded or failed. */
  private async machines(nodeIds: readonly string[]): Promise<(Machine | undefined)[] | undefined> {
    this.asking?.abort();
    const cancel = new AbortController();
    this.asking = cancel;
    try {
      return await Promise.all(nodeIds.map((nodeId) => this.market.client.request('machine', { nodeId }, cancel.signal)));
    } catch (err) {
      if (!cancel.signal.aborted) this.log.warn(`The comparison could not ask the market for its machines: ${describeError(err)}`);
      return undefined;
    } finally {
      if (this.asking === cancel) this.asking = undefined;
    }
  }

  private async follow(): Promise<void> {
    // Nothing compared (the panel closed, or never opened): no page to make. Each list made one for no
    // panel, and on a first load its "Data as of" made the extension host's first date format (18 ms).
    if (!this.waiting && this.columns.length === 0) return;
    if (this.waiting) {
      await this.takeWaiting();
    } else if (seenIn(this.market, 'machines').listed) {
      // Without a list (signed out, another service) there is nothing to say about presence.
      const nodeIds = this.columns.map((column) => column.nodeId);
      const answers = await this.machines(nodeIds);
      // Superseded (another refresh or comparison asks): that one says.
      if (!answers) return;
      const now = new Map(nodeIds.map((nodeId, i) => [nodeId, answers[i]]));
      // The columns as they are now (one may have been removed meanwhile).
      for (const column of this.columns) {
        if (!now.has(column.nodeId)) continue;
        column.missing = now.get(column.nodeId) === undefined;
        column.machine = now.get(column.nodeId) ?? column.machine;
      }
    }
    this.update();
  }

  private update(): void {
    this.host.update(this.key(), this.current());
  }
}
