// The three chat tools are defined once (src/market/tools.ts) for VS Code's
// language model tools and the MCP server: package.json must say exactly the
// same, and what a model reads stays in English in every display language.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../../dev/repoRoot';
import { TOOL_DEFINITIONS, TOOL_NAMES } from '../../../src/market/tools';

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
