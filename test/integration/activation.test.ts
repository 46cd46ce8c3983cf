// The first activation on a fresh profile: GPU Rental opens no walkthrough
// by itself (VS Code shows it on a Marketplace install; issue 35), and
// GPU Rental: Get Started opens it when asked. This file runs first (the suite
// loads files in name order), while the profile is new.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
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
  before(async () => {
    // Out of sight first: activation alone must not open anything.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await extensionApi();
  });

  after(async () => {
    await closeEditors();
  });

  it('is not opened by GPU Rental: neither at activation nor when a GPU Rental view is first on screen', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    const api = await extensionApi();
    await waitFor('the Machines view on screen', () => api.machinesView.visible);
    // Absence can only be watched for a while.
    await sleep(1_000);
    assert.deepEqual(walkthroughTabs(), []);
  });

  it('GPU Rental: Get Started opens it whenever asked', async () => {
    await vscode.commands.executeCommand('gpuRental.getStarted');
    await waitFor('the walkthrough in an editor', () => walkthroughTabs().length === 1);
    await vscode.commands.executeCommand('gpuRental.getStarted');
    await sleep(500);
    assert.equal(walkthroughTabs().length, 1, 'asked twice, still one tab');
  });
});
