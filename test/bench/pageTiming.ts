// What bench:workbench times in the page: where our rows and the tree floor's are
// (checks evaluated in the workbench), and the time from an action until one of
// them holds, polled every animation frame there.
import type { Session } from '../e2e/workbench';

// In-page checks, polled every animation frame; each returns performance.now() once it holds.
export const paneTitled = (title: string) => `[...document.querySelectorAll('.pane')].find((p) => p.querySelector('.pane-header h3.title')?.textContent === '${title}')`;
export const MACHINES_PANE = paneTitled('Machines');
export const FLOOR_PANE = paneTitled('Floor Rows');
export const FLOOR_LIST_PANE = paneTitled('Floor List');
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
