// What a user installs: the .vsix holds only what runs, stays small, shows the
// README as it is, with its pictures, and a walkthrough with its pictures, and the
// extension activates only when its views or commands are used.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { drawStep, mediaFile, STEPS, THEMES } from '../../../dev/walkthroughMedia';
import { PROTOCOL_VERSION } from '../../../src/market/protocol';
import { MarketClient } from '../../../src/market/worker/client';
import { startWorker } from '../../../src/node/nodeTransport';
import { imagesIn } from '../../support/markdown';
import { zipEntries } from '../../support/zip';

const root = path.join(__dirname, '..', '..', '..', '..');
const vsce = path.join(root, 'node_modules', '.bin', 'vsce');
// 300 KB before the MCP server: dist/cli.js (about 370 KiB minified, most of it the
// MCP SDK with zod and ajv) adds about 90 KB compressed; the market worker,
// dist/marketWorker.js (about 85 KiB minified), about 25 KB; reading the machine list item by item for the command line
// (src/api/arrayItems.ts and its users) about 3 KB more; the filter box's suggestions
// (src/model/query/summary.ts, suggest.ts) about 4 KB.
/**
 * What `npm run package` ships (minified) must stay under 450 KB, not counting the README's screenshots
 * (SCREENSHOTS_MAX_BYTES, below): vscode-jsonrpc (the market worker's protocol) is in both the extension's
 * bundle and the worker's, which took the package from under 430 KB to 435 KB.
 */
const MAX_BYTES = 450 * 1024;
/**
 * The README's screenshots, which the package carries so that the extension's
 * page in VS Code shows them (23 PNGs of 256 colours, 764 KB, about 670 KB in
 * the .vsix): a budget of their own, so that the code's stays what it was.
 */
const SCREENSHOTS_MAX_BYTES = 800 * 1024;
/** As `npm run package` calls vsce (package.json "scripts"). */
const VSCE_ARGS = ['--no-dependencies'];

function sourcesIn(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => path.join(e.parentPath, e.name));
}

interface Step {
  id: string;
  title: string;
  description: string;
  media: { image: Record<string, string>; altText: string };
  completionEvents: string[];
}

