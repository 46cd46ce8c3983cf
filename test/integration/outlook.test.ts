// Rent now or wait (issue 36) in a real VS Code: another window (a real Node
// process writing the same SQLite history) recorded ten days of a market where
// an 8× H100 comes for 4 hours of every 12 at one price; this window, which
// records nothing itself, reads that rhythm back in the Machines view's
// message for a filter on it, and in the status bar's table for a watch on it.
// On a runtime without node:sqlite (VS Code 1.100) the history is off and the
// view says no outlook.
import * as assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import type { Machine } from '../../src/api/types';
import { originOf } from '../../src/market/history/origin';
import { hasSqlite } from '../support/sqlite';
import { historyDirectory, historyFileName } from '../../src/node/historyLocation';
import { runAndAccept, signedInToDemo, waitFor } from './helpers';
import { pageContent, pageKey } from './pages';

const HOUR_MS = 3_600_000;
const FILTER = 'gpu=H100 gpus=8';
const isEightH100 = (m: Machine) => m.gpu_name.startsWith('H100') && m.gpu_count === 8;
/** The 8× H100 that comes and goes, at 1.75 per GPU. */
const rhythm: Machine = { ...DEMO_MACHINES.find(isEightH100)!, node_name: '0b0e5a5e-6c1a-4c3e-9a51-1a2b3c4d5e6f', price: '14.00' };
const always = DEMO_MACHINES.filter((m) => !isEightH100(m));

