// The first step of `npm start` and `npm test`: installs what a fresh machine
// lacks before anything else runs. Plain JavaScript with Node's own modules
// only, since it runs before the dependencies (TypeScript included) exist.
//
//   node dev/ensure.mjs          dependencies: `npm ci` when node_modules is
//                                missing or older than package-lock.json
//   node dev/ensure.mjs --test   also Debian's Chromium (the browser the tests
//                                drive) and make, g++ and python3 (node-gyp
//                                builds the VS Code server's log writer with
//                                them, see dev/harness/install.ts): apt-get
//                                when root, otherwise the command to run
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where dev/harness/settings.ts looks for it (CHROMIUM); playwright-core never downloads one. */
const CHROMIUM = '/usr/bin/chromium';
const MIN_NODE = 20;

function say(line) {
  console.log(`ensure: ${line}`);
}

function fail(lines) {
  console.error(['', ...lines.map((l) => (l ? `ensure: ${l}` : '')), ''].join('\n'));
  process.exit(1);
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** npm ci when node_modules is absent, or older than the lockfile (someone pulled new dependencies). */
function ensureDependencies() {
  // npm writes node_modules/.package-lock.json at the end of every install.
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  const locked = mtime(path.join(root, 'package-lock.json'));
  if (installed !== undefined && locked !== undefined && installed >= locked) return;
  say(installed === undefined ? 'node_modules is missing: npm ci' : 'package-lock.json is newer than node_modules: npm ci');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-fund', '--no-audit'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) fail([`npm ci failed (exit code ${result.status ?? result.signal}); see its output above.`]);
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Debian packages the tests need and this machine lacks. */
function missingPackages() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  for (const [command, pkg] of [['make', 'make'], ['g++', 'g++'], ['python3', 'python3']]) {
    if (!onPath(command)) missing.push(pkg);
  }
  return missing;
}

function ensureTestTools() {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.platform !== 'linux' || !onPath('apt-get')) {
    fail([
      `the tests need ${missing.join(', ')}, and Chromium at ${CHROMIUM}: they drive Debian's Chromium`,
      'through playwright-core, which never downloads a browser. Run them on Debian or Ubuntu (a container will do).',
    ]);
  }
  if (!isRoot) {
    fail([
      `the tests need ${missing.join(', ')} (Chromium at ${CHROMIUM} is the browser they drive). Install them with:`,
      '',
      `    sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
      '',
      'then run the same npm command again.',
    ]);
  }
  say(`installing ${missing.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env });
  } catch (err) {
    fail([`apt-get install ${missing.join(' ')} failed: ${err instanceof Error ? err.message : String(err)}`]);
  }
  const still = missingPackages();
  if (still.length) fail([`still missing after apt-get: ${still.join(', ')}`]);
}

const major = Number(process.versions.node.split('.')[0]);
if (major < MIN_NODE) {
  fail([`Node.js ${MIN_NODE} or newer is needed; this is ${process.version}.`]);
}
ensureDependencies();
if (process.argv.includes('--test')) ensureTestTools();
