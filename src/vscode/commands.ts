// Every command of the extension, in one table, registered in one place.
import * as vscode from 'vscode';
import { normalizeToken, tokenProblem } from '../model/token';
import type { Controller } from './controller';
import type { DetailsPanels } from './detailsPanel';
import type { Log } from './log';
import type { MachineNode } from './machinesView';
import { pickMachine, pickTemplate } from './quickPicks';
import type { TemplateNode } from './templatesView';
import type { TokenStore } from './tokenStore';

export interface CommandDeps {
  controller: Controller;
  tokens: TokenStore;
  panels: () => DetailsPanels;
  log: Log;
}

type Handler = (...args: unknown[]) => unknown;

export const COMMAND_IDS = [
  'gpuRental.setToken',
  'gpuRental.clearToken',
  'gpuRental.refresh',
  'gpuRental.copyNodeId',
  'gpuRental.copyTemplateId',
  'gpuRental.showMachineDetails',
] as const;
export type CommandId = (typeof COMMAND_IDS)[number];

export function commandTable(deps: CommandDeps): Record<CommandId, Handler> {
  const { controller, tokens } = deps;
  return {
    'gpuRental.setToken': (value) => setToken(deps, typeof value === 'string' ? value : undefined),
    'gpuRental.clearToken': async () => {
      if (await tokens.clear()) {
        await controller.reconfigure();
        vscode.window.setStatusBarMessage('$(check) GPU Rental: API token cleared', 3000);
      }
    },
    'gpuRental.refresh': () => controller.refresh(),
    'gpuRental.copyNodeId': async (node, selected) => {
      let ids = machinesOf(node, selected).map((m) => m.node_name);
      if (ids.length === 0) {
        const machines = await controller.items('machines');
        const machine = machines && (await pickMachine(machines, 'Copy Node ID'));
        ids = machine ? [machine.node_name] : [];
      }
      await copyIds(ids, 'node ID');
    },
    'gpuRental.copyTemplateId': async (node, selected) => {
      let ids = templatesOf(node, selected).map((t) => String(t.id));
      if (ids.length === 0) {
        const templates = await controller.items('templates');
        const template = templates && (await pickTemplate(templates, 'Copy Template ID'));
        ids = template ? [String(template.id)] : [];
      }
      await copyIds(ids, 'template ID');
    },
    'gpuRental.showMachineDetails': async (node) => {
      const [fromTree] = machinesOf(node, undefined);
      if (fromTree) {
        deps.panels().show(fromTree, true);
        return;
      }
      const machines = await controller.items('machines');
      const machine = machines && (await pickMachine(machines, 'Show Machine Details'));
      if (machine) {
        deps.panels().show(machine);
      }
    },
  };
}

/** Registers every command, each guarded so that no exception reaches VS Code. */
export function registerCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  for (const [id, handler] of Object.entries(commandTable(deps))) {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          return await handler(...args);
        } catch (err) {
          deps.log.error(`Command ${id} failed: ${err instanceof Error ? `${err.name}: ${deps.log.redact(err.message)}` : typeof err}`);
          void vscode.window.showErrorMessage(`GPU Rental: "${id}" failed unexpectedly. See the "GPU Rental" log for details.`);
          return undefined;
        }
      }),
    );
  }
}

async function setToken(deps: CommandDeps, given: string | undefined): Promise<void> {
  const input =
    given ??
    (await vscode.window.showInputBox({
      title: 'GPU Rental: Set API Token',
      prompt: 'Paste your API token. It is kept in VS Code\'s secret storage, never in settings.',
      placeHolder: 'API token',
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => tokenProblem(value),
    }));
  if (input === undefined) {
    return;
  }
  const problem = tokenProblem(input);
  if (problem) {
    void vscode.window.showErrorMessage(`GPU Rental: ${problem}`);
    return;
  }
  if (await deps.tokens.set(normalizeToken(input))) {
    vscode.window.setStatusBarMessage('$(check) GPU Rental: API token saved', 3000);
    await deps.controller.reconfigure();
  }
}

export async function copyIds(ids: string[], what: string): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await vscode.env.clipboard.writeText(ids.join('\n'));
  const message = ids.length === 1 ? `Copied ${what} ${ids[0]}` : `Copied ${ids.length} ${what}s`;
  vscode.window.setStatusBarMessage(`$(check) ${message}`, 4000);
}

function isMachineNode(value: unknown): value is Extract<MachineNode, { kind: 'machine' }> {
  return !!value && typeof value === 'object' && (value as MachineNode).kind === 'machine';
}

function isTemplateNode(value: unknown): value is Extract<TemplateNode, { kind: 'template' }> {
  return !!value && typeof value === 'object' && (value as TemplateNode).kind === 'template';
}

/** The machines a tree command applies to: the whole selection when it holds the clicked item. */
function machinesOf(node: unknown, selected: unknown) {
  const nodes = Array.isArray(selected) && selected.length > 1 ? selected : [node];
  return nodes.filter(isMachineNode).map((n) => n.machine);
}

function templatesOf(node: unknown, selected: unknown) {
  const nodes = Array.isArray(selected) && selected.length > 1 ? selected : [node];
  return nodes.filter(isTemplateNode).map((n) => n.template);
}
