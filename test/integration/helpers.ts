// Shared set-up of the extension-host suite: the extension under test, the
// demo API on 127.0.0.1, and waiting for asynchronous UI state.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { MachineNode } from '../../src/vscode/views/machinesView';
import type { TemplateNode } from '../../src/vscode/views/templatesView';
import { startDemoServer, type DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';

export type MachineLeaf = Extract<MachineNode, { kind: 'machine' }>;
export type TemplateLeaf = Extract<TemplateNode, { kind: 'template' }>;

/** A token that is easy to search for: it must never show up anywhere. */
export const TOKEN = 'itest-SECRET-token-7781';
export const EXTENSION_ID = 'gpu-rental.gpu-rental';

let server: DemoServer | undefined;
let api: GpuRentalTestApi | undefined;

export async function demoServer(): Promise<DemoServer> {
  server ??= await startDemoServer({ token: TOKEN });
  return server;
}

export async function extensionApi(): Promise<GpuRentalTestApi> {
  if (!api) {
    const extension = vscode.extensions.getExtension<GpuRentalTestApi>(EXTENSION_ID);
    if (!extension) {
      throw new Error(`extension ${EXTENSION_ID} is not installed`);
    }
    api = await extension.activate();
    // Retries as in production, but without the waits: fault tests stay fast.
    api.useRetryPolicy({ baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 });
  }
  return api;
}

/**
 * The demo API reset (holding `data` when given), the extension pointed at it
 * with the test token, and the machine list loaded: where most suites start.
 */
export async function signedInToDemo(data?: Parameters<DemoServer['setData']>[0]): Promise<{ server: DemoServer; api: GpuRentalTestApi }> {
  const server = await demoServer();
  server.reset();
  if (data) server.setData(data);
  await setBaseUrl(server.url);
  const api = await extensionApi();
  await api.setToken(TOKEN);
  await vscode.commands.executeCommand('gpuRental.refresh');
  await waitFor('the machine list', () => !api.marketHost.state('machines')?.loading && api.marketHost.state('machines')?.count !== undefined);
  await machineNodes(api);
  return { server, api };
}

/**
 * The top-level nodes of the Machines tree once the market has answered the
 * view's current query (and the machines it last heard of), as VS Code gets them.
 */
export async function machineNodes(api: GpuRentalTestApi): Promise<MachineNode[]> {
  // What the market holds (a list, or a first look of one), as the view's last answer counts it.
  await waitFor('the Machines view to hear of the current list', () => {
    const state = api.marketHost.state('machines');
    return (state?.count ?? state?.firstLook ?? 0) === (api.machinesModel.summary?.total ?? 0);
  });
  await api.machinesModel.current();
  return api.machines.getChildren();
}

/** The children of a node of the Machines tree (a group's slice of rows). */
export function machineChildren(api: GpuRentalTestApi, node: MachineNode): Promise<MachineNode[]> {
  return api.machines.getChildren(node);
}

/**
 * The machine rows of the Machines tree, in the order shown: the rows of every
 * group, or the top-level rows when machines are not grouped. "Show more" rows
 * are not machines and are left out.
 */
export async function machineLeaves(api: GpuRentalTestApi): Promise<MachineLeaf[]> {
  const top = await machineNodes(api);
  const rows = await Promise.all(top.map((node) => (node.kind === 'group' ? api.machines.getChildren(node) : [node])));
  return rows.flat().filter((node): node is MachineLeaf => node.kind === 'machine');
}

/** The template rows of the Image Templates tree, group by group, in the order shown. */
export async function templateLeaves(api: GpuRentalTestApi): Promise<TemplateLeaf[]> {
  const groups = await api.templates.getChildren();
  const leaves = await Promise.all(groups.map((group) => api.templates.getChildren(group)));
  return leaves.flat().filter((node): node is TemplateLeaf => node.kind === 'template');
}

/** The URL of the service the extension talks to now (none until it is set up), as the controller took it. */
export function serviceUrl(api: GpuRentalTestApi): string | undefined {
  return api.controller['serviceKey']?.split('\n')[0];
}

export async function setBaseUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('gpuRental').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function stopDemoServer(): Promise<void> {
  await server?.close();
  server = undefined;
}

/**
 * Runs a command that shows a quick pick or input box and accepts what is
 * selected, as Enter would; retries until the UI is there (it appears
 * asynchronously, later on a busy machine).
 */
export async function runAndAccept(command: string, ...args: unknown[]): Promise<void> {
  await runAndAcceptWith(command, args);
}

/** As runAndAccept, taking the last item of each quick pick the command shows (VS Code's `quickInput.last`, then accept). */
export async function runAndAcceptLast(command: string, ...args: unknown[]): Promise<void> {
  await runAndAcceptWith(command, args, 'quickInput.last');
}

async function runAndAcceptWith(command: string, args: unknown[], moveFirst?: string): Promise<void> {
  let settled = false;
  const done = Promise.resolve(vscode.commands.executeCommand(command, ...args)).finally(() => {
    settled = true;
  });
  const deadline = Date.now() + 15_000;
  while (!settled && Date.now() < deadline) {
    await sleep(250);
    if (!settled) {
      if (moveFirst) await vscode.commands.executeCommand(moveFirst);
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
  }
  await done;
}

/** The views show their welcome content: no items, and no error message in its place. */
export async function assertWelcomeContent(api: GpuRentalTestApi): Promise<void> {
  assert.deepEqual(await api.machines.getChildren(), []);
  assert.deepEqual(await api.templates.getChildren(), []);
  assert.equal(api.machinesView.message, undefined, 'welcome content, not an error message');
}

/** What a suite that opens editors leaves behind: none open, and the demo API as it started, loaded again (`load`). */
export async function closeEditorsAndReset(server: DemoServer, load: () => Promise<void>): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  server.reset();
  await load();
}

/** Signed in to the demo API, with GPU Rental's side bar open and every demo machine listed. */
export async function machinesListed(): Promise<GpuRentalTestApi> {
  const { api } = await signedInToDemo();
  await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
  await waitFor('machines', async () => (await machineLeaves(api)).length === DEMO_MACHINES.length);
  return api;
}

/** The Machines view as a suite found it: no filter (nor job), grouped by GPU, cheapest per GPU first. */
export async function resetArrangement(): Promise<void> {
  await vscode.commands.executeCommand('gpuRental.machines.clearFilter');
  await vscode.commands.executeCommand('gpuRental.machines.groupBy.gpu');
  await vscode.commands.executeCommand('gpuRental.machines.sortBy.pricePerGpu');
  await vscode.commands.executeCommand('gpuRental.machines.sortAscending');
}

/** Find Machines for a Model… given `answers` that it must refuse: `message` said as an error, the filter (`gpus>=2` before) left as it was. */
export async function assertSizingRefused(api: GpuRentalTestApi, answers: object, message: string): Promise<void> {
  assert.ok(api.view.setQuery('gpus>=2').ok);
  await vscode.commands.executeCommand('gpuRental.findMachinesForModel', answers);
  assert.equal(api.view.queryText, 'gpus>=2');
  assert.deepEqual(api.shownMessages.at(-1), { severity: 'error', text: `GPU Rental: cannot size the model: ${message}` });
}

/** The Machines view's message says `counts`, then, where the market history knows the filter, its outlook (test/integration/outlook.test.ts). */
export function assertViewCounts(api: GpuRentalTestApi, counts: string): void {
  const message = api.machinesView.message;
  assert.ok(message === counts || message?.startsWith(`${counts} · `), `${message} is not "${counts}" (with an outlook after it or not)`);
}
