// The generated translation files are what `npm run l10n` makes of the
// sources now. Apart from l10n.test.ts because these read src/ and run the
// l10n tool over it: Stryker leaves them out (stryker.config.json), as its
// sandbox holds instrumented sources.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..', '..', '..');
const cli = path.join(root, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');

type Bundle = Record<string, string | { message: string; comment: string[] }>;

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-l10n-'));
}

function l10nDev(args: string[], cwd: string): void {
  execFileSync(process.execPath, [cli, ...args], { cwd, stdio: 'pipe' });
}

describe('translations: the files are up to date', function () {
  // The export parses every source file: a few seconds of CPU on a quiet
  // machine, many times that beside other work. The limit only catches a hang.
  this.timeout(600_000);

  it('l10n/bundle.l10n.json holds exactly the strings of src/ (run `npm run l10n` if not)', () => {
    const dir = tempDir();
    try {
      l10nDev(['export', '-o', dir, './src'], root);
      const fresh = fs.readFileSync(path.join(dir, 'bundle.l10n.json'), 'utf8');
      const committed = fs.readFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), 'utf8');
      const [now, was] = [JSON.parse(fresh) as Bundle, JSON.parse(committed) as Bundle];
      const added = Object.keys(now).filter((k) => !(k in was));
      const gone = Object.keys(was).filter((k) => !(k in now));
      assert.deepEqual({ added, gone }, { added: [], gone: [] }, 'l10n/bundle.l10n.json is stale: run `npm run l10n`');
      assert.equal(committed, fresh, 'l10n/bundle.l10n.json is stale (order or comments): run `npm run l10n`');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the pseudo-locale files (qps-ploc) are generated from the English ones (run `npm run l10n` if not)', () => {
    const dir = tempDir();
    try {
      fs.mkdirSync(path.join(dir, 'l10n'));
      fs.copyFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), path.join(dir, 'l10n', 'bundle.l10n.json'));
      fs.copyFileSync(path.join(root, 'package.nls.json'), path.join(dir, 'package.nls.json'));
      l10nDev(['generate-pseudo', 'l10n/bundle.l10n.json', 'package.nls.json'], dir);
      for (const file of ['l10n/bundle.l10n.qps-ploc.json', 'package.nls.qps-ploc.json']) {
        assert.equal(fs.readFileSync(path.join(root, file), 'utf8'), fs.readFileSync(path.join(dir, file), 'utf8'), `${file} is stale: run \`npm run l10n\``);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every l10n.t call in src/ gives its text (and comment) as literals, which the export can read', () => {
    const calls: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts')) {
          const text = fs.readFileSync(file, 'utf8');
          for (const match of text.matchAll(/l10n\.t\((?=([^]{0,400}))/g)) calls.push(`${path.relative(root, file)}: l10n.t(${match[1].split('\n')[0]}`);
        }
      }
    };
    walk(path.join(root, 'src'));
    assert.ok(calls.length > 300, `${calls.length} calls`);
    // A string literal, or { message: 'literal', comment: ['literal'] }: concatenations and variables are silently left out of the bundle.
    const literal = String.raw`(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")`;
    const readable = new RegExp(String.raw`^[^:]+: l10n\.t\((?:${literal}\s*[,)]|\{ message: ${literal}, comment: \[${literal}\] \})`);
    assert.deepEqual(calls.filter((c) => !readable.test(c)), []);
  });
});
