// Every fault the demo API can produce, and what the user sees: the message,
// the stale marker, and the last good data still in the tree.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import { startDemoServer, type DemoServer, type Fault, type FaultRule } from '../../dev/demo/server';
import { DEMO_MACHINES, DEMO_TEMPLATES, generateMachines } from '../../dev/demo/fixtures';
import { TOKEN, machineLeaves as machineRows, machineNodes, serviceUrl, setBaseUrl, signedInToDemo, templateLeaves as templateRows, waitFor, type TemplateLeaf } from './helpers';

interface Case {
  name: string;
  fault: Fault;
  /** What the view's message says after the failed refresh. */
  message: RegExp;
  /** The notification's text; by default the message again. */
  notification?: RegExp;
  /** Retried before giving up (a transient fault). */
  retried?: boolean;
}

const CASES: Case[] = [
  { name: 'reset mid-body', fault: { kind: 'reset' }, message: /was interrupted while receiving the machine list/, retried: true },
  { name: '401', fault: { kind: 'status', status: 401 }, message: /rejected the API token \(401 Unauthorized\)/ },
  { name: '403', fault: { kind: 'status', status: 403 }, message: /rejected the API token \(403 Forbidden\)/ },
  { name: '404', fault: { kind: 'status', status: 404 }, message: /answered 404 Not Found when asked for the machine list/ },
  { name: '429 with Retry-After', fault: { kind: 'status', status: 429, headers: { 'Retry-After': '1' } }, message: /rate limiting requests \(429 Too Many Requests\)/, retried: true },
  { name: '429 without Retry-After', fault: { kind: 'status', status: 429 }, message: /rate limiting requests \(429 Too Many Requests\)/, retried: true },
  { name: '500', fault: { kind: 'status', status: 500 }, message: /answered 500 Internal Server Error/, retried: true },
  { name: '502', fault: { kind: 'status', status: 502 }, message: /answered 502 Bad Gateway/, retried: true },
  { name: '503', fault: { kind: 'status', status: 503 }, message: /answered 503 Service Unavailable/, retried: true },
  { name: 'malformed JSON', fault: { kind: 'body', body: '[{"price": "1.0", ' }, message: /machine list is not valid JSON/ },
  { name: 'non-array JSON', fault: { kind: 'body', body: '{"data": []}' }, message: /machine list is not a JSON array \(it is an object\)/ },
  { name: 'HTML page with status 200', fault: { kind: 'body', body: '<html><body><h1>Sign in</h1></body></html>', contentType: 'text/html' }, message: /sent a web page instead of JSON/ },
  { name: 'empty body', fault: { kind: 'body', body: '' }, message: /sent an empty response for the machine list/ },
];

