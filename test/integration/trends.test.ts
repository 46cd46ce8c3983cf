// Show Market Trends in a real VS Code: opened for a model (as a group's
// context menu passes it), its content drawn from the history the refreshes
// recorded, the page's choices checked, Export CSV written through
// workspace.fs with formula-looking cells kept as text, and the HTML shell
// holding none of the service's text.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { hasSqlite } from '../support/sqlite';
import { signedInToDemo, waitFor } from './helpers';
import { fromPage, pageContent, pageHtml, pageKey } from './pages';
import { TRENDS_VIEW_TYPE } from '../../src/vscode/panels/trendsPanel';

const HOSTILE_GPU = '=HYPERLINK("http://x.test","<b>x</b>")';

(hasSqlite() ? describe : undefined)?.('Show Market Trends', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-trends-'));
  // One machine of a model whose name a spreadsheet would run, and HTML.
  const machines = [...DEMO_MACHINES, { ...DEMO_MACHINES[0], node_name: 'hostile-trends-1', gpu_name: HOSTILE_GPU }];

  before(async () => {
    ({ server, api } = await signedInToDemo({ machines }));
    await waitFor('the list recorded', async () => (await api.marketHost.client.request('history.trends', { range: 'all', models: [], columns: 640 })).models.includes(HOSTILE_GPU));
  });

  after(() => {
    api.trends.host.close(pageKey(api.trends)!);
    server.reset();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('asks the market nothing while it is closed: a recorded list redraws it only when open', async () => {
    assert.equal(api.trends.host.keys().length, 0, 'the panel is closed');
    const client = api.marketHost.client;
    const request = client.request.bind(client);
    let asked = 0;
    client.request = ((method, params, signal) => {
      if (method === 'history.trends') asked++;
      return request(method, params, signal);
    }) as typeof client.request;
    try {
      const recorded = () => new Promise<void>((resolve) => { const l = api.marketHost.onDidChangeHistory(() => (l.dispose(), resolve())); });
      // A list with one machine fewer: the history records it and says it changed.
      let changed = recorded();
      server.setData({ machines: machines.slice(1) });
      await vscode.commands.executeCommand('gpuRental.refresh');
      await changed;
      assert.equal(asked, 0, 'no trends asked for a closed panel');
      const group = (await api.machines.getChildren()).find((n) => n.kind === 'group' && n.group.first.gpu_name === 'RTX_4090');
      await vscode.commands.executeCommand('gpuRental.showTrends', group);
      await waitFor('the trends content', () => pageContent(api.trends));
      const opening = asked;
      changed = recorded();
      server.setData({ machines });
      await vscode.commands.executeCommand('gpuRental.refresh');
      await changed;
      await waitFor('the open panel redrawn', () => asked > opening);
    } finally {
      delete (client as Partial<typeof client>).request;
      api.trends.host.close(pageKey(api.trends)!);
    }
  });

  it('opens for the models of a GPU group, with a table of the recorded list', async () => {
    const group = (await api.machines.getChildren()).find((n) => n.kind === 'group' && n.group.first.gpu_name === 'RTX_4090');
    assert.ok(group, 'the RTX 4090 group');
    await vscode.commands.executeCommand('gpuRental.showTrends', group);
    const content = await waitFor('the trends content', () => pageContent(api.trends));
    assert.deepEqual(pageKey(api.trends)!.models, ['RTX_4090']);
    assert.equal(content.sections.length, 1);
    assert.equal(content.sections[0].heading, 'RTX 4090');
    assert.ok(content.sections[0].rows.length >= 1);
    assert.ok(content.models.some((m) => m.name === HOSTILE_GPU && !m.chosen));
    assert.match(content.sections[0].price.label, /^Price per GPU of RTX 4090, Last 7 days: lowest /);
    const { price, gpus } = content.sections[0];
    assert.ok(price.yTicks.length >= 2 && gpus.yTicks.length >= 2 && gpus.min === 0, 'scales on both axes, even for the one recorded list');
    const html = pageHtml(api.trends) ?? '';
    assert.ok(html.includes('Content-Security-Policy') && html.includes('<script nonce="'), 'a strict CSP, our one script by its nonce');
    assert.ok(!html.includes('RTX') && !html.includes('HYPERLINK'), 'the shell holds our words only');
  });

  it('takes a range and models by index from the page, and ignores what it does not know', async () => {
    const models = pageContent(api.trends)!.models;
    const hostile = models.findIndex((m) => m.name === HOSTILE_GPU);
    await fromPage(api.trends, { type: 'choose', range: 'day', models: [hostile] });
    assert.deepEqual(pageKey(api.trends), { range: 'day', models: [HOSTILE_GPU] });
    assert.equal(pageContent(api.trends)!.columns[0], 'Hour (UTC)');
    for (const bad of [{ type: 'choose', range: 'year', models: [0] }, { type: 'choose', range: 'day', models: [models.length] }, { type: 'choose', range: 'day', models: ['RTX_4090'] }]) {
      await fromPage(api.trends, bad);
      assert.deepEqual(pageKey(api.trends), { range: 'day', models: [HOSTILE_GPU] });
    }
  });

  it('Export CSV writes every point shown, with a cell that looks like a formula kept as text', async () => {
    const file = vscode.Uri.file(path.join(dir, 'trends.csv'));
    api.answerNextSave(file);
    await fromPage(api.trends, { type: 'exportCsv' });
    const lines = fs.readFileSync(file.fsPath, 'utf8').split('\r\n').filter((l) => l !== '');
    assert.equal(lines[0], 'gpu,time_utc,lists,machines,gpus,lowest_per_gpu,p25_per_gpu,median_per_gpu');
    assert.ok(lines.length >= 2);
    for (const line of lines.slice(1)) assert.ok(line.startsWith('"\'=HYPERLINK(""http://x.test"",""<b>x</b>"")",'), line);
  });

  it('from the palette: on the models the Machines view\'s filter names; with a filter that names none, on what it showed', async () => {
    const recorded = (await api.marketHost.client.request('history.trends', { range: 'all', models: [], columns: 640 })).models;
    const named = recorded.filter((m) => /^(RTX_4090|A100)/.test(m));
    assert.ok(named.length >= 2, `the demo has an RTX 4090 and an A100 (${recorded.join(', ')})`);
    try {
      api.view.setQuery('gpu in [rtx_4090, a100] gpus>=1');
      await vscode.commands.executeCommand('gpuRental.showTrends');
      assert.deepEqual(pageKey(api.trends)!.models, named);
      assert.equal(pageContent(api.trends)!.outlook?.heading, 'Outlook for gpu in [rtx_4090, a100] gpus>=1, last 30 days', 'the section below is the same filter\'s');
      api.view.setQuery('gpus>=1');
      await vscode.commands.executeCommand('gpuRental.showTrends');
      assert.deepEqual(pageKey(api.trends)!.models, named, 'a filter that names no model keeps the models shown');
    } finally {
      api.view.setQuery('');
    }
  });

  it('brought back after a reload, it keeps the models it showed: a new list recorded gives the same filter\'s outlook again, which moves nothing', async () => {
    const filter = 'gpu in [rtx_4090, a100] gpus>=1';
    const client = api.marketHost.client;
    const request = client.request.bind(client);
    const asked: Promise<unknown>[] = [];
    try {
      const open = pageKey(api.trends);
      if (open) api.trends.host.close(open);
      api.view.setQuery(filter);
      // The filter's outlook answered (after its counts in the view's message), as after a reload once the view has its filter back.
      await waitFor("the filter's outlook", () => (api.machinesView.message ?? '').startsWith(`${filter} · `) && (api.machinesView.message ?? '').split(' · ').length > 2);
      await api.trends.host.restore(vscode.window.createWebviewPanel(TRENDS_VIEW_TYPE, 'restoring', vscode.ViewColumn.Active, {}), { key: { range: 'week', models: [HOSTILE_GPU] } });
      await waitFor('the restored panel drawn', () => pageContent(api.trends)?.outlook?.heading?.startsWith(`Outlook for ${filter}`));
      client.request = ((method, params, signal) => {
        const answer = request(method, params, signal);
        if (method === 'outlook' || method === 'history.trends') asked.push(answer.catch(() => undefined));
        return answer;
      }) as typeof client.request;
      let changes = 0;
      const listening = api.marketHost.onDidChangeHistory(() => changes++);
      await vscode.commands.executeCommand('gpuRental.refresh');
      await waitFor('a new list recorded, and the outlook asked again', () => changes > 0 && asked.length >= 2);
      // Every answer asked since, and whatever a follower would ask after them.
      for (let seen = 0; seen < asked.length; ) {
        const batch = asked.slice(seen);
        seen = asked.length;
        await Promise.all(batch);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      listening.dispose();
      assert.deepEqual(pageKey(api.trends)!.models, [HOSTILE_GPU], 'the models shown before the reload');
    } finally {
      delete (client as Partial<typeof client>).request;
      api.view.setQuery('');
    }
  });

  it("while it is open: a new filter that names GPU models moves the charts to them (its outlook is the section below); one that names none keeps them", async () => {
    const recorded = (await api.marketHost.client.request('history.trends', { range: 'all', models: [], columns: 640 })).models;
    const named = recorded.filter((m) => /^(RTX_4090|A100)/.test(m));
    const heading = () => pageContent(api.trends)?.outlook?.heading;
    try {
      await api.trends.show([HOSTILE_GPU]);
      assert.deepEqual(pageKey(api.trends)!.models, [HOSTILE_GPU]);
      api.view.setQuery('gpu in [rtx_4090, a100] gpus>=1');
      await waitFor('the charts on the models the filter names', () => JSON.stringify(pageKey(api.trends)?.models) === JSON.stringify(named));
      assert.equal(heading(), 'Outlook for gpu in [rtx_4090, a100] gpus>=1, last 30 days');
      api.view.setQuery('gpus>=2');
      await waitFor("the next filter's outlook", () => heading() === 'Outlook for gpus>=2, last 30 days');
      assert.deepEqual(pageKey(api.trends)!.models, named, 'a filter that names no model keeps the models shown');
    } finally {
      api.view.setQuery('');
    }
  });
});

// VS Code 1.100's extension host (Node 20) has no node:sqlite: the history is off (test/integration/history.test.ts).
(hasSqlite() ? undefined : describe)?.('Show Market Trends without node:sqlite', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;

  before(async () => {
    ({ server, api } = await signedInToDemo());
  });

  after(() => {
    const key = pageKey(api.trends);
    if (key) api.trends.host.close(key);
    server.reset();
  });

  it('opens for a GPU group and says the market history is off here, with no model to choose', async () => {
    const group = await waitFor('the RTX 4090 group', async () => (await api.machines.getChildren()).find((n) => n.kind === 'group' && n.group.first.gpu_name === 'RTX_4090'));
    await vscode.commands.executeCommand('gpuRental.showTrends', group);
    const content = await waitFor('the trends content', () => pageContent(api.trends));
    assert.deepEqual(content.models, []);
    assert.ok(content.sections.every((s) => s.rows.length === 0), 'no rows');
    assert.match(content.notice, /^The market history is off here: it could not be opened, so nothing is recorded/);
  });
});
