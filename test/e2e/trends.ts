// The market trends panel, as a person uses it, on a demo market
// fast-forwarded two weeks and recorded into the history before the window
// opens (SessionOptions.fastForwardDays): Show Market Trends from an H100
// group's context menu, a day's lowest price per GPU read in the chart's
// table, the range switched from the keyboard, an axe-core audit of the page
// (serious and critical violations fail), the Machines view filtered with
// below_median>=0.1, and the outlook (issue 36) of the demo's rhythm (an 8×
// H100 labelled demo-rhythm, twice a day): its line in the Machines view's
// message and the panel's outlook section (heading, line, charts, a table row
// a day, axe-clean).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Frame } from 'playwright-core';
import { findExtensionLogFiles } from '../../dev/harness/logFiles';
import { DAY_MS } from '../../src/market/history/downsample';
import { formatPricePerGpu } from '../../src/model/format';
import { pricePerGpu } from '../../src/model/price';
import { readServerHistory } from './historyRead';
import { inFrame } from './panels';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { LOAD_TIMEOUT_MS, until, type Session, type Ui } from './workbench';

const MODEL = 'H100_SXM5_80GB';
const GROUP = 'H100 SXM5 80GB';
const QUERY = 'below_median>=0.1';
const RHYTHM = 'gpu=h100 gpus=8 labels=demo-rhythm';

/** The trends webview, once it shows a section of this model. */
export async function trendsFrame(ui: Ui, heading: string): Promise<Frame> {
  let found: Frame | undefined;
  await until(
    `the trends panel showing ${heading}`,
    async () => {
      for (const frame of ui.page.frames()) {
        const ok = await frame
          .locator('#export-csv')
          .count()
          .then(async (n) => n > 0 && (await frame.locator('section.model h2', { hasText: heading }).count()) > 0)
          .catch(() => false);
        if (ok) {
          found = frame;
          return true;
        }
      }
      return false;
    },
    (ok) => ok,
    LOAD_TIMEOUT_MS,
  );
  return found!;
}

/** "Nov 18, 2026": how the table names a UTC day in English. */
function dayText(t: number): string {
  return new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(t));
}

