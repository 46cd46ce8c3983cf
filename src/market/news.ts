// Which machines are new to the user: marked "new" in the tree until the user
// has had them in view, and counted in the view's badge when they match a
// watch and appeared while the view was not shown. Pure: told about each
// refresh's diff and about the view being shown or hidden.
import type { MachineDiff } from './diff';
import type { Watch } from './watch';

export class NewMachines {
  /** Node IDs marked "new" in the tree. */
  private readonly marked = new Set<string>();
  /** Marked machines that match a watch and arrived unseen: the badge. */
  private readonly unseen = new Set<string>();
  /** Marks the user has had in view: they go with the next refresh. */
  private seen = false;

  /**
   * A refresh brought `diff`. `visible`: the Machines view is shown now.
   * `watched`: the active watches whose matches count for the badge.
   */
  update(diff: MachineDiff, visible: boolean, watched: readonly Watch[]): void {
    if (diff.initial) {
      // Everything "appeared": a baseline, not news.
      this.marked.clear();
      this.unseen.clear();
      return;
    }
    if (visible || this.seen) {
      this.marked.clear();
      this.seen = visible;
    }
    for (const machine of diff.disappeared) {
      this.marked.delete(machine.node_name);
      this.unseen.delete(machine.node_name);
    }
    for (const machine of diff.appeared) {
      this.marked.add(machine.node_name);
      if (!visible && watched.some((w) => w.matches(machine))) {
        this.unseen.add(machine.node_name);
      }
    }
  }

  /** A machine that newly matches a watch (a price drop) counts too, without being "new" to the list. */
  addWatchNews(nodeIds: Iterable<string>, visible: boolean): void {
    if (visible) return;
    for (const id of nodeIds) this.unseen.add(id);
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
