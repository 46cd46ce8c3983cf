// `npm run screenshots`: the README's pictures, taken from the packaged
// extension in the real VS Code web workbench against the demo API, in the
// dark and the light theme. Never drawn by hand: run this after a change
// to what the views show.
import * as path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_TOKEN } from '../../src/demo/fixtures';
import { startDemoServer } from '../../src/demo/server';
import { repoRoot, startVSCodeServer } from '../../src/dev/vscodeServer';

const OUT = path.join(repoRoot, 'media', 'screenshots');
const VSIX = path.join(repoRoot, 'gpu-rental.vsix');
const THEMES = { dark: 'Default Dark Modern', light: 'Default Light Modern' } as const;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function openSidebar(page: Page): Promise<void> {
  await page.waitForSelector('.activitybar', { timeout: 90_000 });
  await page.locator('.activitybar [aria-label*="GPU Rental"]').first().click();
  await page.getByRole('button', { name: 'Set API Token' }).first().click();
  const input = page.locator('.quick-input-widget input[type="password"]');
  await input.waitFor({ timeout: 20_000 });
  await input.fill(DEMO_TOKEN);
  await input.press('Enter');
  await page.locator('.monaco-list-row[aria-level="1"]').first().waitFor({ timeout: 30_000 });
  // The sidebar a little wider than the default, as people who use this view set it.
  const sidebar = await page.locator('.part.sidebar').first().boundingBox();
  const box = sidebar && { x: sidebar.x + sidebar.width - 2, y: sidebar.y, width: 4 };
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 180, box.y + 200, { steps: 5 });
    await page.mouse.up();
  }
}

async function shoot(theme: keyof typeof THEMES): Promise<void> {
  const demo = await startDemoServer({ token: DEMO_TOKEN });
  const server = await startVSCodeServer({
    installVsix: VSIX,
    userSettings: {
      'gpuRental.baseUrl': demo.url,
      'workbench.colorTheme': THEMES[theme],
      'workbench.startupEditor': 'none',
      'chat.disableAIFeatures': true,
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'workbench.tips.enabled': false,
      'security.workspace.trust.enabled': false,
    },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
    await page.goto(server.url);
    await openSidebar(page);
    const groups = page.locator('.monaco-list-row[aria-level="1"]');
    await groups.nth(0).click();
    await groups.nth(1).click();
    const machine = page.locator('.monaco-list-row[aria-level="2"]').first();
    await machine.click();
    await page.locator('.webview').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    await page.mouse.move(1000, 780);
    if (theme === 'dark') {
      await page.screenshot({ path: path.join(OUT, 'overview.png') });
    }
    await page.screenshot({ path: path.join(OUT, `details-${theme}.png`), clip: { x: 0, y: 0, width: 1400, height: 820 } });
    await page.screenshot({ path: path.join(OUT, `machines-${theme}.png`), clip: { x: 0, y: 30, width: 540, height: 560 } });

    await page.keyboard.press('Control+W');
    await page.locator('[aria-label="Filter Machines…"]').first().click();
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill('gpus>=2 price_per_gpu<2.5 online>=0.95');
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(OUT, `filter-input-${theme}.png`), clip: { x: 300, y: 0, width: 800, height: 160 } });
    await input.press('Enter');
    await page.mouse.move(1000, 700);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(OUT, `filter-${theme}.png`), clip: { x: 0, y: 30, width: 540, height: 560 } });
    console.log(`screenshots (${theme}) written to ${path.relative(repoRoot, OUT)}`);
  } finally {
    await browser.close();
    await server.close();
    await demo.close();
  }
}

async function main(): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await shoot(theme);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
});
