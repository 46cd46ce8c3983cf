// The account in VS Code's Accounts menu: the authentication provider over the
// API token. Sessions as VS Code hands them to an extension (our own here,
// which VS Code asks about like any other), signing in and out through the
// provider, the label following the service URL, and another window's change
// of the secret reaching this one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import { AUTH_PROVIDER_ID } from '../../src/vscode/services/authProvider';
import type { DemoServer } from '../../dev/demo/server';
import { EXTENSION_ID, assertWelcomeContent, TOKEN, machineLeaves, runAndAccept, setBaseUrl, signedInToDemo, waitFor } from './helpers';

const SECRET_KEY = 'gpuRental.apiToken';

describe('The account in the Accounts menu', () => {
  let server: DemoServer;
  let api: GpuRentalTestApi;
  let host: string;
  const events: vscode.AuthenticationProviderAuthenticationSessionsChangeEvent[] = [];
  let listening: vscode.Disposable | undefined;

  const session = async (createIfNone = false) => vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { createIfNone });
  const welcome = async () => {
    await waitFor('setup to need a token', () => api.controller.setup === 'noToken');
    await assertWelcomeContent(api);
  };

  before(async () => {
    ({ server, api } = await signedInToDemo());
    host = new URL(server.url).host;
    listening = api.auth.onDidChangeSessions((event) => events.push(event));
  });

  after(async () => {
    listening?.dispose();
    await setBaseUrl(server.url);
    await api.setToken(TOKEN);
  });

  it('contributes the provider that it registers, for one account', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.deepEqual(
      extension.packageJSON.contributes.authentication.map((a: { id: string }) => a.id),
      [AUTH_PROVIDER_ID],
    );
  });

  it('getSessions has the account, named by the service host, with the token; a request with scopes finds none', async () => {
    const sessions = await api.auth.getSessions([]);
    assert.equal(sessions.length, 1);
    assert.deepEqual(sessions[0].account, { id: host, label: host });
    assert.equal(sessions[0].accessToken, TOKEN);
    assert.deepEqual(sessions[0].scopes, []);
    assert.deepEqual(await api.auth.getSessions(['repo']), []);
  });

  it('signing in from the Accounts menu is Set API Token; getSession then has the session, none after Clear API Token, and again after Set API Token', async () => {
    await vscode.commands.executeCommand('gpuRental.clearToken');
    await welcome();
    assert.equal(await session(), undefined, 'no session without a token');
    // The Accounts menu now offers "Sign in with GPU Rental to use GPU Rental"; choosing it:
    api.typeNextInput(TOKEN);
    await runAndAccept(`${AUTH_PROVIDER_ID}:${EXTENSION_ID}:signIn0`);
    await waitFor('setup ready', () => api.controller.setup === 'ready');
    const signedIn = await waitFor('the session', () => session());
    assert.equal(signedIn.accessToken, TOKEN);
    assert.equal(signedIn.account.label, host);

    await vscode.commands.executeCommand('gpuRental.clearToken');
    await welcome();
    assert.equal(await waitFor('no session', async () => (await session()) === undefined), true);

    await api.setToken(TOKEN);
    const again = await waitFor('the session again', () => session());
    assert.equal(again.accessToken, TOKEN);
    assert.ok(events.some((e) => e.removed?.some((s) => s.account.label === host)), 'the sign-out was announced');
    assert.ok(events.some((e) => e.added?.some((s) => s.account.label === host)), 'the sign-in was announced');
    assert.ok(events.every((e) => [...(e.added ?? []), ...(e.removed ?? []), ...(e.changed ?? [])].every((s) => s.accessToken === '')), 'no token in an event');
  });

  it('signing out in the Accounts menu (removeSession) clears the token and the views show the welcome content', async () => {
    await waitFor('machines in the tree', async () => (await machineLeaves(api)).length > 0);
    const [current] = await api.auth.getSessions([]);
    await api.auth.removeSession(current.id);
    assert.equal(await api.tokens.get(), undefined);
    assert.equal(await api.secrets.get(SECRET_KEY), undefined);
    await welcome();
    assert.deepEqual(await api.auth.getSessions([]), []);
    await api.setToken(TOKEN);
  });

  it("the account's label follows the service URL (a new host is a new account)", async () => {
    await waitFor('setup ready', () => api.controller.setup === 'ready');
    const other = new URL(server.url);
    other.hostname = 'localhost';
    events.length = 0;
    await setBaseUrl(other.toString());
    const moved = await waitFor('the account to move', async () => {
      const [s] = await api.auth.getSessions([]);
      return s?.account.label === other.host && s;
    });
    assert.equal(moved.accessToken, TOKEN);
    await waitFor('the change announced', () => events.some((e) => e.added?.some((s) => s.account.label === other.host)));
    assert.ok(events.some((e) => e.removed?.some((s) => s.account.label === host)));
    await setBaseUrl('ftp://example.com');
    await waitFor('no account without a valid service URL', async () => (await api.auth.getSessions([])).length === 0);
    await setBaseUrl(server.url);
    await waitFor('the account back', async () => (await api.auth.getSessions([]))[0]?.account.label === host);
  });

  it('another window follows: the secret written or deleted there reloads the views or shows the welcome content here', async () => {
    await waitFor('setup ready', () => api.controller.setup === 'ready');
    // Another window shares the secret storage: its writes arrive as SecretStorage.onDidChange.
    await api.secrets.delete(SECRET_KEY);
    await welcome();
    assert.deepEqual(await api.auth.getSessions([]), []);
    const before = server.requests.length;
    await api.secrets.store(SECRET_KEY, TOKEN);
    await waitFor('setup ready', () => api.controller.setup === 'ready');
    await vscode.commands.executeCommand('workbench.view.extension.gpuRental');
    await waitFor('machines reloaded', async () => (await machineLeaves(api)).length > 0 && server.requests.length > before);
    assert.equal((await api.auth.getSessions([]))[0]?.accessToken, TOKEN);
  });
});
