// The language model tools in a real VS Code: contributed with their schemas,
// registered, and answering from the market through vscode.lm.invokeTool
// where that runs without a confirmation; the tool objects otherwise.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuRentalTestApi } from './extensionEntry';
import type { DemoServer } from '../../dev/demo/server';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';
import { hasSqlite } from '../support/sqlite';
import { createTools } from '../../src/vscode/features/lmTools';
import { TOKEN, signedInToDemo, waitFor } from './helpers';

const NAMES = ['gpuRental_findMachines', 'gpuRental_getMachine', 'gpuRental_listTemplates', 'gpuRental_jobCost', 'gpuRental_marketOutlook'];

function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** invokeTool, unless VS Code holds it for a confirmation (then undefined after a while). */
async function invoke(name: string, input: object): Promise<string | undefined> {
  const call = Promise.resolve(vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined })).then(textOf);
  return Promise.race([call, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000))]);
}

describe('Language model tools', function () {
  /** The market forgets both lists as for another service; the editor then gives it its service again (a history setting changed), nothing loaded. */
  async function forgetLists(): Promise<void> {
    await api.marketHost.client.request('configure', { service: undefined });
    const settings = vscode.workspace.getConfiguration('gpuRental');
    const days = settings.inspect<number>('history.days');
    await settings.update('history.days', (days?.globalValue ?? days?.defaultValue ?? 30) + 1, vscode.ConfigurationTarget.Global);
    await settings.update('history.days', days?.globalValue, vscode.ConfigurationTarget.Global);
  }

  let server: DemoServer;
  let api: GpuRentalTestApi;

  before(async () => {
    ({ server, api } = await signedInToDemo({ templates: DEMO_TEMPLATES.map((t, i) => (i === 3 ? { ...t, docker_passwd: 'itest-DOCKER-PASSWD' } : t)) }));
  });

  after(() => server.reset());

  it('are listed in vscode.lm.tools with their schemas and tags', () => {
    for (const name of NAMES) {
      const tool = vscode.lm.tools.find((t) => t.name === name);
      assert.ok(tool, `${name} is registered`);
      assert.ok(tool.description.length > 80, `${name} tells a model when to use it`);
      assert.equal((tool.inputSchema as { type?: string })?.type, 'object');
      assert.ok(tool.tags.includes('gpuRental'));
    }
    const find = vscode.lm.tools.find((t) => t.name === 'gpuRental_findMachines')!;
    assert.deepEqual(Object.keys((find.inputSchema as { properties: object }).properties), ['query', 'sortBy', 'order', 'limit']);
    assert.match(find.description, /gpu=H100 gpus>=8 price_per_gpu<15/);
  });

  it('find machines loads the list when nothing is loaded and answers with a table, the count and the age', async () => {
    await forgetLists();
    const tools = createTools(api.marketHost, api.controller);
    const text = await tools.gpuRental_findMachines.text({ query: 'gpus>=2', limit: 3 });
    const expected = DEMO_MACHINES.filter((m) => m.gpu_count >= 2).length;
    assert.match(text, new RegExp(`^${expected} of ${DEMO_MACHINES.length} listed machines match the query gpus>=2; sorted by pricePerGpu ascending; showing 3\\.\\nData as of \\d\\d:\\d\\d:\\d\\d UTC \\(just now\\)\\.`));
    const lines = text.split('\n');
    // Count, age, blank, header, rule, three rows; then what the market history says of their models.
    assert.equal(lines[3], '| node_id | GPUs | price | price/GPU | VRAM | region | online | CUDA | vs 7-day median |');
    assert.equal(lines.indexOf('Market history, the 7 days before the latest list (price per GPU):'), 9);
    assert.ok(lines.slice(10).every((line) => line.startsWith('- ')), text);
    const prepared = tools.gpuRental_findMachines.prepareInvocation({ input: { query: 'gpus>=2' } } as vscode.LanguageModelToolInvocationPrepareOptions<unknown>);
    assert.equal(prepared.invocationMessage, 'Finding machines matching gpus>=2…');
  });

  it('called at once, answer from one load of the list: the second call does not cancel the first one\'s load', async () => {
    await forgetLists();
    const tools = createTools(api.marketHost, api.controller);
    // The machines' answer is held back until released: the first call's load is still running when the second comes.
    server.setFault({ endpoint: 'machines', fault: { kind: 'stall', afterBytes: 0 } });
    const machineRequests = () => server.requests.filter((r) => r.path.endsWith('/machines')).length;
    const before = machineRequests();
    try {
      const first = tools.gpuRental_findMachines.text({ query: 'gpus>=2', limit: 3 });
      await waitFor('the first call loads the machines', () => machineRequests() > before);
      const second = tools.gpuRental_jobCost.text({ size: '7', job: 'train', tokens: '1B', limit: 3 });
      // The worker answers in order: once it has answered this, it has answered the second call's question before it.
      await api.marketHost.client.request('state', { which: 'machines' });
      await api.marketHost.client.request('state', { which: 'machines' });
      server.clearFaults();
      server.releaseStalled();
      for (const text of [await first, await second]) assert.match(text, /Data as of \d\d:\d\d:\d\d UTC \(just now\)\./, text);
      assert.equal(machineRequests() - before, 1, 'one load of the machines');
    } finally {
      server.clearFaults();
      server.releaseStalled();
    }
  });

  it('answer through vscode.lm.invokeTool where no confirmation is asked (VS Code 1.139), and never with a secret', async function () {
    const found = await invoke('gpuRental_findMachines', { query: 'vrma>=24' });
    if (found === undefined) {
      // VS Code 1.100 may hold a tool call for a confirmation: the tool objects are tested directly there.
      assert.ok(vscode.version.startsWith('1.100'), `invokeTool did not answer on ${vscode.version}`);
      const tools = createTools(api.marketHost, api.controller);
      assert.match(await tools.gpuRental_findMachines.text({ query: 'vrma>=24' }), /unknown field 'vrma' at 1; did you mean 'vram'\?/);
      const templates = await tools.gpuRental_listTemplates.text({ limit: 50 });
      assert.ok(!templates.includes('itest-DOCKER-PASSWD') && !templates.includes(TOKEN));
      return;
    }
    assert.match(found, /unknown field 'vrma' at 1; did you mean 'vram'\? \(at character 1\)\. Fields: /);
    const machine = await invoke('gpuRental_getMachine', { nodeId: DEMO_MACHINES[5].node_name });
    assert.ok(machine?.includes(`Node ID: ${DEMO_MACHINES[5].node_name}`), machine);
    const templates = (await invoke('gpuRental_listTemplates', { limit: 50 }))!;
    assert.match(templates, /^\d+ of \d+ templates match; showing \d+\./);
    for (const text of [found, machine!, templates]) {
      assert.ok(!text.includes('itest-DOCKER-PASSWD') && !text.includes(TOKEN));
    }
  });

  it('job cost answers from the market in VS Code: the machines that fit, cheapest job first, with what the estimate rests on', async () => {
    const tools = createTools(api.marketHost, api.controller);
    const text = await tools.gpuRental_jobCost.text({ size: '7b', job: 'train', tokens: '1B', limit: 3 });
    assert.match(text, /^Estimate for full training of 7B on 1B tokens: \d+ of \d+ machines match and fit \(vram_total>=128 vram>=2\), cheapest job first; 3 shown\./);
    assert.match(text, /\| node_id \| GPUs \| price \| hours \(low–high\) \| GPU-hours \| cost \(low–high\) \| bound by \|/);
    assert.match(text, /The estimate rests on: 6 × parameters × tokens FLOPs/);
    assert.match(await tools.gpuRental_jobCost.text({ size: 'big', job: 'train', tokens: '1B' }), /^The input is not valid: Type the number of parameters in billions/);
  });

  it("the outlook answers from the market history in VS Code, or says there is none (VS Code 1.100: no SQLite)", async () => {
    const tools = createTools(api.marketHost, api.controller);
    const text = await tools.gpuRental_marketOutlook.text({ query: 'gpus>=1' });
    assert.match(text, hasSqlite() ? /^Outlook of "gpus>=1" from the market history \(a record of the 30 days up to its latest list, .*; not a forecast\):\n/ : /^There is no market history here/);
    assert.match(await tools.gpuRental_marketOutlook.text({ query: 'gpus>' }), /^The query is not valid at column 5/);
  });

  it('without a token, the answer says how to set one', async () => {
    await vscode.commands.executeCommand('gpuRental.clearToken');
    await waitFor('no token', () => api.controller.setup === 'noToken');
    try {
      const text = await createTools(api.marketHost, api.controller).gpuRental_findMachines.text({});
      assert.equal(text, 'GPU Rental has no API token. Ask the user to run the command "GPU Rental: Set API Token" in VS Code.');
    } finally {
      await api.setToken(TOKEN);
    }
  });
});
