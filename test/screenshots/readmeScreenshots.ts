// `npm run screenshots` (packages first): the README's pictures, taken from
// the packaged extension in the real VS Code web workbench against the demo
// API, in the dark and the light theme, with the same machinery as the
// browser scenarios (test/e2e/workbench.ts). Never drawn by hand: run this after a
// change to what the views show, and look at the results.
//
// media/screenshots/
//   overview.png                          the sidebar with machines listed, and a machine's details beside it (dark)
//   machines-{dark,light,high-contrast}.png          the GPU Rental side bar, two groups open
//   details-{dark,light,high-contrast}.png           the details panel of a machine
//   filter-input-{dark,light,high-contrast}.png      the filter box counting matches as the query is typed
//   filter-{dark,light,high-contrast}.png            the side bar with a filter active
//   compare-{dark,light,high-contrast}.png           three machines compared, one price changed since (marked)
//   template-{dark,light,high-contrast}.png          a template's details: password "set", onstart, options as JSON
//   watching-alert.png                    a watch's alert and the status bar item (dark)
//   watching-status.png                   after Show: the machine marked new, the status bar's tooltip (dark)
//   hover.png                             the hover over a node ID in a script (dark)
//   trends-{dark,light,high-contrast}.png            Show Market Trends on two weeks of the demo market fast-forwarded, two models
//
// GPU_RENTAL_SCREENSHOTS=trends takes only the trends pictures.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import { runMain } from '../../dev/harness/main';
import { repoRoot } from '../../dev/repoRoot';
import { compareFirstThree, inFrame, templateFrame } from '../e2e/panels';
import { trendsFrame } from '../e2e/trends';
import { shrinkPng } from './png';
import { LOAD_TIMEOUT_MS, Session, until, type Theme, type Ui } from '../e2e/workbench';

const OUT = path.join(repoRoot, 'media', 'screenshots');
const VIEWPORT = { width: 1400, height: 850 };
const SIDEBAR_RIGHT = 600;
const FILTER = 'gpus>=2 price_per_gpu<2.5 online>=0.95';
/** What the README can afford per picture. */
const MAX_BYTES = 150 * 1024;

type Clip = { x: number; y: number; width: number; height: number };

