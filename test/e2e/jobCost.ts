// What the job costs (issue 37), as a person asks it: Find Machines for a
// Model… for full fine-tuning of a 7B model on 1B tokens (a wrong token count
// first: the box says what is wrong and keeps the person there), the
// utilization's default shown in its box; then the Machines view sorted by the
// job's cost (its description says so), the cheapest job's row starting with
// its time and cost, and the details panel's job rows. Clear Filter clears it.
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { displayName } from '../../src/model/format';
import { costKey, estimateJob, type Job } from '../../src/model/jobCost';
import { jobRowText } from '../../src/model/jobText';
import { compileQuery, parseQuery } from '../../src/model/query';
import { estimateMemory, sizingFilter } from '../../src/model/sizing';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { answerQuestion, clearFilterAfter, questionBox } from './ui';
import { until } from './workbench';

export const jobCostScenario: Scenario = {
  title: 'job cost: Find Machines for a Model… with a job (a bad token count first), the view sorted by job cost, a row’s time and cost, the details panel’s job rows',
  ...NEWEST_ONLY,
  async run({ ui }) {
    await ui.ensureReady();
    const job: Job = { paramsB: 7, kind: 'train', tokens: 1e9 };
    const filter = sizingFilter(estimateMemory({ paramsB: 7, job: 'full' }));
    const parsed = parseQuery(filter);
    assert.ok(parsed.ok);
    const fits = DEMO_MACHINES.filter(compileQuery(parsed.query));
    const cheapest = [...fits].sort((a, b) => costKey(estimateJob(job, a)) - costKey(estimateJob(job, b)))[0];
    const rowWords = jobRowText(estimateJob(job, cheapest));
    assert.match(rowWords, /^≈ [\d.,]+ h · ≈ [\d.,]+$/);

    await ui.runCommand('GPU Rental: Find Machines for a Model…');
    await answerQuestion(ui, 'Model size in billions of parameters', '7');
    await ui.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'Full fine-tuning' }).first().click();
    await answerQuestion(ui, 'Context length in tokens', '');
    await answerQuestion(ui, 'Sequences at once, the batch size', '');
    // The work: a wrong count is a message in the box (in place of its prompt), and Enter does not leave it.
    await questionBox(ui, 'Tokens to train on').waitFor();
    const workInput = ui.quickInput();
    await workInput.fill('lots');
    const wrong = questionBox(ui, 'Type a number of tokens such as 1B, 500M or 2B×3');
    await wrong.waitFor();
    await workInput.press('Enter');
    await wrong.waitFor();
    assert.equal(await workInput.inputValue(), 'lots', 'the box stays open on a wrong count, with what was typed');
    await workInput.fill('1B');
    await questionBox(ui, 'Tokens to train on').waitFor();
    await workInput.press('Enter');
    // The utilization: its default shown, adjustable; taken as it is.
    const utilization = questionBox(ui, 'Utilization: the share of the GPUs');
    await utilization.waitFor();
    assert.equal(await utilization.locator('input:visible').first().inputValue(), '35%');
    await answerQuestion(ui, 'Utilization: the share of the GPUs', '35%');

    await ui.toast('Job: full training of 7B on 1B tokens; sorted by job cost.').waitFor();
    await until('the view sorted by job cost', async () => (await ui.machines().locator('.pane-header .description').innerText()).trim(), (t) => t === 'GPU model · job cost ↑');
    // Groups follow their cheapest job: the first is the model of the cheapest job of all, its first row that machine.
    const group = ui.groupRows().first();
    const groupName = displayName(cheapest.gpu_name);
    await until('the cheapest job’s model first', async () => (await group.locator('.label-name').first().innerText()).trim(), (t) => t === groupName);
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.locator('.monaco-tl-twistie').click();
    const row = ui.machineRows().first();
    await until('the row’s time and cost', async () => (await row.locator('.label-description').first().innerText()).trim(), (t) => t.startsWith(`${rowWords} · `));
    assert.equal(await ui.nodeIdOf(row), cheapest.node_name);

    await row.click({ button: 'right' });
    await ui.chooseMenuItem('Show Machine Details');
    await ui.inDetails({ nodeId: cheapest.node_name }, async (frame) => {
      const section = frame.locator('#job');
      await section.locator('h2', { hasText: 'Job: full training of 7B on 1B tokens' }).waitFor();
      assert.match(await section.getByRole('row', { name: /^Time / }).innerText(), /^Time\s+about [\d.,]+ \([\d.,]+–[\d.,]+\) hours/);
      assert.match(await section.getByRole('row', { name: /^Cost / }).innerText(), /^Cost\s+about [\d.,]+ \([\d.,]+–[\d.,]+\) at [\d.,]+ an hour for the machine\.$/);
      assert.match(await section.getByRole('row', { name: /^Work / }).innerText(), /6 × parameters × tokens/);
      assert.match(await section.getByRole('row', { name: /^GPUs / }).innerText(), /TFLOPS/);
    });
  },
  cleanup: clearFilterAfter,
};
