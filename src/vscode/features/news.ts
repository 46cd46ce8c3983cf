// Which machines are news, owned in one place: the "new" marks of the
// Machines tree and the count of its badge. Hears every new snapshot itself
// and then says so with its own event, which the tree and the badge follow;
// nothing depends on who else heard the snapshot first.
import * as vscode from 'vscode';
import type { Market } from '../../market/market';
import type { MachineDiff } from '../../market/diff';
import { NewMachines } from '../../market/news';
import { newlyMatching, type Watch } from '../../market/watch';

export interface NewsHost {
  /** The watches whose matches count for the badge. */
  activeWatches(): readonly Watch[];
  /** Is the Machines view on screen (its news is then seen)? */
  machinesVisible(): boolean;
}

export class News implements vscode.Disposable {
  private readonly marks = new NewMachines();
  private readonly changed = new vscode.EventEmitter<void>();
  /** The marks or the badge changed. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    market: Market,
    private readonly host: NewsHost,
  ) {
    this.subscription = market.onDidChange((change) => change.which === 'machines' && change.diff && this.update(change.diff));
  }

  isNew(nodeId: string): boolean {
    return this.marks.isNew(nodeId);
  }

  /** How many new machines match a watch and have not been in view. */
  get badge(): number {
    return this.marks.badge;
  }

  /** The Machines view came into sight: its badge has been read (the marks stay until the next refresh). */
  viewShown(): void {
    const had = this.marks.badge > 0;
    this.marks.shown();
    if (had) this.changed.fire();
  }

  private update(diff: MachineDiff): void {
    const watched = this.host.activeWatches();
    const visible = this.host.machinesVisible();
    this.marks.update(diff, visible, watched);
    for (const watch of watched) {
      // A machine that newly matches a watch (a price drop) counts too.
      this.marks.addWatchNews(
        newlyMatching(watch, diff).map((m) => m.node_name),
        visible,
      );
    }
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
