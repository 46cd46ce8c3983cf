// The gestures of a person in the VS Code web workbench, each finished by
// waiting for its visible effect, and the waiting they share. Used through
// workbench.ts's Session, which also re-exports them.
import type { Frame, Locator, Page } from 'playwright-core';
import { DEMO_TOKEN } from '../../dev/demo/fixtures';
import { statusTextsAfter } from './statusLog';

/** Loading a list can include the client's retries with backoff. */
export const LOAD_TIMEOUT_MS = 60_000;

/** Polls `read` until `check` accepts its value; throws with the last value seen. */
export async function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    try {
      last = await read();
      if (check(last)) return last;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const seen = last !== undefined ? `last seen: ${JSON.stringify(last)}` : `error: ${String(lastError)}`;
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what} (${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * A gesture the workbench can lose while it is busy (a click as a toast or a tree redraws, a hover
 * before the pointer arrives): `act`, then `took`, which throws when it did not take; again, up to
 * `times` in all, as a person tries again.
 */
export async function again(act: () => Promise<void>, took: () => Promise<void>, times = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await act();
    try {
      return await took();
    } catch (err) {
      if (attempt >= times) throw err;
    }
  }
}

/** Runs `action` in a webview's frame; a reveal can replace the frame, so a detached one is tried again. */
export async function inFrame<T>(find: () => Promise<Frame>, action: (frame: Frame) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const frame = await find();
    try {
      return await action(frame);
    } catch (err) {
      if (attempt === 3 || !/detached|closed|destroyed/i.test(String(err))) throw err;
    }
  }
}

/** The gestures, each finished by waiting for its visible effect. */
/**
 * A view message or filter box title without the outlook the market history
 * may add after its counts (issue 36; " · typical …" after "… machines",
 * " Outlook: …" after "… match."): what a scenario about the counts reads.
 */
export function countsOnly(text: string): string {
  return text.replace(/ Outlook: .*$/, '').replace(/( machines?) · .*$/, '$1');
}

/** The input box (of a command's questions) that shows `prompt`. */
export function questionBox(ui: Ui, prompt: string): Locator {
  return ui.page.locator('.quick-input-widget').filter({ hasText: prompt });
}

/** Waits for the box that shows `prompt`, then answers it with `text` and Enter. */
export async function answerQuestion(ui: Ui, prompt: string, text: string): Promise<void> {
  const widget = questionBox(ui, prompt);
  await widget.waitFor();
  const input = widget.locator('input:visible').first();
  await input.fill(text);
  await input.press('Enter');
  await widget.waitFor({ state: 'hidden' });
}

/** A scenario's cleanup after it filtered the Machines view: no overlay, no notification, no filter. */
export async function clearFilterAfter({ ui }: { ui: Ui }): Promise<void> {
  await ui.dismissOverlays();
  await ui.clearNotifications().catch(() => undefined);
  const clear = await ui.titleAction('Clear Filter').catch(() => undefined);
  await clear?.click();
}

export class Ui {
  constructor(
    readonly page: Page,
    /** Our English text as the window's display language shows it (the identity in English). */
    readonly t: (english: string) => string = (english) => english,
  ) {}

  /** Status bar texts shown at or before this time are not looked for again (statusMessage). */
  private statusSince = Date.now();

  // --- Where things are -----------------------------------------------------

  activityBarIcon(): Locator {
    return this.page.locator(`.activitybar .action-item a[aria-label^="${this.t('GPU Rental')}"]`).first();
  }

