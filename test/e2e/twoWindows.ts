// Two windows record one market history: two browser pages on one VS Code
// server are two extension hosts (each its own process) sharing the user data,
// so the extension's global storage and its secrets. Each loads and refreshes
// the machine list while the demo market moves between refreshes (the demo's
// own simulation, market.ts, step by step, served with setData, so the test
// knows every list served); a machine goes and comes back, seen coming back by
// both. Then the history is read with the extension's own store, from the
// SQLite file the extension uses (by a child on the server's Node, which has
// node:sqlite): every list each window loaded is there once, in order; the
// return is counted once; nothing is set aside, and neither window's log says
// anything about the history. Last, one window is reloaded
// (a new extension host) and its Show Market Trends shows a price recorded by
// the other window before the reload, from a machine no longer listed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { DEMO_MACHINES, mulberry32, randomMachine } from '../../dev/demo/fixtures';
import { marketTick } from '../../dev/demo/market';
import { findExtensionLogFiles } from '../../dev/harness/logFiles';
import { extensionHostPids } from '../../dev/harness/processes';
import type { Machine } from '../../src/api/types';
import { aggregateMachines } from '../../src/market/history/aggregate';
import { formatPricePerGpu } from '../../src/model/format';
import { pricePerGpu } from '../../src/model/price';
import { asStored, readServerHistory } from './historyRead';
import type { Scenario } from './scenario';
import { trendsFrame } from './trends';
import { inFrame } from './panels';
import { LOAD_TIMEOUT_MS, until, type Session, type Ui } from './workbench';

const MODEL = 'H100_SXM5_80GB';
const GROUP = 'H100 SXM5 80GB';
/** A price per GPU below every H100 of the demo, listed once and gone before the reload. */
const CHEAP = '0.05';

/** Times each node ID came back in this sequence of lists (listed, then not, then listed again). */
function expectedReturns(lists: readonly (readonly Machine[])[]): Map<string, number> {
  const returns = new Map<string, number>();
  let listed = new Set<string>();
  for (const list of lists) {
    const now = new Set(list.map((m) => m.node_name));
    for (const id of now) {
      if (!listed.has(id) && returns.has(id)) returns.set(id, returns.get(id)! + 1);
      else if (!returns.has(id)) returns.set(id, 0);
    }
    listed = now;
  }
  return returns;
}

/**
 * Reloads the window and waits for GPU Rental's views. The layout comes back as the windows last saved it,
 * which they share: GPU Rental open in the side bar, or the side bar closed. The icon's state says which (a
 * click while its views are coming would close it). Read once, it can say open while the restore is still
 * under way and then end closed (seen once with two windows at a time on the machine): looked at again
 * until the views are there, as a person does.
 */
async function reloaded(ui: Ui): Promise<void> {
  await ui.page.reload();
  await ui.activityBarIcon().waitFor({ timeout: LOAD_TIMEOUT_MS });
  const item = ui.page.locator('.activitybar .action-item:has(a[aria-label^="GPU Rental"])').first();
  await until(
    'the Machines view after the reload',
    async () => {
      if (await ui.machines().isVisible()) return true;
      if (!/\bchecked\b/.test((await item.getAttribute('class')) ?? '')) await ui.activityBarIcon().click();
      return ui.machines().waitFor({ timeout: 3_000 }).then(() => true, () => false);
    },
    (shown) => shown,
    LOAD_TIMEOUT_MS,
  );
}

/** What a reloaded window's Machines view came up with: its rows or the token's welcome, or the service URL's (no user settings). */
async function cameUp(ui: Ui): Promise<'ready' | 'noBaseUrl'> {
  const welcome = ui.machines().locator('.welcome-view-content');
  return until(
    'the reloaded window to say what it has',
    async () => {
      if (await ui.groupRows().count()) return 'ready';
      const text = (await welcome.allInnerTexts().catch(() => [])).join('\n');
      if (text.includes('First set the URL')) return 'noBaseUrl';
      return text.includes('Add your API token') ? 'ready' : undefined;
    },
    (state) => state !== undefined,
    LOAD_TIMEOUT_MS,
  ) as Promise<'ready' | 'noBaseUrl'>;
}

