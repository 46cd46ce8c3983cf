// Copying node IDs, the job the extension exists for: from a row's context
// menu, the details panel, the Command Palette's quick pick, and two selected
// rows at once (one ID per line).
import * as assert from 'node:assert/strict';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { expandGroup, GROUP, machinesOf } from './tree';
import { again, UUID, until } from './workbench';

export const copyingScenario: Scenario = {
  title: 'copying: Copy Node ID from the context menu, the details panel, the Command Palette, and two selected rows',
  ...NEWEST_ONLY,
  async run({ ui }) {
    await ui.ensureReady();
    await expandGroup(ui, GROUP);
    const rows = machinesOf(ui, GROUP);
    const first = rows.nth(0);
    // The group's rows once they hold still: a redraw just after the group opens (the market
    // history recorded the last list) can put another machine first (seen once on 1.100).
    const nodeId = await until(
      'the first row to hold still',
      async () => {
        const before = await ui.nodeIdOf(first);
        await ui.page.waitForTimeout(300);
        return before === (await ui.nodeIdOf(first)) ? before : '';
      },
      (id) => id !== '',
    );

    await ui.clearClipboard();
    await ui.rowContextMenu(first, 'Copy Node ID');
    assert.equal(await ui.clipboardWhen('the node ID', (t) => t !== ''), nodeId);
    await ui.statusMessage(`Copied node ID ${nodeId}`);

    // The details panel's own button.
    await first.click();
    await ui.detailsFrame({ nodeId });
    await ui.clearClipboard();
    await ui.inDetails({ nodeId }, (frame) => frame.locator('#copy-node-id').click());
    assert.equal(await ui.clipboardWhen('the node ID', (t) => t !== ''), nodeId);

    // The Command Palette: a quick pick of the machines, cheapest per GPU first.
    await ui.clearClipboard();
    await ui.runCommand('GPU Rental: Copy Node ID');
    const firstPick = ui.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: '/GPU)' }).first();
    await firstPick.waitFor();
    const pickText = await firstPick.innerText();
    assert.match(pickText, /^\d+× .+ · \d+(\.\d+)? \(\d+(\.\d+)?\/GPU\)/);
    const pickId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(pickText)?.[0];
    assert.ok(pickId, `the pick shows the node ID: ${JSON.stringify(pickText)}`);
    await ui.page.keyboard.press('Enter');
    const copied = await ui.clipboardWhen('a node ID', (t) => UUID.test(t));
    assert.equal(copied, pickId);

    // Two rows selected with Ctrl+click: one ID per line.
    const [second, third] = [rows.nth(1), rows.nth(2)];
    const ids = [await ui.nodeIdOf(second), await ui.nodeIdOf(third)];
    // A click opens the machine's details, and the panel opening can take the selection's focus
    // back from a Ctrl+click that follows at once (seen once on a loaded machine: one row
    // selected): as a person would, select them again.
    const selected = () => ui.machines().locator('.monaco-list-row.selected').count();
    await again(
      async () => {
        await second.click();
        await ui.page.waitForTimeout(300);
        await third.click({ modifiers: ['Control'] });
      },
      () => until('two selected rows', selected, (n) => n === 2, 5_000).then(() => undefined),
    );
    await ui.clearClipboard();
    await ui.rowContextMenu(third, 'Copy Node ID');
    const lines = (await ui.clipboardWhen('two lines', (t) => t.split('\n').length === 2)).split('\n');
    assert.deepEqual([...lines].sort(), [...ids].sort());
    await ui.statusMessage('Copied 2 node IDs');
    // Back to one selected row.
    await second.click();
  },
};
