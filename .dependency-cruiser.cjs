// `npm run deps` (part of `npm run lint`, so of `npm test`): the import graph
// of src/, dev/ and test/ has no cycle and no arrow from a lower layer to a
// higher one. The layers are docs/architecture.md's "The layers":
//
//   src/api  <  src/model  <  src/market, src/webview  <  src/vscode  <  src/extension.ts
//
// ESLint's no-restricted-imports (eslint.config.mjs) says the same per file,
// with a message at the import; this check sees the whole graph, so it also
// finds cycles, which no per-file rule can. A rule's `comment` is what the
// report prints under a violation.

/** The layers above src/api, as path patterns (resolved paths, from the repository root). */
const MODEL = '^src/model/';
const MARKET = '^src/market/';
const WEBVIEW = '^src/webview/';
const EDITOR = '^src/(vscode/|extension\\.ts$)';
/** The editor's API: `import * as vscode from 'vscode'` resolves to its types (or to nothing). */
const VSCODE_API = ['^node_modules/@types/vscode/', '^vscode$'];
/** A page script: bundled on its own into the webview (src/webview/pages/<page>.ts, or src/webview/<page>/page.ts). */
const PAGE_SCRIPT = '^src/webview/(pages/[^/]+|[^/]+/page)\\.ts$';
/** What a page script may import: its DOM helpers, and (types only) the protocols. */
const PAGE_DOM = ['^src/webview/dom\\.ts$', '^src/webview/[^/]+/dom\\.ts$'];
const PROTOCOL = ['^src/webview/[A-Za-z]*[pP]rotocol\\.ts$', '^src/webview/[^/]+/protocol\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: these modules cannot be understood, tested or loaded one without the others. Pass what one needs as a parameter, or move the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'plain-layers-without-editor',
      severity: 'error',
      comment: 'src/api, src/model, src/market and src/webview run in plain Node and in unit tests: they must not depend on the editor (only src/vscode and src/extension.ts may import vscode).',
      from: { path: '^src/(api|model|market|webview)/' },
      to: { path: VSCODE_API },
    },
    {
      name: 'market-worker-without-editor',
      severity: 'error',
      comment: 'src/worker (the market worker: its entry and its Node transport) runs in a worker thread, where there is no editor: not src/vscode, not the pages.',
      from: { path: '^src/worker/' },
      to: { path: [`${WEBVIEW}|${EDITOR}`, ...VSCODE_API] },
    },
    {
      name: 'api-is-the-bottom',
      severity: 'error',
      comment: 'src/api is the bottom layer: it imports nothing else of ours.',
      from: { path: '^src/api/' },
      to: { path: `${MODEL}|${MARKET}|${WEBVIEW}|${EDITOR}` },
    },
    {
      name: 'model-below-market-and-webview',
      severity: 'error',
      comment: 'src/model uses only the data types and text helpers of src/api (api/types, api/text), never the market, the pages or the editor layer.',
      from: { path: MODEL },
      to: { path: `${MARKET}|${WEBVIEW}|${EDITOR}|^src/api/(?!(types|text)\\.ts$)` },
    },
    {
      name: 'market-below-editor',
      severity: 'error',
      comment: 'src/market builds on src/api and src/model only: not the pages (src/webview), not the editor layer.',
      from: { path: MARKET },
      to: { path: `${WEBVIEW}|${EDITOR}` },
    },
    {
      name: 'webview-below-editor',
      severity: 'error',
      comment: 'src/webview (page HTML and protocols) uses src/model and the data types and text helpers of src/api: not the market, the client or the editor layer.',
      from: { path: WEBVIEW },
      to: { path: `${MARKET}|${EDITOR}|^src/api/(?!(types|text)\\.ts$)` },
    },
    {
      name: 'page-script-alone',
      severity: 'error',
      comment: 'A page script runs in the webview and is bundled on its own: it imports only its DOM helpers and the types of the webview protocols (no model, api, @vscode/l10n or vscode: its words come with the content).',
      from: { path: PAGE_SCRIPT, pathNot: PAGE_DOM },
      to: { pathNot: [...PAGE_DOM, ...PROTOCOL] },
    },
    {
      name: 'page-script-protocol-types-only',
      severity: 'error',
      comment: 'A page script takes only the types of a protocol (import type): its code would pull the model into the page bundle.',
      from: { path: PAGE_SCRIPT, pathNot: PAGE_DOM },
      to: { path: PROTOCOL, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'editor-services-at-the-bottom',
      severity: 'error',
      comment: 'src/vscode/services (controller, token store, config, log, notify, consent) is what commands, views, panels and features build on: it must not import them.',
      from: { path: '^src/vscode/services/' },
      to: { path: '^src/(vscode/(commands|views|panels|features)/|extension\\.ts$)' },
    },
    {
      name: 'editor-parts-apart',
      severity: 'error',
      comment: 'commands, views, panels and features of src/vscode do not call each other: each is handed what it needs by src/extension.ts, so it may import the others\' types (import type) but not their code.',
      from: { path: '^src/vscode/(commands|views|panels|features)/' },
      to: { path: '^src/vscode/(commands|views|panels|features)/', pathNot: '^src/vscode/$1/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'extension-is-the-top',
      severity: 'error',
      comment: 'src/extension.ts only wires: nothing of src/ imports it (the integration tests\' entry, test/integration/extensionEntry.ts, wraps its wiring).',
      from: { path: '^src/' },
      to: { path: '^src/extension\\.ts$' },
    },
    {
      name: 'product-without-dev-and-tests',
      severity: 'error',
      comment: 'src/ is the extension and nothing else: it must not import development tools (dev/) or tests (test/).',
      from: { path: '^src/' },
      to: { path: '^(dev|test)/' },
    },
    {
      name: 'dev-without-editor-layer',
      severity: 'error',
      comment: 'dev/ runs in plain Node: it must not import src/vscode or src/extension.ts (they need the editor), nor tests.',
      from: { path: '^dev/' },
      to: { path: `${EDITOR}|^test/` },
    },
    {
      name: 'unit-tests-without-editor',
      severity: 'error',
      comment: 'Unit tests run in plain Node: no vscode, no src/vscode, no src/extension.ts (test that in test/integration).',
      from: { path: '^test/(unit|support)/' },
      to: { path: [EDITOR, ...VSCODE_API] },
    },
    {
      name: 'tests-do-not-import-tests',
      severity: 'error',
      comment: 'A test file imports helpers from test/support (or its own folder\'s helpers), never another test file: mocha would run that file\'s tests twice over.',
      from: { path: '^test/' },
      to: { path: '\\.test\\.ts$' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'This import names a module that does not exist (a file moved without its importers?).',
      from: {},
      to: { couldNotResolve: true, pathNot: '^vscode$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Node 22.13+ has it; the Node that runs this check (20) does not know its name.
    builtInModules: { add: ['node:sqlite', 'sqlite'] },
    exclude: { path: '^(out|dist|media|reports|\\.stryker-tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
