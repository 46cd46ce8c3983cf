// Panels brought back after a window reload. VS Code hands the extension's
// webview panel serializer a new panel and the state its page kept; here the
// test makes that panel and calls the serializer's method (host.restore) with
// such a state, which works the same in every VS Code version. The page kept
// only a key: the panel makes its content again from the market.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import { imageReference } from '../../src/model/imageRef';
import { COMPARE_VIEW_TYPE } from '../../src/vscode/panels/comparePanel';
import { DETAILS_VIEW_TYPE } from '../../src/vscode/panels/detailsPanel';
import { TEMPLATE_VIEW_TYPE } from '../../src/vscode/panels/templatePanel';
import { closeEditorsAndReset, signedInToDemo, waitFor } from './helpers';
import { pageContent, pageHtml } from './pages';

const LATER = 'itest-restored-later-node';

describe('Panels restored after a reload', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  /** A panel as VS Code makes it for the serializer: no options, no HTML yet. */
  const revived = (viewType: string) => vscode.window.createWebviewPanel(viewType, 'restoring', vscode.ViewColumn.Active, {});

  async function load(): Promise<void> {
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the listings loaded', () => !api.marketHost.state('machines')?.loading && !api.marketHost.state('templates')?.loading && api.marketHost.state('machines')?.count !== undefined && api.marketHost.state('templates')?.count !== undefined);
  }

  before(async () => {
    ({ server, api } = await signedInToDemo());
    api.view.setQuery('');
    await load();
  });

  after(() => closeEditorsAndReset(server, load));

  it('a details panel comes back from its node ID: the shell with its CSP, the machine as the market has it now', async () => {
    const machine = DEMO_MACHINES[3];
    await api.panels.host.restore(revived(DETAILS_VIEW_TYPE), { key: machine.node_name });
    const content = pageContent(api.panels, machine.node_name)!;
    assert.equal(content.nodeId, machine.node_name);
    assert.equal(content.notice, '');
    assert.ok(content.values.price && content.asOf.startsWith('Data as of'));
    const html = pageHtml(api.panels, machine.node_name)!;
    assert.match(html, /content="default-src &#39;none&#39;;/);
    assert.equal((html.match(/<script nonce="[A-Za-z0-9+/=]{24}" src=/g) ?? []).length, 1);
    assert.ok(!html.includes(machine.node_name), 'the shell holds no data');
    // Showing the same machine again reveals this panel: one panel per machine.
    await vscode.commands.executeCommand('gpuRental.showMachineDetails', { kind: 'machine', machine, groupKey: '' });
    assert.equal(api.panels.host.keys().filter((id) => id === machine.node_name).length, 1);
  });

  it('a machine not listed yet: the panel says so, and shows the machine once a refresh brings it', async () => {
    await api.panels.host.restore(revived(DETAILS_VIEW_TYPE), { key: LATER });
    assert.equal(pageContent(api.panels, LATER)!.notice, 'This machine is not in the list of available machines.');
    assert.deepEqual(pageContent(api.panels, LATER)!.values, {});
    server.setData({ machines: [...DEMO_MACHINES, { ...DEMO_MACHINES[0], node_name: LATER, price: '4.25' }] });
    await load();
    await waitFor('the machine', () => pageContent(api.panels, LATER)?.values.price);
    assert.equal(pageContent(api.panels, LATER)!.notice, '');
    assert.equal(pageContent(api.panels, LATER)!.nodeId, LATER);
  });

  it('a template panel comes back from its ID, a comparison from its node IDs', async () => {
    const template = DEMO_TEMPLATES.find((t) => t.id !== 0)!;
    await api.templatePanels.host.restore(revived(TEMPLATE_VIEW_TYPE), { key: template.id });
    assert.equal(pageContent(api.templatePanels, template.id)!.reference, imageReference(template));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const ids = DEMO_MACHINES.slice(0, 3).map((m) => m.node_name);
    await api.compare.host.restore(revived(COMPARE_VIEW_TYPE), { key: ids, onlyDifferences: true });
    assert.deepEqual(pageContent(api.compare)!.columns.map((c) => c.nodeId), ids);
    assert.equal(pageContent(api.compare)!.title, 'Compare 3 machines');
  });

  it('a state that holds no valid key closes the panel instead of showing nothing', async () => {
    for (const [viewType, state] of [
      [DETAILS_VIEW_TYPE, { key: 42 }],
      [TEMPLATE_VIEW_TYPE, { key: 'x' }],
      [COMPARE_VIEW_TYPE, { key: [1, 2] }],
      [DETAILS_VIEW_TYPE, undefined],
    ] as const) {
      const panel = revived(viewType);
      let closed = false;
      panel.onDidDispose(() => (closed = true));
      const host = viewType === DETAILS_VIEW_TYPE ? api.panels.host : viewType === TEMPLATE_VIEW_TYPE ? api.templatePanels.host : api.compare.host;
      await host.restore(panel, state);
      assert.ok(closed, `${viewType} ${JSON.stringify(state)}`);
    }
  });
});
