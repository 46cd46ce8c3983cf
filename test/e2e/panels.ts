// Finding the compare and template webviews' frames, as Ui.detailsFrame does
// for the machine details: by what only that page has.
import type { Frame } from 'playwright-core';
import { LOAD_TIMEOUT_MS, until, type Ui } from './workbench';

export { inFrame } from './ui';

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

/** The webview frame that has `marker`, with the heading `title` when one is asked for. */
function headedFrame(ui: Ui, what: string, marker: string, title?: string): Promise<Frame> {
  return findFrame(ui, what, async (frame) => {
    if (!(await frame.locator(marker).count())) return false;
    return title === undefined || (await frame.locator('h1').innerText()).trim() === title;
  });
}

/** The compare webview, once its heading reads `title` ("Compare 3 machines"). */
export function compareFrame(ui: Ui, title?: string): Promise<Frame> {
  return headedFrame(ui, title ? `the compare panel "${title}"` : 'the compare panel', 'table#compare', title);
}

/** The template details webview of the template with this heading. */
export function templateFrame(ui: Ui, title?: string): Promise<Frame> {
  return headedFrame(ui, title ? `the template details of ${title}` : 'the template details', '#copy-image-reference', title);
}

/** Selects the first three machine rows with Ctrl+click and runs Compare Machines on them: finds the panel it opens. */
export async function compareFirstThree(ui: Ui): Promise<() => Promise<Frame>> {
  const rows = [0, 1, 2].map((i) => ui.machineRows().nth(i));
  await rows[0].click();
  await rows[1].click({ modifiers: ['Control'] });
  await rows[2].click({ modifiers: ['Control'] });
  await until('three selected rows', () => ui.machines().locator('.monaco-list-row.selected').count(), (n) => n === 3);
  await ui.rowContextMenu(rows[2], 'Compare Machines');
  return () => compareFrame(ui, 'Compare 3 machines');
}
