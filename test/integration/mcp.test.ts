// The MCP server the extension offers to VS Code (src/vscode/features/mcp.ts):
// where VS Code has the API (1.101+), the definition runs dist/cli.js with the
// extension host's own runtime, the token joins only when VS Code resolves it
// to start the server, and a client on the official SDK lists and calls the
// tools through exactly that command. Where it has not (1.100), the extension
// activates all the same.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';
import type { GpuRentalTestApi } from './extensionEntry';
import { Config } from '../../src/vscode/services/config';
import { McpDefinitions, mcpSupported, type StdioDefinition } from '../../src/vscode/features/mcp';
import { EXTENSION_ID, TOKEN, signedInToDemo } from './helpers';

const hasApi = () => mcpSupported();

describe('MCP server definition', function () {
  this.timeout(60_000);
  let server: DemoServer;
  let api: GpuRentalTestApi;
  const disposables: vscode.Disposable[] = [];

  before(async () => {
    ({ server, api } = await signedInToDemo());
  });

  after(() => {
    for (const d of disposables) d.dispose();
    server.reset();
  });

  /** The extension's MCP server definitions, disposed after the suite; none in VS Code 1.100, which has nothing to offer (the first test checks that this is that version). */
  function definitionsIfSupported(): McpDefinitions | undefined {
    if (!hasApi()) {
      assert.ok(vscode.version.startsWith('1.100'));
      return undefined;
    }
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const definitions = new McpDefinitions(extension.extensionPath, new Config(), api.tokens);
    disposables.push(definitions);
    return definitions;
  }

  it('is contributed in the manifest, and the extension is active whether or not this VS Code has the API', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.ok(extension.isActive);
    assert.deepEqual(
      extension.packageJSON.contributes.mcpServerDefinitionProviders.map((p: { id: string }) => p.id),
      ['gpuRental.mcp'],
    );
    // 1.100 has a function of that name which throws for our contribution: activation above went on without it.
    assert.equal(hasApi(), !vscode.version.startsWith('1.100'), `VS Code ${vscode.version}`);
  });

  it('runs dist/cli.js mcp with the extension host\'s runtime; the token only in the resolved environment, never in settings; a client on the SDK lists and calls the tools through it', async () => {
    const definitions = definitionsIfSupported();
    if (!definitions) return;
    const [definition, ...more] = definitions.provideMcpServerDefinitions();
    assert.equal(more.length, 0);
    assert.ok(definition instanceof (vscode as unknown as { McpStdioServerDefinition: new (...args: never[]) => unknown }).McpStdioServerDefinition);
    assert.equal(definition.command, process.execPath);
    assert.deepEqual(definition.args.slice(1, 3), ['mcp', '--timeout']);
    assert.ok(definition.args[0].endsWith('dist/cli.js') || definition.args[0].endsWith('dist\\cli.js'));
    assert.equal(definition.env.GPU_RENTAL_BASE_URL, server.url);
    assert.ok(!JSON.stringify(definition).includes(TOKEN), 'no token before VS Code starts the server');
    const resolved: StdioDefinition = await definitions.resolveMcpServerDefinition(definition);
    assert.equal(resolved.env.GPU_RENTAL_TOKEN, TOKEN);
    for (const section of ['mcp', 'gpuRental', 'chat']) {
      assert.ok(!JSON.stringify(vscode.workspace.getConfiguration().inspect(section) ?? {}).includes(TOKEN), `${section} settings hold no token`);
    }
    const env = Object.fromEntries(Object.entries({ PATH: process.env.PATH, ...resolved.env }).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, String(v)]));
    const transport = new StdioClientTransport({ command: resolved.command, args: resolved.args, env, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'gpu-rental-itest', version: '1.0.0' });
    await client.connect(transport);
    try {
      assert.deepEqual(
        (await client.listTools()).tools.map((t) => t.name),
        ['gpuRental_findMachines', 'gpuRental_getMachine', 'gpuRental_listTemplates', 'gpuRental_jobCost', 'gpuRental_marketOutlook'],
      );
      const result = await client.callTool({ name: 'gpuRental_getMachine', arguments: { nodeId: DEMO_MACHINES[2].node_name } });
      const text = (result.content as { text?: string }[]).map((c) => c.text ?? '').join('');
      assert.ok(text.includes(`Node ID: ${DEMO_MACHINES[2].node_name}`), text);
    } finally {
      await client.close();
    }
    assert.ok(!stderr.includes(TOKEN));
  });

  it('tells VS Code when the token changes, so that a running server is started again with the new one', async () => {
    const definitions = definitionsIfSupported();
    if (!definitions) return;
    const before = definitions.provideMcpServerDefinitions()[0].version;
    let told = 0;
    disposables.push(definitions.onDidChangeMcpServerDefinitions(() => told++));
    await api.setToken(`${TOKEN}-2`);
    await api.setToken(TOKEN);
    assert.ok(told >= 2, `told ${told} times`);
    assert.notEqual(definitions.provideMcpServerDefinitions()[0].version, before);
  });
});
