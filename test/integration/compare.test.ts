// Compare Machines and the template details in a real VS Code: the panels
// open from the commands with the right content, the comparison follows a
// refresh, the template page never holds the registry password, and Copy
// Image Reference writes the clipboard.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Template } from '../../src/api/types';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import { imageReference } from '../../src/model/imageRef';
import { closeEditorsAndReset, machineLeaves, runAndAccept, signedInToDemo, templateLeaves as templateRows, waitFor, type MachineLeaf, type TemplateLeaf } from './helpers';
import { fromPage, pageContent, pageHtml } from './pages';

const PASSWORD = 'itest-REGISTRY-pass-5521';

describe('Compare machines and template details', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const clipboard = () => vscode.env.clipboard.readText();
  /** The machine rows of the tree, in its order. */
  const leaves = (): Promise<MachineLeaf[]> => machineLeaves(api);
  const templateLeaves = (): Promise<TemplateLeaf[]> => templateRows(api);
  const content = () => pageContent(api.compare)!;
  const row = (key: string) => content().rows.find((r) => r.key === key)!;

  async function load(): Promise<void> {
    await vscode.commands.executeCommand('gpuRental.refresh');
    const loaded = (which: 'machines' | 'templates') => api.marketHost.state(which)?.loading === false && api.marketHost.state(which)?.count !== undefined;
    await waitFor('the listings loaded', () => loaded('machines') && loaded('templates'));
  }

  before(async () => {
    ({ server, api } = await signedInToDemo());
    api.view.setQuery('');
    api.view.setTemplateFilter('');
    await load();
  });

  after(() => closeEditorsAndReset(server, load));

  it('Compare Machines on a selection of three opens one panel, columns in tree order, best values marked', async () => {
    const [a, b, c] = (await leaves());
    // Selected bottom-up: the columns still read as the tree does.
    await vscode.commands.executeCommand('gpuRental.compareMachines', c, [c, b, a]);
    await waitFor('the compare panel', () => pageContent(api.compare));
    assert.equal(content().title, 'Compare 3 machines');
    assert.deepEqual(content().columns.map((col) => col.nodeId), [a, b, c].map((l) => l.machine.node_name));
    const html = pageHtml(api.compare)!;
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;/);
    const nonce = /script-src &#39;nonce-([A-Za-z0-9+/=]{24})&#39;/.exec(html)?.[1];
    assert.ok(nonce && html.includes(`<script nonce="${nonce}" src=`));
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    // Sorted by price per GPU, ascending: the first machine has the lowest price per GPU (or ties for it).
    assert.equal(row('price_per_gpu').cells[0].best, true);
    for (const r of content().rows) {
      const best = r.cells.filter((cell) => cell.best).length;
      assert.ok(!r.same || best === 0, `${r.key}: an equal row has no best`);
    }
    // The page builds its table from the content (the browser scenario reads the marks in it): the best mark's words come with it.
    assert.equal(content().labels.best, 'best', 'the best mark has text for screen readers');
    assert.ok(!html.includes('<tbody'), 'the shell has no table rows: they come only by message');
    assert.equal(content().columns.every((col) => col.status === ''), true);
  });

  it('more than eight: says so and compares the first eight in tree order', async () => {
    const all = (await leaves()).slice(0, 10);
    const before = api.shownMessages.length;
    await vscode.commands.executeCommand('gpuRental.compareMachines', all[9], [...all].reverse());
    await waitFor('eight columns', () => pageContent(api.compare)?.columns.length === 8);
    assert.deepEqual(content().columns.map((col) => col.nodeId), all.slice(0, 8).map((l) => l.machine.node_name));
    assert.deepEqual(api.shownMessages.slice(before).map((m) => m.text), ['GPU Rental: 10 machines were chosen. Comparing the first 8 in the order of the tree.']);
  });

  it('from the palette with one machine ticked: says that two are needed', async () => {
    const before = api.shownMessages.length;
    // The pick can lose focus in the headless window and close unanswered (no message then): ask again, at most three times.
    for (let attempt = 0; attempt < 3 && api.shownMessages.length === before; attempt++) {
      await runAndAccept('gpuRental.compareMachines', (await leaves())[0], [(await leaves())[0]]);
      await waitFor('the message', () => api.shownMessages.length > before, 5_000).catch(() => undefined);
    }
    await waitFor('the message', () => api.shownMessages.length > before);
    assert.equal(api.shownMessages.at(-1)!.text, 'GPU Rental: choose at least two machines to compare.');
  });

  it('makes no page while nothing is compared: a refresh with the panel closed', async () => {
    const host = api.compare.host;
    for (const key of host.keys()) host.close(key);
    await waitFor('the panel closed', () => host.keys().length === 0);
    const update = host.update.bind(host);
    let made = 0;
    host.update = ((key, page) => (made++, update(key, page))) as typeof host.update;
    try {
      server.setData({ machines: DEMO_MACHINES.slice(1) });
      await load();
      server.reset();
      await load();
      // The market tells its listeners of each list at once: by now, a page would have been made for both.
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(made, 0);
    } finally {
      delete (host as Partial<typeof host>).update;
    }
  });

  it('follows a refresh: a price changed is marked changed, a machine gone is "No longer listed" with its last values', async () => {
    const [a, b, c] = (await leaves());
    await vscode.commands.executeCommand('gpuRental.compareMachines', a, [a, b, c]);
    await waitFor('three columns', () => pageContent(api.compare)?.columns.length === 3);
    const page = pageHtml(api.compare);
    const oldPrice = b.machine.price;
    server.setData({
      machines: DEMO_MACHINES.filter((m) => m.node_name !== c.machine.node_name).map((m) => (m.node_name === b.machine.node_name ? { ...m, price: '999.00' } : m)),
    });
    await load();
    await waitFor('the update', () => content().columns[2].status === 'No longer listed');
    assert.equal(row('price').cells[1].text, '999.00');
    assert.equal(row('price').cells[1].changed, `Changed since the comparison opened; it was ${oldPrice.trim()}`);
    assert.equal(row('price').cells[0].changed, '');
    assert.equal(row('price').cells[2].text, c.machine.price.trim(), 'the last values seen stay');
    assert.equal(row('price').cells[2].best, false, 'a machine no longer listed is never best');
    assert.equal(pageHtml(api.compare), page, 'updates travel as messages: the page is never rendered again');
    server.reset();
    await load();
    await waitFor('listed again', () => content().columns[2].status === '');
  });

  it('the page asks by column index only: Copy Node ID, Show Details and Remove act on the machine the extension holds', async () => {
    const ids = content().columns.map((col) => col.nodeId);
    await vscode.env.clipboard.writeText('');
    await fromPage(api.compare, { type: 'copyNodeId', column: 1, nodeId: 'chosen-by-the-page' });
    assert.equal(await clipboard(), ids[1]);
    await fromPage(api.compare, { type: 'copyNodeId', column: 7 });
    assert.equal(await clipboard(), ids[1], 'an index out of range is ignored');
    await fromPage(api.compare, { type: 'showDetails', column: 2 });
    await waitFor('the details panel', () => api.panels.host.keys().includes(ids[2]));
    await fromPage(api.compare, { type: 'remove', column: 0 });
    assert.equal(content().title, 'Compare 2 machines');
    assert.deepEqual(content().columns.map((col) => col.nodeId), ids.slice(1));
  });

  describe('templates', () => {
    let secret: Template;

    before(async () => {
      const withCredentials = DEMO_TEMPLATES.find((t) => typeof t.docker_passwd === 'string' && typeof t.docker_registry === 'string')!;
      secret = { ...withCredentials, docker_passwd: PASSWORD, onstart: 'echo "<b>start</b>"\nnvidia-smi', options: { env: ['A=1'] } };
      server.setData({ templates: DEMO_TEMPLATES.map((t) => (t.id === secret.id ? secret : t)) });
      await load();
    });

    it('a template item opens its details on click; the panel shows every field and never the password', async () => {
      const leaf = (await templateLeaves()).find((l) => l.template.id === secret.id)!;
      const item = api.templates.getTreeItem(leaf);
      assert.equal(item.command?.command, 'gpuRental.showTemplateDetails');
      await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
      await waitFor('the template panel', () => pageContent(api.templatePanels, secret.id));
      const page = pageContent(api.templatePanels, secret.id)!;
      const rows = Object.fromEntries(page.rows.map((r) => [r.field, r]));
      assert.deepEqual(Object.keys(rows), ['name', 'description', 'image_name', 'image_tag', 'image_label', 'docker_username', 'docker_passwd', 'docker_registry', 'public_port', 'onstart', 'options', 'image_type', 'id']);
      assert.equal(rows.docker_passwd.value, 'set');
      assert.deepEqual([rows.onstart.kind, rows.onstart.value], ['code', 'echo "<b>start</b>"\nnvidia-smi']);
      assert.deepEqual([rows.options.kind, rows.options.value], ['json', '{\n  "env": [\n    "A=1"\n  ]\n}']);
      assert.equal(page.reference, imageReference(secret));
      const html = pageHtml(api.templatePanels, secret.id)!;
      assert.ok(!html.includes(PASSWORD) && !JSON.stringify(page).includes(PASSWORD), 'the password is nowhere in the page');
      assert.ok(!html.includes('echo'), 'values reach the page only as content, written with textContent');
    });

    it('the platform default template is marked', async () => {
      const fallback = (await templateLeaves()).find((l) => l.template.id === 0 && l.template.image_type === 0)!;
      await vscode.commands.executeCommand('gpuRental.showTemplateDetails', fallback);
      await waitFor('its panel', () => pageContent(api.templatePanels, 0));
      assert.equal(pageContent(api.templatePanels, 0)!.badge, 'Platform default template');
      assert.equal(pageContent(api.templatePanels, secret.id)!.badge, '');
    });

    it('Copy Image Reference writes registry/name:tag from the item, the page and the palette; Copy as JSON masks the password', async () => {
      const leaf = (await templateLeaves()).find((l) => l.template.id === secret.id)!;
      await vscode.env.clipboard.writeText('');
      await vscode.commands.executeCommand('gpuRental.copyImageReference', leaf);
      const expected = `${String(secret.docker_registry).replace(/^https?:\/\//, '').replace(/\/+$/, '')}/${secret.image_name}:${secret.image_tag}`;
      assert.equal(await clipboard(), expected);
      await vscode.env.clipboard.writeText('');
      await fromPage(api.templatePanels, { type: 'copyImageReference', reference: 'evil/image:latest' }, secret.id);
      assert.equal(await clipboard(), expected);
      await fromPage(api.templatePanels, { type: 'copyTemplateJson' }, secret.id);
      const json = await clipboard();
      assert.ok(!json.includes(PASSWORD) && json.includes('"docker_passwd": "••••"'));
      await vscode.env.clipboard.writeText('');
      await runAndAccept('gpuRental.copyImageReference');
      assert.equal(await clipboard(), imageReference((await templateLeaves())[0].template), 'the palette offers the templates in tree order');
    });
  });
});
