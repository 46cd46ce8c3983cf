// Finding the compare and template webviews' frames, as Ui.detailsFrame does
// for the machine details: by what only that page has.
import type { Frame } from 'playwright-core';
import { LOAD_TIMEOUT_MS, until, type Ui } from './workbench';

async function findFrame(ui: Ui, what: string, matches: (frame: Frame) => Promise<boolean>): Promise<Frame> {
  let found: Frame | undefined;
  await until(
    what,
    async () => {
      for (const frame of ui.page.frames()) {
        if (await matches(frame).catch(() => false)) {
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

/** The compare webview, once its heading reads `title` ("Compare 3 machines"). */
export function compareFrame(ui: Ui, title?: string): Promise<Frame> {
  return findFrame(ui, title ? `the compare panel "${title}"` : 'the compare panel', async (frame) => {
    if (!(await frame.locator('table#compare').count())) return false;
    return title === undefined || (await frame.locator('h1').innerText()).trim() === title;
  });
}

/** The template details webview of the template with this heading. */
export function templateFrame(ui: Ui, title?: string): Promise<Frame> {
  return findFrame(ui, title ? `the template details of ${title}` : 'the template details', async (frame) => {
    if (!(await frame.locator('#copy-image-reference').count())) return false;
    return title === undefined || (await frame.locator('h1').innerText()).trim() === title;
  });
}

/** Runs `action` in a panel's frame; a reveal can replace the frame, so a detached one is tried again. */
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
