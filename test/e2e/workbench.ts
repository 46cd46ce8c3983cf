// What the browser scenarios (scenarios.ts), the README screenshots
// (test/screenshots/) and bench:workbench (test/bench/) share: the demo
// API, a real VS Code server with the packaged extension installed from
// gpu-rental.vsix, Chromium driven by playwright-core, and the gestures a
// person makes in the workbench (ui.ts), each waiting for what the screen
// shows rather than for a fixed time.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_MACHINES, DEMO_TOKEN } from '../../dev/demo/fixtures';
import { fastForward, recordWithSqliteNode, serverHistoryFile, type FastForwardStep } from '../../dev/demo/fastForward';
import { startDemoServer, type DemoServer } from '../../dev/demo/server';
import { startVSCodeServer, type VSCodeServer } from '../../dev/harness/server';
import { CHROMIUM, CHROMIUM_ARGS, DEFAULT_VERSION, REDUCED_MOTION } from '../../dev/harness/settings';
import { repoRoot } from '../../dev/repoRoot';
import { keepStatusLog } from './statusLog';
import { translator } from './strings';
import { Ui } from './ui';

// Most scenarios import these from here, with the session.
export { again, LOAD_TIMEOUT_MS, Ui, until } from './ui';

export const VSIX = path.join(repoRoot, 'gpu-rental.vsix');
export const RESULTS_DIR = path.join(repoRoot, 'test-results');
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const THEMES = { dark: 'Default Dark Modern', light: 'Default Light Modern', 'high-contrast': 'Default High Contrast' } as const;
export type Theme = keyof typeof THEMES;

/** Each Playwright action or wait; the machine is shared with other test runs, so generous. */
const ACTION_TIMEOUT_MS = 45_000;
export interface SessionOptions {
  /** code-server release; default 4.139.1 (VS Code 1.139.1). */
  version?: string;
  theme?: Theme;
  viewport?: { width: number; height: number };
  log?: (line: string) => void;
  /** Unpacked extensions installed next to gpu-rental.vsix, as other extensions a user has. */
  extensionFolders?: string[];
  /** Environment for the extension host (through the server's). */
  env?: Record<string, string>;
  /** The display language ("qps-ploc" for the pseudo-locale); the helpers below then find our views by their names in it. */
  locale?: string;
  /** More user settings for the window. */
  settings?: Record<string, unknown>;
  /** The server's machine settings: where a web window reads settings of machine scope. */
  machineSettings?: Record<string, unknown>;
  /** The demo market fast-forwarded this many days before now, recorded into the extension's market history before the window opens. */
  fastForwardDays?: number;
}

/** A browser page on the workbench at `url`, once its activity bar is there. */
async function openWorkbench(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('.activitybar').first().waitFor({ timeout: 120_000 });
  return page;
}

/** The demo API, a VS Code server with the packaged extension, and one browser page on it. */
export class Session {
  readonly ui: Ui;
  /** The lists of a fast-forwarded demo market (SessionOptions.fastForwardDays), as recorded. */
  fastForwarded: FastForwardStep[] = [];

  private constructor(
    readonly version: string,
    readonly vscodeVersion: string,
    readonly demo: DemoServer,
    readonly server: VSCodeServer,
    readonly browser: Browser,
    readonly context: BrowserContext,
    readonly page: Page,
    locale: string | undefined,
  ) {
    this.ui = new Ui(page, translator(locale));
  }

  static async open(opts: SessionOptions = {}): Promise<Session> {
    const version = opts.version ?? DEFAULT_VERSION;
    if (!fs.existsSync(VSIX)) {
      throw new Error('gpu-rental.vsix is missing: run `npm run package` first (npm run test:e2e and npm run screenshots do)');
    }
    const log = opts.log ?? (() => undefined);
    const cleanups: (() => Promise<unknown>)[] = [];
    try {
      const steps = opts.fastForwardDays ? fastForward(DEMO_MACHINES, { days: opts.fastForwardDays, end: Date.now() }) : [];
      const demo = await startDemoServer({ token: DEMO_TOKEN, machines: steps.at(-1)?.machines });
      cleanups.unshift(() => demo.close());
      const server = await startVSCodeServer({
        version,
        installVsix: VSIX,
        installFolders: opts.extensionFolders,
        env: opts.env,
        locale: opts.locale,
        log,
        // The harness enables the smoke-test driver (for its test `payload`), and with it
        // the workbench shows no notification toasts and no modal dialogs: a person sees both.
        serverArgs: ['--no-enable-smoke-test-driver'],
        userSettings: {
          'gpuRental.baseUrl': demo.url,
          // The shortest poll allowed, so that the watching scenario sees an alert within seconds.
          'gpuRental.watch.intervalSeconds': 10,
          ...(opts.theme ? { 'workbench.colorTheme': THEMES[opts.theme] } : {}),
          ...opts.settings,
        },
        machineSettings: opts.machineSettings,
      });
      cleanups.unshift(() => server.close());
      // Recorded on the server's own Node (this runner's Node 20 has no node:sqlite).
      if (steps.length > 0) recordWithSqliteNode(server.node, serverHistoryFile(server, new URL(demo.url).origin), new URL(demo.url).origin, steps);
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
      cleanups.unshift(() => browser.close());
      const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1400, height: 850 }, reducedMotion: REDUCED_MOTION });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
      await keepStatusLog(context);
      const page = await openWorkbench(context, server.url);
      const session = new Session(version, server.vscodeVersion, demo, server, browser, context, page, opts.locale);
      session.fastForwarded = steps;
      return session;
    } catch (err) {
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
      throw err;
    }
  }

  /**
   * Another window on the same server, as a person opens a second browser
   * tab: its own extension host, sharing the user data (global storage,
   * secrets) with the first. Closed with the session.
   */
  async newWindow(): Promise<Ui> {
    return new Ui(await openWorkbench(this.context, this.server.url), this.ui.t);
  }

  /** A screenshot of the whole window into test-results/; returns its path relative to the repo. */
  async failureScreenshot(name: string): Promise<string | undefined> {
    const file = path.join(RESULTS_DIR, `e2e-${this.version}-${name.replace(/[^\w.-]+/g, '-').slice(0, 80)}.png`);
    try {
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      await this.page.screenshot({ path: file, timeout: 15_000 });
      return path.relative(repoRoot, file);
    } catch {
      return undefined;
    }
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.server.close().catch(() => undefined);
    await this.demo.close().catch(() => undefined);
  }
}
