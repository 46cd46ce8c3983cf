import tseslint from 'typescript-eslint';

// The layers of the code and what each may import (docs/architecture.md,
// "The layers", says the same). Relative imports are matched by the folder they name, at
// any depth of `../`, so a file moved one folder deeper keeps its rules.
const up = String.raw`^(\.\./)+`;
const forbid = {
  editor: { name: 'vscode', message: 'This layer runs in plain Node and in unit tests: it must not depend on the editor (only src/vscode and src/extension.ts may).' },
  model: { regex: `${up}model(/|$)`, message: 'src/api is the bottom layer: it must not import src/model.' },
  market: { regex: `${up}market(/|$)`, message: 'Only src/vscode, src/cli and src/extension.ts may build on the market model (src/market).' },
  webview: { regex: `${up}webview(/|$)`, message: 'Only src/vscode and src/extension.ts may use the webview layer (src/webview).' },
  vscodeLayer: { regex: `${up}(vscode(/|$)|extension$)`, message: 'src/vscode and src/extension.ts sit on top: nothing below them may import them.' },
  apiBeyondTypes: { regex: `${up}api/(?!(types|text)$)`, message: 'This layer may use only the data types and text helpers of src/api (api/types, api/text), not the client or its validation.' },
  dev: { regex: `${up}dev(/|$)`, message: 'dev/ holds development tools (demo API, VS Code harness): product code must not import it.' },
  test: { regex: `${up}test(/|$)`, message: 'Product code must not import tests.' },
  pageScript: { regex: `${up}(model|api|market)(/|$)`, message: 'A page script runs in the webview and is bundled on its own: it may import only ../dom and the types of the webview protocols.' },
  pageShell: { regex: String.raw`^(\./content|\.\./frame)$`, message: 'A page script writes the content it receives into the shell: the content and shell builders run in the extension, not in the page.' },
  pageL10n: { name: '@vscode/l10n', message: 'A page script has no words of its own: they come with the content, in the display language.' },
  editorParts: { regex: `${up}(commands|views|panels|features)(/|$)`, message: 'src/vscode/services is what commands, views, panels and features build on: it must not import them.' },
  unitEditorLayer: { regex: `${up}src/(vscode(/|$)|extension$)`, message: 'Unit tests run in plain Node: test src/vscode and src/extension.ts in test/integration.' },
  nodeOnly: { regex: String.raw`^node:`, message: 'The market\'s side of the protocol runs in a Web Worker too (VS Code for the Web): no Node-only API here; the Node transport is src/node.' },
  productEditorLayer: { regex: `${up}src/(vscode(/|$)|extension$)`, message: 'dev/ runs in plain Node: it must not import src/vscode or src/extension.ts (they need the editor).' },
};

/** One config object per layer: ESLint replaces, not merges, a rule's options set twice for a file. */
function layer(files, restrictions) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: restrictions.filter((r) => r.name),
          patterns: restrictions.filter((r) => r.regex).map(({ regex, message }) => ({ regex, message })),
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', 'media/**', 'esbuild.js', 'reports/**', '.stryker-tmp/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'dev/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: ['error', 'smart'],
    },
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
  },
  layer(['src/api/**/*.ts'], [forbid.editor, forbid.model, forbid.market, forbid.webview, forbid.vscodeLayer, forbid.dev, forbid.test]),
  layer(['src/model/**/*.ts'], [forbid.editor, forbid.apiBeyondTypes, forbid.market, forbid.webview, forbid.vscodeLayer, forbid.dev, forbid.test]),
  layer(['src/market/**/*.ts'], [forbid.editor, forbid.webview, forbid.vscodeLayer, forbid.dev, forbid.test]),
  // The market worker's protocol, server and client: the same in a worker_threads Worker, a Web Worker or the editor's thread.
  layer(['src/market/protocol.ts', 'src/market/worker/**/*.ts'], [forbid.editor, forbid.webview, forbid.vscodeLayer, forbid.dev, forbid.test, forbid.nodeOnly]),
  // The market worker's Node entry and transport (dist/marketWorker.js): no editor in a worker.
  layer(['src/node/**/*.ts'], [forbid.editor, forbid.webview, forbid.vscodeLayer, forbid.dev, forbid.test]),
  layer(['src/webview/**/*.ts'], [forbid.editor, forbid.apiBeyondTypes, forbid.market, forbid.vscodeLayer, forbid.dev, forbid.test]),
  // The pages' scripts (src/webview/<page>/page.ts) and what they share (src/webview/dom.ts) run in the webview.
  layer(['src/webview/*/page.ts', 'src/webview/dom.ts'], [forbid.editor, forbid.pageL10n, forbid.pageScript, forbid.pageShell, forbid.vscodeLayer, forbid.dev, forbid.test]),
  // The command-line tool and MCP server run in plain Node, outside the editor, on the same core.
  layer(['src/cli/**/*.ts'], [forbid.editor, forbid.webview, forbid.vscodeLayer, forbid.dev, forbid.test]),
  layer(['src/vscode/**/*.ts', 'src/extension.ts'], [forbid.dev, forbid.test]),
  layer(['src/vscode/services/**/*.ts'], [forbid.dev, forbid.test, forbid.editorParts]),
  layer(['test/unit/**/*.ts', 'test/support/**/*.ts'], [forbid.editor, forbid.unitEditorLayer]),
  layer(['dev/**/*.ts'], [forbid.editor, forbid.productEditorLayer]),
  {
    // Loaded by an integration test inside the extension host: it must not bring
    // process control, signal handlers or the rest of the harness in with it.
    files: ['dev/harness/logFiles.ts', 'dev/harness/util.ts', 'dev/repoRoot.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [forbid.editor, ...['child_process', 'node:child_process', 'node:net', 'net'].map((name) => ({ name, message: 'This file runs inside the extension host: file system only.' }))],
          patterns: [
            forbid.productEditorLayer,
            { regex: String.raw`^\./(install|server|runTests)$`, message: 'This file runs inside the extension host: importing the harness would hook signals and spawn processes there.' },
          ],
        },
      ],
    },
  },
  {
    // A second extension for the browser scenarios: plain CommonJS as VS Code loads it, no build step.
    files: ['test/fixtures/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
