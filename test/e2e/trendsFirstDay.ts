// Market Trends on a new user's first day (issue 35, item 2), in the real
// workbench: a fresh profile signs in, the first machine list is recorded,
// and Show Market Trends from a group shows each line of that one list as a
// dot, every word of the charts inside them (measured in the page), and since
// when the history has been recording. Leaves a picture of the panel in
// test-results/ for a person to look at.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inFrame } from './panels';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { trendsFrame } from './trends';
import { RESULTS_DIR, until, type Session } from './workbench';

/** Its window, which a first run's sign-in opens (firstRunTyping.ts): that sign-in records the one list. */
export const FIRST_DAY_WINDOW = 'the first day';

export const trendsFirstDayScenario: Scenario = {
  title: 'market trends on the first day: one list recorded, Show Market Trends draws a dot per line, its words inside the charts, and says since when it records',
  ...NEWEST_ONLY,
  fresh: true,
  freshWindow: FIRST_DAY_WINDOW,
  async run(session: Session) {
    const { ui, page } = session;
    await ui.ensureReady();
    const group = ui.groupRows().first();
    const heading = (await group.locator('.label-name').first().innerText()).trim();
    await ui.rowContextMenu(group, 'Show Market Trends');
    const find = () => trendsFrame(ui, heading);

    // One dot per line: three for the prices, one for the GPUs listed.
    await until('the dots of the one list', () => inFrame(find, (frame) => frame.locator('section.model svg circle.dot').count()), (n) => n === 4);
    const notice = await inFrame(find, (frame) => frame.locator('#notice').innerText());
    assert.match(notice.trim(), /^Recording since [A-Z][a-z]{2} \d{1,2}, \d\d:\d\d \(UTC\): under a day of market history so far/);

    // Every tick's words inside its chart, as the page lays them out.
    const outside = await inFrame(find, (frame) =>
      frame.locator('section.model svg.chart').evaluateAll((charts) =>
        charts.flatMap((chart) => {
          const box = chart.getBoundingClientRect();
          return [...chart.querySelectorAll('text')]
            .map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }))
            .filter(({ r }) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
            .map(({ text, r }) => `"${text}" at ${r.left.toFixed(0)}–${r.right.toFixed(0)} in ${box.left.toFixed(0)}–${box.right.toFixed(0)}`);
        }),
      ),
    );
    assert.deepEqual(outside, [], 'every word inside its chart');
    const ticks = await inFrame(find, (frame) => frame.locator('section.model svg.chart').first().locator('text.tick.y').allInnerTexts());
    assert.ok(ticks.length >= 2, `a price scale: ${ticks.join(', ')}`);

    await ui.runCommand('View: Close Primary Side Bar');
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const editor = await page.locator('.part.editor').first().boundingBox();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'e2e-trends-first-day.png'), ...(editor ? { clip: editor } : {}) });
  },
};