  pane(title: 'Machines' | 'Image Templates'): Locator {
    const name = this.t(title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page
      .locator('.pane')
      .filter({ has: this.page.locator('.pane-header h3.title', { hasText: new RegExp(`^${name}$`) }) })
      .first();
  }

  machines(): Locator {
    return this.pane('Machines');
  }

  templates(): Locator {
    return this.pane('Image Templates');
  }

  /** Top-level rows of the Machines tree (groups, unless grouping is off). */
  groupRows(): Locator {
    return this.machines().locator('.monaco-list-row[aria-level="1"]');
  }

  machineRows(): Locator {
    return this.machines().locator('.monaco-list-row[aria-level="2"]');
  }

  /** The line above a tree: the filter, counts, staleness. */
  viewMessage(pane: Locator = this.machines()): Locator {
    return pane.locator('.message');
  }

  welcomeButton(label: string, pane: Locator = this.machines()): Locator {
    return pane.locator('.welcome-view-content').getByRole('button', { name: label });
  }

  /** A view title action (visible while the pointer is over the view). */
  async titleAction(label: string, pane: Locator = this.machines()): Promise<Locator> {
    await pane.locator('.pane-header').hover();
    const action = pane.locator(`.pane-header .actions [aria-label="${label}"]`).first();
    await action.waitFor();
    return action;
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.notification-toast').filter({ hasText: text }).first();
  }

  quickInput(): Locator {
    return this.page.locator('.quick-input-widget input:visible').first();
  }

  passwordInput(): Locator {
    return this.page.locator('.quick-input-widget input[type="password"]:visible').first();
  }

  statusBar(): Locator {
    return this.page.locator('.part.statusbar').first();
  }

  // --- Gestures ---------------------------------------------------------------

  async openSidebar(): Promise<void> {
    if (!(await this.machines().isVisible())) {
      await this.activityBarIcon().click();
    }
    await this.machines().waitFor();
  }

  /** Types the token into the password box that Set API Token opened and waits for the trees. */
  async enterToken(token: string = DEMO_TOKEN): Promise<void> {
    const input = this.passwordInput();
    await input.waitFor();
    await input.fill(token);
    await input.press('Enter');
    await input.waitFor({ state: 'hidden' });
  }

  async waitForTrees(): Promise<void> {
    await this.groupRows().first().waitFor({ timeout: LOAD_TIMEOUT_MS });
    await this.templates().locator('.monaco-list-row[aria-level="1"]').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
  }

  /** Signed in with the demo token and both trees filled, whatever state the last scenario left. */
  async ensureReady(): Promise<void> {
    await this.dismissOverlays();
    await this.clearNotifications();
    await this.openSidebar();
    await this.settled();
    if (await this.groupRows().count()) return;
    const welcome = this.welcomeButton(this.t('Set API Token'));
    if (await welcome.isVisible()) {
      await welcome.click();
      await this.enterToken();
    }
    await this.waitForTrees();
  }

  /** Until the Machines view shows either rows or its welcome content (the extension may still be starting). */
  async settled(): Promise<void> {
    await this.welcomeButton(this.t('Set API Token')).or(this.groupRows()).first().waitFor({ timeout: LOAD_TIMEOUT_MS });
  }

  /** Closes menus, quick inputs and hovers a failed scenario may have left open. */
  async dismissOverlays(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      const open = await this.page.locator('.quick-input-widget:visible, .context-view .monaco-menu:visible, .monaco-hover:visible').count();
      if (!open) break;
      await this.page.keyboard.press('Escape');
    }
  }

  /** Toasts left from an earlier scenario would cover the window's lower right. */
  async clearNotifications(): Promise<void> {
    if (await this.page.locator('.notification-toast:visible').count()) {
      await this.runCommand('Notifications: Clear All Notifications');
      await this.page.locator('.notification-toast:visible').first().waitFor({ state: 'hidden' });
    }
  }

  /** F1, the command's title, Enter: the first row must be exactly that command. */
  async runCommand(title: string): Promise<void> {
    await this.focusWorkbench();
    await this.page.keyboard.press('F1');
    const input = this.quickInput();
    await input.waitFor();
    await input.fill(`>${title}`);
    const first = this.page.locator('.quick-input-list .monaco-list-row.focused .label-name').first();
    await until(`"${title}" first in the Command Palette`, () => first.innerText(), (t) => t.trim() === title);
    await input.press('Enter');
  }

  /** Keyboard focus inside a webview keeps F1 from the workbench: put it back without changing anything. */
  async focusWorkbench(): Promise<void> {
    const inWebview = await this.page.evaluate(() => document.activeElement?.tagName === 'IFRAME');
    if (inWebview) {
      await this.statusBar().click({ position: { x: 3, y: 3 } });
    }
  }

  async rowContextMenu(row: Locator, item: string): Promise<void> {
    await row.click({ button: 'right' });
    await this.chooseMenuItem(item);
  }

  /**
   * Clicks an item of the open menu. The workbench ignores a click that comes
   * within a few milliseconds of the menu opening (the menu stays open, the
   * item highlighted): no person is that fast, so we wait a moment first (the
   * click at once was ignored every time, measured: 3 s each to notice), and
   * click again if it was ignored all the same.
   */
  async chooseMenuItem(name: string): Promise<void> {
    const item = this.menuItem(name);
    await item.waitFor();
    await this.page.waitForTimeout(150);
    for (let attempt = 1; ; attempt++) {
      await item.click();
      try {
        await item.waitFor({ state: 'hidden', timeout: 3_000 });
        return;
      } catch (err) {
        if (attempt === 4) throw err;
      }
    }
  }

  menuItem(name: string): Locator {
    return this.page.locator('.context-view').getByRole('menuitem', { name, exact: true }).first();
  }

  /** Names of the items in the open context menu. */
  async menuItems(): Promise<string[]> {
    await this.page.locator('.context-view [role="menuitem"]').first().waitFor();
    return (await this.page.locator('.context-view [role="menuitem"]').allInnerTexts()).map((t) => t.trim());
  }

