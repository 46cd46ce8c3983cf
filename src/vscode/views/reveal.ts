// Showing one machine in the Machines tree: bring the view into sight, apply
// a filter, open the slice that holds the machine, select it.
import * as vscode from 'vscode';
import type { ViewState } from './viewState';
import type { MachineNode, MachinesProvider } from './machinesView';

/** Reveals tried before giving up; each after the tree had time to take in a refresh. */
const REVEAL_TRIES = 3;
/** Longer than the 200 ms over which VS Code gathers a tree's refreshes before sending them. */
const SETTLE_MS = 300;

export async function showInTree(view: ViewState, machines: MachinesProvider, tree: vscode.TreeView<MachineNode>, query: string, nodeId: string): Promise<void> {
  // Into sight before the filter changes: a tree refreshed out of sight
  // refreshes again when it comes into sight, and a reveal made meanwhile
  // can lose to that second refresh.
  await vscode.commands.executeCommand('gpuRental.machines.focus');
  view.setQuery(query);
  for (let tries = 1; ; tries++) {
    const node = await machines.locate(nodeId);
    if (!node) {
      void vscode.window.showInformationMessage(vscode.l10n.t('GPU Rental: that machine is no longer listed.'));
      return;
    }
    await tree.reveal(node, { select: true, focus: true, expand: true });
    // VS Code's reveal does nothing, and says nothing, when a refresh in
    // flight replaced the rows it was working on: look, and reveal again.
    if (isSelected(tree, nodeId) || tries >= REVEAL_TRIES) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }
}

function isSelected(tree: vscode.TreeView<MachineNode>, nodeId: string): boolean {
  return tree.selection.some((node) => node.kind === 'machine' && node.machine.node_name === nodeId);
}
