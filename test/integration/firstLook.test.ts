// A first load of a large list over a slow network: the Machines view shows
// the first machines while the rest of the body is held back by the demo
// API, says that it does, and then shows the whole list.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import type { Notifications } from '../../src/market/protocol';
import { generateMachines } from '../../dev/demo/fixtures';
import type { MachineNode } from '../../src/vscode/views/machinesView';
import { VIEW_IDS } from '../../src/vscode/services/viewIds';
import { TOKEN, demoServer, extensionApi, setBaseUrl, waitFor, machineNodes } from './helpers';

type GroupNode = Extract<MachineNode, { kind: 'group' }>;

describe('A first look at a large first load', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const machines = generateMachines(6_000, 11);

  const groups = async () => (await machineNodes(api)).filter((n): n is GroupNode => n.kind === 'group');
  const machinesShown = async () => (await groups()).reduce((sum, g) => sum + g.group.size, 0);

  /**
   * Clears the token and waits until the market has forgotten the listings too: the worker hears of it after the setup
   * changes, and a listing's count left from before would answer a wait for the next load at once.
   */
  const signOut = async () => {
    await vscode.commands.executeCommand('gpuRental.clearToken');
    await waitFor('setup to need a token', () => api.controller.setup === 'noToken');
    await waitFor('the market to forget the listings', () => api.marketHost.state('machines')?.count === undefined && api.marketHost.state('templates')?.count === undefined);
  };

  before(async () => {
    server = await demoServer();
    server.reset();
    await setBaseUrl(server.url);
    api = await extensionApi();
    api.view.setQuery('');
    api.view.arrange({ groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' });
    // A load follows a new token only for a view that has been on screen.
    await vscode.commands.executeCommand(`${VIEW_IDS.machines}.focus`);
    await waitFor('the Machines view on screen', () => api.machinesView.visible);
  });

  after(async () => {
    server.releaseStalled();
    server.reset();
    await api.setToken(TOKEN);
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the demo machines again', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.count !== undefined);
  });

  it('shows the first machines while the rest arrives, says so, then shows them all', async () => {
    // From no token, so that nothing is shown: a first look is only for a first load.
    await signOut();
    server.setData({ machines });
    server.setFault({ endpoint: 'machines', times: 1, fault: { kind: 'stall', afterBytes: 1_000_000 } });

    // What the view's message says each time its rows change: VS Code passes the first change of a tree (rows or message) at once and holds
    // back what follows within 200 ms, so the first look's rows must come before the message that says so, not after it.
    const messageAtRows: { shown: number | undefined; message: string | undefined }[] = [];
    const listening = api.machines.onDidChangeTreeData((node) => node || messageAtRows.push({ shown: api.machinesModel.summary?.total, message: api.machinesView.message }));
    const signedIn = api.setToken(TOKEN);
    const look = await waitFor('a first look', () => api.marketHost.state('machines')?.firstLook);
    assert.ok(look > 100 && look < machines.length, `${look} machines in the first look`);
    assert.equal(api.marketHost.state('machines')?.count, undefined);
    assert.equal(await machinesShown(), look, 'the tree shows the machines of the first look');
    assert.ok((await groups()).length > 1);
    // The first machines of the list: the last of them is shown, the next one is not yet.
    const shown = async (machine: (typeof machines)[number]) =>
      (await api.marketHost.client.request('pick', { filter: '', arrangement: api.view.arrangement, text: machine.node_name, limit: 1 })).total;
    assert.equal(await shown(machines[look - 1]), 1, 'the last machine of the first look is shown');
    assert.equal(await shown(machines[look]), 0, 'the next one is not yet');
    assert.equal(api.machinesView.message, `Loading: the first ${look.toLocaleString('en-US')} machines are shown while the rest arrive…`);
    listening.dispose();
    assert.deepEqual(messageAtRows.find((change) => change.shown === look), { shown: look, message: undefined }, "the first look's rows changed the tree before its message did");

    server.releaseStalled();
    await signedIn;
    await waitFor('the whole list', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.count === machines.length);
    assert.equal(api.marketHost.state('machines')?.firstLook, undefined);
    assert.equal((await machinesShown()), machines.length, 'the tree shows every machine');
    assert.equal(api.machinesView.message, undefined);
  });

  it("asks for the templates once the machines' first rows are in the view, not beside the machines' body", async () => {
    await signOut();
    server.reset();
    server.setData({ machines });
    // The rest of the machines is held back: their load cannot end before their first rows are shown.
    server.setFault({ endpoint: 'machines', times: 1, fault: { kind: 'stall', afterBytes: 1_000_000 } });
    let rowsAt = NaN;
    void api.machines.nextRows().then(() => (rowsAt = Date.now()));
    const signedIn = api.setToken(TOKEN);
    await waitFor('the templates', () => api.marketHost.state('templates')?.count !== undefined);
    const asked = server.requests.find((r) => r.path.endsWith('/images'));
    assert.ok(rowsAt <= (asked?.at ?? NaN), `the templates asked for at ${asked?.at}, the first rows handed to VS Code at ${rowsAt}`);
    assert.ok(api.marketHost.state('machines')?.loading, "the machines' body is still held back");
    server.releaseStalled();
    await signedIn;
  });

  it("draws new marks that came before the view's answer with that answer, not in a second change VS Code would hold back", async () => {
    await waitFor('the machines', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.count !== undefined);
    let changes = 0;
    // An answer the model gets meanwhile (the last test's list being recorded, say) refreshes the tree on its own: each is counted apart.
    let answers = 0;
    const listening = api.machines.onDidChangeTreeData(() => changes++);
    const answered = api.machinesModel.onDidChange(() => answers++);
    // A list's news (its marks) and then, before the marks' own refresh, the view's answer for the list, as at a first load.
    (api.marketHost as unknown as { news: vscode.EventEmitter<Notifications['news']> }).news.fire({ initial: false, appeared: [], disappeared: [], watches: [] });
    api.machines.refreshAll();
    // Later than the marks' own refresh (a timer of 0 ms, set before this one).
    await new Promise((resolve) => setTimeout(resolve, 20));
    listening.dispose();
    answered.dispose();
    assert.equal(changes - answers, 1);
  });
});
