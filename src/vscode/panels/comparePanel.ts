// The one Compare Machines panel. It holds the machines compared, each with
// the values seen when the comparison opened, and follows the market: a
// refresh sends the page new content, a machine that went away stays as "No
// longer listed" with its last values. Brought back after a reload, it knows
// only the node IDs: it compares them as they are once the list is in.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import { MAX_COMPARED } from '../../model/compare';
import type { Market } from '../../market/market';
import { compareContent, compareShell, compareWithoutMachines, freshColumns, type CompareState } from '../../webview/compare/content';
import { compareKey, parseCompareRequest, type CompareContent, type CompareKey, type CompareRequest } from '../../webview/compare/protocol';
import type { ReadyRequest } from '../../webview/protocol';
import { WebviewHost, type PageKind } from './host';

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

export class ComparePanel implements vscode.Disposable {
  /** The panel; `host.receive` is the way in for messages from its page. */
  readonly host: WebviewHost<CompareKey, CompareContent, CompareRequest>;
  private columns: Column[] = [];
  /** The node IDs of a comparison brought back after a reload, until one of them is in the list. */
  private waiting: string[] | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    extensionUri: vscode.Uri,
    private readonly market: Market,
    private readonly actions: CompareActions,
  ) {
    this.host = new WebviewHost(extensionUri, COMPARE_PAGE, {
      request: (_key, request) => this.act(request),
      restored: (nodeIds) => {
        this.waiting = nodeIds;
        return this.current();
      },
      closed: () => {
        this.columns = [];
        this.waiting = undefined;
      },
    });
    this.subscription = market.onDidChange((change) => change.which === 'machines' && this.follow());
  }

  /** Opens the panel on these machines, or replaces what it compares. */
  show(machines: readonly Machine[]): void {
    this.columns = [...freshColumns(machines)];
    this.waiting = undefined;
    this.host.show(this.key(), this.current());
  }

  /** What the page shows now (for tests and diagnostics). */
  content(): CompareContent | undefined {
    return this.host.content(this.key());
  }

  /** The page's shell, as rendered when it opened (for tests). */
  html(): string | undefined {
    return this.host.html(this.key());
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
        this.actions.showDetails(this.market.machine(column.nodeId) ?? column.machine);
        return undefined;
      case 'remove':
        this.columns.splice(request.column, 1);
        if (this.columns.length === 0) this.host.close(this.key());
        else this.update();
        return undefined;
    }
  }

  /** The content for the machines compared; for a restored comparison, first takes them from the market. */
  private current(): CompareContent {
    const listing = this.market.machines;
    if (this.waiting) {
      const found = this.waiting.map((id) => this.market.machine(id)).filter((m): m is Machine => m !== undefined);
      if (found.length === 0) return compareWithoutMachines(this.waiting.length, listing.snapshot !== undefined);
      this.columns = [...freshColumns(found)];
      this.waiting = undefined;
    }
    return compareContent({ columns: this.columns, fetchedAt: listing.snapshot?.fetchedAt, stale: listing.stale });
  }

  private follow(): void {
    // Without a snapshot (signed out, another service) there is nothing to say about presence.
    if (!this.waiting && this.market.machines.snapshot) {
      for (const column of this.columns) {
        const now = this.market.machine(column.nodeId);
        column.missing = now === undefined;
        column.machine = now ?? column.machine;
      }
    }
    this.update();
  }

  private update(): void {
    const content = this.current();
    this.host.update(this.key(), content);
  }

  dispose(): void {
    this.subscription.dispose();
    this.host.dispose();
  }
}
