// Where the IDs go, as a person does it in the editor: hover a node ID in a
// file and click Copy in the hover; put two cursors in a script and insert
// two node IDs, one per cursor.
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { until, type Ui } from './workbench';

const ID = DEMO_MACHINES[7].node_name;

/** A new untitled editor holding `text`, typed as a person would. */
async function newFile(ui: Ui, text: string): Promise<void> {
  // Not ui.runCommand: "File: Compare New Untitled Text Files" may come first in the palette.
  await ui.focusWorkbench();
  await ui.page.keyboard.press('F1');
  await ui.quickInput().fill('>File: New Untitled Text File');
  await ui.page.locator('.quick-input-list .monaco-list-row').filter({ has: ui.page.locator('.label-name', { hasText: /^File: New Untitled Text File$/ }) }).first().click();
  const editor = ui.page.locator('.editor-instance .monaco-editor textarea').first();
  await editor.waitFor();
  await ui.page.keyboard.type(text);
}

export const editorIdsScenario: Scenario = {
  title: 'editor: hover a node ID in a file and click Copy; Insert Node ID… with two cursors puts one ID at each',
  ...NEWEST_ONLY,
  async run({ ui }) {
    await ui.ensureReady();
    await newFile(ui, `rent --node ${ID} --image 42`);
    const word = ui.page.locator('.view-lines .view-line span', { hasText: ID.slice(0, 8) }).first();
    await word.hover();
    const hover = ui.page.locator('.monaco-hover:visible').filter({ hasText: 'listed as of' }).first();
    await hover.waitFor();
    assert.match(await hover.innerText(), /^\d+× .+ · \d+(\.\d+)? \(\d+(\.\d+)?\/GPU\)/);
    await ui.clearClipboard();
    await hover.getByRole('link', { name: 'Copy' }).click();
    assert.equal(await ui.clipboardWhen('the node ID', (t) => t !== ''), ID);
    await ui.page.keyboard.press('Escape');

    await newFile(ui, 'A=\nB=');
    // A cursor after "A=" and one after "B=".
    await ui.page.keyboard.press('Control+Home');
    await ui.page.keyboard.press('End');
    await ui.runCommand('Add Cursor Below');
    await ui.page.keyboard.press('End');
    await ui.page.locator('.statusbar-item', { hasText: '2 selections' }).first().waitFor();
    await ui.runCommand('GPU Rental: Insert Node ID…');
    const pick = ui.page.locator('.quick-input-widget').filter({ hasText: 'pick 2 for one per cursor' }).first();
    await pick.waitFor();
    const rows = ui.page.locator('.quick-input-list .monaco-list-row');
    for (const index of [0, 1]) {
      const row = rows.nth(index);
      await row.locator('input[type="checkbox"], .quick-input-list-checkbox, .monaco-checkbox').first().click();
    }
    await ui.quickInput().press('Enter');
    const lines = ui.page.locator('.editor-instance .view-lines .view-line');
    const text = await until('the two IDs in the file', async () => (await lines.allInnerTexts()).map((l) => l.replace(/\u00a0/g, ' ').trim()), (l) => l.length === 2 && /^A=\S{36}$/.test(l[0]) && /^B=\S{36}$/.test(l[1]));
    assert.notEqual(text[0].slice(2), text[1].slice(2), 'a different ID at each cursor');
  },
  async cleanup({ ui }) {
    await ui.dismissOverlays();
    await ui.runCommand('View: Revert and Close Editor').catch(() => undefined);
    await ui.runCommand('View: Revert and Close Editor').catch(() => undefined);
  },
};
