// Every text the status bar shows, kept in the page as it appears. A flash
// ("Copied node ID …") goes by itself after 4 s, and a busy machine can take
// longer than that between the gesture and the scenario's look: read from
// this log, the look finds it however late it comes.
import type { BrowserContext, Page } from 'playwright-core';

/** One text seen in the status bar, and when it appeared (the page's Date.now()). */
export interface StatusText {
  at: number;
  text: string;
}

declare global {
  interface Window {
    __statusTexts?: StatusText[];
  }
}

/**
 * Runs in each page before the workbench: waits for the status bar, then
 * notes each item text that was not there at its last look. A mutation
 * observer's callback runs before the page's next task, so before any
 * timer can take the text away again.
 */
function keepStatusTexts(): void {
  const seen: StatusText[] = (window.__statusTexts = []);
  let shown = new Set<string>();
  const look = (bar: Element) => {
    const now = new Set<string>();
    for (const item of bar.querySelectorAll('.statusbar-item')) {
      const text = (item.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!text) continue;
      now.add(text);
      if (!shown.has(text)) seen.push({ at: Date.now(), text });
    }
    shown = now;
    if (seen.length > 2000) seen.splice(0, seen.length - 1000);
  };
  const waitForBar = new MutationObserver(() => {
    const bar = document.querySelector('.part.statusbar');
    if (!bar) return;
    waitForBar.disconnect();
    look(bar);
    new MutationObserver(() => look(bar)).observe(bar, { subtree: true, childList: true, characterData: true });
  });
  waitForBar.observe(document, { subtree: true, childList: true });
}

/** Keeps the log in every page of `context`, reloads and new windows included. */
export async function keepStatusLog(context: BrowserContext): Promise<void> {
  await context.addInitScript(keepStatusTexts);
}

/** The texts the status bar of `page` showed after `since` (Date.now() of this machine; the page shares its clock). */
export function statusTextsAfter(page: Page, since: number): Promise<StatusText[]> {
  return page.evaluate((after) => (window.__statusTexts ?? []).filter((entry) => entry.at > after), since);
}
