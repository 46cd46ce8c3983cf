// Another extension reads GPU Rental's exports. Any extension a user installs
// can call `vscode.extensions.getExtension('gpu-rental.gpu-rental').activate()`
// and walk what it returns; whatever GPU Rental puts there, the other one can
// read. The prying extension (test/fixtures/prying-extension) does just that
// and says in a notification what it found: the token, a secret store, the
// API client, or nothing private.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { DEMO_TOKEN } from '../../dev/demo/fixtures';
import { repoRoot } from '../../dev/repoRoot';
import { type Scenario, NEWEST_ONLY } from './scenario';
import { LOAD_TIMEOUT_MS, type SessionOptions } from './workbench';

/** What a window needs for the scenario: the extension installed, and the token it is to look for (the one the scenarios sign in with). */
export const PRYING_EXTENSION: Pick<SessionOptions, 'extensionFolders' | 'env'> = {
  extensionFolders: [path.join(repoRoot, 'test', 'fixtures', 'prying-extension')],
  env: { PRY_LOOK_FOR: DEMO_TOKEN },
};

export const pryingScenario: Scenario = {
  title: "another extension: after Set API Token, GPU Rental's exports hold no token, secret store or API client, and it gets no session without consent",
  ...NEWEST_ONLY,
  async run({ ui }) {
    // Signed in through the welcome button and the password box, unless an earlier scenario already was.
    await ui.ensureReady();
    await ui.runCommand('Pry: Read GPU Rental Exports');
    const toast = ui.toast('Pry: ');
    await toast.waitFor({ timeout: LOAD_TIMEOUT_MS });
    const verdict = (await toast.locator('.notification-list-item-message').innerText()).trim();
    // The package's activate returns nothing (the tests' entry, test/integration/extensionEntry.ts, is not in it).
    assert.match(verdict, /^Pry: exports hold nothing private \(exports is undefined;/, `the prying extension's verdict: ${verdict}`);
    // It also asked VS Code for a GPU Rental session, silently: none without the user's consent.
    assert.match(verdict, /no session without consent\)$/, `the prying extension's verdict: ${verdict}`);
  },
};
