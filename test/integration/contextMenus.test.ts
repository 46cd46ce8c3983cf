// Issue 28, item 6: a row's context menu offers what applies to it whatever
// else is selected, and its commands act on that row. The menus are read from
// the manifest VS Code loaded; the commands get the arguments a tree's context
// menu passes: (the row, the selection when it holds the row, else the row alone).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { MachineNode } from '../../src/vscode/views/machinesView';
import type { TemplateNode } from '../../src/vscode/views/templatesView';
import { ALWAYS_OFFERED, RIGHT_CLICKS, contextMenu, rowContext, type MenuEntry, type RightClick } from '../support/contextMenus';
import { machineLeaves, EXTENSION_ID, TOKEN, demoServer, extensionApi, setBaseUrl, waitFor } from './helpers';

type MachineLeaf = Extract<MachineNode, { kind: 'machine' }>;
type TemplateLeaf = Extract<TemplateNode, { kind: 'template' }>;

/** The arguments VS Code's tree passes to a context menu command. */
function menuArgs<T>(row: T, others: readonly T[], click: RightClick): [T, T[]] {
  if (!click.multi) return [row, [row]];
  return click.inSelection ? [row, [...others, row]] : [row, [row]];
}

describe('Context menus after a multi-selection', function () {
  let api: GpuRentalTestApi;
  const entries = () => (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { menus: Record<string, MenuEntry[]> } }).contributes.menus['view/item/context'];
  /** The machine rows of the tree, in its order. */
  const machineRows = (): Promise<MachineLeaf[]> => machineLeaves(api);
  const templateLeaves = async (): Promise<TemplateLeaf[]> => (await Promise.all((await api.templates.getChildren()).map((g) => api.templates.getChildren(g) as Promise<TemplateLeaf[]>))).flat();

  before(async () => {
    const server = await demoServer();
    server.reset();
    await setBaseUrl(server.url);
    api = await extensionApi();
    await api.setToken(TOKEN);
    api.view.setQuery('');
    api.view.setTemplateFilter('');
    await vscode.commands.executeCommand('gpuRental.refresh');
    await waitFor('the listings loaded', () => !api.marketHost.state('machines')?.loading && !api.marketHost.state('templates')?.loading && api.marketHost.state('machines')?.count !== undefined && api.marketHost.state('templates')?.count !== undefined);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** Asserts that `command` is offered on a row of `kind` after `click`, runs it with that menu's arguments on the third row, and returns the three first rows. */
  async function runFromMenu<T>(kind: 'machine' | 'template', command: string, rows: () => Promise<T[]>, click: RightClick): Promise<[T, T, T]> {
    const menu = contextMenu(entries(), rowContext(ALWAYS_OFFERED[kind].view, kind, click));
    assert.ok(menu.includes(command), menu.join(', '));
    const [a, b, c] = await rows();
    await vscode.commands.executeCommand(command, ...menuArgs(c, [a, b], click));
    return [a, b, c];
  }

  /** Waits for a panel of `host` and asserts that it is the one of `key`, alone. */
  async function assertShows(what: string, host: { keys(): readonly (string | number)[] }, key: string | number): Promise<void> {
    await waitFor(what, () => host.keys().length > 0);
    assert.deepEqual(host.keys(), [key]);
  }

  for (const click of RIGHT_CLICKS) {
    it(`right-clicking ${click.name}: Show Machine Details is offered and shows that machine`, async () => {
      const [, , c] = await runFromMenu('machine', 'gpuRental.showMachineDetails', machineRows, click);
      await assertShows('the details panel', api.panels.host, c.machine.node_name);
    });

    it(`right-clicking ${click.name}: Copy Node ID is offered and copies that machine (with its selection)`, async () => {
      const [a, b, c] = await runFromMenu('machine', 'gpuRental.copyNodeId', machineRows, click);
      const expected = click.multi && click.inSelection ? [a, b, c] : [c];
      assert.equal(await vscode.env.clipboard.readText(), expected.map((l) => l.machine.node_name).join('\n'));
    });

    it(`right-clicking ${click.name}: Show Template Details is offered and shows that template`, async () => {
      const [, , c] = await runFromMenu('template', 'gpuRental.showTemplateDetails', templateLeaves, click);
      await assertShows('the template panel', api.templatePanels.host, c.template.id);
    });
  }
});
