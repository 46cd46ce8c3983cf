// What a list changes in the history's listings, from the market's diff
// alone: the diff says what changed since this window's last list, and the
// history's `changes` say which machines other writers (windows, the command
// line) marked listed or gone since then. Together they give what comparing
// the whole list with the listings gives, at the cost of the changes, not of
// 100k node IDs. Pure.
import type { Machine } from '../../api/types';
import type { MachineDiff } from '../diff';

/** Appeared and gone against the listings, for a list whose diff starts from the list the listings held, less `moved` (node → listed now, as others left it). */
export function presenceChanges(diff: Pick<MachineDiff, 'appeared' | 'disappeared'>, machines: readonly Machine[], moved: ReadonlyMap<string, boolean>): { appeared: string[]; gone: string[] } {
  const appeared: string[] = [];
  const gone: string[] = [];
  for (const m of diff.appeared) if (!moved.has(m.node_name)) appeared.push(m.node_name);
  for (const m of diff.disappeared) if (!moved.has(m.node_name)) gone.push(m.node_name);
  if (moved.size > 0) {
    const listed = new Set<string>();
    for (const m of machines) listed.add(m.node_name);
    for (const [node, wasListed] of moved) {
      if (listed.has(node) && !wasListed) appeared.push(node);
      else if (!listed.has(node) && wasListed) gone.push(node);
    }
  }
  return { appeared, gone };
}
