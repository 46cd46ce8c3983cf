// `gpu-rental mcp` as a real child process, driven by an MCP client written
// with the official SDK: it lists the five tools of VS Code's chat (same
// names, schemas, read-only) and answers as they do, from the demo API.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEMO_MACHINES, DEMO_TEMPLATES, DEMO_TOKEN } from '../../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../../dev/demo/server';
import { GpuRentalClient } from '../../../src/api/client';
import { Market } from '../../../src/market/market';
import { TOOL_DEFINITIONS, TOOL_NAMES, toolAnswer, type ToolName } from '../../../src/market/tools';
import { CLI, cliEnv, requireBuiltCli } from '../../support/cli';

const DOCKER_PASSWD = 'mcp-DOCKER-PASSWD-secret';

interface Connected {
  client: Client;
  stderr: () => string;
}

async function connect(env: NodeJS.ProcessEnv): Promise<Connected> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: env as Record<string, string>, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'gpu-rental-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text?: string }[]).map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** Waits for `done` (each step of the test has the test's own timeout). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The "Data as of …" line holds the time of the load: equal answers differ only there. */
const timeless = (text: string) => text.replace(/Data as of \d\d:\d\d:\d\d UTC \([^)]*\)\./g, 'Data as of <time>.');

describe('cli: gpu-rental mcp, with a client on the official MCP SDK', function () {
  this.timeout(60_000);
  let server: DemoServer;
  let mcp: Connected;
  const market = new Market();

  before(async () => {
    requireBuiltCli();
    server = await startDemoServer({ templates: DEMO_TEMPLATES.map((t, i) => (i === 3 ? { ...t, docker_passwd: DOCKER_PASSWD } : t)) });
    mcp = await connect(cliEnv({ GPU_RENTAL_BASE_URL: server.url, GPU_RENTAL_TOKEN: DEMO_TOKEN }));
    // What the VS Code tools answer from: the same market, loaded in this process.
    const client = new GpuRentalClient({ baseUrl: new URL(server.url), token: DEMO_TOKEN, timeoutMs: 10_000 });
    await market.loadMachines((signal) => client.listMachines(signal));
    await market.loadTemplates((signal) => client.listTemplates(100, signal));
  });

  after(async () => {
    await mcp?.client.close();
    market.dispose();
    await server.close();
  });

  it('introduces itself as gpu-rental and lists the five tools with the names, descriptions and schemas of VS Code\'s chat, read-only', async () => {
    assert.equal(mcp.client.getServerVersion()?.name, 'gpu-rental');
    // What the server says it is for names what each of its five tools does.
    assert.match(mcp.client.getInstructions() ?? '', /find rentable GPU machines.*read one machine.*image templates.*job costs.*market history recorded of a filter/);
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [...TOOL_NAMES],
    );
    for (const tool of tools) {
      const shared = TOOL_DEFINITIONS.find((d) => d.name === tool.name)!;
      assert.equal(tool.description, shared.modelDescription);
      assert.deepEqual(tool.inputSchema, shared.inputSchema);
      assert.equal(tool.title, shared.title);
      assert.deepEqual(tool.annotations, { title: shared.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
    }
  });

  const calls: [ToolName, Record<string, unknown>][] = [
    ['gpuRental_findMachines', { query: 'gpus>=2 vram>=24', limit: 5 }],
    ['gpuRental_findMachines', {}],
    ['gpuRental_findMachines', { query: 'gpus>=2 vrma>=24' }],
    ['gpuRental_findMachines', { sortBy: 'cheapness' }],
    ['gpuRental_getMachine', { nodeId: DEMO_MACHINES[7].node_name }],
    ['gpuRental_getMachine', { nodeId: 'no-such-node' }],
    ['gpuRental_listTemplates', { limit: 50 }],
    ['gpuRental_listTemplates', { text: 'pytorch', limit: 3 }],
    ['gpuRental_jobCost', { size: '7', job: 'train', tokens: '1B', limit: 5 }],
    ['gpuRental_jobCost', { size: '70b', job: 'infer', tokens: '10M', batch: 8, query: 'gpu=H100' }],
    ['gpuRental_jobCost', { size: 'big', job: 'train', tokens: '1B' }],
  ];
  for (const [name, input] of calls) {
    it(`${name} ${JSON.stringify(input)} answers as in VS Code's chat, with the age of the data and no secret`, async () => {
      const result = await mcp.client.callTool({ name, arguments: input });
      const text = textOf(result);
      assert.equal(result.isError, undefined);
      assert.equal(timeless(text), timeless(toolAnswer(name, market, input, new Date())));
      if (!/^The (query|input) is not valid/.test(text)) assert.match(text, /Data as of \d\d:\d\d:\d\d UTC \(just now\)\./);
      assert.ok(!text.includes(DOCKER_PASSWD) && !text.includes(DEMO_TOKEN));
    });
  }

  it('an invalid query names the mistake and its position; an unknown tool is an error', async () => {
    assert.match(textOf(await mcp.client.callTool({ name: 'gpuRental_findMachines', arguments: { query: 'vrma>=24' } })), /unknown field 'vrma' at 1; did you mean 'vram'\? \(at character 1\)\. Fields: /);
    const unknown = await mcp.client.callTool({ name: 'gpuRental_rentMachine', arguments: {} });
    assert.equal(unknown.isError, true);
  });

  it('never writes the token: nothing on stderr, and no answer holds it', () => {
    assert.equal(mcp.stderr(), '');
  });

  it('never writes the token anywhere: not in the raw bytes of stdout and stderr, whatever it is asked (a rejected token too), nor in a file', async () => {
    // The protocol spoken by hand (JSON-RPC, one message a line), so every byte the server writes is seen, not only what an SDK client keeps.
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-mcp-home-'));
    try {
      for (const token of [DEMO_TOKEN, 'wrong-mcp-token-raw-4242']) {
        const child = spawn(process.execPath, [CLI, 'mcp'], { cwd: home, env: cliEnv({ GPU_RENTAL_BASE_URL: server.url, GPU_RENTAL_TOKEN: token, HOME: home, TMPDIR: home, XDG_CONFIG_HOME: home }), stdio: ['pipe', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
        child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
        const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
        const messages = [
          { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
          { jsonrpc: '2.0', method: 'notifications/initialized' },
          { jsonrpc: '2.0', id: 2, method: 'tools/list' },
          { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'gpuRental_findMachines', arguments: { query: 'gpus>=2', limit: 3 } } },
          { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'gpuRental_getMachine', arguments: { nodeId: DEMO_MACHINES[0].node_name } } },
          { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'gpuRental_listTemplates', arguments: {} } },
          { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'gpuRental_findMachines', arguments: { query: 'token>=1' } } },
          { jsonrpc: '2.0', id: 7, method: 'no/such/method' },
        ];
        for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
        child.stdin.write('{not json\n');
        // Every request with an id is answered (in any order) before stdin closes.
        const ids = [1, 2, 3, 4, 5, 6, 7];
        while (!ids.every((id) => out.includes(`"id":${id}`))) {
          if (child.exitCode !== null) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        child.stdin.end();
        await closed;
        for (const id of ids) assert.ok(out.includes(`"id":${id}`), `answer ${id} in ${out.slice(0, 200)}`);
        assert.ok(!out.includes(token) && !err.includes(token), `the token ${token === DEMO_TOKEN ? '(accepted)' : '(rejected)'} was written`);
      }
      assert.deepEqual(fs.readdirSync(home), [], 'no file written (no log, no cache)');
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('answers tools called at once from one load of the list: a second call does not cancel the first one\'s load', async () => {
    const fresh = await connect(cliEnv({ GPU_RENTAL_BASE_URL: server.url, GPU_RENTAL_TOKEN: DEMO_TOKEN }));
    // The machines' answer is held back until released: the first call's load is still running when the second comes.
    server.setFault({ endpoint: 'machines', fault: { kind: 'stall', afterBytes: 0 } });
    const requestsOf = (endpoint: string) => server.requests.filter((r) => r.path.endsWith(endpoint)).length;
    const machineRequests = () => requestsOf('/machines');
    const before = machineRequests();
    const templatesBefore = requestsOf('/images');
    try {
      const first = fresh.client.callTool({ name: 'gpuRental_findMachines', arguments: { query: 'gpus>=2', limit: 3 } });
      await until(() => machineRequests() > before);
      const second = fresh.client.callTool({ name: 'gpuRental_jobCost', arguments: { size: '7', job: 'train', tokens: '1B', limit: 3 } });
      // Messages are handled in order: once the templates are asked for, the second call has started.
      const templates = fresh.client.callTool({ name: 'gpuRental_listTemplates', arguments: { limit: 1 } });
      await until(() => requestsOf('/images') > templatesBefore);
      server.clearFaults();
      server.releaseStalled();
      for (const [name, result] of [['gpuRental_findMachines', await first], ['gpuRental_jobCost', await second]] as const) {
        assert.equal(result.isError, undefined, `${name}: ${textOf(result)}`);
        assert.match(textOf(result), /Data as of \d\d:\d\d:\d\d UTC \(just now\)\./);
      }
      assert.equal((await templates).isError, undefined);
      assert.equal(machineRequests() - before, 1, 'one load of the machines');
    } finally {
      server.clearFaults();
      server.releaseStalled();
      await fresh.client.close();
    }
  });

  it('starts without a token or service, and its tools say what is missing; a rejected token is said, never quoted', async () => {
    const bare = await connect(cliEnv({}));
    try {
      assert.equal((await bare.client.listTools()).tools.length, TOOL_NAMES.length);
      const result = await bare.client.callTool({ name: 'gpuRental_findMachines', arguments: {} });
      assert.equal(result.isError, true);
      assert.match(textOf(result), /GPU Rental is not set up: GPU_RENTAL_BASE_URL is not set.*GPU_RENTAL_TOKEN/);
    } finally {
      await bare.client.close();
    }
    const wrong = 'wrong-mcp-token-9999';
    const rejected = await connect(cliEnv({ GPU_RENTAL_BASE_URL: server.url, GPU_RENTAL_TOKEN: wrong }));
    try {
      const result = await rejected.client.callTool({ name: 'gpuRental_listTemplates', arguments: {} });
      assert.equal(result.isError, true);
      assert.match(textOf(result), /could not be reached: The service rejected the API token \(401/);
      assert.ok(!textOf(result).includes(wrong) && !rejected.stderr().includes(wrong));
    } finally {
      await rejected.client.close();
    }
  });
});
