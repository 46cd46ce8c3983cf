// Comparing three machines and reading a template, as a person does: three
// rows selected with Ctrl+click, Compare Machines from the context menu, the
// best-value marks in the page, "Only differences", Copy Node ID from a
// column; a template opened by clicking it, and its image reference copied.
import * as assert from 'node:assert/strict';
import { DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import { imageReference } from '../../src/model/imageRef';
import { compareFirstThree, compareFrame, inFrame, templateFrame } from './panels';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { until, type Ui } from './workbench';

/** The node ID in the n-th row's hover. */
async function nodeIdOf(ui: Ui, index: number): Promise<string> {
  const row = ui.machineRows().nth(index);
  const hover = await ui.tooltip(row);
  const cell = hover.locator('tr').filter({ has: ui.page.locator('td', { hasText: /^Node ID$/ }) }).locator('td').nth(1);
  const id = (await cell.innerText()).trim();
  await ui.page.mouse.move(5, 5);
  return id;
}

export const compareScenario: Scenario = {
  title: 'compare: three machines with Ctrl+click, Compare Machines from the context menu, best marks, Only differences, Copy Node ID; a template by click, Copy Image Reference',
  ...NEWEST_ONLY,
  async run({ ui }) {
    await ui.ensureReady();
    await ui.dismissOverlays();
    // Whatever earlier scenarios left open: from all groups collapsed, open them in order until three machines show.
    await (await ui.titleAction('Collapse All')).click();
    await until('the groups collapsed', () => ui.machineRows().count(), (n) => n === 0);
    for (let i = 0; (await ui.machineRows().count()) < 3; i++) {
      const group = ui.groupRows().nth(i);
      await group.locator('.monaco-tl-twistie').click();
      await until(`group ${i + 1} expanded`, () => group.getAttribute('aria-expanded'), (v) => v === 'true');
    }
    const ids = [await nodeIdOf(ui, 0), await nodeIdOf(ui, 1), await nodeIdOf(ui, 2)];
    const find = await compareFirstThree(ui);
    const columns = await inFrame(find, (frame) => frame.locator('thead code.node-id').allInnerTexts());
    assert.deepEqual(columns.map((t) => t.trim()), ids, 'one column per machine, in tree order');
    // The tree is sorted by price per GPU: the first machine has the best (lowest) price per GPU.
    const perGpu = await inFrame(find, (frame) => frame.locator('tr[data-key="price_per_gpu"] td').evaluateAll((cells) => cells.map((c) => c.classList.contains('best'))));
    assert.equal(perGpu[0], true);
    const marks = await inFrame(find, (frame) => frame.locator('td.best .visually-hidden').allTextContents());
    assert.ok(marks.length > 0 && marks.every((t) => t === 'best'), 'each best value says "best" to screen readers');
    const icons = await inFrame(find, (frame) => frame.locator('td.best .icon-best').evaluateAll((els) => els.map((e) => getComputedStyle(e, '::before').content)));
    assert.ok(icons.every((c) => c === '"★"'), `a star beside each best value: ${icons.join()}`);

    // Only differences hides the rows where all three agree, and nothing else.
    const count = (frame: import('playwright-core').Frame) => frame.locator('tbody tr:visible').count();
    const all = await inFrame(find, count);
    const same = await inFrame(find, (frame) => frame.locator('tbody tr[data-same]').count());
    assert.ok(same > 0, 'the demo machines agree somewhere (labels, NVLink…)');
    await inFrame(find, (frame) => frame.getByLabel('Only differences').check());
    await until('rows hidden', () => inFrame(find, count), (n) => n === all - same);
    await inFrame(find, (frame) => frame.getByLabel('Only differences').uncheck());
    await until('rows back', () => inFrame(find, count), (n) => n === all);

    await ui.clearClipboard();
    await inFrame(find, (frame) => frame.locator('thead th[data-column="1"] button[data-action="copyNodeId"]').click());
    assert.equal(await ui.clipboardWhen('the node ID', (t) => t !== ''), ids[1]);
    await inFrame(find, (frame) => frame.getByRole('status').filter({ hasText: 'Copied the node ID' }).waitFor());

    // Remove a column: the title follows.
    await inFrame(find, (frame) => frame.locator('thead th[data-column="2"] button[data-action="remove"]').click());
    await compareFrame(ui, 'Compare 2 machines');
    await ui.page.locator('.tab', { hasText: 'Compare 2 machines' }).first().waitFor();

    // A template: click opens its details; the page copies its image reference.
    await ui.openSidebar();
    const typeRow = ui.templates().locator('.monaco-list-row[aria-level="1"]').filter({ hasText: 'Type 1' }).first();
    await typeRow.waitFor();
    if ((await typeRow.getAttribute('aria-expanded')) !== 'true') await typeRow.locator('.monaco-tl-twistie').click();
    const templateRow = ui.templates().locator('.monaco-list-row[aria-level="2"]').first();
    await templateRow.waitFor();
    const name = (await templateRow.locator('.label-name').first().innerText()).trim();
    const template = DEMO_TEMPLATES.find((t) => t.name === name && t.image_type === 1);
    assert.ok(template, `a demo template named ${name}`);
    await templateRow.click();
    const findTemplate = () => templateFrame(ui, name);
    const shown = await inFrame(findTemplate, (frame) => frame.locator('#reference').innerText());
    assert.equal(shown.trim(), imageReference(template));
    const password = await inFrame(findTemplate, (frame) => frame.locator('[data-field="docker_passwd"]').innerText());
    assert.match(password.trim(), /^(set|not set)$/);
    await ui.clearClipboard();
    await inFrame(findTemplate, (frame) => frame.locator('#copy-image-reference').click());
    assert.equal(await ui.clipboardWhen('the image reference', (t) => t !== ''), imageReference(template));
  },
  async cleanup({ ui }) {
    await ui.dismissOverlays();
    await ui.runCommand('View: Close All Editors').catch(() => undefined);
    await ui.openSidebar();
  },
};
