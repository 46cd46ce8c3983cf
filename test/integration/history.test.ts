// The market history in a real VS Code: recorded from the refreshes, read by
// the Machines view's filter, cleared by its command, kept under the
// extension's global storage without the token.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from '../../src/extension';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import { EXTENSION_ID, machineLeaves, signedInToDemo, TOKEN, waitFor } from './helpers';

/** Every file under a folder, with its text. */
function filesUnder(dir: string): { file: string; text: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.join(dir, name);
    return fs.statSync(file).isFile() ? [{ file, text: fs.readFileSync(file, 'utf8') }] : [];
  });
}

describe('Market history', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const comesBack = DEMO_MACHINES[7];

  async function refresh(): Promise<void> {
    const before = api.market.machines.snapshot;
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('a new machine list', () => !api.market.machines.loading && api.market.machines.snapshot !== before);
  }

  async function clearHistory(): Promise<void> {
    api.history.answerNextClear = true;
    await vscode.commands.executeCommand('gpuRental.clearHistory');
  }

  before(async () => {
    ({ server, api } = await signedInToDemo());
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    await clearHistory();
  });

  after(async () => {
    await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('gpuRental').update('watches', undefined, vscode.ConfigurationTarget.Global);
    server.reset();
  });

  it('a machine that went and came back between two refreshes is found with flaps_7d>=1', async () => {
    await refresh();
    assert.ok(api.view.setQuery('flaps_7d>=1').ok);
    assert.deepEqual(machineLeaves(api), [], 'no returns recorded yet');
    server.setData({ machines: DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name) });
    await refresh();
    server.setData({ machines: DEMO_MACHINES });
    await refresh();
    const shown = await waitFor('the machine that came back', () => {
      const leaves = machineLeaves(api);
      return leaves.length > 0 && leaves;
    });
    assert.deepEqual(
      shown.map((l) => l.machine.node_name),
      [comesBack.node_name],
    );
    assert.equal(api.history.flaps7d(comesBack.node_name), 1);
  });

  it('the history files are under the global storage, per service, and hold no token', () => {
    const folder = api.history.folder;
    assert.ok(folder, 'a service is configured');
    assert.ok(folder.startsWith(api.history.root + path.sep));
    assert.ok(api.history.root.includes(path.join('globalStorage', EXTENSION_ID)), api.history.root);
    const files = filesUnder(folder);
    assert.ok(files.length > 0, 'something was recorded');
    assert.ok(files.some((f) => f.text.includes(comesBack.node_name)), 'the machines are recorded by node ID');
    for (const { file, text } of filesUnder(api.history.root)) {
      assert.ok(!text.includes(TOKEN), `${file} holds the token`);
    }
  });

  it('with gpuRental.history.enabled off nothing is recorded, and nothing deleted', async () => {
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', false, vscode.ConfigurationTarget.Global);
    server.setData({ machines: DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name) });
    await refresh();
    server.setData({ machines: DEMO_MACHINES });
    await refresh();
    assert.equal(api.history.flaps7d(comesBack.node_name), 1, 'the return is still there, and no second one counted');
    await vscode.workspace.getConfiguration('gpuRental').update('history.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('Clear Market History empties the filtered view and deletes the files', async () => {
    assert.equal(machineLeaves(api).length, 1);
    let refreshed = false;
    const listening = api.machines.onDidChangeTreeData(() => (refreshed = true));
    try {
      await clearHistory();
      await waitFor('the Machines view to refresh', () => refreshed);
    } finally {
      listening.dispose();
    }
    assert.deepEqual(machineLeaves(api), []);
    assert.ok(Number.isNaN(api.history.flaps7d(comesBack.node_name)) || api.history.flaps7d(comesBack.node_name) === 0);
    assert.deepEqual(
      filesUnder(api.history.folder!).filter((f) => path.basename(f.file) !== 'lock'),
      [],
    );
  });

  it('a watch with flaps_7d>=1 tells the machine that came back, recorded before the watch looks', async () => {
    await vscode.workspace.getConfiguration('gpuRental').update('watches', [{ query: 'flaps_7d>=1', name: 'came back' }], vscode.ConfigurationTarget.Global);
    await waitFor('the watch', () => api.watches.watches.length === 1);
    const alerts = () => api.shownMessages.filter((m) => m.text.includes('newly matches "came back"'));
    const before = alerts().length;
    for (const machines of [DEMO_MACHINES, DEMO_MACHINES.filter((m) => m.node_name !== comesBack.node_name), DEMO_MACHINES]) {
      server.setData({ machines });
      await api.watches.pollNow();
    }
    assert.equal(alerts().length - before, 1, api.shownMessages.map((m) => m.text).join('\n'));
    assert.equal(api.history.flaps7d(comesBack.node_name), 1);
  });
});
