// A person's session in the real VS Code web workbench, with the extension
// installed from the packaged .vsix, against the demo API. Each step asserts
// what is on screen. `npm run test:e2e` (packages first); a failing step saves
// a screenshot to test-results/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Frame, type Locator, type Page } from 'playwright-core';
import { DEMO_TOKEN } from '../../src/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../src/demo/server';
import { repoRoot, startVSCodeServer, type VSCodeServer } from '../../src/dev/vscodeServer';

const VERSION = process.env.GPU_RENTAL_E2E_VERSION ?? '4.139.1';
const VSIX = path.join(repoRoot, 'gpu-rental.vsix');
const RESULTS = path.join(repoRoot, 'test-results');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe(`A person using GPU Rental (code-server ${VERSION})`, function () {
  this.timeout(120_000);
  let demo: DemoServer;
  let server: VSCodeServer;
  let browser: Browser;
  let page: Page;

  const machinesPane = () => page.locator('.pane').filter({ has: page.locator('.pane-header', { hasText: 'Machines' }) }).first();
  const groupRows = () => machinesPane().locator('.monaco-list-row[aria-level="1"]');
  const machineRows = () => machinesPane().locator('.monaco-list-row[aria-level="2"]');
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  /** The clipboard once it satisfies the check (the copy happens asynchronously). */
  async function clipboardWhen(check: (text: string) => boolean): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const text = await clipboard();
      if (check(text)) return text;
      await page.waitForTimeout(100);
    }
    return clipboard();
  }

  async function contextMenu(row: Locator, item: string): Promise<void> {
    await row.click({ button: 'right' });
    const entry = page.getByRole('menuitem', { name: item }).first();
    await entry.waitFor();
    // The workbench ignores a click that lands too soon after the menu opened.
    await page.waitForTimeout(500);
    await entry.click();
  }

  async function command(title: string): Promise<void> {
    // Keyboard focus may be inside a webview, where F1 does not reach the workbench.
    await page.locator('.statusbar').first().click({ position: { x: 5, y: 5 } }).catch(() => undefined);
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input:visible').first();
    await input.waitFor();
    await input.fill(`>${title}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await input.press('Enter');
  }

  async function detailsFrame(): Promise<Frame> {
    for (let i = 0; i < 100; i++) {
      for (const frame of page.frames()) {
        if (await frame.locator('#copy-node-id').count().catch(() => 0)) {
          return frame;
        }
      }
      await page.waitForTimeout(200);
    }
    throw new Error('the details webview did not appear');
  }

  before(async function () {
    this.timeout(300_000);
    if (!fs.existsSync(VSIX)) {
      throw new Error('gpu-rental.vsix is missing: run `npm run package` first (npm run test:e2e does)');
    }
    demo = await startDemoServer({ token: DEMO_TOKEN });
    server = await startVSCodeServer({
      version: VERSION,
      installVsix: VSIX,
      userSettings: {
        'gpuRental.baseUrl': demo.url,
        'workbench.startupEditor': 'none',
        'chat.disableAIFeatures': true,
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        'security.workspace.trust.enabled': false,
      },
    });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1400, height: 850 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
    page = await context.newPage();
    await page.goto(server.url);
    await page.waitForSelector('.activitybar', { timeout: 120_000 });
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      fs.mkdirSync(RESULTS, { recursive: true });
      const file = path.join(RESULTS, `e2e-${VERSION}-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 60)}.png`);
      await page.screenshot({ path: file }).catch(() => undefined);
      console.log(`      screenshot of the failure: ${path.relative(repoRoot, file)}`);
    }
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await demo?.close();
  });

  it('first run: the GPU Rental icon, the welcome content, Set API Token, and the trees fill in', async () => {
    const icon = page.locator('.activitybar [aria-label*="GPU Rental"]').first();
    await icon.waitFor();
    await icon.click();
    const setToken = page.getByRole('button', { name: 'Set API Token' }).first();
    await setToken.waitFor();
    assert.equal(demo.requests.length, 0, 'nothing is requested before there is a token');
    await setToken.click();
    const input = page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor();
    await input.fill(DEMO_TOKEN);
    await input.press('Enter');
    await groupRows().first().waitFor();
    assert.ok((await groupRows().count()) >= 8);
    await page.locator('.monaco-list-row', { hasText: 'Type 0' }).first().waitFor();
  });

  it('browsing: a group opens, a machine row reads well, and its details show every field', async () => {
    await groupRows().first().click();
    const row = machineRows().first();
    await row.waitFor();
    assert.match(await row.innerText(), /^\d+× .+\n?[\d.]+ \([\d.]+\/GPU\) · VRAM \d+ · .+ · [\d.]+% online/);
    await row.click();
    const frame = await detailsFrame();
    assert.match(await frame.locator('#node-id').innerText(), UUID);
    assert.match(await frame.locator('td[data-field="online_rate"]').innerText(), /^\d+(\.\d+)?%$/);
    assert.equal(await frame.locator('th[scope="row"]').count(), 22);
  });

  it('copying: Copy Node ID from the context menu puts exactly the node ID on the clipboard', async () => {
    const nodeId = await (await detailsFrame()).locator('#node-id').innerText();
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await contextMenu(machineRows().first(), 'Copy Node ID');
    assert.equal(await clipboardWhen((t) => t === nodeId), nodeId);
  });

  it('copying: two selected machines give one ID per line', async () => {
    await machineRows().nth(1).click();
    await machineRows().nth(2).click({ modifiers: ['Control'] });
    await contextMenu(machineRows().nth(2), 'Copy Node ID');
    const lines = (await clipboardWhen((t) => t.split('\n').length === 2)).split('\n');
    assert.ok(lines.every((l) => UUID.test(l)) && lines[0] !== lines[1]);
  });

  it('copying: Copy Node ID from the Command Palette offers the machines', async () => {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await command('GPU Rental: Copy Node ID');
    const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: '/GPU)' }).first();
    await pick.waitFor();
    assert.match(await pick.innerText(), /\d+× .+\/GPU\)/);
    await page.keyboard.press('Enter');
    assert.match(await clipboardWhen((t) => UUID.test(t)), UUID);
  });

  it('trouble: a failed refresh keeps the tree, marked stale; the next good one clears it', async () => {
    const firstGroup = await groupRows().first().innerText();
    demo.setFault({ fault: { kind: 'status', status: 500 } });
    await command('GPU Rental: Refresh');
    await machinesPane().locator('.message', { hasText: /^Stale: showing data from .* answered 500 Internal Server Error/ }).waitFor({ timeout: 30_000 });
    assert.equal(await groupRows().first().innerText(), firstGroup, 'the last good tree is still there');
    demo.clearFaults();
    await command('GPU Rental: Refresh');
    await machinesPane().locator('.message', { hasText: /^Stale/ }).waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('filtering: the view title filter narrows the tree and says so; Clear Filter undoes it', async () => {
    await machinesPane().hover();
    await machinesPane().locator('[aria-label="Filter Machines…"]').click();
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill('gpus>=2');
    await page.locator('.quick-input-widget', { hasText: /\d+ of 160 machines match/ }).waitFor();
    await input.press('Enter');
    const message = machinesPane().locator('.message', { hasText: /gpus>=2 · \d+ of 160 machines/ });
    await message.waitFor();
    await machinesPane().hover();
    await machinesPane().locator('[aria-label="Clear Filter"]').click();
    await message.waitFor({ state: 'detached' });
  });

  it('grouping: Group By → Region from the view title', async () => {
    await machinesPane().hover();
    await machinesPane().locator('[aria-label="Group By"]').click();
    await page.getByRole('menuitem', { name: 'Region' }).first().click();
    await groupRows().filter({ hasText: 'cn-east' }).first().waitFor();
    await machinesPane().locator('[aria-label="Group By"]').click();
    await page.getByRole('menuitem', { name: 'GPU Model' }).first().click();
    await groupRows().filter({ hasText: 'RTX 4090' }).first().waitFor();
  });

  it('Clear API Token brings the welcome content back', async () => {
    await command('GPU Rental: Clear API Token');
    await page.getByRole('button', { name: 'Set API Token' }).first().waitFor();
    assert.equal(await groupRows().count(), 0);
  });
});
