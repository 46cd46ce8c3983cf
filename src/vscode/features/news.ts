// Which machines are news, owned in one place: the "new" marks of the
// Machines tree and the count of its badge. Hears every new snapshot's news
// from the market itself (node IDs: what appeared, what went away, what each
// active watch newly found) and then says so with its own event, which the
// tree and the badge follow; nothing depends on who else heard it first.
import * as vscode from 'vscode';
import { NewMachines, type SnapshotNews } from '../../market/news';
import { Disposable } from '../services/lifecycle';

export class News extends Disposable {
  private readonly marks = new NewMachines();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** The marks or the badge changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    market: { onDidFindNews: vscode.Event<SnapshotNews> },
    /** Is the Machines view on screen (its news is then seen)? */
    private readonly host: { machinesVisible(): boolean },
  ) {
    super();
    this._register(market.onDidFindNews((news) => this.update(news)));
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

  private update(news: SnapshotNews): void {
    this.marks.update(news, this.host.machinesVisible());
    this.changed.fire();
  }
}
