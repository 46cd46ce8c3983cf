// The runners (test/runIntegration.ts, test/runElectron.ts) open an empty
// folder of the run's own as the workspace, as a user opens a repository:
// tests that play a hostile repository write their `.vscode/settings.json`
// into it. Without it they would have nowhere to write.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

describe('The workspace the runner opened', () => {
  it('is one folder on this machine, created for this run', () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 1, `workspace folders: ${JSON.stringify(folders.map((f) => f.uri.toString()))}`);
    const folder = folders[0].uri;
    assert.equal(folder.scheme, 'file', folder.toString());
    assert.match(path.basename(folder.fsPath), /^gpu-rental-workspace-/);
    assert.ok(fs.statSync(folder.fsPath).isDirectory(), `${folder.fsPath} exists`);
  });
});
