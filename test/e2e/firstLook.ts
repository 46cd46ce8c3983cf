// A first load of a large list over a slow network, as a person sees it: the
// demo API sends the first megabyte of 6,000 machines and holds back the
// rest; the Machines view already shows groups, says that only the first
// machines are shown, and shows the whole list once the rest is sent.
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES, DEMO_TOKEN, generateMachines } from '../../dev/demo/fixtures';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { LOAD_TIMEOUT_MS, until, type Ui } from './workbench';

const COUNT = 6_000;

/** How many machines the group rows count ("812 machines · from 0.41/GPU"). */
async function machinesCounted(ui: Ui): Promise<number> {
  const descriptions = await ui.groupRows().locator('.label-description').allInnerTexts();
  return descriptions.reduce((sum, text) => sum + Number(/^([\d,]+) machines?/.exec(text.trim())?.[1].replace(/,/g, '') ?? NaN), 0);
}

export const firstLookScenario: Scenario = {
  title: 'a first load of 6,000 machines over a slow network shows the first machines at once, says so, then shows them all',
  ...NEWEST_ONLY,
  async run(session) {
    const { ui, demo } = session;
    await ui.ensureReady();
    await ui.runCommand('GPU Rental: Clear API Token');
    const welcome = ui.welcomeButton('Set API Token');
    await welcome.waitFor({ timeout: LOAD_TIMEOUT_MS });

    demo.setData({ machines: generateMachines(COUNT, 5) });
    demo.setFault({ endpoint: 'machines', times: 1, fault: { kind: 'stall', afterBytes: 1_000_000 } });
    await welcome.click();
    await ui.enterToken(DEMO_TOKEN);

    const message = ui.viewMessage().filter({ hasText: /^Loading: the first [\d,]+ machines are shown while the rest arrive…$/ });
    await message.waitFor({ timeout: LOAD_TIMEOUT_MS });
    await ui.groupRows().first().waitFor();
    const shown = Number(/the first ([\d,]+) machines/.exec(await message.innerText())![1].replace(/,/g, ''));
    assert.ok(shown > 100 && shown < COUNT, `${shown} machines in the first look`);
    // The group rows may trail the message by a frame: wait until they count what it says.
    await until('the group rows to count the first look', () => machinesCounted(ui), (n) => n === shown, LOAD_TIMEOUT_MS);

    demo.releaseStalled();
    await message.waitFor({ state: 'detached', timeout: LOAD_TIMEOUT_MS });
    await until('the group rows to count every machine', () => machinesCounted(ui), (n) => n === COUNT, LOAD_TIMEOUT_MS);
    await ui.statusMessage('API token saved and accepted by the service');
  },
  async cleanup({ ui, demo }) {
    demo.clearFaults();
    demo.releaseStalled();
    demo.setData({ machines: DEMO_MACHINES });
    await ui.dismissOverlays();
    await ui.ensureReady();
    await (await ui.titleAction('Refresh')).click();
    await until('the demo machines back', () => machinesCounted(ui), (n) => n > 0 && n < COUNT, LOAD_TIMEOUT_MS);
  },
};
