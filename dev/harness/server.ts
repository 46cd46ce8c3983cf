// Starting and stopping a VS Code server: fresh folders and a free port per
// run, the server in its own process group, and cleanup even when this
// process ends abruptly (Ctrl-C, a kill, an uncaught error).
// Plain Node: this file must not import `vscode`.
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureVSCodeServer, installExtensions, type VSCodeServerInstall } from './install';
import { registerLanguagePack, writeLanguagePack } from './languagePack';
import { USER_DATA_DIR_ENV } from './logFiles';
import { DEFAULT_VERSION, HOST, QUIET_SETTINGS } from './settings';
import { once, readdir, sleep, withTimeout, type Log } from './util';

export interface StartVSCodeServerOptions {
  /** code-server release that carries the VS Code build; default 4.139.1 (VS Code 1.139.1). */
  version?: string;
  /** 0 or undefined: pick a free port. */
  port?: number;
  /** Written to `User/settings.json` before the server starts, over QUIET_SETTINGS. */
  userSettings?: Record<string, unknown>;
  /**
   * Machine settings of the server (`USER_DATA_DIR/Machine/settings.json`). A setting of
   * machine scope, such as workbench.welcomePage.walkthroughs.openOnInstall, is read from there
   * in a remote or web window; the same key in the user settings is ignored.
   */
  machineSettings?: Record<string, unknown>;
  /** Defaults to a fresh temporary folder that close() removes. */
  extensionsDir?: string;
  /** A .vsix installed into the extensions folder before the server starts. */
  installVsix?: string;
  /** Unpacked extension folders installed next to it (see installExtensions). */
  installFolders?: string[];
  /**
   * The workbench's display language (a VS Code language id such as "de", or
   * the pseudo-locale "qps-ploc"): a minimal language pack for it is installed
   * and the server started with `--locale` (see languagePack.ts). Default: English.
   */
  locale?: string;
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
  /** GPU_RENTAL_DATA_DIR of its extension hosts: where the extension keeps the market history (under `history/`). */
  gpuRentalDataDir: string;
  /** The Node that runs the server (the extension host's own runtime). */
  node: string;
  extensionsDir: string;
  /** This server session's log folder, `USER_DATA_DIR/logs/<timestamp>`, once the server created it. */
  logsDir?: string;
  vscodeVersion: string;
  /** The server process; its extension hosts are among its descendants (see processes.ts). */
  pid: number;
  /** Settles when the server process ends, whether close() ended it or not. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  close(): Promise<void>;
}

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
  // The market history of this session only, never the user's own (~/.local/share/gpu-rental).
  const gpuRentalDataDir = path.join(tempRoot, 'gpu-rental-data');
  for (const dir of [userDataDir, serverDataDir, extensionsDir, tmpDir]) fs.mkdirSync(dir, { recursive: true });
  writeUserSettings(userDataDir, { ...QUIET_SETTINGS, ...opts.userSettings });
  if (opts.machineSettings) writeSettings(path.join(userDataDir, 'Machine'), opts.machineSettings);
  const dirArgs = ['--user-data-dir', userDataDir, '--server-data-dir', serverDataDir, '--extensions-dir', extensionsDir];
  const env = { ...process.env, TMPDIR: tmpDir, [USER_DATA_DIR_ENV]: userDataDir, GPU_RENTAL_DATA_DIR: gpuRentalDataDir, ...opts.env };
  try {
    const pack = opts.locale ? writeLanguagePack(tempRoot, opts.locale) : undefined;
    const extensions = { vsix: opts.installVsix ? [opts.installVsix] : [], folders: [...(opts.installFolders ?? []), ...(pack ? [pack] : [])] };
    const installed = await installExtensions(install, extensions, extensionsDir, env, log);
    if (pack) registerLanguagePack(userDataDir, installed[installed.length - 1]);
    const localeArgs = opts.locale ? ['--locale', opts.locale] : [];
    const port = opts.port || (await freePort());
    const child = spawnServer(install, port, [...dirArgs, ...localeArgs, ...(opts.serverArgs ?? [])], env);
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
      gpuRentalDataDir: opts.env?.GPU_RENTAL_DATA_DIR ?? gpuRentalDataDir,
      node: install.node,
      extensionsDir,
      logsDir: await sessionLogsDir(userDataDir),
      vscodeVersion: install.vscodeVersion,
      pid: child.pid ?? 0,
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
  writeSettings(path.join(userDataDir, 'User'), settings);
}

function writeSettings(dir: string, settings: Record<string, unknown>): void {
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
export function onAbruptExit(handler: () => void): () => void {
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
// Ports, output, folders

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
