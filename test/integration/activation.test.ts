// The first activation on a fresh profile: the Get Started walkthrough opens
// once, when a GPU Rental view is first on screen, and never again. This file
// runs first (the suite loads files in name order), while the profile is new.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import { walkthroughTakesFocus } from '../../src/model/firstRun';
import { WALKTHROUGH_SHOWN_KEY } from '../../src/vscode/features/walkthrough';
import { extensionApi, sleep, waitFor } from './helpers';

/**
 * The editor tab of VS Code's Welcome page, where walkthroughs show. The API
 * tells no more of it (no input type; "Welcome" or "Walkthrough: …" as its
 * label), so nothing else in this file opens one. Which walkthrough it shows,
 * the browser scenario (test/e2e/walkthrough.ts) checks on screen.
 */
function walkthroughTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input === undefined && /^(Welcome|Walkthrough: .+)$/.test(t.label));
}

async function closeEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await waitFor('no walkthrough tab', () => walkthroughTabs().length === 0);
}

describe('Get Started walkthrough on first activation', function () {
  let api: GpuRentalTestApi;

  before(async () => {
    // Out of sight first: activation alone must not open anything.
    await vscode.commands.executeCommand('workbench.view.explorer');
    api = await extensionApi();
  });

  after(async () => {
    await closeEditors();
  });

  if (walkthroughTakesFocus(vscode.version)) {
    // VS Code before 1.106: its walkthrough page takes the focus as it opens (issue 28).
    it('does not open the walkthrough by itself where its page would take the focus, and remembers nothing, so an updated VS Code opens it', async () => {
      assert.equal(api.globalState.get(WALKTHROUGH_SHOWN_KEY), undefined, 'a fresh profile');
      await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
      assert.equal(await api.walkthrough.firstRun, 'takesFocus');
      // Absence can only be watched for a while.
      await sleep(1_000);
      assert.deepEqual(walkthroughTabs(), []);
      assert.equal(api.globalState.get(WALKTHROUGH_SHOWN_KEY), undefined);
      assert.equal(await api.firstRunAgain(), 'takesFocus');
    });
  } else {
    it('waits while no GPU Rental view is on screen, then opens the walkthrough once the Machines view is shown', async () => {
      assert.equal(api.globalState.get(WALKTHROUGH_SHOWN_KEY), undefined, 'a fresh profile');
      // Absence can only be watched for a while.
      await sleep(1_000);
      assert.deepEqual(walkthroughTabs(), [], 'activated by a command or a test, it waits for the view');
      assert.equal(api.globalState.get(WALKTHROUGH_SHOWN_KEY), undefined);

      await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
      assert.equal(await api.walkthrough.firstRun, 'opened');
      await waitFor('the walkthrough in an editor', () => walkthroughTabs().length === 1);
      assert.equal(api.globalState.get(WALKTHROUGH_SHOWN_KEY), true, 'remembered on this profile');
    });

    it('never opens it again: the next activation finds the flag, and showing the view again opens nothing', async () => {
      await closeEditors();
      assert.equal(await api.firstRunAgain(), 'shownBefore');
      await vscode.commands.executeCommand('workbench.view.explorer');
      await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
      await sleep(1_000);
      assert.deepEqual(walkthroughTabs(), []);
    });
  }

  it('GPU Rental: Get Started opens it whenever asked', async () => {
    await vscode.commands.executeCommand('gpuRental.getStarted');
    await waitFor('the walkthrough in an editor', () => walkthroughTabs().length === 1);
    await vscode.commands.executeCommand('gpuRental.getStarted');
    await sleep(500);
    assert.equal(walkthroughTabs().length, 1, 'asked twice, still one tab');
  });
});
