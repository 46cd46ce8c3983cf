// The empty extension's first rows and first expand in a window of their own, for
// bench:workbench. Ours are measured at the first load and the first expand of a
// new window; the tree floor's in the bench's window come after ours, when the
// workbench has drawn trees, closed token boxes and run the same code many times
// (its expand then took half the time of the same expand done before ours, in
// runs of 2026-11-28). In a new window, with nothing done before, the floor's
// Floor List is asked for its token from its welcome content's button, as the
// Machines view is, and then a group of Floor Rows is expanded: VS Code's own
// cost of the same first load and first expand.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../../dev/repoRoot';
import { DEMO_TOKEN } from '../../dev/demo/fixtures';
import type { Machine } from '../../src/api/types';
import { Session } from '../e2e/workbench';
import { FLOOR_CHILD_ROW, FLOOR_LIST_PANE, FLOOR_PANE, focusFirstGroup, timed, timedExpand, type RowText } from './pageTiming';

/** An extension whose trees only hand VS Code rows like ours, at once (its package.json says what each view does). */
export const TREE_FLOOR = path.join(repoRoot, 'test', 'fixtures', 'tree-floor');
/** As long as the bench's window waits between the welcome content showing and the token (its 2 s idle and the noise's 2 s). */
const SETTLE_BEFORE_TOKEN_MS = 4000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * In a new window (our extension installed, no token): Enter in the Floor List's token box → its first group row
 * on screen; then → on a group of Floor Rows holding `rows` with `texts` → its first row on screen.
 */
export async function floorInNewWindow(version: string, machines: Machine[], rows: number, texts: RowText[]): Promise<{ firstRowsMs: number; expandMs: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-floor-'));
  const session = await Session.open({ version, viewport: { width: 1400, height: 1000 }, extensionFolders: [TREE_FLOOR], env: { GPU_RENTAL_STALL_PROBE_DIR: dir } });
  try {
    const { page, demo, ui } = session;
    demo.setData({ machines });
    const url = `${demo.url}/v1/rentgpu/machines`;
    fs.writeFileSync(path.join(dir, 'load.json'), JSON.stringify({ url, token: DEMO_TOKEN }));
    // The server builds the body now, as the bench's own floor measurement has it built before our first load.
    await (await fetch(url, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } })).text();
    await page.locator('.activitybar .action-item a[aria-label^="Tree Floor"]').first().click();
    const pane = page.locator('.pane').filter({ has: page.locator('.pane-header h3.title', { hasText: /^Floor List$/ }) }).first();
    const button = pane.locator('.welcome-view-content').getByRole('button', { name: 'Set Token' });
    await button.waitFor({ timeout: 60_000 });
    await sleep(SETTLE_BEFORE_TOKEN_MS);
    await button.click();
    const input = ui.passwordInput();
    await input.waitFor();
    await input.fill(DEMO_TOKEN);
    const firstRowsMs = await timed(session, () => input.press('Enter'), `${FLOOR_LIST_PANE}?.querySelector('.monaco-list-row[aria-level="1"]')`);
    await focusFloorGroup(session, dir, rows, texts);
    const { ms: expandMs } = await timedExpand(session, FLOOR_CHILD_ROW);
    return { firstRowsMs, expandMs };
  } finally {
    await session.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The keyboard focus on the first group of Floor Rows, its groups holding `rows` each, showing our rows' `texts`
 * in turn (written where the fixture reads it, `dir`): the same rows as ours, but for the node IDs.
 */
export async function focusFloorGroup(session: Session, dir: string, rows: number, texts: RowText[]): Promise<void> {
  fs.writeFileSync(path.join(dir, 'rows.json'), JSON.stringify({ rows, texts }));
  await focusFirstGroup(session, 'Tree Floor: Show', FLOOR_PANE);
}
