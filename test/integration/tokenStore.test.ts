// The token store over a secret storage that answers when the test says:
// a new token is told at once (the views load while the workbench stores
// it), and a store that fails takes it back and tells that too.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TokenStore } from '../../src/vscode/services/tokenStore';
import { extensionApi, waitFor } from './helpers';

/** A secret storage holding `old-token` whose stores wait for the test to end them. */
function slowSecrets() {
  const stores: { resolve: () => void; reject: (err: Error) => void }[] = [];
  const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  const secrets = {
    get: () => Promise.resolve('old-token'),
    store: () => new Promise<void>((resolve, reject) => stores.push({ resolve, reject })),
    delete: () => Promise.resolve(),
    keys: () => Promise.resolve(['gpuRental.apiToken']),
    onDidChange: changed.event,
  } as unknown as vscode.SecretStorage;
  return { secrets, stores, dispose: () => changed.dispose() };
}

describe('The token store', () => {
  it('tells a new token before the secret storage has stored it, and takes it back when storing fails', async () => {
    const api = await extensionApi();
    const storage = slowSecrets();
    const tokens = new TokenStore(storage.secrets, api.log);
    try {
      assert.equal(await tokens.get(), 'old-token');
      const heard: (string | undefined)[] = [];
      const listening = tokens.onDidChange(() => void tokens.get().then((t) => heard.push(t)));
      const setting = tokens.set('new-token');
      await waitFor('the new token told while the storage is still storing it', () => heard.length === 1 && storage.stores.length === 1);
      assert.deepEqual(heard, ['new-token']);

      storage.stores[0].reject(new Error('no keyring'));
      assert.equal(await setting, false, 'the caller hears that it was not saved');
      await waitFor('the old token told again', () => heard.length === 2);
      assert.deepEqual(heard, ['new-token', 'old-token']);
      assert.equal(await tokens.get(), 'old-token');

      const again = tokens.set('newer-token');
      storage.stores[1].resolve();
      assert.equal(await again, true);
      assert.equal(await tokens.get(), 'newer-token');
      listening.dispose();
    } finally {
      tokens.dispose();
      storage.dispose();
    }
  });
});