export const twoWindowsScenario: Scenario = {
  title: 'two windows, one market history: two extension hosts record every refresh once, a return counted once, the history read after a reload',
  fresh: true,
  // Three extension host starts make it the longest scenario; what differs between the versions
  // for the history (the extension host's Node, 20 or 24) the integration suite covers in both,
  // with a second process writing into the same store.
  appliesTo: (vscodeVersion) => !vscodeVersion.startsWith('1.100.'),
  appliesWhy: 'run on the newest VS Code only, for time; test/integration/history.test.ts covers both',
  async run(session: Session) {
    const { demo, server } = session;
    const origin = new URL(demo.url).origin;
    /** How many lists the history holds now. */
    const listsRecorded = () => readServerHistory(server, origin, {}).lists.length;
    const machineLoads = () => demo.requests.filter((r) => r.path === '/v1/rentgpu/machines').length;

    // What is served, and which window loads it: the history must end up with exactly these lists.
    const served: Machine[][] = [];
    const loads: { window: 'A' | 'B'; list: Machine[] }[] = [];
    const serve = (list: Machine[]) => {
      served.push(list);
      demo.setData({ machines: list });
    };
    /** The window's load of the list served now, once it is in the history (one more list in the file). */
    const recorded = async (window: 'A' | 'B', ui: Ui) => {
      loads.push({ window, list: served[served.length - 1] });
      await until(`list ${loads.length} (window ${window}) in the history`, async () => listsRecorded(), (n) => n === loads.length);
      assert.equal(machineLoads(), loads.length, 'one machine list request per load');
      await ui.groupRows().first().waitFor();
    };
    const refresh = async (window: 'A' | 'B', ui: Ui) => {
      // A person clicks in the window in front; in a tab behind, the browser draws nothing and every action waits seconds.
      await ui.page.bringToFront();
      await ui.dismissOverlays();
      await (await ui.titleAction('Refresh')).click();
      await recorded(window, ui);
    };

    const rng = mulberry32(25);
    let tick = 0;
    const step = (list: readonly Machine[]) => marketTick(list, rng, ++tick).machines as Machine[];

    // Window A: signs in, loads the start list. Window B, a second tab on the same server, starts
    // meanwhile; without a token it loads nothing.
    serve([...DEMO_MACHINES]);
    const opening = session.newWindow();
    opening.catch(() => undefined); // awaited below; a failure before then is the one to report
    const a = session.ui;
    await a.ensureReady();
    await recorded('A', a);

    // Window B: the web workbench keeps secrets in the page's memory (VS Code's server has no secret
    // store for it, see the README), so B is given the token too.
    const b = await opening;
    await b.ensureReady();
    await recorded('B', b);
    // Counted once both windows are up: while B starts, a process of its start-up may come and go.
    const hosts = extensionHostPids(server.pid);
    assert.ok(hosts.length >= 2, `each window has its own extension host (${hosts.join(', ')})`);

    // The market moves; the windows refresh in turn. A cheap H100 is listed once (B sees it);
    // machine `back` goes (A sees it gone) and comes back (A, then B, see it back).
    const start = served[0];
    const cheap = randomMachine(mulberry32(0xc4ea9), new Set(start.map((m) => m.node_name)), { gpu: MODEL, gpus: 1, price: CHEAP });
    assert.ok(start.filter((m) => m.gpu_name === MODEL).every((m) => pricePerGpu(m) > Number(CHEAP)), 'the cheap H100 is the cheapest');
    serve([...step(start), cheap]);
    await refresh('B', b);
    const next = step(served.at(-1)!);
    const back = next.find((m) => m !== cheap && m.node_name !== cheap.node_name && start.some((s) => s.node_name === m.node_name))!;
    serve(next.filter((m) => m.node_name !== cheap.node_name && m.node_name !== back.node_name));
    await refresh('A', a);
    serve([...step(served.at(-1)!), back]);
    await refresh('A', a);
    await refresh('B', b);
    serve(step(served.at(-1)!));
    await refresh('B', b);

    // The history as the extension reads it: every list once, in order.
    const check = (what: string) => {
      const returns = expectedReturns(loads.map((l) => l.list));
      assert.equal(returns.get(back.node_name), 1);
      const history = readServerHistory(server, origin, { lists: true, ids: [...returns.keys()] });
      assert.deepEqual(history.lists.map((p) => p.n), loads.map(() => 1), `${what}: one row per list loaded, each standing for one list`);
      assert.deepEqual(history.lists.map((p) => asStored(p.groups)), loads.map((l) => asStored(aggregateMachines(l.list))), `${what}: the rows are the lists loaded, in order`);
      for (const [id, n] of returns) {
        const listed = loads.at(-1)!.list.some((m) => m.node_name === id);
        const flaps = history.flaps[id];
        assert.equal(Number.isNaN(flaps) || flaps === null ? 0 : flaps, n, `${what}: returns of ${id}${listed ? '' : ' (not listed now)'}`);
      }
      assert.equal(history.flaps[back.node_name], 1, `${what}: the machine that went and came back, seen back by both windows, came back once`);
      assert.deepEqual(history.problems, [], `${what}: nothing set aside or skipped`);
    };
    check('two windows');
    const still = extensionHostPids(server.pid);
    assert.ok(hosts.every((pid) => still.includes(pid)), `the windows kept their extension hosts through the refreshes (${hosts.join(', ')}, then ${still.join(', ')})`);

    // Window A reloaded: a new extension host, which reads the history both recorded (and, the page's
    // secrets gone with the page, is given the token again).
    await a.page.bringToFront();
    await reloaded(a);
    // Under load the reloaded workbench came up without the user settings twice (fresh-clone CI runs,
    // 2026-11-28 and 29): GPU Rental found no service URL in them and asked for one, and no change came
    // for a minute; nothing writes the settings file during the scenario (a watch on it found). Looked at
    // once right away, the view had not said yet (the second time). A person reloads until the window has
    // its settings; so does the test, twice at most, and says so.
    for (let again = 1; (await cameUp(a)) === 'noBaseUrl'; again++) {
      if (again > 2) throw new Error('the reloaded window came up without the user settings three times');
      console.log(`    (the reloaded window came up without the user settings: reloaded again, ${again} of 2)`);
      await reloaded(a);
    }
    await a.ensureReady();
    await recorded('A', a);
    check('after the reload');

    await a.dismissOverlays();
    const group = a.groupRows().filter({ has: a.page.locator('.label-name', { hasText: new RegExp(`^${GROUP}$`) }) }).first();
    await a.rowContextMenu(group, 'Show Market Trends');
    const label = await inFrame(() => trendsFrame(a, GROUP), (frame) => frame.locator('svg[role="img"]').first().getAttribute('aria-label'));
    const low = formatPricePerGpu(Number(CHEAP), 'en').replace('.', '\\.');
    assert.match(label ?? '', new RegExp(`: lowest ${low}(,| to )`), 'the week\'s lowest is the cheap H100 window B saw before the reload');

    // Every window's GPU Rental log: one per extension host, none saying the history was damaged.
    const logs = findExtensionLogFiles('gpu-rental.gpu-rental', 'GPU Rental', server.userDataDir);
    assert.ok(logs.length >= 3, `a GPU Rental log per extension host: ${logs.join(', ')}`);
    for (const file of logs) {
      const warnings = fs.readFileSync(file, 'utf8').split('\n').filter((l) => /market history/i.test(l));
      assert.deepEqual(warnings, [], `${file} says nothing about the market history`);
    }
  },
};
