// Nothing private leaves the extension: not through command results or
// arguments (what the product's `activate` returns, nothing, is checked on the
// package: test/unit/package/package.test.ts), and a folder's settings cannot
// send the token to a server of their choosing.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import { startDemoServer, type DemoServer } from '../../dev/demo/server';
import { Config } from '../../src/vscode/services/config';
import type { ContextKey } from '../../src/vscode/services/contextKeys';
import { EXTENSION_ID, TOKEN, serviceUrl, signedInToDemo, sleep, waitFor } from './helpers';

/**
 * Walks everything reachable from a value (own properties, enumerable or not,
 * Map and Set contents) and lists the paths where it finds the token, a
 * secret store (an object with get and store or delete functions), or the
 * HTTP client.
 */
export function privateReach(root: unknown, token: string): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, where: string, depth: number): void => {
    if (typeof value === 'string') {
      if (value.includes(token)) found.push(`${where} (the token)`);
      return;
    }
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value) || depth > 14 || found.length > 20) {
      return;
    }
    seen.add(value);
    const record = value as Record<string, unknown>;
    if (typeof record.get === 'function' && (typeof record.store === 'function' || typeof record.delete === 'function') && !(value instanceof Map)) {
      found.push(`${where} (a secret store)`);
    }
    if ((value as object).constructor?.name === 'GpuRentalClient') {
      found.push(`${where} (the HTTP client)`);
    }
    if (value instanceof Map) {
      for (const [k, v] of value) visit(v, `${where}.get(${String(k).slice(0, 30)})`, depth + 1);
    } else if (value instanceof Set) {
      for (const v of value) visit(v, `${where}[set]`, depth + 1);
    }
    for (const key of Reflect.ownKeys(value as object)) {
      let child: unknown;
      try {
        child = (value as Record<string | symbol, unknown>)[key];
      } catch {
        continue; // a getter that refuses to be read from outside
      }
      visit(child, `${where}.${String(key)}`, depth + 1);
    }
  };
  visit(root, 'exports', 0);
  return found;
}

/** Every context key the extension sets (the type makes the list whole). */
const CONTEXT_KEYS: Record<ContextKey, true> = {
  'gpuRental.setup': true,
  'gpuRental.tokenRejected': true,
  'gpuRental.machines.filtered': true,
  'gpuRental.machines.groupBy': true,
  'gpuRental.machines.sortBy': true,
  'gpuRental.machines.sortOrder': true,
  'gpuRental.machines.job': true,
  'gpuRental.templates.filtered': true,
  'gpuRental.nodeIdCopied': true,
  'gpuRental.filterBoxOpen': true,
};

describe('Nothing private leaves the extension', function () {
  let server: DemoServer;
  let api: GpuRentalTestApi;

  before(async () => {
    ({ server, api } = await signedInToDemo());
  });

  it('the walker finds the token in the internals the tests get (so it can find a leak)', () => {
    const found = privateReach(api, TOKEN);
    assert.ok(found.some((f) => f.includes('(the token)')), found.join('\n'));
    assert.ok(found.some((f) => f.includes('(a secret store)')), found.join('\n'));
  });

  it('this run is the test build (test/integration/extensionEntry.ts), the only one whose activation hands out the internals', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.ok(extension.exports, 'the integration suite is activated in Test mode');
  });

  it('no command hands a result back to its caller', async () => {
    const quiet = [
      'gpuRental.machines.clearFilter',
      'gpuRental.machines.groupBy.gpu',
      'gpuRental.machines.sortBy.pricePerGpu',
      'gpuRental.machines.sortAscending',
      'gpuRental.templates.clearFilter',
      'gpuRental.refresh',
    ];
    for (const id of quiet) {
      assert.equal(await vscode.commands.executeCommand(id), undefined, id);
    }
  });

  it('another extension cannot choose the token: Set API Token ignores a string argument and asks the user', async () => {
    const running = vscode.commands.executeCommand('gpuRental.setToken', 'chosen-by-someone-else');
    await sleep(800);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await running;
    assert.equal(await api.tokens.get(), TOKEN);
  });

  it('every context key is declared once, set, and used by package.json', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: unknown };
    const clauses: string[] = [];
    JSON.stringify(manifest.contributes, (key, value: unknown) => {
      if ((key === 'when' || key === 'enablement') && typeof value === 'string') clauses.push(value);
      if (key === 'completionEvents' && Array.isArray(value)) clauses.push(...value.filter((e): e is string => typeof e === 'string' && e.startsWith('onContext:')));
      return value;
    });
    const viewIds = new Set(['gpuRental.machines', 'gpuRental.templates']);
    const used = new Set(clauses.flatMap((c) => c.match(/\bgpuRental\.[A-Za-z.]+/g) ?? []).filter((k) => !viewIds.has(k)));
    assert.deepEqual([...used].sort(), Object.keys(CONTEXT_KEYS).sort());
    for (const key of Object.keys(CONTEXT_KEYS) as ContextKey[]) {
      assert.notEqual(api.keys['values'].get(key), undefined, `${key} is set`);
    }
  });

  describe('a hostile repository', () => {
    let other: DemoServer;
    let settingsFile: string;

    before(async () => {
      other = await startDemoServer({ token: 'whatever' });
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder, 'the integration runner opens a folder');
      settingsFile = path.join(folder.uri.fsPath, '.vscode', 'settings.json');
      fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
      fs.writeFileSync(
        settingsFile,
        JSON.stringify({
          'gpuRental.baseUrl': other.url,
          'gpuRental.requestTimeoutSeconds': 1,
          'gpuRental.templates.pageSize': 1,
          'gpuRental.machines.savedFilters': { 'From the repository': 'gpus>=8' },
        }),
      );
      // The folder's file has been read once its harmless setting shows.
      await waitFor('the folder settings to be read', () => 'From the repository' in new Config().savedFilters, 15_000);
    });

    after(async () => {
      fs.rmSync(path.dirname(settingsFile), { recursive: true, force: true });
      await waitFor('the folder settings to go', () => !('From the repository' in new Config().savedFilters), 15_000);
      await other.close();
      await vscode.workspace.getConfiguration('gpuRental').update('machines.savedFilters', undefined, vscode.ConfigurationTarget.Global);
    });

    it('cannot point the extension at its own server: the token is never sent there', async () => {
      await vscode.commands.executeCommand('gpuRental.refresh');
      await waitFor('the refresh', () => !api.marketHost.state('machines')?.loading && !api.marketHost.state('templates')?.loading);
      await sleep(500);
      assert.deepEqual(other.requests, [], 'the repository\'s server heard nothing');
      assert.equal(serviceUrl(api), new URL(server.url).href);
      assert.ok(server.requests.some((r) => r.path.endsWith('/machines')));
    });

    it('cannot change the timeout or the page size either (application-scoped settings)', () => {
      const config = new Config();
      assert.equal(config.baseUrl, server.url);
      assert.equal(config.timeoutMs, 15_000);
      assert.equal(config.templatePageSize, 50);
    });

    it('its saved filters are offered in this folder, but saving a filter does not copy them into the user settings', async () => {
      await new Config().saveFilter('Mine', 'gpus>=2');
      const inspected = vscode.workspace.getConfiguration('gpuRental').inspect<Record<string, string>>('machines.savedFilters');
      assert.deepEqual(inspected?.globalValue, { Mine: 'gpus>=2' });
      assert.deepEqual(new Config().savedFilters, { Mine: 'gpus>=2', 'From the repository': 'gpus>=8' });
    });
  });
});
