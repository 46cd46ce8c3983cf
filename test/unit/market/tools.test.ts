// The three chat tools are defined once (src/market/tools.ts) for VS Code's
// language model tools and the MCP server: package.json must say exactly the
// same, and what a model reads stays in English in every display language.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../../dev/repoRoot';
import { Market } from '../../../src/market/market';
import { isToolName, TOOL_DATA_FRESH_MS, TOOL_DEFINITIONS, TOOL_NAMES, toolAnswer, toolDefinition } from '../../../src/market/tools';
import { machineRecord, templateRecord } from '../../support/records';

const root = repoRoot;
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

interface ContributedTool {
  name: string;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  inputSchema: unknown;
}

describe('the chat tools, shared by VS Code and the MCP server', () => {
  const contributed: ContributedTool[] = readJson('package.json').contributes.languageModelTools;
  const nls: Record<string, string> = readJson('package.nls.json');

  it('package.json contributes exactly the shared tools, in order, with the same model description and input schema', () => {
    assert.deepEqual(
      contributed.map((t) => t.name),
      [...TOOL_NAMES],
    );
    assert.deepEqual(
      TOOL_DEFINITIONS.map((t) => t.name),
      [...TOOL_NAMES],
    );
    for (const tool of TOOL_DEFINITIONS) {
      const entry = contributed.find((t) => t.name === tool.name)!;
      assert.equal(entry.modelDescription, tool.modelDescription, `${tool.name}: modelDescription`);
      assert.deepEqual(entry.inputSchema, tool.inputSchema, `${tool.name}: inputSchema`);
    }
  });

  it('what a model reads is English in the manifest, never a %key% a translation could replace; a person reads the translated name', () => {
    const languages = fs.readdirSync(root).filter((f) => /^package\.nls\.[a-z-]+\.json$/.test(f));
    assert.ok(languages.length >= 2, languages.join());
    for (const tool of contributed) {
      const strings = JSON.stringify([tool.modelDescription, tool.inputSchema]);
      assert.ok(!/%[\w.]+%/.test(strings), `${tool.name}: no %key% in what the model reads`);
      assert.match(tool.displayName, /^%tool\.\w+\.displayName%$/);
      assert.match(tool.userDescription, /^%tool\.\w+\.userDescription%$/);
    }
    for (const file of ['package.nls.json', ...languages]) {
      const keys = Object.keys(readJson(file)).filter((k) => /^tool\./.test(k));
      assert.deepEqual(
        keys.filter((k) => !/\.(displayName|userDescription)$/.test(k)),
        [],
        `${file}: only names and user descriptions of tools are translated`,
      );
    }
  });

  it('each tool has the English display name as its MCP title, and says what it returns and that the result says how old the data is', () => {
    for (const tool of TOOL_DEFINITIONS) {
      const key = contributed.find((t) => t.name === tool.name)!.displayName.slice(1, -1);
      assert.equal(tool.title, nls[key]);
      assert.match(tool.modelDescription, /^(Lists|Returns) /);
      assert.match(tool.modelDescription, /The result says how old the data is\.$/);
      assert.equal(tool.inputSchema.type, 'object');
      for (const [name, property] of Object.entries(tool.inputSchema.properties)) {
        assert.ok(property.description.length > 10, `${tool.name}.${name} is described`);
      }
    }
  });
});

describe('the chat tools: one answer for VS Code and the MCP server', () => {
  const FETCHED = new Date('2026-11-23T14:02:11Z');
  const NOW = new Date('2026-11-23T14:06:11Z');
  const machine = machineRecord({ node_name: 'aaaaaaaa-0000-4000-8000-000000000001', gpu_name: 'H100', gpu_count: 8, price: '16.00' });
  let market: Market;

  beforeEach(async () => {
    market = new Market({ now: () => FETCHED });
    await market.loadMachines(async () => ({ items: [machine], skipped: 0 }));
    await market.loadTemplates(async () => ({ items: [templateRecord({ id: 7, name: 'PyTorch 2.4' })], skipped: 0 }));
  });

  it('answers each tool from the market, and says the history is not there outside VS Code', () => {
    const found = toolAnswer('gpuRental_findMachines', market, { query: 'gpu=h100' }, NOW);
    assert.match(found, /^1 of 1 listed machine matches the query gpu=h100; /);
    assert.ok(found.includes(machine.node_name), found);
    const none = 'Market history: not readable here (it needs Node.js 22.13 or newer, with SQLite).';
    assert.equal(found.split('\n').at(-1), none, 'asked without a history, as the MCP server asks');
    const one = toolAnswer('gpuRental_getMachine', market, { nodeId: machine.node_name }, NOW);
    assert.ok(one.startsWith('Data as of 14:02:11 UTC (4 minutes ago).\n\nPrice: 16.00'), one);
    assert.equal(one.split('\n').at(-1), none);
    assert.match(toolAnswer('gpuRental_getMachine', market, { nodeId: 'bbbbbbbb-0000-4000-8000-000000000009' }, NOW), /^No machine with node ID bbbbbbbb-0000-4000-8000-000000000009 is listed now\./);
    assert.match(toolAnswer('gpuRental_getMachine', market, undefined, NOW), /nodeId must be/, 'no input at all: what is missing, no exception');
    assert.match(toolAnswer('gpuRental_listTemplates', market, { text: 'pytorch' }, NOW), /^1 of 1 template matches; showing 1\.[\s\S]*\| 7 \| PyTorch 2\.4 \|/);
  });

  it('names what is wrong with the input, and answers nothing else', () => {
    assert.equal(toolAnswer('gpuRental_findMachines', market, { limit: 51 }, NOW), 'The input is not valid: limit must be a whole number from 1 to 50.');
    assert.equal(toolAnswer('gpuRental_listTemplates', market, { imageType: 'one' }, NOW), 'The input is not valid: imageType must be an integer.');
  });

  it('knows its tools by name, and what each reads, loaded again when older than three minutes', () => {
    for (const name of TOOL_NAMES) {
      assert.equal(isToolName(name), true, name);
      assert.equal(toolDefinition(name).name, name);
    }
    for (const other of ['gpuRental_deleteMachine', '', undefined, 42, 'GPURENTAL_FINDMACHINES']) assert.equal(isToolName(other), false, String(other));
    assert.deepEqual(
      TOOL_NAMES.map((name) => toolDefinition(name).reads),
      ['machines', 'machines', 'templates', 'machines', 'machines'],
    );
    assert.equal(TOOL_DATA_FRESH_MS, 3 * 60_000);
  });
});
