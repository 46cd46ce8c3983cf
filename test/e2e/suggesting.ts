// From "nothing matches" to the right machine (issue 26), as a person does it:
// the filter box suggests while typing and Tab takes a suggestion, its title
// says how the query is read, Enter applies it; a filter that finds fewer than
// three machines shows near misses in the Machines view, and clicking one
// applies it; Find Machines for a Model… sizes a 70B model for LoRA and
// filters for machines with that much GPU memory.
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { compileQuery, parseQuery } from '../../src/model/query';
import { estimateMemory, sizingFilter } from '../../src/model/sizing';
import type { Scenario } from './scenario';
import { answerQuestion, clearFilterAfter, countsOnly } from './ui';
import { until, type Ui } from './workbench';

const TOTAL = DEMO_MACHINES.length;

function matching(query: string): number {
  const parsed = parseQuery(query);
  if (!parsed.ok) throw new Error(`${query}: ${parsed.error.message}`);
  return DEMO_MACHINES.filter(compileQuery(parsed.query)).length;
}

/** The filter box's title, its spaces as typed (the workbench may draw some as no-break spaces). */
async function boxTitle(ui: Ui): Promise<string> {
  return (await ui.page.locator('.quick-input-widget .quick-input-title').first().innerText()).replace(/\s+/g, ' ').trim();
}

/** The view's message line, once it says exactly `text`. */
async function viewSays(ui: Ui, text: string): Promise<void> {
  await until(`the view message "${text}"`, async () => ((await ui.viewMessage().count()) ? (await ui.viewMessage().innerText()).trim() : ''), (t) => countsOnly(t) === text);
}

/** The top-level rows of the Machines view, the GPU model groups. */
async function groupTexts(ui: Ui): Promise<string[]> {
  return (await ui.groupRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''))).map((t) => t.trim());
}

/** Filter Machines… from the Command Palette (with a filter on, the view's title shows Clear Filter in its place). */
async function openFilterBox(ui: Ui) {
  await ui.runCommand('GPU Rental: Filter Machines…');
  // The box, not the Command Palette it replaces: its placeholder is an example query.
  const input = ui.page.locator('.quick-input-widget input[placeholder^="e.g. gpu="]:visible').first();
  await input.waitFor();
  return input;
}

export const suggestingScenario: Scenario = {
  title: 'suggestions: gpu=h1 and Tab in the filter box, the reading in its title, Enter; a near miss clicked; Find Machines for a Model… for a 70B LoRA',
  async run({ ui }) {
    await ui.ensureReady();

    // Typing: the box offers the model that starts with "h1", with its machines; Tab takes it.
    const suggested = 'gpu=H100_SXM5_80GB';
    const found = matching(suggested);
    let input = await openFilterBox(ui);
    await input.fill('gpu=h1');
    const row = ui.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: suggested }).first();
    await row.waitFor();
    assert.equal((await row.locator('.label-description').first().innerText()).trim(), `${found} machines`);
    await input.press('Tab');
    await until('the suggestion in the box', () => input.inputValue(), (v) => v === suggested);
    await until('the reading in the title', () => boxTitle(ui), (t) => countsOnly(t) === `Read as: gpu starts with "H100_SXM5_80GB". ${found} of ${TOTAL} machines match.`);
    await input.press('Enter');
    await viewSays(ui, `${suggested} · ${found} of ${TOTAL} machines`);
    await until('its machines', () => groupTexts(ui), (groups) => groups.length === 1 && groups[0].startsWith(`H100 SXM5 80GB, ${found} machines · `));

    // Too tight: no machine, only near misses; clicking one applies it and lists its machines.
    const tight = 'gpu=H100 gpus>=8 price_per_gpu<2';
    input = await openFilterBox(ui);
    await input.fill(tight);
    await until('the count in the title', () => boxTitle(ui), (t) => countsOnly(t).endsWith(`0 of ${TOTAL} machines match.`));
    await input.press('Enter');
    await viewSays(ui, `${tight} · 0 of ${TOTAL} machines`);
    const miss = ui.groupRows().filter({ hasText: 'price_per_gpu<14.6 would find 3 machines from 14.001/GPU' }).first();
    await miss.waitFor();
    assert.equal(await ui.groupRows().filter({ hasText: 'without gpu=H100: 5 machines' }).count(), 1, 'the other near miss is listed too');
    await miss.click();
    await viewSays(ui, `gpu=H100 gpus>=8 price_per_gpu<14.6 · 3 of ${TOTAL} machines`);
    await until('the machines it promised', () => groupTexts(ui), (groups) => groups.length === 1 && /^H100 SXM5 80GB, 3 machines · /.test(groups[0]));

    // Sizing: a 70B model for LoRA, the defaults for context and batch.
    const estimate = estimateMemory({ paramsB: 70, job: 'lora' });
    const filter = sizingFilter(estimate);
    const fits = matching(filter);
    assert.ok(fits > 0, `${filter} finds machines in the demo market`);
    await ui.runCommand('GPU Rental: Find Machines for a Model…');
    await answerQuestion(ui, 'Model size in billions of parameters', '70');
    const lora = ui.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'LoRA fine-tuning' }).first();
    await lora.click();
    await answerQuestion(ui, 'Context length in tokens', '');
    await answerQuestion(ui, 'Sequences at once, the batch size', '');
    // No work given: no job, the view cheapest per GPU first (the job cost scenario gives one).
    await answerQuestion(ui, 'Tokens to train on', '');
    const toast = ui.toast('GPU Rental: LoRA fine-tuning, 70B parameters.');
    await toast.waitFor();
    const said = (await toast.locator('.notification-list-item-message').innerText()).trim();
    assert.match(said, new RegExp(`Estimate: about ${estimate.total.toFixed(1)} GiB of GPU memory \\(weights 130\\.4, .*\\)\\..* Filter: ${filter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await viewSays(ui, `${filter} · ${fits} of ${TOTAL} machines`);
    assert.ok((await ui.groupRows().count()) > 0, 'machines are listed');
  },
  cleanup: clearFilterAfter,
};
