// Watching the market as a person does: filter, Watch Current Filter, and
// when the service lists a matching machine (the demo API is told to), the
// toast; Show reveals the machine marked "new"; the status bar item and the
// Machines view's badge say what is there.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../src/api/types';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { until, type Ui } from './workbench';
import { clearFilterAfter } from './ui';

const WATCH = 'Cheap H100';
/** Polls every 10 s in the scenarios' window; an alert can take two polls to come. */
const ALERT_TIMEOUT_MS = 45_000;

function h100(id: string, price: string): Machine {
  return { ...DEMO_MACHINES[0], node_name: id, gpu_name: 'H100_WATCH', gpu_count: 1, price };
}

function statusItem(ui: Ui) {
  return ui.statusBar().locator('[aria-label^="GPU Rental: "]').first();
}

function badge(ui: Ui) {
  return ui.page.locator('.activitybar .action-item:has(a[aria-label^="GPU Rental"]) .badge-content').first();
}

export const watchingScenario: Scenario = {
  title: 'watching: Watch Current Filter, a matching machine appears → the toast, Show reveals it marked new; the status bar and the badge',
  ...NEWEST_ONLY,
  async run({ ui, demo }) {
    await ui.ensureReady();
    await (await ui.titleAction('Filter Machines…')).click();
    const input = ui.quickInput();
    await input.waitFor();
    await input.fill('gpu=H100_WATCH price_per_gpu<2');
    await input.press('Enter');
    await ui.viewMessage().filter({ hasText: 'gpu=h100_watch price_per_gpu<2 · 0 of' }).waitFor();

    await ui.runCommand('GPU Rental: Watch Current Filter');
    const name = ui.quickInput();
    await name.waitFor();
    await name.fill(WATCH);
    await name.press('Enter');
    await until('the status bar item', () => statusItem(ui).innerText(), (t) => t.trim() === '0');

    demo.setData({ machines: [...DEMO_MACHINES, h100('h100-watch-1', '1.50')] });
    // Any refresh tells a watch's news, a poll's or the Refresh button's: the button does not wait out the poll's 10 s.
    await (await ui.titleAction('Refresh')).click();
    const toast = ui.toast(`GPU Rental: 1× H100 WATCH at 1.50/GPU in cn-north newly matches "${WATCH}"`);
    await toast.waitFor({ timeout: ALERT_TIMEOUT_MS });
    await until('the status bar to count it', () => statusItem(ui).innerText(), (t) => t.trim() === '1 · 1.50/GPU');
    await toast.getByRole('button', { name: 'Show', exact: true }).click();
    const row = ui.machineRows().filter({ hasText: '1× H100 WATCH' }).first();
    await until('the machine selected', () => row.getAttribute('aria-selected'), (v) => v === 'true');
    assert.match((await row.locator('.label-description').innerText()).trim(), /^new · 1\.50 \(1\.50\/GPU\)/);
    assert.match((await row.getAttribute('aria-label')) ?? '', /^new, 1× H100 WATCH/);

    await statusItem(ui).hover();
    const hover = ui.page.locator('.monaco-hover:visible').filter({ hasText: 'Next poll' }).first();
    await hover.waitFor();
    assert.match(await hover.innerText(), new RegExp(`${WATCH}\\s+1 · 1\\.50/GPU`), 'its count and cheapest price in one cell');
    await ui.page.mouse.move(5, 5);

    // Out of sight, news counts in the badge on the activity bar until the view is opened.
    await ui.runCommand('View: Show Explorer');
    demo.setData({ machines: [...DEMO_MACHINES, h100('h100-watch-1', '1.50'), h100('h100-watch-2', '1.20')] });
    await ui.runCommand('GPU Rental: Refresh');
    await until('the badge', () => badge(ui).innerText(), (t) => t.trim() === '1', ALERT_TIMEOUT_MS);
    // The badge covers part of the icon: click the icon's item, as a pointer anywhere on it would.
    await ui.page.locator('.activitybar .action-item:has(a[aria-label^="GPU Rental"])').first().click();
    await badge(ui).waitFor({ state: 'hidden' });
  },
  async cleanup({ ui, demo }) {
    demo.reset();
    // The filter first: every later scenario needs the whole list.
    await ui.openSidebar();
    await clearFilterAfter({ ui });
    await ui.runCommand('GPU Rental: Manage Watches…');
    const title = (text: string) => ui.page.locator('.quick-input-widget .quick-input-title').filter({ hasText: text }).first();
    await title('Manage Watches').waitFor();
    // Its rows come with the watches' figures: the watch's own row, once it is there.
    await ui.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: WATCH }).first().click();
    await title(`Watch: ${WATCH}`).waitFor();
    await ui.quickInput().fill('Remove');
    await ui.quickInput().press('Enter');
    await title(`Watch: ${WATCH}`).waitFor({ state: 'hidden' });
    await until('the status bar item to go', () => statusItem(ui).count(), (n) => n === 0);
  },
};
