// The Machines view's tree as the scenarios reach it: a group row opened as a
// person opens it, and the machine rows under a GPU model.
import type { Locator } from 'playwright-core';
import { again, until, type Ui } from './workbench';

/** The tree's group for the scenarios that need one: present in the demo market, several machines. */
export const GROUP = 'RTX 4090';

/** The group row with exactly this label, expanded. */
export async function expandGroup(ui: Ui, label: string): Promise<Locator> {
  const row = ui.groupRows().filter({ has: ui.page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) }).first();
  await row.waitFor();
  // A click that lands while the tree redraws (its rows follow the view's message a moment later) is
  // sometimes lost, as a → is (docs/performance.md): a person clicks again, and so do we, up to three times.
  const isExpanded = async () => (await row.getAttribute('aria-expanded')) === 'true';
  await again(
    async () => {
      if (!(await isExpanded())) await row.locator('.monaco-tl-twistie').click();
    },
    () => until(`group ${label} to be expanded`, isExpanded, (yes) => yes, 5_000).then(() => undefined),
  );
  return row;
}

/** Machine rows of one GPU model (the tree is grouped by GPU model). */
export function machinesOf(ui: Ui, gpu: string): Locator {
  return ui.machineRows().filter({ has: ui.page.locator('.label-name', { hasText: new RegExp(`^\\d+× ${escapeRegExp(gpu)}$`) }) });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
