// Which machines are new to the user: marked "new" in the tree until the user
// has had them in view, and counted in the view's badge when they match a
// watch and appeared while the view was not shown. Pure: told about each
// refresh's news (node IDs, as the market's `news` notification brings them,
// made by `newsOf` where the market runs) and about the view being shown or hidden.
import type { Machine } from '../api/types';
import type { MachineDiff } from './diff';
import type { Notifications } from './protocol';
import { newlyMatching, type Watch } from './watch';

/** A refresh's news by node ID: what appeared, what went away, and what each active watch newly found. */
export type SnapshotNews = Notifications['news'];

/**
 * The news of a new snapshot for the given watches (their query text and
 * test): node IDs only, never the machines. The first snapshot is a
 * baseline: nothing in it is news. Costs the size of the diff.
 */
export function newsOf(diff: MachineDiff, watches: readonly Pick<Watch, 'queryText' | 'matches'>[]): SnapshotNews {
  if (diff.initial) return { initial: true, appeared: [], disappeared: [], watches: [] };
  const id = (machine: Machine) => machine.node_name;
  return {
    initial: false,
    appeared: diff.appeared.map(id),
    disappeared: diff.disappeared.map(id),
    watches: watches.map((watch) => ({ query: watch.queryText, found: newlyMatching(watch, diff).map(id) })),
  };
}

export class NewMachines {
  /** Node IDs marked "new" in the tree. */
  private readonly marked = new Set<string>();
  /** Marked machines that match a watch and arrived unseen: the badge. */
  private readonly unseen = new Set<string>();
  /** Marks the user has had in view: they go with the next refresh. */
  private seen = false;

  /**
   * A refresh brought `news`. `visible`: the Machines view is shown now.
   * What the active watches newly found counts for the badge: new machines,
   * and listed ones that came into range (a price drop).
   */
  update(news: SnapshotNews, visible: boolean): void {
    if (news.initial) {
      // Everything "appeared": a baseline, not news.
      this.marked.clear();
      this.unseen.clear();
      return;
    }
    if (visible || this.seen) {
      this.marked.clear();
      this.seen = visible;
    }
    for (const id of news.disappeared) {
      this.marked.delete(id);
      this.unseen.delete(id);
    }
    for (const id of news.appeared) this.marked.add(id);
    if (visible) return;
    for (const watch of news.watches) {
      for (const id of watch.found) this.unseen.add(id);
    }
  }

  /** The view was shown: the badge is read; the marks stay until the next refresh. */
  shown(): void {
    this.unseen.clear();
    this.seen = true;
  }

  isNew(nodeId: string): boolean {
    return this.marked.has(nodeId);
  }

  get badge(): number {
    return this.unseen.size;
  }
}
