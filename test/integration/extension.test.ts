// The extension in a real VS Code, driven through its commands and observed
// through its tree providers, views, panels and the clipboard. Tests run in
// order and share one extension instance, as a user's session would.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import { EXTENSION_ID, assertWelcomeContent, TOKEN, demoServer, extensionApi, machineLeaves as machineRows, machineNodes, runAndAccept, setBaseUrl, sleep, stopDemoServer, templateLeaves as templateRows, waitFor, type MachineLeaf, type TemplateLeaf } from './helpers';
import { pageContent, pageHtml } from './pages';
import { commandTable, type CommandTableDeps } from '../../src/vscode/commands/commands';

describe('GPU Rental in VS Code', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  /** Everything the user was shown or given, checked for the token at the end. */
  const seen: string[] = [];

  const machineGroups = () => machineNodes(api);
  const machineLeaves = () => machineRows(api);
  const templateLeaves = (): Promise<TemplateLeaf[]> => templateRows(api);
  const clipboard = () => vscode.env.clipboard.readText();
  const record = (...texts: (string | undefined)[]) => seen.push(...texts.filter((t): t is string => t !== undefined));
  const itemText = (item: vscode.TreeItem) =>
    [item.label, item.description, item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip, item.accessibilityInformation?.label]
      .map((x) => (typeof x === 'string' ? x : JSON.stringify(x ?? '')))
      .join('\n');

  async function loadMachines(): Promise<void> {
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('machines loaded', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.count !== undefined);
  }

  before(async function () {
    server = await demoServer();
    await setBaseUrl(server.url);
    api = await extensionApi();
    await vscode.commands.executeCommand('gpuRental.clearToken');
    await waitFor('setup to need a token', () => api.controller.setup === 'noToken');
    // Panels other suites opened are not this suite's to count.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor('no details panel', () => api.panels.host.keys().length === 0);
    server.reset();
  });

  after(async () => {
    await setBaseUrl(undefined);
    await stopDemoServer();
  });

  it('registers every command that package.json contributes', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const contributed: string[] = extension.packageJSON.contributes.commands.map((c: { command: string }) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(contributed.length >= 6);
    assert.deepEqual(contributed.filter((c) => !registered.has(c)), []);
    // The table has no list of its own: package.json's is the one list, and the table answers exactly it.
    assert.deepEqual(Object.keys(commandTable({} as CommandTableDeps)).sort(), [...contributed].sort());
  });

  it('without a token, the views show welcome content (no items) and no request is sent', async () => {
    assert.equal(api.controller.setup, 'noToken');
    await assertWelcomeContent(api);
    await sleep(200);
    assert.equal(server.requests.length, 0);
  });

  it('Set API Token stores the token and the trees fill in once shown', async () => {
    await api.setToken(`  Bearer ${TOKEN}  `);
    await waitFor('setup ready', () => api.controller.setup === 'ready');
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    await waitFor('machines in the tree', async () => (await machineLeaves()).length === DEMO_MACHINES.length);
    await waitFor('templates in the tree', async () => (await templateLeaves()).length === DEMO_TEMPLATES.length);
    assert.ok(server.requests.every((r) => r.authorization === `Bearer ${TOKEN}`), 'the trimmed token, sent as a Bearer header');
  });

  it('groups machines by GPU model, named with spaces, cheapest price per GPU first', async () => {
    const groups = (await machineGroups());
    assert.ok(groups.length >= 8);
    const items = groups.map((g) => api.machines.getTreeItem(g));
    const labels = items.map((i) => i.label as string);
    assert.ok(labels.every((l) => !l.includes('_')), labels.join(', '));
    const best: number[] = [];
    for (const group of groups) {
      const perGpu = ((await api.machines.getChildren(group)) as MachineLeaf[]).map((n) => Number(n.machine.price) / n.machine.gpu_count);
      assert.deepEqual(perGpu, [...perGpu].sort((a, b) => a - b));
      best.push(perGpu[0]);
    }
    assert.deepEqual(best, [...best].sort((a, b) => a - b), 'groups follow their best machine');
    assert.match(items[0].description as string, /^\d+ machines? · from \d+\.\d+\/GPU$/);
    assert.equal(api.machinesView.description, 'GPU model · price per GPU ↑');
    for (const item of items) record(itemText(item));
  });

  it('shows a machine with what users compare, a tooltip table, and the machine context value', async () => {
    const leaf = (await machineLeaves())[0];
    assert.equal(api.machines.getTreeItem(leaf).tooltip, undefined, 'the tooltip waits for a hover');
    const item = await api.machines.resolveTreeItem(api.machines.getTreeItem(leaf), leaf);
    assert.equal(item.contextValue, 'machine');
    assert.equal(item.id, `machine:${leaf.machine.node_name}`);
    assert.match(item.label as string, /^\d+× /);
    assert.ok((item.description as string).startsWith(`${leaf.machine.price} (`), item.description as string);
    assert.match(item.description as string, /\/GPU\)/);
    assert.ok((item.description as string).includes(leaf.machine.region));
    assert.match(item.description as string, /% online/);
    const tooltip = item.tooltip as vscode.MarkdownString;
    assert.ok(tooltip.value.includes('| Field | Value |'));
    assert.ok(tooltip.value.includes('CUDA version'));
    assert.notEqual(tooltip.isTrusted, true);
    assert.equal(api.machines.getParent(leaf)?.kind, 'group');
    for (const l of (await machineLeaves())) {
      const treeItem = api.machines.getTreeItem(l);
      // Screen readers read this label: it must say what the row shows.
      assert.match(treeItem.accessibilityInformation?.label ?? '', /^\d+× .+, [\d.]+ \([\d.]+\/GPU\) · VRAM \d+ · .+ online/);
      record(itemText(treeItem));
    }
  });

  it('groups templates by image type with the platform default marked, and never shows docker_passwd', async () => {
    const groups = await api.templates.getChildren();
    const labels = groups.map((g) => api.templates.getTreeItem(g).label);
    assert.equal(labels[0], 'Type 0');
    assert.ok(groups.length >= 3);
    const first = api.templates.getTreeItem((await api.templates.getChildren(groups[0]))[0]);
    assert.equal(first.id, 'template:0');
    assert.match(first.description as string, /^platform default · /);
    const secrets = DEMO_TEMPLATES.map((t) => t.docker_passwd).filter((p): p is string => typeof p === 'string');
    assert.ok(secrets.length > 0, 'the fixtures hold custom templates with a password');
    for (const leaf of await templateLeaves()) {
      const item = api.templates.getTreeItem(leaf);
      assert.equal(item.contextValue, 'template');
      assert.ok(item.accessibilityInformation?.label?.includes(item.label as string), 'an accessible label naming the template');
      const text = itemText(item);
      record(text);
      assert.ok(!text.includes('docker_passwd'));
      for (const secret of secrets) assert.ok(!text.includes(secret), `template ${leaf.template.id} shows a password`);
    }
  });

  it('Copy Node ID on a machine item copies its node_name', async () => {
    const leaf = (await machineLeaves())[5];
    await vscode.commands.executeCommand('gpuRental.copyNodeId', leaf);
    assert.equal(await clipboard(), leaf.machine.node_name);
  });

  it('Copy Node ID on a multi-selection copies one ID per line', async () => {
    const [a, b] = (await machineLeaves()).slice(1, 3);
    await vscode.commands.executeCommand('gpuRental.copyNodeId', a, [a, b]);
    assert.equal(await clipboard(), `${a.machine.node_name}\n${b.machine.node_name}`);
  });

  it('Copy Node ID from the palette offers a quick pick of all machines', async () => {
    await vscode.env.clipboard.writeText('');
    // The pick can lose focus in the headless window and close unanswered (nothing copied then): ask again, at most three times.
    for (let attempt = 0; attempt < 3 && (await clipboard()) === ''; attempt++) await runAndAccept('gpuRental.copyNodeId');
    assert.equal(await clipboard(), (await machineLeaves())[0].machine.node_name, 'the first pick is the first machine of the tree');
  });

  it('Copy Template ID copies the id, from an item and from the palette', async () => {
    const leaf = (await templateLeaves()).find((t) => t.template.id !== 0)!;
    await vscode.commands.executeCommand('gpuRental.copyTemplateId', leaf);
    assert.equal(await clipboard(), String(leaf.template.id));
    await runAndAccept('gpuRental.copyTemplateId');
    assert.equal(await clipboard(), '0', 'the platform default template comes first');
  });

  it('Show Machine Details opens one panel per machine, with every field, escaped, under a strict CSP', async () => {
    const leaf = (await machineLeaves())[0];
    await vscode.commands.executeCommand('gpuRental.showMachineDetails', leaf);
    await vscode.commands.executeCommand('gpuRental.showMachineDetails', leaf);
    assert.deepEqual(api.panels.host.keys(), [leaf.machine.node_name], 'revealed again, not opened twice');
    const html = pageHtml(api.panels, leaf.machine.node_name)!;
    record(html);
    assert.match(html, /Content-Security-Policy" content="default-src &#39;none&#39;;/);
    const nonce = /script-src &#39;nonce-([^&]+)&#39;/.exec(html)?.[1];
    assert.ok(nonce && html.includes(`<script nonce="${nonce}"`));
    assert.ok(!html.includes(leaf.machine.node_name), 'the page HTML holds our words only: the machine comes by message');
    assert.equal(pageContent(api.panels, leaf.machine.node_name)?.nodeId, leaf.machine.node_name);
    assert.ok(html.includes('Copy Node ID'));
    assert.equal((html.match(/<th scope="row">/g) ?? []).length, 23);
    assert.ok(!html.includes('docker_passwd'));
  });

  it("names each details tab after its machine and the start of its node ID: two machines alike get tabs apart", async () => {
    const leaves = await machineLeaves();
    const alike = new Map<string, MachineLeaf[]>();
    for (const leaf of leaves) alike.set(`${leaf.machine.gpu_count}|${leaf.machine.gpu_name}`, [...(alike.get(`${leaf.machine.gpu_count}|${leaf.machine.gpu_name}`) ?? []), leaf]);
    const [first, second] = [...alike.values()].find((same) => same.length >= 2) ?? [];
    assert.ok(first && second && first.machine.node_name.length > 12, 'the demo lists two machines with the same GPUs, with long node IDs');
    await vscode.commands.executeCommand('gpuRental.showMachineDetails', first);
    await vscode.commands.executeCommand('gpuRental.showMachineDetails', second);
    const labels = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview).map((t) => t.label);
    const named = (leaf: MachineLeaf) => `${pageContent(api.panels, leaf.machine.node_name)!.title} · ${leaf.machine.node_name.slice(0, 8)}`;
    const shown = await waitFor('both details tabs', () => {
      const now = labels();
      return now.includes(named(first)) && now.includes(named(second)) && now;
    });
    assert.notEqual(named(first), named(second), `two tabs apart: ${shown.join(', ')}`);
  });

  it('renders a GPU or CPU name containing HTML as text, in the tree and the details panel', async () => {
    const hostile = { ...DEMO_MACHINES[0], node_name: 'hostile-node', gpu_name: '<img src=x onerror=alert(1)>', cpu_name: '<script>alert(2)</script>' };
    server.setData({ machines: [hostile, ...DEMO_MACHINES.slice(1)] });
    await loadMachines();
    const leaf = (await machineLeaves()).find((l) => l.machine.node_name === 'hostile-node')!;
    const tooltip = ((await api.machines.resolveTreeItem(api.machines.getTreeItem(leaf), leaf)).tooltip as vscode.MarkdownString).value;
    assert.ok(!/(^|[^\\])</.test(tooltip), `every < is escaped: ${tooltip}`);
    assert.ok(tooltip.includes('\\<img src=x onerror=alert\\(1\\)\\>'), tooltip);
    await vscode.commands.executeCommand('gpuRental.showMachineDetails', leaf);
    const html = pageHtml(api.panels, 'hostile-node')!;
    assert.ok(!html.includes('<img src=x') && !html.includes('<script>alert') && !html.includes('alert('), 'no value of the machine in the page HTML');
    // The page writes the content with textContent: the text itself, never markup.
    const content = pageContent(api.panels, 'hostile-node')!;
    assert.equal(content.values.gpu_name, '<img src=x onerror=alert(1)>');
    assert.equal(content.values.cpu_name, '<script>alert(2)</script>');
    server.reset();
    await loadMachines();
  });

  it('a failed refresh keeps the last good tree and marks it stale', async () => {
    const before = (await machineLeaves()).map((l) => l.machine.node_name);
    server.setFault({ fault: { kind: 'status', status: 500 } });
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the error', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.errorKind);
    assert.deepEqual((await machineLeaves()).map((l) => l.machine.node_name), before);
    assert.match(api.machinesView.message ?? '', /^Stale: showing data from \d\d:\d\d:\d\d\. Refresh failed: The service answered 500 Internal Server Error/);
    assert.match(api.templatesView.message ?? '', /^Stale:/);
    record(api.machinesView.message, api.templatesView.message);
    server.clearFaults();
    await loadMachines();
    // The view's message follows the view's answer for the new list (viewMessages.ts).
    await waitFor('the stale marker to go once a refresh succeeds', () => api.machinesView.message === undefined);
  });

  it('a rejected token says so and keeps the data', async () => {
    server.setFault({ fault: { kind: 'status', status: 401 } });
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the error', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.errorKind);
    assert.match(api.machinesView.message ?? '', /rejected the API token \(401 Unauthorized\)/);
    assert.equal((await machineLeaves()).length, DEMO_MACHINES.length);
    record(api.machinesView.message);
    server.clearFaults();
    await loadMachines();
  });

  it('entering the same token again after a rejection reloads the views', async () => {
    server.setFault({ fault: { kind: 'status', status: 401 } });
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the rejection', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.errorKind === 'auth');
    server.clearFaults();
    await api.setToken(TOKEN);
    await waitFor('the views to reload', () => !api.marketHost.state('machines')?.errorKind && !api.marketHost.state('templates')?.errorKind);
    assert.equal(api.machinesView.message, undefined, 'no rejection, no stale marker');
    assert.equal((await machineLeaves()).length, DEMO_MACHINES.length);
  });

  it('malformed items are skipped and counted, the rest shown', async () => {
    server.setData({ machines: [...DEMO_MACHINES.slice(0, 10), { node_name: 'broken' }, 42, { ...DEMO_MACHINES[11], gpu_count: 'many' }] });
    await loadMachines();
    assert.equal((await machineLeaves()).length, 10);
    assert.equal(api.machinesView.message, '3 items skipped, see log.');
    server.reset();
    await loadMachines();
  });

  it('open details follow a refresh without reloading the page, and say so when the machine is gone', async () => {
    const [nodeName] = api.panels.host.keys();
    const page = pageHtml(api.panels, nodeName);
    server.setData({ machines: DEMO_MACHINES.map((m) => (m.node_name === nodeName ? { ...m, price: '123.45' } : m)) });
    await loadMachines();
    // The panel asks the market for its machine when the list changes: its answer follows the load.
    await waitFor('the new price to reach the page', () => pageContent(api.panels, nodeName)?.values.price === '123.45');
    assert.equal(pageContent(api.panels, nodeName)?.notice, '');
    server.setData({ machines: DEMO_MACHINES.filter((m) => m.node_name !== nodeName) });
    await loadMachines();
    await waitFor('the page to say the machine is gone', () => /no longer in the list/.test(pageContent(api.panels, nodeName)?.notice ?? ''));
    assert.equal(pageContent(api.panels, nodeName)?.values.price, '123.45', 'the last values seen stay');
    server.reset();
    await loadMachines();
    await waitFor('the page to say the machine is listed again', () => pageContent(api.panels, nodeName)?.notice === '');
    assert.equal(pageHtml(api.panels, nodeName), page, 'updates travel as messages: the page is never rendered again');
  });

  it('a slow service times out with a clear message (setting gpuRental.requestTimeoutSeconds)', async () => {
    await vscode.workspace.getConfiguration('gpuRental').update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      server.setFault({ endpoint: 'machines', fault: { kind: 'hang' } });
      await vscode.commands.executeCommand('gpuRental.refresh');
      await waitFor('the timeout', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.errorKind);
      assert.match(api.machinesView.message ?? '', /did not answer within 1 s/);
      assert.equal((await machineLeaves()).length, DEMO_MACHINES.length);
    } finally {
      server.clearFaults();
      await vscode.workspace.getConfiguration('gpuRental').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
    await loadMachines();
  });

  it('a bad base URL is explained in the view, not thrown', async () => {
    await setBaseUrl('ftp://example.com');
    await waitFor('bad URL state', () => api.controller.setup === 'badBaseUrl');
    assert.deepEqual((await api.machines.getChildren()), []);
    await setBaseUrl(server.url);
    await waitFor('ready again', () => api.controller.setup === 'ready');
    await waitFor('machines again', async () => (await machineLeaves()).length === DEMO_MACHINES.length);
  });

  it('Clear API Token removes the token and brings back the welcome content', async () => {
    await vscode.commands.executeCommand('gpuRental.clearToken');
    await waitFor('no token', () => api.controller.setup === 'noToken');
    assert.deepEqual((await api.machines.getChildren()), []);
    assert.deepEqual(await api.templates.getChildren(), []);
    // The market worker forgets what it fetched with the old token as it hears there is none.
    await waitFor('data fetched with the old token dropped', () => api.marketHost.state('machines')?.count === undefined);
  });

  it('the token given again refreshes each tree once it has rows to draw, not as the setup changes (VS Code holds a refresh that follows another back 200 ms)', async () => {
    await waitFor('the views told the market is empty', () => api.machinesModel.summary?.total === 0 && api.templatesModel.answer?.total === 0);
    // What each tree's root would draw at each refresh it asks of VS Code.
    const drawn: string[] = [];
    const root = () => (api.controller.setup === 'ready' ? `${api.machinesModel.summary?.groups.length ?? 0} groups` : 'welcome');
    const subscriptions = [
      api.machines.onDidChangeTreeData(() => drawn.push(`machines: ${root()}`)),
      api.templates.onDidChangeTreeData(() => drawn.push(`templates: ${api.controller.setup === 'ready' ? `${api.templatesModel.answer?.groups.length ?? 0} groups` : 'welcome'}`)),
    ];
    try {
      await api.setToken(TOKEN);
      await waitFor('machines in the tree', async () => (await machineLeaves()).length === DEMO_MACHINES.length);
      await waitFor('templates in the tree', async () => (await templateLeaves()).length === DEMO_TEMPLATES.length);
    } finally {
      for (const s of subscriptions) s.dispose();
    }
    assert.ok(drawn.some((d) => d.startsWith('machines')) && drawn.some((d) => d.startsWith('templates')), drawn.join(', '));
    assert.deepEqual(drawn.filter((d) => / 0 groups|welcome/.test(d)), [], drawn.join(', '));
    await vscode.commands.executeCommand('gpuRental.clearToken');
    await waitFor('no token', () => api.controller.setup === 'noToken');
  });

  it('with no watch and the status bar off, a load leaves the hidden status bar item alone (each hide() is a message the workbench reads before the rows)', async () => {
    const item = api.statusBar.item;
    assert.equal(api.onScreen(item), false);
    const before = api.hides(item);
    await api.setToken(TOKEN);
    await waitFor('machines in the tree', async () => (await machineLeaves()).length === DEMO_MACHINES.length);
    await loadMachines();
    assert.equal(api.hides(item) - before, 0);
    // Shown by the setting, it still goes when the setting does.
    const settings = vscode.workspace.getConfiguration('gpuRental');
    await settings.update('statusBar.show', true, vscode.ConfigurationTarget.Global);
    await waitFor('the status bar item shown', () => api.onScreen(item));
    await settings.update('statusBar.show', undefined, vscode.ConfigurationTarget.Global);
    await waitFor('the status bar item hidden', () => !api.onScreen(item));
    await vscode.commands.executeCommand('gpuRental.clearToken');
    await waitFor('no token', () => api.controller.setup === 'noToken');
  });

  it('the token appears in nothing the user was shown or given', async () => {
    record(await clipboard());
    for (const name of api.panels.host.keys()) record(pageHtml(api.panels, name));
    assert.ok(seen.length > 100);
    const leaks = seen.filter((text) => text.includes(TOKEN));
    assert.deepEqual(leaks, []);
  });
});
