// What bench:workbench times in the page: where our rows and the tree floor's are
// (checks evaluated in the workbench), and the time from an action until one of
// them holds, polled every animation frame there.
import { until, type Session } from '../e2e/workbench';

// In-page checks, polled every animation frame; each returns performance.now() once it holds.
export const paneTitled = (title: string) => `[...document.querySelectorAll('.pane')].find((p) => p.querySelector('.pane-header h3.title')?.textContent === '${title}')`;
export const MACHINES_PANE = paneTitled('Machines');
export const FLOOR_PANE = paneTitled('Floor Rows');
export const FLOOR_LIST_PANE = paneTitled('Floor List');
export const FLOOR_CHILD_ROW = `${FLOOR_PANE}?.querySelector('.monaco-list-row[aria-level="2"]')`;
export const FIRST_GROUP_ROW = `${MACHINES_PANE}?.querySelector('.monaco-list-row[aria-level="1"]')`;
export const FIRST_CHILD_ROW = `${MACHINES_PANE}?.querySelector('.monaco-list-row[aria-level="2"]')`;
export const BUSY = `${MACHINES_PANE}?.querySelector('.monaco-progress-container.active:not(.done)')`;
export const WHOLE_LIST = `${FIRST_GROUP_ROW} && !(${BUSY}) && !${MACHINES_PANE}.textContent.includes('while the rest arrive')`;

export async function timed(session: Session, action: () => Promise<void>, doneWhen: string, arg: unknown = undefined, timeout = 180_000): Promise<number> {
  const { page } = session;
  const t0 = (await page.evaluate('performance.now()')) as number;
  await action();
  // A string is evaluated as an expression (a function given as text would not be called): the argument goes in as JSON.
  const handle = await page.waitForFunction(`(() => { const arg = ${JSON.stringify(arg ?? null)}; return (${doneWhen}) ? performance.now() : false; })()`, undefined, {
    polling: 'raf',
    timeout,
  });
  return ((await handle.jsonValue()) as number) - t0;
}

/**
 * Times from an action to each of several conditions, each checked every
 * animation frame by one loop in the page from before the action on, so a
 * later one is timed when it comes true, not when the earlier one did.
 */
export async function timedMilestones(session: Session, action: () => Promise<void>, conditions: string[], timeout = 180_000): Promise<number[]> {
  const { page } = session;
  const t0 = (await page.evaluate(`(() => {
    const checks = [${conditions.map((c) => `() => !!(${c})`).join(', ')}];
    const hits = checks.map(() => 0);
    window.__benchMilestones = hits;
    const tick = () => {
      const now = performance.now();
      checks.forEach((check, i) => { if (!hits[i] && check()) hits[i] = now; });
      if (hits.some((hit) => !hit)) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return performance.now();
  })()`)) as number;
  await action();
  await page.waitForFunction('window.__benchMilestones.every((hit) => hit > 0)', undefined, { timeout });
  const hits = (await page.evaluate('window.__benchMilestones')) as number[];
  return hits.map((hit) => hit - t0);
}

/**
 * → on the focused first group until its first row shows. After a refresh
 * of the tree the workbench sometimes ignores the first → on a group (about
 * one press in three here, with or without our tooltips, and also when only
 * the group rows are refreshed): the key reaches the tree and nothing
 * happens; a second press expands it. So a press that showed nothing within
 * 5 s is repeated, the time is that of the press that worked, and the
 * number of presses is printed.
 */
export async function timedExpand(session: Session, childRow = FIRST_CHILD_ROW): Promise<{ ms: number; presses: number }> {
  for (let presses = 1; ; presses++) {
    try {
      return { ms: await timed(session, () => session.page.keyboard.press('ArrowRight'), childRow, undefined, presses < 3 ? 5_000 : 180_000), presses };
    } catch (err) {
      if (presses >= 3) throw err;
    }
  }
}

/** The keyboard focus on the first group of a tree, opened by `command`. */
export async function focusFirstGroup(session: Session, command: string, pane: string): Promise<void> {
  const { ui, page } = session;
  await until(
    `the keyboard focus on the first group of ${pane}`,
    async () => {
      await ui.runCommand(command);
      await page.keyboard.press('Home');
      return page.evaluate(`!!document.activeElement?.closest('.monaco-list')?.querySelector('.monaco-list-row.focused[aria-level="1"][aria-posinset="1"]') && !!(${pane})?.contains(document.activeElement)`);
    },
    (focused) => focused === true,
    60_000,
  );
}

/** A machine row's texts as the tree shows them: what the tree floor shows in its rows to do the same. */
export interface RowText {
  label: string;
  description: string;
  accessible: string;
}

/** The texts of the Machines view's machine rows on screen. */
export async function machineRowTexts(session: Session): Promise<RowText[]> {
  return (await session.page.evaluate(`[...(${MACHINES_PANE})?.querySelectorAll('.monaco-list-row[aria-level="2"]') ?? []].map((row) => ({
    label: row.querySelector('.label-name')?.textContent ?? '',
    description: row.querySelector('.label-description')?.textContent ?? '',
    accessible: row.getAttribute('aria-label') ?? '',
  }))`)) as RowText[];
}
