// The actions bench:workbench marks for the stall probe after loading,
// refreshing and expanding (workbench.ts): each done as a person does it in
// the workbench (or, for the language model tool, as a chat agent calls it),
// and finished when its result is on screen. The watch poll comes last: once
// a watch exists, its polls every 10 s would fall into the other actions.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_TOKEN } from '../../dev/demo/fixtures';
import type { Machine } from '../../src/api/types';
import { until, type Session } from '../e2e/workbench';
import { commandLine, wallClock, type Marks } from './stallProbe';

/** Typed into Filter Machines… one key at a time; applied, the watch watches it. */
export const BENCH_QUERY = 'gpus>=2 price_per_gpu<4';
const matchesQuery = (m: Machine) => m.gpu_count >= 2 && Number(m.price) / m.gpu_count < 4;
/** A person typing quickly. */
const KEY_DELAY_MS = 80;
const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** The Command Palette open on `title`: its row, to be clicked (another command may come first). */
async function paletteRow(session: Session, title: string) {
  const { ui, page } = session;
  await ui.focusWorkbench();
  await page.keyboard.press('F1');
  await ui.quickInput().fill(`>${title}`);
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${title}$`) }) }).first();
  await row.waitFor();
  return row;
}

/** Show Machine Details from the palette: its quick pick of every machine, then Enter on the first one, its details panel. */
export async function quickPickAndDetails(session: Session, marks: Marks): Promise<void> {
  const { ui, page } = session;
  const command = await paletteRow(session, 'GPU Rental: Show Machine Details');
  const machineRow = page.locator('.quick-input-widget:visible .quick-input-list .monaco-list-row').filter({ hasText: UUID_TEXT }).first();
  await marks.around('open the quick pick of machines', async () => {
    await command.click();
    await machineRow.waitFor({ timeout: 120_000 });
  });
  await marks.around('open a machine’s details', async () => {
    await ui.quickInput().press('Enter');
    await ui.detailsFrame();
  });
  await ui.runCommand('View: Close All Editors');
}

/** A node ID in an untitled file, and the pointer over it until our hover shows. */
export async function hoverNodeId(session: Session, marks: Marks, nodeId: string): Promise<void> {
  const { ui, page } = session;
  await (await paletteRow(session, 'File: New Untitled Text File')).click();
  await page.locator('.editor-instance .monaco-editor textarea').first().waitFor();
  await page.keyboard.type(`rent --node ${nodeId} --image 42`);
  const word = page.locator('.view-lines .view-line span', { hasText: nodeId.slice(0, 8) }).first();
  await word.waitFor();
  await marks.around('hover a node ID in a file', async () => {
    await word.hover();
    await page.locator('.monaco-hover:visible').filter({ hasText: 'listed as of' }).first().waitFor({ timeout: 60_000 });
  });
  await page.mouse.move(5, 5);
  await ui.runCommand('View: Revert and Close Editor');
}

/** gpuRental_findMachines called through vscode.lm.invokeTool by the stall probe, as a chat agent would. */
export async function toolCall(session: Session, marks: Marks, dir: string): Promise<void> {
  fs.writeFileSync(path.join(dir, 'tool.json'), JSON.stringify({ name: 'gpuRental_findMachines', input: { query: BENCH_QUERY, limit: 10 } }));
  await marks.around('a language model tool call', async () => {
    const { error } = JSON.parse(await commandLine(session, 'Stall Probe: Call a GPU Rental Tool', path.join(dir, 'tool.jsonl'))) as { error?: string };
    if (error) console.log(`  the tool call failed: ${error}`);
  });
}

/** Filter Machines…, the query typed a key at a time (each key counts the matches), Enter until the view says it. */
export async function typeFilter(session: Session, marks: Marks): Promise<void> {
  const { ui, page } = session;
  await (await ui.titleAction('Filter Machines…')).click();
  const input = ui.quickInput();
  await input.waitFor();
  await input.fill('');
  await marks.around('type a filter and apply it', async () => {
    await page.keyboard.type(BENCH_QUERY, { delay: KEY_DELAY_MS });
    await input.press('Enter');
    await ui.viewMessage().filter({ hasText: BENCH_QUERY.split(' ')[1] }).first().waitFor({ timeout: 120_000 });
  });
}

function statusItem(session: Session) {
  return session.ui.statusBar().locator('[aria-label^="GPU Rental: "]').first();
}

const count = (text: string) => Number(/^[\d,]+/.exec(text.trim())?.[0].replace(/,/g, '') ?? NaN);

/**
 * Watch Current Filter (BENCH_QUERY); then a matching machine goes from the
 * service, and from the poll's request (seen by the demo API) until the
 * status bar counts one fewer. Returns the machines now listed.
 */
export async function watchPoll(session: Session, marks: Marks, machines: Machine[]): Promise<Machine[]> {
  const { ui, demo } = session;
  await ui.runCommand('GPU Rental: Watch Current Filter');
  const name = ui.quickInput();
  await name.waitFor();
  await name.fill('Bench');
  await name.press('Enter');
  const before = count(await until('the status bar to count the watch', () => statusItem(session).innerText(), (t) => Number.isFinite(count(t)), 60_000));
  const gone = machines.findIndex(matchesQuery);
  if (gone < 0) throw new Error(`no machine matches ${BENCH_QUERY}: the watch poll would change nothing`);
  const next = machines.filter((_, i) => i !== gone);
  demo.setData({ machines: next });
  // The server builds the new body now, not during the poll.
  await fetch(`${demo.url}/v1/rentgpu/machines`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } }).then((r) => r.arrayBuffer()).catch(() => undefined);
  const polls = () => demo.requests.filter((r) => r.path.endsWith('/machines')).length;
  const seen = polls();
  // The poll's request, seen within 5 ms: the mark starts there, not during the wait for the timer.
  const deadline = wallClock() + 60_000;
  while (polls() === seen) {
    if (wallClock() > deadline) throw new Error('no watch poll within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await marks.around('a watch poll (one machine went)', async () => {
    await until('the status bar to count one fewer', () => statusItem(session).innerText(), (t) => count(t) < before, 120_000);
  });
  return next;
}