describe('the package', function () {
  this.timeout(120_000);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const nls: Record<string, string> = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8'));
  let vsix: Map<string, Buffer>;
  /** The bytes the README's screenshots take in the .vsix. */
  let screenshotBytes: number;
  let vsixBytes: number;

  before(() => {
    // The package as `npm run package` makes it, built in a copy: dist/ here is the development
    // build, whose dist/extension.js is the integration tests' entry (test/integration/extensionEntry.ts).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-vsix-'));
    try {
      execFileSync(process.execPath, ['esbuild.js', '--production', `--out=${dir}`], { cwd: root, stdio: 'pipe' });
      for (const name of fs.readdirSync(root)) {
        if (['package.json', '.vscodeignore', 'LICENSE', 'CHANGELOG.md', 'README.md', 'media', 'l10n'].includes(name) || /^package\.nls.*\.json$/.test(name)) {
          fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
        }
      }
      const out = path.join(dir, 'test.vsix');
      execFileSync(vsce, ['package', ...VSCE_ARGS, '--no-rewrite-relative-links', '-o', out], { cwd: dir, stdio: 'pipe' });
      vsixBytes = fs.statSync(out).size;
      const entries = zipEntries(out);
      vsix = new Map([...entries].map(([name, entry]) => [name, entry.bytes]));
      screenshotBytes = [...entries].filter(([name]) => name.startsWith('extension/media/screenshots/')).reduce((sum, [, entry]) => sum + entry.stored, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ships no test code: dist/extension.js holds none of the test entry\'s names (test/integration/extensionEntry.ts)', () => {
    const entry = fs.readFileSync(path.join(root, 'test', 'integration', 'extensionEntry.ts'), 'utf8');
    const api = /^export interface GpuRentalTestApi extends Wiring \{\n([\s\S]*?)^\}/m.exec(entry)?.[1] ?? '';
    // What the tests' activate adds to the product's parts, less the words the product itself uses (globalState, secrets, ...).
    const product = sourcesIn(path.join(root, 'src')).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    const added = [...api.matchAll(/^  (\w+)[(:]/gm)].map((m) => m[1]).filter((name) => !new RegExp(`\\b${name}\\b`).test(product));
    assert.ok(added.includes('answerNextModal') && added.includes('shownMessages'), `read the test entry's names: ${added.join(', ')}`);
    const bundle = vsix.get('extension/dist/extension.js')!.toString('utf8');
    assert.deepEqual(added.filter((name) => bundle.includes(name)), []);
    assert.ok(!bundle.includes('extensionEntry') && !bundle.includes('sourceMappingURL'), 'the product bundle, minified');
  });

  it('lists only the bundle, the MCP server (dist/cli.js), the market worker (dist/marketWorker.js), media, translations, the README, CHANGELOG, LICENSE and package.json with its texts', function () {
    const files = execFileSync(vsce, ['ls', ...VSCE_ARGS], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .sort();
    const unexpected = files.filter((f) => !/^(dist\/extension\.js|dist\/cli\.js|dist\/marketWorker\.js|dist\/pages\/[a-z]+\.js|README\.md|media\/.+|l10n\/bundle\.l10n(\.[a-z-]+)?\.json|package\.nls(\.[a-z-]+)?\.json|CHANGELOG\.md|LICENSE|package\.json)$/.test(f));
    assert.deepEqual(unexpected, [], 'no sources, maps, tests or node_modules');
    // dist/cli.js is what VS Code runs for the MCP server the extension offers (src/vscode/features/mcp.ts).
    // dist/marketWorker.js is the market worker the extension starts (src/vscode/services/marketHost.ts).
    for (const needed of ['dist/extension.js', 'dist/cli.js', 'dist/marketWorker.js', 'README.md', 'package.json', 'package.nls.json', 'CHANGELOG.md', 'LICENSE', 'media/gpu-rental.svg', 'dist/pages/details.js', 'media/details.css', 'dist/pages/compare.js', 'media/compare.css', 'dist/pages/template.js', 'media/template.css', 'l10n/bundle.l10n.json', 'l10n/bundle.l10n.de.json', 'package.nls.de.json', 'l10n/bundle.l10n.qps-ploc.json', 'package.nls.qps-ploc.json']) {
      assert.ok(files.includes(needed), `${needed} is in the package`);
    }
  });

  it('ships a market worker that starts and speaks the protocol', async () => {
    const connection = startWorker(path.join(root, 'dist', 'marketWorker.js'));
    const client = new MarketClient({ start: () => connection, hello: { version: PROTOCOL_VERSION, language: 'de', bundle: undefined }, pingEveryMs: 0, pingDeadlineMs: 0 });
    try {
      assert.deepEqual(await client.request('state', { which: 'machines' }), { count: undefined, fetchedAt: undefined, loading: false, errorKind: undefined, errorMessage: undefined, status: undefined, firstLook: undefined });
    } finally {
      client.dispose();
    }
  });

  it('ships a market worker that also serves in the caller’s thread, for where no worker can start', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require(path.join(root, 'dist', 'marketWorker.js')) as typeof import('../../../src/node/main');
    const client = new MarketClient({ start: () => bundle.serveInThread(), hello: { version: PROTOCOL_VERSION, language: 'de', bundle: undefined }, pingEveryMs: 0, pingDeadlineMs: 0 });
    try {
      assert.equal((await client.request('state', { which: 'machines' })).count, undefined);
      assert.deepEqual((await client.request('history.trends', { range: 'all', models: [], columns: 640 })).models, []);
    } finally {
      client.dispose();
    }
  });

  it(`is smaller than ${MAX_BYTES / 1024} KB without the README's screenshots, and they than ${SCREENSHOTS_MAX_BYTES / 1024} KB`, () => {
    const screenshots = screenshotBytes;
    console.log(`      .vsix size: ${(vsixBytes / 1024).toFixed(1)} KB, of which the README's screenshots ${(screenshots / 1024).toFixed(1)} KB`);
    assert.ok(vsixBytes - screenshots < MAX_BYTES, `${vsixBytes - screenshots} bytes without the screenshots`);
    assert.ok(screenshots < SCREENSHOTS_MAX_BYTES, `${screenshots} bytes of screenshots`);
  });

  it('shows README.md as it is, for users, whose every picture is inside the .vsix, and no second README', () => {
    const readmes = [...vsix.keys()].filter((name) => /^extension\/readme(\.md|\.txt)?$/i.test(name));
    assert.deepEqual(readmes, ['extension/readme.md'], 'VS Code picks one README from the extension folder');
    const readme = vsix.get('extension/readme.md')!.toString('utf8');
    assert.equal(readme, fs.readFileSync(path.join(root, 'README.md'), 'utf8'), 'the repository\'s README, unchanged');
    assert.match(readme, /^# GPU Rental for VS Code\n/);
    for (const section of ['## First steps', '## Using it', '## Commands', '## Settings', '## The query reference', '## The command line', '## Troubleshooting']) {
      assert.ok(readme.includes(`\n${section}\n`), `the user guide has ${section}`);
    }
    assert.ok(!/^#+ (Development|Layout|Speed|How it is built|Mutation testing|Soak test)\b/m.test(readme), 'not the builders\' sections (docs/, CONTRIBUTING.md)');
    const images = imagesIn(readme);
    assert.ok(images.length > 0, 'it shows some pictures');
    for (const image of images) {
      assert.ok(!/^[a-z]+:/i.test(image), `${image}: a picture from the package, not the network`);
      const entry = `extension/${path.posix.normalize(decodeURI(image))}`;
      assert.ok(vsix.has(entry), `${image} is in the .vsix`);
      assert.ok(vsix.get(entry)!.length > 0);
    }
    const shown = new Set(images.map((image) => `extension/${path.posix.normalize(decodeURI(image))}`));
    const unshown = [...vsix.keys()].filter((name) => name.startsWith('extension/media/screenshots/') && !shown.has(name));
    assert.deepEqual(unshown, [], 'every screenshot shipped is one the README shows');
  });

  it('has a walkthrough of four steps, each completed by an event, with light, dark and high-contrast pictures in the .vsix and its texts in package.nls.json', () => {
    const [walkthrough, ...others] = pkg.contributes.walkthroughs;
    assert.equal(others.length, 0);
    assert.equal(walkthrough.id, 'gettingStarted');
    const steps: Step[] = walkthrough.steps;
    assert.deepEqual(
      steps.map((s) => s.id),
      ['serviceUrl', 'token', 'filter', 'copyId'],
    );
    const text = (value: string) => {
      const key = /^%(.+)%$/.exec(value)?.[1];
      assert.ok(key, `${value} is a %key% for package.nls.json`);
      assert.ok(nls[key]?.trim(), `package.nls.json has ${key}`);
      return nls[key];
    };
    text(walkthrough.title);
    text(walkthrough.description);
    for (const step of steps) {
      text(step.title);
      text(step.media.altText);
      assert.match(text(step.description), /\n\[[^\]]+\]\(command:[^)]+\)$/, `${step.id} ends with a button`);
      assert.ok(step.completionEvents.length > 0, `${step.id} is completed by an event`);
      for (const event of step.completionEvents) {
        // By outcome (issue 28): a context expression over our own keys, never a command being run.
        const [, expression] = /^onContext:(.+)$/.exec(event) ?? [];
        const keys = (expression ?? '').split(/\|\||&&/).map((term) => term.split(/==|!=/)[0].replace('!', '').trim());
        assert.ok(expression && keys.every((key) => key.startsWith('gpuRental.')), `${step.id}: ${event} reads our context keys`);
      }
      assert.deepEqual(Object.keys(step.media.image).sort(), ['dark', 'hc', 'hcLight', 'light']);
      for (const file of Object.values(step.media.image)) {
        const svg = vsix.get(`extension/${file}`)?.toString('utf8');
        assert.ok(svg?.startsWith('<svg '), `${file} is in the .vsix`);
        assert.ok(svg!.length < 8 * 1024, `${file} is small`);
      }
    }
    assert.deepEqual(
      steps.map((s) => s.completionEvents),
      [
        // One event per state: VS Code swallows an expression that already holds when the walkthrough registers.
        ['onContext:gpuRental.setup == noToken', 'onContext:gpuRental.setup == insecure', 'onContext:gpuRental.setup == ready'],
        ['onContext:gpuRental.setup == insecure || gpuRental.setup == ready'],
        ['onContext:gpuRental.machines.filtered'],
        ['onContext:gpuRental.nodeIdCopied'],
      ],
    );
  });

  it('keeps the walkthrough pictures as dev/walkthroughMedia.ts draws them (npm run media:walkthrough)', () => {
    for (const step of STEPS) {
      for (const theme of THEMES) {
        assert.equal(fs.readFileSync(mediaFile(step, theme), 'utf8'), drawStep(step, theme), `${step}-${theme}.svg is stale`);
      }
    }
  });

  it('offers Get Started in the palette, in the Machines view\'s ... menu and in its welcome content', () => {
    assert.ok(pkg.contributes.commands.some((c: { command: string }) => c.command === 'gpuRental.getStarted'));
    assert.ok(!pkg.contributes.menus.commandPalette.some((m: { command: string }) => m.command === 'gpuRental.getStarted'), 'never hidden from the palette');
    const inMenu = pkg.contributes.menus['view/title'].find((m: { command: string }) => m.command === 'gpuRental.getStarted');
    assert.equal(inMenu?.when, 'view == gpuRental.machines');
    assert.ok(!String(inMenu.group).startsWith('navigation'), 'in the ... menu, not the title bar');
    const welcome = pkg.contributes.viewsWelcome.filter((w: { view: string; when: string }) => w.view === 'gpuRental.machines' && /noToken/.test(w.when) && /noBaseUrl/.test(w.when));
    assert.ok(welcome.some((w: { contents: string }) => /\(command:gpuRental\.getStarted\)/.test(nls[w.contents.slice(1, -1)] ?? w.contents)));
  });

  it('has what a marketplace reviewer looks for: a 128×128 PNG icon in the package, a banner, real categories and keywords, no invented links', () => {
    const icon = vsix.get(`extension/${pkg.icon}`);
    assert.ok(icon, 'the icon is in the .vsix');
    assert.equal(icon.subarray(1, 4).toString('latin1'), 'PNG');
    // The IHDR chunk holds width and height right after the signature and the chunk header.
    assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);
    assert.match(pkg.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(pkg.galleryBanner.theme));
    assert.ok(pkg.keywords.length >= 3 && pkg.keywords.length <= 30, 'the marketplace takes at most 30 keywords');
    assert.ok(pkg.keywords.every((k: string) => k === k.toLowerCase() && k.trim() === k));
    const known = ['Programming Languages', 'Snippets', 'Linters', 'Themes', 'Debuggers', 'Formatters', 'Keymaps', 'SCM Providers', 'Other', 'Extension Packs', 'Language Packs', 'Data Science', 'Machine Learning', 'Visualization', 'Notebooks', 'Education', 'Testing', 'AI', 'Chat'];
    assert.deepEqual(pkg.categories.filter((c: string) => !known.includes(c)), []);
    assert.equal(pkg.repository, undefined, 'no repository until the project has a public home');
    assert.equal(pkg.homepage, undefined);
    // Requests go from the user's own machine when it can run them (see README); remote-only setups fall back to the workspace side.
    assert.deepEqual(pkg.extensionKind, ['ui', 'workspace']);
    assert.deepEqual(pkg.capabilities, { untrustedWorkspaces: { supported: true }, virtualWorkspaces: true });
  });

  it('activates only through its views and commands, never at start-up', () => {
    const events: string[] = pkg.activationEvents ?? [];
    assert.ok(!events.some((e) => e === '*' || e === 'onStartupFinished'), events.join());
    assert.equal(pkg.main, './dist/extension.js');
  });

  it('claims no VS Code older than the integration suite runs on, with matching API types', () => {
    assert.equal(pkg.engines.vscode, '^1.100.0');
    assert.equal(pkg.devDependencies['@types/vscode'], '1.100.0');
  });
});