describe('Faults: the user is told, and keeps the last good data', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const machineLeaves = () => machineRows(api);
  const templateLeaves = (): Promise<TemplateLeaf[]> => templateRows(api);

  async function refresh(): Promise<void> {
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the refresh to end', () => !api.marketHost.state('machines')?.loading && !api.marketHost.state('templates')?.loading);
  }

  /** Sets a fault, refreshes, and returns the requests the refresh made. */
  async function failWith(rule: FaultRule): Promise<typeof server.requests> {
    server.setFault(rule);
    const requestsBefore = server.requests.length;
    await refresh();
    return server.requests.slice(requestsBefore);
  }

  /** Points the extension at another service and waits until both lists came from it. */
  async function switchService(url: string): Promise<void> {
    // The market worker hears of the new service a moment after the controller: until it has dropped
    // the old service's lists, their state still reads as loaded.
    let dropped = false;
    const listening = api.marketHost.onDidChange((change) => change.which === 'machines' && change.state.count === undefined && (dropped = true));
    try {
      await setBaseUrl(url);
      // The configuration event reaches the extension after update() resolves.
      await waitFor('the new service URL', () => serviceUrl(api) === new URL(url).href);
      await waitFor('both lists from the new service', () => dropped && [api.marketHost.state('machines'), api.marketHost.state('templates')].every((r) => r !== undefined && !r.loading && (r.count !== undefined || r.errorKind !== undefined)));
    } finally {
      listening.dispose();
    }
  }

  before(async () => {
    ({ server, api } = await signedInToDemo());
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    await waitFor('machines', async () => (await machineLeaves()).length === DEMO_MACHINES.length);
    await waitFor('templates', async () => (await templateLeaves()).length === DEMO_TEMPLATES.length);
  });

  afterEach(async () => {
    server.reset();
    if (vscode.workspace.getConfiguration('gpuRental').get('baseUrl') !== server.url) {
      await switchService(server.url);
    }
    await refresh();
    // The view's message follows the view's answer for the new list (viewMessages.ts).
    await waitFor('a good refresh to clear the stale marker', () => api.machinesView.message === undefined);
  });

  for (const c of CASES) {
    it(`${c.name}: says what failed, marks the tree stale, keeps it`, async () => {
      const shownBefore = api.shownMessages.length;
      const requests = await failWith({ endpoint: 'machines', fault: c.fault });
      const message = api.machinesView.message ?? '';
      assert.match(message, /^Stale: showing data from \d\d:\d\d:\d\d\. Refresh failed: /);
      assert.match(message, c.message);
      assert.equal((await machineLeaves()).length, DEMO_MACHINES.length, 'the last good machines are still in the tree');
      assert.equal(api.templatesView.message, undefined, 'the other view is not affected');
      const shown = api.shownMessages.slice(shownBefore);
      assert.equal(shown.length, 1, `one notification, got: ${JSON.stringify(shown)}`);
      assert.equal(shown[0].severity, 'error');
      assert.match(shown[0].text, c.notification ?? c.message);
      const attempts = requests.filter((r) => r.path.endsWith('/machines')).length;
      assert.equal(attempts, c.retried ? 4 : 1, c.retried ? 'retried 3 times' : 'not retried');
    });
  }

  it('timeout: says how long it waited', async () => {
    await vscode.workspace.getConfiguration('gpuRental').update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      await failWith({ endpoint: 'machines', fault: { kind: 'hang' } });
      assert.match(api.machinesView.message ?? '', /^Stale: .*did not answer within 1 s when asked for the machine list/);
      assert.equal((await machineLeaves()).length, DEMO_MACHINES.length);
    } finally {
      await vscode.workspace.getConfiguration('gpuRental').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('connection refused: says so, and keeps the tree', async () => {
    const doomed = await startDemoServer({ token: TOKEN });
    await switchService(doomed.url);
    assert.equal((await machineLeaves()).length, DEMO_MACHINES.length);
    await doomed.close();
    const shownBefore = api.shownMessages.length;
    await refresh();
    assert.match(api.machinesView.message ?? '', /^Stale: .*Could not connect to http:\/\/127\.0\.0\.1:\d+: the connection was refused\./);
    assert.equal((await machineLeaves()).length, DEMO_MACHINES.length);
    const shown = api.shownMessages.slice(shownBefore);
    assert.equal(shown.length, 1, 'machines and templates failing alike make one notification');
  });

  it('a paging server that repeats the same page forever: stops, keeps what it got, says the list may be incomplete', async () => {
    const requests = await failWith({ endpoint: 'images', fault: { kind: 'repeatPage' } });
    const pageSize = vscode.workspace.getConfiguration('gpuRental').get<number>('templates.pageSize', 50);
    assert.equal((await templateLeaves()).length, Math.min(pageSize, DEMO_TEMPLATES.length));
    assert.match(api.templatesView.message ?? '', /The list may be incomplete: the service repeated page 1/);
    assert.equal(requests.filter((r) => r.path.endsWith('/images')).length, 2, 'the second page repeated the first: stop there');
  });

  it('a page of duplicate ids: shows each machine once and counts the rest as skipped', async () => {
    const doubled = [...DEMO_MACHINES.slice(0, 20), ...DEMO_MACHINES.slice(0, 20)];
    server.setData({ machines: doubled });
    await refresh();
    assert.equal((await machineLeaves()).length, 20);
    assert.equal(api.machinesView.message, '20 items skipped, see log.');
  });

  it('a 50k-machine response loads and is shown', async function () {
    this.timeout(120_000);
    server.setData({ machines: generateMachines(50_000, 3) });
    await refresh();
    assert.equal(api.marketHost.state('machines')?.count, 50_000);
    const groups = await machineNodes(api);
    assert.equal(api.machinesModel.summary?.matching, 50_000);
    // Each group opens on a slice; its "Show more" row accounts for the rest.
    const rows = (await Promise.all(groups.map((g) => api.machines.getChildren(g)))).flat();
    const shown = rows.filter((r) => r.kind === 'machine').length;
    const left = rows.reduce((sum, r) => sum + (r.kind === 'more' ? r.left : 0), 0);
    assert.ok(shown <= 200 * groups.length, `${shown} rows shown`);
    assert.equal(shown + left, 50_000);
    assert.equal(api.machinesView.message, undefined);
  });
});
