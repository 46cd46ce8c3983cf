// The workbench in the pseudo-locale (qps-ploc): every string of ours is
// pseudo-localised there ("Machines" reads "Ḿȧȧƈħīƞḗḗş"), so an English word
// of ours on screen is one that does not go through the translations. A
// person signs in, opens a group, meets a failing service (a notification and
// a stale view message) and opens a machine's details; at each step the
// text on screen must hold pseudo text and none of our English words.
// VS Code's own UI stays English (the language pack the harness installs
// has no translations of it), so only our parts of the screen are read.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_TOKEN } from '../../dev/demo/fixtures';
import type { Scenario } from './scenario';
import { englishWords, PSEUDO_TEXT } from './strings';
import type { Locator } from 'playwright-core';
import { again, LOAD_TIMEOUT_MS, RESULTS_DIR, until } from './workbench';

const ENGLISH = englishWords();

/** The text holds pseudo text and no English word of ours. */
function assertPseudo(where: string, text: string): void {
  assert.match(text, PSEUDO_TEXT, `${where} shows pseudo-localised text: ${JSON.stringify(text.slice(0, 300))}`);
  const left = ENGLISH.filter((w) => w.pattern.test(text)).map((w) => w.text);
  assert.deepEqual(left, [], `${where} still shows English strings of ours: ${JSON.stringify(text.slice(0, 600))}`);
}

async function assertPseudoIn(where: string, place: Locator): Promise<void> {
  assertPseudo(where, (await place.innerText()).trim());
}

export const pseudoLocaleScenario: Scenario = {
  title: 'pseudo-locale: in qps-ploc no English string of ours is left in the views, the welcome content, a notification and the details panel',
  fresh: true,
  window: { locale: 'qps-ploc' },
  // Our strings and VS Code's l10n API are the same on both versions; the German bundle's keys are checked in Node.
  appliesTo: (vscodeVersion) => !vscodeVersion.startsWith('1.100.'),
  appliesWhy: 'run on the newest VS Code only, for time: the strings and vscode.l10n are the same on both',
  async run({ ui, demo, page }) {
    const { t } = ui;
    assert.notEqual(t('Machines'), 'Machines', 'the window is in the pseudo-locale');
    const icon = ui.activityBarIcon();
    await icon.waitFor();
    assertPseudo('the activity bar icon', (await icon.getAttribute('aria-label')) ?? '');
    await icon.click();

    // Welcome content of both views, and the views' titles.
    const welcome = ui.machines().locator('.welcome-view-content');
    await ui.welcomeButton(t('Set API Token')).waitFor();
    await assertPseudoIn('the Machines welcome content', welcome);
    await assertPseudoIn('the Image Templates welcome content', ui.templates().locator('.welcome-view-content'));
    assertPseudo('the side bar title', (await page.locator('.part.sidebar .composite.title').first().innerText()).trim());

    // Set API Token: the password box.
    await ui.welcomeButton(t('Set API Token')).click();
    await ui.passwordInput().waitFor();
    await assertPseudoIn('the token box', page.locator('.quick-input-widget'));
    await ui.enterToken(DEMO_TOKEN);
    await ui.statusMessage(t('GPU Rental: API token saved and accepted by the service'));

    // The trees: group rows and machine rows we compose, the view's description.
    await ui.waitForTrees();
    const group = ui.groupRows().first();
    await group.locator('.monaco-tl-twistie').click();
    await until('machine rows', () => ui.machineRows().count(), (n) => n > 1);
    await assertPseudoIn('the Machines view', ui.machines());
    await assertPseudoIn('the Image Templates view', ui.templates());

    // A failing service: the notification, its buttons, the stale view message.
    demo.setFault({ fault: { kind: 'status', status: 500 } });
    await (await ui.titleAction(t('Refresh'))).click();
    const toast = ui.toast('500');
    await toast.waitFor({ timeout: LOAD_TIMEOUT_MS });
    await assertPseudoIn('the notification', toast);
    const message = ui.viewMessage().filter({ hasText: '500' });
    await message.waitFor();
    await assertPseudoIn('the view message', message);
    demo.clearFaults();
    await toast.getByRole('button', { name: t('Retry') }).click();
    await message.waitFor({ state: 'detached', timeout: LOAD_TIMEOUT_MS });

    // A machine's details.
    // A click that lands while the tree redraws after the refresh is lost (VS Code's tree; seen
    // once on 1.100, the row selected and no panel): as a person would, click again.
    const detailsTab = ui.page.locator('.tabs-container .tab').filter({ hasText: /\S/ });
    await again(
      () => ui.machineRows().first().click(),
      () => detailsTab.first().waitFor({ timeout: 5_000 }),
    );
    const frame = await ui.detailsFrame();
    await until('the details values', () => frame.locator('td[data-field="price_per_gpu"]').innerText(), (v) => v.trim() !== '');
    assertPseudo('the details panel', (await frame.locator('body').innerText()).trim());
    // For a person to look at: the whole window in the pseudo-locale.
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'e2e-pseudo-locale.png') });
  },
};
