// The account in VS Code's Accounts menu, as a person sees it: after Set API
// Token, the menu lists the service's host as a GPU Rental account, and Sign
// Out there brings back the views' welcome content, as Clear API Token does.
import * as assert from 'node:assert/strict';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { LOAD_TIMEOUT_MS } from './workbench';

export const accountsScenario: Scenario = {
  title: "the Accounts menu: after Set API Token it lists the service's host as a GPU Rental account; Sign Out there shows the welcome content",
  ...NEWEST_ONLY,
  async run({ ui, demo }) {
    await ui.ensureReady();
    const host = new URL(demo.url).host;
    const accounts = ui.page.locator('.activitybar').getByRole('button', { name: /^Accounts/ });
    await accounts.click();
    const items = await ui.menuItems();
    const account = `${host} (GPU Rental)`;
    assert.ok(items.includes(account), `the Accounts menu: ${items.join(' | ')}`);
    await ui.menuItem(account).hover();
    await ui.chooseMenuItem('Sign Out');
    // VS Code asks first, in its own dialog.
    const dialog = ui.page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), new RegExp(host.replace(/\./g, '\\.')));
    await dialog.getByRole('button', { name: 'Sign Out' }).click();
    await ui.welcomeButton(ui.t('Set API Token')).waitFor({ timeout: LOAD_TIMEOUT_MS });
    assert.equal(await ui.groupRows().count(), 0, 'no machine rows after signing out');
    await accounts.click();
    // With no account at all, VS Code 1.100 opens no menu: then there is nothing to list.
    const after = await ui.page
      .locator('.context-view [role="menuitem"]')
      .first()
      .waitFor({ timeout: 3_000 })
      .then(() => ui.page.locator('.context-view [role="menuitem"]').allInnerTexts())
      .catch(() => [] as string[]);
    assert.ok(!after.map((t) => t.trim()).includes(account), `the account is gone from the menu: ${after.join(' | ')}`);
    await ui.dismissOverlays();
  },
};
