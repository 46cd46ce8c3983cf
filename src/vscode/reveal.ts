// Showing one machine in the Machines tree: apply a filter, bring the view
// into sight, open the slice that holds the machine, select it.
import * as vscode from 'vscode';
import type { MachineViewState } from './machineViewState';
import type { MachineNode, MachinesProvider } from './machinesView';
import { showInfo } from './notify';

export async function showInTree(view: MachineViewState, machines: MachinesProvider, tree: vscode.TreeView<MachineNode>, query: string, nodeId: string): Promise<void> {
  view.setQuery(query);
  await vscode.commands.executeCommand('gpuRental.machines.focus');
  const node = machines.locate(nodeId);
  if (!node) {
    void showInfo(vscode.l10n.t('GPU Rental: that machine is no longer listed.'));
    return;
  }
  await tree.reveal(node, { select: true, focus: true, expand: true });
}