/** Records `lists` into the service's history from another process, as another window would (./historyWriter.ts). */
async function recordElsewhere(file: string, origin: string, lists: { t: number; machines: Machine[] }[]): Promise<void> {
  const child: ChildProcess = fork(path.join(__dirname, 'historyWriter.js'), [file, origin, '365'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let sent = 0;
  await new Promise<void>((resolve, reject) => {
    child.on('message', () => {
      if (sent === lists.length) return resolve();
      child.send(lists[sent++]);
    });
    child.once('exit', (code) => reject(new Error(`the other window's process exited (${code})`)));
  });
  child.send({ exit: true });
  assert.equal(await exited, 0);
}

const describeWithSqlite = hasSqlite() ? describe : undefined;
const describeWithoutSqlite = hasSqlite() ? undefined : describe;

describeWithSqlite?.('Outlook: rent now or wait', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const settings = () => vscode.workspace.getConfiguration('gpuRental');

  before(async function () {
    this.timeout(120_000);
    ({ server, api } = await signedInToDemo({ machines: always }));
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    api.answerNextModal();
    await vscode.commands.executeCommand('gpuRental.clearHistory');
    // This window records nothing: the history is the other window's ten days, ending now.
    await settings().update('history.enabled', false, vscode.ConfigurationTarget.Global);
    const origin = originOf(settings().get<string>('baseUrl')!)!;
    const now = Date.now();
    const lists = Array.from({ length: 240 }, (_, i) => {
      const t = now - (239 - i) * HOUR_MS;
      // Listed in hours 0–3 of every 12, counted back from now.
      return { t, machines: (239 - i) % 12 < 4 ? [...always, rhythm] : always };
    });
    await recordElsewhere(path.join(historyDirectory('', process.env), historyFileName(origin)), origin, lists);
    // The worker sees another window's lists at its next poll of the file: wait until it has all ten days.
    await waitFor('the worker to read the ten days', async () => {
      const asked = await api.marketHost.client.request('outlook', { query: FILTER });
      return 'outlook' in asked && asked.outlook.recordedHours >= 239 && asked;
    }, 30_000);
  });

  after(async () => {
    api.view.setQuery('');
    await settings().update('history.enabled', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('watches', undefined, vscode.ConfigurationTarget.Global);
    server.reset();
  });

  it("the Machines view's message gives the filter's typical price, where today's best sits and how often it appears", async () => {
    assert.ok(api.view.setQuery(FILTER).ok);
    // The history's latest list (the other window's, now) had it at 1.75 per GPU; the market this window loaded has none.
    const expected = 'gpu=H100 gpus=8 · 0 of 153 machines · typical 1.75–1.75/GPU · now 1.75, typical · appears about every 12 h';
    await waitFor(`the view message "${expected}"`, () => api.machinesView.message === expected);
    // A field the record does not keep: the outlook is of the rest of the filter, and the message says what it left out.
    assert.ok(api.view.setQuery(`${FILTER} listed_hours>=0`).ok);
    const leftOut = `${FILTER} listed_hours>=0 · 0 of 153 machines · typical 1.75–1.75/GPU · now 1.75, typical · appears about every 12 h · listed_hours left out`;
    await waitFor(`the view message "${leftOut}"`, () => api.machinesView.message === leftOut);
    api.view.setQuery('gpus>=1');
    await waitFor('an outlook of the new filter', () => /^gpus>=1 · [^·]+ · typical [\d.]+–[\d.]+\/GPU · now [\d.]+, \w+ · /.test(api.machinesView.message ?? ''));
    api.view.setQuery('');
    await waitFor('no outlook without a filter', () => !/typical/.test(api.machinesView.message ?? ''));
  });

  it('the filter box and Apply Saved Filter have the market read what the outlook reads as they open, before a filter is chosen', async () => {
    await settings().update('machines.savedFilters', { '8× H100': FILTER }, vscode.ConfigurationTarget.Global);
    const client = api.marketHost.client;
    const request = client.request.bind(client);
    const asked: string[] = [];
    client.request = ((method, params, signal) => (asked.push(method), request(method, params, signal))) as typeof client.request;
    try {
      await runAndAccept('gpuRental.machines.filter');
      assert.ok(asked.includes('outlook.prepare'), `the filter box: ${asked.join(', ')}`);
      asked.length = 0;
      const choosing = vscode.commands.executeCommand('gpuRental.machines.applySavedFilter');
      await waitFor('Apply Saved Filter to ask', () => asked.includes('outlook.prepare'));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await choosing;
    } finally {
      client.request = request;
      await settings().update('machines.savedFilters', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("a watch on it has the same line in the status bar's table", async () => {
    await settings().update('watches', [{ query: FILTER, name: '8× H100' }], vscode.ConfigurationTarget.Global);
    const tooltip = await waitFor('the watch outlook in the status bar', () => {
      // Without the Markdown escapes that keep data inert.
      const value = ((api.statusBar.item.tooltip as vscode.MarkdownString | undefined)?.value ?? '').replace(/\\(.)/g, '$1');
      return value.includes('| 8× H100 | 0 | typical 1.75–1.75/GPU · now 1.75, typical · appears about every 12 h |') && value;
    });
    assert.match(tooltip, /\| Watch \| Matches · cheapest \| Outlook \|/, 'a column for it');
  });

  it("a watch's alert says where the new machine's price sits in the watch's typical range", async function () {
    this.timeout(60_000);
    await settings().update('watches', [{ query: FILTER, name: '8× H100' }], vscode.ConfigurationTarget.Global);
    await waitFor("the watch's outlook", () => api.watches.watches.length === 1 && api.watches.outlookLineOf(api.watches.watches[0]));
    server.setData({ machines: [...always, { ...rhythm, node_name: '1c1e5a5e-6c1a-4c3e-9a51-1a2b3c4d5e6f', price: '12.00' }] });
    await api.pollWatchesNow();
    const alert = await waitFor('the alert', () => api.shownMessages.find((m) => m.text.includes('newly matches "8× H100"')));
    assert.match(alert.text, /newly matches "8× H100"\. 1\.50 is low for this watch: typical 1\.75–1\.75\.$/);
  });

  it("a watch's alert on a filter with a field the history does not keep says it was left out of the range", async function () {
    this.timeout(60_000);
    await settings().update('watches', [{ query: `${FILTER} listed_hours>=0`, name: '8× H100 listed' }], vscode.ConfigurationTarget.Global);
    await waitFor("the watch's outlook", () => api.watches.watches.length === 1 && api.watches.watches[0].queryText.includes('listed_hours') && api.watches.outlookLineOf(api.watches.watches[0])?.endsWith(' · listed_hours left out'));
    server.setData({ machines: [...always, { ...rhythm, node_name: '2d2e5a5e-6c1a-4c3e-9a51-1a2b3c4d5e6f', price: '12.00' }] });
    await api.pollWatchesNow();
    const alert = await waitFor('the alert', () => api.shownMessages.find((m) => m.text.includes('newly matches "8× H100 listed"')));
    assert.match(alert.text, /newly matches "8× H100 listed"\. 1\.50 is low for this watch \(listed_hours left out\): typical 1\.75–1\.75\.$/);
  });

  // Last: it records a cheaper list, which changes the outlook the tests above read.
  it("Market Trends draws the filter's outlook the view's message says, asked of the market once per history change (issue 36)", async function () {
    this.timeout(60_000);
    // A watch on the filter would ask for its outlook too.
    await settings().update('watches', undefined, vscode.ConfigurationTarget.Global);
    await waitFor('no watch', () => api.watches.watches.length === 0);
    assert.ok(api.view.setQuery(FILTER).ok);
    const lineOf = (message: string | undefined) => message?.split(' · ').slice(2).join(' · ');
    await waitFor("the filter's outlook in the view message", () => /typical/.test(api.machinesView.message ?? ''));
    await api.trends.show();
    const before = lineOf(api.machinesView.message);
    await waitFor('the same line in the panel', () => pageContent(api.trends)?.outlook?.line === before);
    assert.equal(pageContent(api.trends)?.outlook?.heading, `Outlook for ${FILTER}, last 30 days`, 'the section says its own period: the range above is the charts\'');
    // Every request for this filter's outlook and every change of the history, from here on.
    const client = api.marketHost.client;
    const request = client.request.bind(client);
    let asked = 0;
    let changes = 0;
    client.request = ((method, params, signal) => {
      if (method === 'outlook' && (params as { query: string }).query === FILTER) asked++;
      return request(method, params, signal);
    }) as typeof client.request;
    const listening = api.marketHost.onDidChangeHistory(() => changes++);
    try {
      // Another window records a list where it is cheaper: the history changes, and so does the outlook.
      const origin = originOf(settings().get<string>('baseUrl')!)!;
      await recordElsewhere(path.join(historyDirectory('', process.env), historyFileName(origin)), origin, [{ t: Date.now(), machines: [...always, { ...rhythm, price: '12.00' }] }]);
      const after = await waitFor('the new outlook in the view message', () => changes > 0 && lineOf(api.machinesView.message) !== before && lineOf(api.machinesView.message));
      await waitFor('the new outlook in the panel', () => pageContent(api.trends)?.outlook?.line === after);
      assert.equal(asked, changes, 'one request for the view message and the panel together');
    } finally {
      listening.dispose();
      delete (client as Partial<typeof client>).request;
      api.trends.host.close(pageKey(api.trends)!);
      api.view.setQuery('');
    }
  });
});

describeWithoutSqlite?.('Outlook without node:sqlite', function () {
  it('the Machines view says the counts and no outlook', async () => {
    const { api, server } = await signedInToDemo();
    try {
      assert.ok(api.view.setQuery(FILTER).ok);
      const message = await waitFor('the filter in the view message', () => api.machinesView.message?.startsWith('gpu=H100 gpus=8 · ') && api.machinesView.message);
      assert.doesNotMatch(message, /typical|appears|recorded/);
    } finally {
      api.view.setQuery('');
      server.reset();
    }
  });
});
