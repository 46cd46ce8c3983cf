// The Get Started walkthrough (contributes.walkthroughs in package.json),
// opened when asked: GPU Rental: Get Started, the Machines view's ... menu and
// its welcome content's link. GPU Rental never opens it by itself: VS Code
// shows it on an install from the Marketplace, and a walkthrough that opened
// on its own took the keyboard from a token being typed (issue 35).
import * as vscode from 'vscode';

/** Opens it (or brings it to the front), with the focus; `publisher.name#id` is the form VS Code 1.100 and 1.139 take. */
export async function openWalkthrough(extensionId: string): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${extensionId}#gettingStarted`, false);
}
