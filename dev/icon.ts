// `npm run icon`: the marketplace icon, media/icon.png (128×128), drawn by
// Chromium from the activity bar's own SVG (media/gpu-rental.svg) on a dark
// rounded tile, so the two never drift apart. Run after changing the SVG.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import { runMain } from './harness/main';
import { CHROMIUM, CHROMIUM_ARGS } from './harness/settings';
import { repoRoot } from './repoRoot';

const SIZE = 128;
const TILE = '#1e3a5f';
const STROKE = '#7fd4ff';

async function main(): Promise<void> {
  const svg = fs.readFileSync(path.join(repoRoot, 'media', 'gpu-rental.svg'), 'utf8').replace('stroke="currentColor"', `stroke="${STROKE}"`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">
        <div style="width:${SIZE}px;height:${SIZE}px;border-radius:22px;background:${TILE};display:flex;align-items:center;justify-content:center">
          <div style="width:96px;height:96px">${svg.replace('<svg ', '<svg style="width:96px;height:96px" ')}</div>
        </div></body></html>`,
    );
    const out = path.join(repoRoot, 'media', 'icon.png');
    await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
    console.log(`${path.relative(repoRoot, out)}: ${SIZE}×${SIZE}, ${fs.statSync(out).size} bytes`);
  } finally {
    await browser.close();
  }
}

runMain(main, { stack: true });