interface AxeResult {
  passes: unknown[];
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** axe-core run inside the page's frame; its serious and critical violations. */
async function audit(frame: Frame): Promise<string[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const axe = require('axe-core') as { source: string };
  await frame.evaluate(axe.source);
  const result = (await frame.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as AxeResult;
  // The audit ran on the page: rules passed (the tables' headers, the images' names, the contrast…).
  assert.ok(result.passes.length > 10, `axe-core checked the page: ${result.passes.length} rules passed`);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** Show Market Trends from GROUP's row, once the tree is ready. */
async function showGroupTrends(ui: Ui): Promise<void> {
  await ui.ensureReady();
  await ui.dismissOverlays();
  // An earlier scenario may have left a long group open: the tree draws only the rows in sight.
  await (await ui.titleAction('Collapse All')).click();
  const group = ui.groupRows().filter({ has: ui.page.locator('.label-name', { hasText: new RegExp(`^${GROUP}$`) }) }).first();
  await group.waitFor();
  await ui.rowContextMenu(group, 'Show Market Trends');
}

/** The window of the trends scenario, which a first run's sign-in opens (firstRunTyping.ts). */
export const TRENDS_WINDOW = 'two weeks fast-forwarded';

export const trendsScenario: Scenario = {
  title: 'market trends: two weeks fast-forwarded, Show Market Trends from a group, a day\'s lowest price in the table, the range from the keyboard, axe-core, below_median>=0.1, the outlook of the demo rhythm in the view and the panel',
  ...NEWEST_ONLY,
  fresh: true,
  freshWindow: TRENDS_WINDOW,
  window: { fastForwardDays: 14 },
  async run(session: Session) {
    const { ui } = session;
    const steps = session.fastForwarded;
    assert.ok(steps.length > 300, 'the demo market was fast-forwarded');
    await showGroupTrends(ui);
    const find = () => trendsFrame(ui, GROUP);

    // The week's table: the day two days back, its lowest price per GPU is the lowest of that day's lists.
    const day = Math.floor(steps[steps.length - 1].t / DAY_MS) * DAY_MS - 2 * DAY_MS;
    const lowest = Math.min(...steps.filter((s) => s.t >= day && s.t < day + DAY_MS).flatMap((s) => s.machines.filter((m) => m.gpu_name === MODEL).map(pricePerGpu)));
    const row = (frame: Frame) => frame.locator('section.model tbody tr').filter({ has: frame.locator('th', { hasText: new RegExp(`^${dayText(day)}$`) }) });
    const cells = await inFrame(find, (frame) => row(frame).locator('td').allInnerTexts());
    assert.equal(cells[0]?.trim(), formatPricePerGpu(lowest, 'en'), `the lowest price per GPU on ${dayText(day)}`);
    const charts = await inFrame(find, (frame) => frame.locator('svg[role="img"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '')));
    assert.equal(charts.length, 2);
    assert.match(charts[0], /^Price per GPU of H100 SXM5 80GB, Last 7 days: lowest /);
    assert.ok(await inFrame(find, (frame) => frame.locator('polyline.line-low').count()) === 1);

    // The range from the keyboard: from "Last 7 days", the arrow back chooses "Last 24 hours"; the table goes by the hour.
    await inFrame(find, (frame) => frame.getByRole('radio', { name: 'Last 7 days' }).focus());
    await ui.page.keyboard.press('ArrowLeft');
    await until('the table by the hour', () => inFrame(find, (frame) => frame.locator('section.model thead th').first().innerText()), (t) => t.trim() === 'Hour (UTC)');
    const hours = await inFrame(find, (frame) => frame.locator('section.model tbody tr').count());
    assert.ok(hours >= 24 && hours <= 26, `${hours} hourly rows`);
    assert.equal(await inFrame(find, (frame) => frame.getByRole('radio', { name: 'Last 24 hours' }).isChecked()), true);

    const violations = await inFrame(find, audit);
    assert.deepEqual(violations, [], 'axe-core: no serious or critical violation');

    // The Machines view filtered by the history: what the extension's history says, read here from the same file.
    const origin = new URL(session.demo.url).origin;
    const listed = steps[steps.length - 1].machines;
    const expected = readServerHistory(session.server, origin, { query: QUERY, machines: listed }).matching!;
    assert.ok(expected > 0, `${QUERY} finds machines in the demo market`);
    // Done with the panel: closed, so that no webview holds the keyboard when the filter box opens
    // (on VS Code 1.100 the keys then went astray, the box staying empty).
    await ui.runCommand('View: Close All Editors');
    await ui.focusWorkbench();
    await ui.openSidebar();
    await (await ui.titleAction('Filter Machines…')).click();
    const input = ui.quickInput();
    await input.waitFor();
    await input.fill(QUERY);
    await input.press('Enter');
    const message = ui.viewMessage().filter({ hasText: `${QUERY} · ${expected} of ${listed.length} machines` });
    await message.waitFor();
    await ui.groupRows().first().waitFor();

    // The outlook of the demo's rhythm: its line in the Machines view's message, after the counts.
    // (A filtered view's title has Clear Filter where Filter Machines… was.)
    await (await ui.titleAction('Clear Filter')).click();
    await (await ui.titleAction('Filter Machines…')).click();
    await input.waitFor();
    await input.fill(RHYTHM);
    await input.press('Enter');
    const said = await until(
      "the Machines view's outlook line",
      async () => {
        const shown = ui.viewMessage().filter({ hasText: RHYTHM });
        return (await shown.count()) > 0 ? await shown.first().innerText() : '';
      },
      (text) => text.startsWith(`${RHYTHM} · `) && /typical [\d.]+–[\d.]+\/GPU · .+ · appears about every 1[0-4] h$/.test(text.trim()),
      LOAD_TIMEOUT_MS,
    );
    const line = /(typical [\d.]+–[\d.]+\/GPU · .+)$/.exec(said.trim())![1];

    // The panel's outlook section for that filter: the same line, its two charts, a table row a recorded day.
    await ui.runCommand('GPU Rental: Show Market Trends');
    const heading = `Outlook for ${RHYTHM}, last 30 days`;
    await until('the outlook section', () => inFrame(find, (frame) => frame.locator('#outlook h2').innerText().catch(() => '')), (t) => t.trim() === heading, LOAD_TIMEOUT_MS);
    assert.equal((await inFrame(find, (frame) => frame.locator('#outlook .outlook-line').innerText())).trim(), line, 'the panel says the line the Machines view says');
    const outlookCharts = await inFrame(find, (frame) => frame.locator('#outlook svg[role="img"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '')));
    assert.equal(outlookCharts.length, 2);
    assert.match(outlookCharts[0], new RegExp(`^Best price per GPU a day of ${RHYTHM}, last 30 days: .+; typical `));
    assert.match(outlookCharts[1], new RegExp(`^Appearances a day of ${RHYTHM}, last 30 days: \\d+ in all, at most [23] a day\\.`));
    assert.equal(await inFrame(find, (frame) => frame.locator('#outlook rect.band').count()), 1, 'the typical band, shaded');
    const rows = await inFrame(find, (frame) => frame.locator('#outlook tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim()))));
    assert.ok(rows.length >= 13 && rows.length <= 16, `a row a recorded day: ${rows.length}`);
    // Twice a day, at 14.40 per GPU (12.60 at weekends): a whole day back has two appearances and one of those prices.
    assert.deepEqual(rows[1].slice(3), ['2'], `the day before the latest: ${JSON.stringify(rows[1])}`);
    assert.ok(['14.40', '12.60'].includes(rows[1][1]), `its best per GPU: ${JSON.stringify(rows[1])}`);
    assert.deepEqual(await inFrame(find, audit), [], 'axe-core, with the outlook section: no serious or critical violation');
    await ui.runCommand('View: Close All Editors');
  },
};

/** On VS Code 1.100 the extension host's Node (20) has no node:sqlite: the history is off there. */
export const trendsWithoutHistoryScenario: Scenario = {
  title: 'market trends without node:sqlite (VS Code 1.100): Show Market Trends says there is no history, and the log says the history is off',
  appliesTo: (vscodeVersion) => vscodeVersion.startsWith('1.100.'),
  appliesWhy: 'only where the extension host has no node:sqlite; the newest VS Code records (the scenario above)',
  async run(session: Session) {
    const { ui, server } = session;
    await showGroupTrends(ui);
    await until(
      'the trends panel saying the history is off',
      async () => {
        for (const frame of ui.page.frames()) {
          const notice = await frame
            .locator('#export-csv')
            .count()
            .then(async (n) => (n > 0 ? await frame.locator('body').innerText() : ''))
            .catch(() => '');
          if (notice.includes('The market history is off here')) return true;
        }
        return false;
      },
      (ok) => ok,
      LOAD_TIMEOUT_MS,
    );
    const off = await until(
      'the log saying the history is off',
      async () =>
        findExtensionLogFiles('gpu-rental.gpu-rental', 'GPU Rental', server.userDataDir).flatMap((file) =>
          fs
            .readFileSync(file, 'utf8')
            .split('\n')
            .filter((l) => l.includes('The market history is off')),
        ),
      (lines) => lines.length > 0,
      LOAD_TIMEOUT_MS,
    );
    assert.match(off[0], /The market history is off: this runtime's Node\.js \(v20\.[\d.]+\) has no SQLite/);
    await ui.runCommand('View: Close All Editors');
  },
};
