// Observing a complete list at the cost of what changed: a refresh changes a
// few machines of 100k, and the market's own diff (src/market/diff.ts) says
// which. When the diff starts from the list this window recorded last, its
// groups follow from the last ones (GroupTally), and when the history's
// listed machines are still that list's (plus what other windows changed
// since, which the history notes), what appeared and went follows from the
// diff too. Otherwise (the first list, a list not recorded, a history
// reloaded from disk) the whole list is aggregated and compared. Both ways
// give the same observation. Pure.
import type { Machine } from '../../api/types';
import type { MachineDiff } from '../diff';
import { GroupTally } from './aggregate';
import type { Observation } from './memory';
import type { Presence } from './presence';

/** What changed since the list before, as the market's change event says it. */
export interface ListChange {
  /** The list the diff starts from (the same array). */
  before: readonly Machine[];
  diff: MachineDiff;
}

export class ListFollower {
  private last: { list: readonly Machine[]; tally: GroupTally } | undefined;

  /** The observation of a complete list at `t`, against the history's presence. */
  observe(t: number, machines: readonly Machine[], presence: Presence, change?: ListChange): Observation {
    const diff = change && !change.diff.initial ? change.diff : undefined;
    if (diff && this.last?.list === change!.before && this.last.tally.apply(diff)) {
      this.last.list = machines;
    } else {
      this.last = { list: machines, tally: new GroupTally(machines) };
    }
    const groups = this.last.tally.groups();
    if (diff && presence.hasBaseline(change!.before)) {
      return { t, groups, ...presence.changesFromDiff(diff) };
    }
    const ids = new Array<string>(machines.length);
    for (let i = 0; i < machines.length; i++) {
      ids[i] = machines[i].node_name;
    }
    return { t, groups, ...presence.changes(ids) };
  }

  /**
   * After the observation of `machines` was applied: when every change took
   * effect and the history lists as many machines as the list has, the
   * history's listed machines are that list's, and the next diff can be used.
   */
  applied(presence: Presence, machines: readonly Machine[], tookEffect: boolean): void {
    if (tookEffect && presence.presentCount === machines.length) {
      presence.setBaseline(machines);
    } else {
      presence.dropBaseline();
    }
  }

  /** Forgets the last list (the history was cleared). */
  reset(): void {
    this.last = undefined;
  }
}