async function box(page: Page, selector: string): Promise<Clip> {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on screen`);
  return found;
}

/** The pointer where it highlights nothing: the empty middle of the title bar, right of the search box. */
async function restPointer(page: Page): Promise<void> {
  const search = await page.locator('.part.titlebar .command-center').first().boundingBox();
  await page.mouse.move(search ? search.x + search.width + 60 : VIEWPORT.width / 2, search ? search.y + search.height / 2 : 10);
}

/** Nothing transient in the picture: no hover, no status bar message, no toast. */
async function quiet(ui: Ui): Promise<void> {
  const { page } = ui;
  await restPointer(page);
  await page.locator('.monaco-hover:visible').first().waitFor({ state: 'hidden' });
  await ui.statusBar().locator('.statusbar-item', { hasText: /GPU Rental: |Copied / }).first().waitFor({ state: 'hidden', timeout: 15_000 });
  if (await page.locator('.notification-toast:visible').count()) {
    throw new Error(`a notification is on screen: ${await page.locator('.notification-toast').first().innerText()}`);
  }
}

async function shoot(page: Page, name: string, clip?: Clip): Promise<void> {
  const file = path.join(OUT, name);
  await page.screenshot({ path: file, type: 'png', ...(clip ? { clip } : {}) });
  const size = shrinkPng(file);
  const area = clip ? `${Math.round(clip.width)}×${Math.round(clip.height)}` : `${VIEWPORT.width}×${VIEWPORT.height}`;
  console.log(`  ${path.relative(repoRoot, file)}  ${area}, ${(size / 1024).toFixed(0)} KB`);
  if (size > MAX_BYTES) console.log(`    warning: over ${MAX_BYTES / 1024} KB`);
}

/** Drags the sash between the Machines and Image Templates views so that Machines gets most of the height. */
async function giveMachinesRoom(ui: Ui): Promise<void> {
  const templatesHeader = await ui.templates().locator('.pane-header').boundingBox();
  const sidebar = await box(ui.page, '.part.sidebar');
  if (!templatesHeader) return;
  const target = sidebar.y + sidebar.height - 135;
  await ui.page.mouse.move(templatesHeader.x + 100, templatesHeader.y - 1);
  await ui.page.mouse.down();
  await ui.page.mouse.move(templatesHeader.x + 100, target, { steps: 8 });
  await ui.page.mouse.up();
}

async function expandFirstGroups(ui: Ui, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const row = ui.groupRows().nth(i);
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.locator('.monaco-tl-twistie').click();
    await until(`group ${i + 1} expanded`, () => row.getAttribute('aria-expanded'), (v) => v === 'true');
  }
}

/** A workbench in this theme, signed in, its machines listed; closed again if that fails. */
async function signedIn(theme: Theme, fastForwardDays?: number): Promise<Session> {
  // No walkthrough in these pictures, whatever VS Code does on a first start. The setting has machine
  // scope, so it goes in the server's machine settings.
  const session = await Session.open({ theme, viewport: VIEWPORT, fastForwardDays, machineSettings: { 'workbench.welcomePage.walkthroughs.openOnInstall': false } });
  try {
    await session.ui.openSidebar();
    await session.ui.settled();
    await session.ui.welcomeButton('Set API Token').click();
    await session.ui.enterToken();
    await session.ui.waitForTrees();
    return session;
  } catch (err) {
    await session.close();
    throw err;
  }
}

async function pictures(theme: Theme): Promise<void> {
  const session = await signedIn(theme);
  const { ui, page } = session;
  try {
    await ui.widenSidebar(SIDEBAR_RIGHT);
    await giveMachinesRoom(ui);

    // The Machines view with its two cheapest GPU models open, and the cheapest machine's details.
    await expandFirstGroups(ui, 2);
    const machine = ui.machineRows().first();
    const title = (await machine.locator('.label-name').innerText()).trim();
    await machine.click();
    await ui.inDetails({ title }, (frame) => frame.locator('td[data-field="nvlink_status"]').waitFor());
    await quiet(ui);
    const sidebar = await box(page, '.part.sidebar');
    const activitybar = await box(page, '.part.activitybar');
    const sideClip: Clip = { x: activitybar.x, y: sidebar.y, width: sidebar.x + sidebar.width - activitybar.x, height: sidebar.height };
    if (theme === 'dark') await shoot(page, 'overview.png');
    await shoot(page, `machines-${theme}.png`, sideClip);
    const editor = await box(page, '.part.editor');
    await shoot(page, `details-${theme}.png`, { x: editor.x, y: editor.y, width: Math.min(editor.width, 800), height: editor.height });

    await comparePictures(session, theme);

    // A filter: the box counts matches as the query is typed, then the view says what is active.
    await ui.runCommand('View: Close All Editors');
    await page.locator('.part.editor .tab').first().waitFor({ state: 'detached' });
    await (await ui.titleAction('Collapse All')).click();
    await (await ui.titleAction('Filter Machines…')).click();
    const input = ui.quickInput();
    await input.waitFor();
    await input.fill(FILTER);
    const widget = page.locator('.quick-input-widget').first();
    await widget.filter({ hasText: /\d+ of \d+ machines match/ }).waitFor();
    await restPointer(page);
    const inputBox = await box(page, '.quick-input-widget');
    await shoot(page, `filter-input-${theme}.png`, { x: inputBox.x - 12, y: Math.max(0, inputBox.y - 12), width: inputBox.width + 24, height: inputBox.height + 24 });
    await input.press('Enter');
    await ui.viewMessage().filter({ hasText: FILTER }).waitFor({ timeout: LOAD_TIMEOUT_MS });
    await expandFirstGroups(ui, 2);
    await quiet(ui);
    await shoot(page, `filter-${theme}.png`, sideClip);

    if (theme === 'dark') {
      // Watching that filter: the demo lists one more matching machine; the next poll tells.
      await ui.runCommand('GPU Rental: Watch Current Filter');
      await page.locator('.quick-input-widget .quick-input-title').filter({ hasText: 'Watch Current Filter' }).waitFor();
      await ui.quickInput().fill('2+ GPUs under 2.5/GPU');
      await ui.quickInput().press('Enter');
      await ui.statusBar().locator('[aria-label^="GPU Rental: "]').first().waitFor();
      session.demo.setData({ machines: [...DEMO_MACHINES, { ...DEMO_MACHINES[0], node_name: '6f1c2a7e-3b1d-4c8e-9a55-0d2e7b9c4f10', gpu_name: 'RTX_4090', gpu_count: 4, price: '7.20', online_rate: 0.998 }] });
      const toast = ui.toast('newly matches');
      await toast.waitFor({ timeout: 60_000 });
      await restPointer(page);
      await shoot(page, 'watching-alert.png');
      await toast.getByRole('button', { name: 'Show', exact: true }).click();
      await ui.machineRows().filter({ hasText: 'new · 7.20' }).first().waitFor();
      await ui.statusBar().locator('[aria-label^="GPU Rental: "]').first().hover();
      await page.locator('.monaco-hover:visible').filter({ hasText: 'Next poll' }).first().waitFor();
      await shoot(page, 'watching-status.png');
      await restPointer(page);

      // A script that names a machine: hovering its node ID.
      await ui.focusWorkbench();
      await page.keyboard.press('F1');
      await ui.quickInput().fill('>File: New Untitled Text File');
      await page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: /^File: New Untitled Text File$/ }) }).first().click();
      await page.locator('.editor-instance .monaco-editor textarea').first().waitFor();
      const id = DEMO_MACHINES[7].node_name;
      await page.keyboard.type(`#!/bin/sh\n# Fine-tune on the machine picked in GPU Rental\nrent start --node ${id} \\\n  --image 42 --disk 200\n`);
      await page.locator('.view-lines .view-line span', { hasText: id.slice(0, 8) }).first().hover();
      await page.locator('.monaco-hover:visible').filter({ hasText: 'listed as of' }).first().waitFor();
      const editorBox = await box(page, '.part.editor');
      await shoot(page, 'hover.png', { x: editorBox.x, y: editorBox.y, width: Math.min(editorBox.width, 900), height: 260 });
      await restPointer(page);
    }
  } finally {
    await session.close();
  }
}

