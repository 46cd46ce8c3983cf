// A group of 1,000 machines opens on a slice of 200 and a last row
// "Show 200 more… (800 left)"; clicking it shows the next 200. The tree only
// renders the rows on screen, so the count is read from the rows'
// aria-setsize and aria-posinset, which say where a row sits among its
// siblings, as a screen reader tells it.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { DEMO_MACHINES, mulberry32, randomMachine } from '../../dev/demo/fixtures';
import type { Machine } from '../../src/api/types';
import type { Scenario } from './scenarios';
import { LOAD_TIMEOUT_MS, until, type Ui } from './workbench';

const GPU = 'L40S';
const COUNT = 1000;

function oneModel(count: number): Machine[] {
  const rng = mulberry32(1000);
  const taken = new Set<string>();
  return Array.from({ length: count }, () => {
    const m = randomMachine(rng, taken, { gpu: GPU });
    taken.add(m.node_name);
    return m;
  });
}

/** The "Show N more…" row, brought on screen by moving the focus to the last row of the tree. */
async function moreRow(ui: Ui, left: number): Promise<Locator> {
  const row = ui.machineRows().filter({ has: ui.page.locator('.label-description', { hasText: `(${left} left)` }) }).first();
  await until(
    `the row "Show 200 more… (${left} left)"`,
    async () => {
      if (!(await row.isVisible())) await ui.page.keyboard.press('End');
      return row.isVisible();
    },
    (visible) => visible,
    LOAD_TIMEOUT_MS,
  );
  return row;
}

/** Where the row sits among the group's children: [position, how many there are]. */
async function placeOf(row: Locator): Promise<[number, number]> {
  return [Number(await row.getAttribute('aria-posinset')), Number(await row.getAttribute('aria-setsize'))];
}

export const showMoreScenario: Scenario = {
  title: 'a group of 1,000 machines opens on 200 rows and "Show 200 more… (800 left)"; clicking it shows 400 and "(600 left)"',
  async run({ ui, demo }) {
    await ui.ensureReady();
    demo.setData({ machines: oneModel(COUNT) });
    await (await ui.titleAction('Refresh')).click();
    await until('one group of L40S', () => ui.groupRows().locator('.label-name').allInnerTexts(), (names) => names.length === 1 && names[0].trim() === GPU, LOAD_TIMEOUT_MS);

    const group = ui.groupRows().first();
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.locator('.monaco-tl-twistie').click();
    await ui.machineRows().first().waitFor();
    let more = await moreRow(ui, 800);
    assert.equal((await more.locator('.label-name').innerText()).trim(), 'Show 200 more…');
    assert.deepEqual(await placeOf(more), [201, 201], '200 machine rows, then the Show more row');
    // The row just above it is a machine, the 200th.
    const last = ui.machineRows().filter({ has: ui.page.locator('.label-name', { hasText: new RegExp(`^\\d+× ${GPU}$`) }) }).last();
    assert.deepEqual(await placeOf(last), [200, 201]);

    // Reached with the End key, the row has the keyboard focus, and a person presses Enter; VS Code
    // 1.100 does not run a focused row's command on a click. Otherwise it is clicked.
    if ((await more.getAttribute('class'))?.split(/\s+/).includes('focused')) {
      await ui.page.keyboard.press('Enter');
    } else {
      await more.click();
    }
    more = await moreRow(ui, 600);
    assert.equal((await more.locator('.label-name').innerText()).trim(), 'Show 200 more…');
    assert.deepEqual(await placeOf(more), [401, 401], '400 machine rows, then the Show more row');
    assert.equal(await ui.machineRows().filter({ hasText: '(800 left)' }).count(), 0, 'the old Show more row is gone');
  },
  async cleanup({ ui, demo }) {
    demo.setData({ machines: DEMO_MACHINES });
    await ui.dismissOverlays();
    await (await ui.titleAction('Refresh')).click();
    await until('the demo machines back', () => ui.groupRows().count(), (n) => n > 1, LOAD_TIMEOUT_MS);
  },
};