  /**
   * A submenu of the view title (Group By, Sort By), then one of its items. A click on the title action
   * just after the last menu closed opened nothing once in CI (Sort By right after choosing in it, its
   * hover shown, no menu for 45 s): when no menu at all has come, a person clicks again. A menu that
   * did come is waited for, never clicked shut.
   */
  async titleSubmenu(submenu: string, item: string): Promise<void> {
    const action = await this.titleAction(submenu);
    const anyMenu = this.page.locator('.context-view [role="menuitem"]').first();
    for (let attempt = 1; ; attempt++) {
      await action.click();
      if (await anyMenu.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
      if (attempt === 3) throw new Error(`the ${submenu} menu did not open after ${attempt} clicks`);
      console.log(`    (the ${submenu} menu did not open at click ${attempt}: clicking again)`);
    }
    await this.chooseMenuItem(item);
  }

  /** The row's hover (a table of every field); retried, since a hover needs the pointer to arrive. */
  async tooltip(row: Locator): Promise<Locator> {
    const hover = this.page.locator('.monaco-hover:visible').filter({ hasText: 'Node ID' }).first();
    await again(
      async () => {
        await this.page.mouse.move(5, 5);
        await this.page.locator('.monaco-hover:visible').first().waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
        await row.locator('.label-name').first().hover();
      },
      () => hover.waitFor({ timeout: 10_000 }),
    );
    return hover;
  }

  /** The node ID in a machine row's hover table. */
  async nodeIdOf(row: Locator): Promise<string> {
    const hover = await this.tooltip(row);
    const cell = hover.locator('tr').filter({ has: this.page.locator('td', { hasText: /^Node ID$/ }) }).locator('td').nth(1);
    const id = (await cell.innerText()).trim();
    await this.page.mouse.move(5, 5);
    return id;
  }

  /** The frame of a machine details webview: the one showing that node ID, or that title, or any. */
  async detailsFrame(match: { nodeId?: string; title?: string } = {}): Promise<Frame> {
    let found: Frame | undefined;
    const what = match.nodeId ? `the details of ${match.nodeId}` : match.title ? `the details of ${match.title}` : 'the machine details webview';
    await until(
      what,
      async () => {
        for (const frame of this.page.frames()) {
          const id = frame.locator('#node-id');
          if (!(await id.count().catch(() => 0)) || !(await frame.locator('#copy-node-id').count().catch(() => 0))) continue;
          if (match.nodeId !== undefined && (await id.innerText().catch(() => '')).trim() !== match.nodeId) continue;
          if (match.title !== undefined && (await frame.locator('h1').innerText().catch(() => '')).trim() !== match.title) continue;
          found = frame;
          return true;
        }
        return false;
      },
      (ok) => ok,
      LOAD_TIMEOUT_MS,
    );
    return found!;
  }

  /** Runs `action` in the details webview (see inFrame). */
  inDetails<T>(match: { nodeId?: string; title?: string }, action: (frame: Frame) => Promise<T>): Promise<T> {
    return inFrame(() => this.detailsFrame(match), action);
  }

  async clearClipboard(): Promise<void> {
    await this.page.evaluate(() => navigator.clipboard.writeText(''));
  }

  /** The clipboard once it passes `check` (copying happens in the extension host, asynchronously). */
  clipboardWhen(what: string, check: (text: string) => boolean): Promise<string> {
    return until(`the clipboard to hold ${what}`, () => this.page.evaluate(() => navigator.clipboard.readText()), check);
  }

  /**
   * Once the status bar has shown `text` (a substring, or a match) since this
   * scenario began or since the last message found: read from the page's log
   * (statusLog.ts), so a flash gone before the look still counts.
   */
  async statusMessage(text: string | RegExp): Promise<string> {
    const matches = (shown: string) => (typeof text === 'string' ? shown.includes(text) : text.test(shown));
    const texts = await until(`the status bar to show ${String(text)}`, () => statusTextsAfter(this.page, this.statusSince), (seen) => seen.some((s) => matches(s.text)), 45_000);
    const found = texts.find((s) => matches(s.text))!;
    this.statusSince = found.at;
    return found.text;
  }

  /** A scenario's status messages are the ones shown after it began. */
  forgetStatusMessages(): void {
    this.statusSince = Date.now();
  }

  /** Widens the primary side bar by dragging the sash at its edge, as people who use this view do. */
  async widenSidebar(to: number): Promise<void> {
    const sidebar = this.page.locator('.part.sidebar').first();
    const box = await sidebar.boundingBox();
    if (!box) throw new Error('the side bar is not on screen');
    const edge = box.x + box.width;
    const sashes = await this.page.locator('.monaco-sash.vertical').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2, height: r.height };
      }),
    );
    const sash = sashes.filter((s) => Math.abs(s.x - edge) < 6 && s.height > 100).sort((a, b) => Math.abs(a.x - edge) - Math.abs(b.x - edge))[0];
    if (!sash) throw new Error(`no sash at the side bar's edge (x=${edge})`);
    await this.page.mouse.move(sash.x, sash.y);
    await this.page.mouse.down();
    await this.page.mouse.move(to, sash.y, { steps: 8 });
    await this.page.mouse.up();
    await until('the side bar to be wider', async () => (await sidebar.boundingBox())?.width ?? 0, (w) => w > box.width);
  }
}