/** Three machines side by side, one repriced since; then a template's details from the palette. */
async function comparePictures(session: Session, theme: Theme): Promise<void> {
  const { ui, page } = session;
  await ui.runCommand('View: Close All Editors');
  await page.locator('.part.editor .tab').first().waitFor({ state: 'detached' });
  const find = await compareFirstThree(ui);
  const repriced = (await inFrame(find, (frame) => frame.locator('thead code.node-id').nth(1).innerText())).trim();
  session.demo.setData({ machines: DEMO_MACHINES.map((m) => (m.node_name === repriced ? { ...m, price: (Number(m.price) * 0.8).toFixed(2) } : m)) });
  await (await ui.titleAction('Refresh')).click();
  await inFrame(find, (frame) => frame.locator('.changed').first().waitFor({ timeout: LOAD_TIMEOUT_MS }));
  await quiet(ui);
  const editor = await box(page, '.part.editor');
  await shoot(page, `compare-${theme}.png`, editor);
  session.demo.reset();
  await (await ui.titleAction('Refresh')).click();
  await inFrame(find, (frame) => frame.locator('.changed').first().waitFor({ state: 'detached', timeout: LOAD_TIMEOUT_MS }));

  await ui.runCommand('View: Close All Editors');
  await page.locator('.part.editor .tab').first().waitFor({ state: 'detached' });
  const template = DEMO_TEMPLATES.find((t) => typeof t.onstart === 'string' && t.options !== null && t.docker_passwd !== null && typeof t.docker_registry === 'string');
  if (!template) throw new Error('no demo template with every field set');
  // Only that template (and the platform default) listed, so the quick pick's choice is certain.
  session.demo.setData({ templates: [DEMO_TEMPLATES[0], template] });
  await (await ui.titleAction('Refresh')).click();
  await ui.statusBar().locator('.statusbar-item', { hasText: /GPU Rental: / }).first().waitFor({ state: 'hidden', timeout: LOAD_TIMEOUT_MS }).catch(() => undefined);
  await ui.runCommand('GPU Rental: Show Template Details');
  await page.locator('.quick-input-widget .quick-input-title').filter({ hasText: 'Show Template Details' }).waitFor();
  const pick = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: new RegExp(`ID ${template.id}(?!\\d)`) }).first();
  await until('the template in the quick pick', () => pick.count(), (n) => n === 1, LOAD_TIMEOUT_MS);
  await pick.click();
  await inFrame(() => templateFrame(ui), (frame) => frame.locator('[data-field="options"]').waitFor());
  await quiet(ui);
  await shoot(page, `template-${theme}.png`, { x: editor.x, y: editor.y, width: Math.min(editor.width, 800), height: editor.height });
  session.demo.reset();
  await (await ui.titleAction('Refresh')).click();
}

/** Show Market Trends on two weeks of the demo market fast-forwarded: the H100 group's trends, and the RTX 4090's beside them. */
async function trendsPictures(theme: Theme): Promise<void> {
  const session = await signedIn(theme, 14);
  const { ui, page } = session;
  try {
    const group = ui.groupRows().filter({ has: page.locator('.label-name', { hasText: /^H100 SXM5 80GB$/ }) }).first();
    await ui.rowContextMenu(group, 'Show Market Trends');
    await inFrame(() => trendsFrame(ui, 'H100 SXM5 80GB'), (frame) => frame.getByRole('checkbox', { name: 'RTX 4090', exact: true }).check());
    await inFrame(() => trendsFrame(ui, 'RTX 4090'), (frame) => frame.locator('section.model').nth(1).waitFor());
    // The side bar closed: the panel gets the window's width.
    await ui.runCommand('View: Close Primary Side Bar');
    await quiet(ui);
    const editor = await box(page, '.part.editor');
    await shoot(page, `trends-${theme}.png`, { x: editor.x, y: editor.y, width: Math.min(editor.width, 1000), height: editor.height });
  } finally {
    await session.close();
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const only = process.env.GPU_RENTAL_SCREENSHOTS;
  for (const theme of ['dark', 'light', 'high-contrast'] as const) {
    console.log(`${theme} theme:`);
    if (only !== 'trends') await pictures(theme);
    await trendsPictures(theme);
  }
}

runMain(main, { stack: true });
