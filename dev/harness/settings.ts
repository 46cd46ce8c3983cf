// What every run of a real VS Code here shares (the integration runner, the
// browser scenarios, the README screenshots, `npm start`): which builds, which
// browser, and a workbench that stays out of the way. One place, so that the
// scenarios and the integration suite see the same editor.

/** code-server release carrying the newest VS Code build the npm registry has (VS Code 1.139.1). */
export const DEFAULT_VERSION = '4.139.1';

/**
 * The VS Code builds the tests run on (code-server release → VS Code version):
 * the newest available here, and the oldest that package.json's engines.vscode
 * accepts (4.100.3 carries VS Code 1.100.3).
 */
export const TESTED_VERSIONS = [DEFAULT_VERSION, '4.100.3'];

/** The server listens on loopback only: it runs without a connection token. */
export const HOST = '127.0.0.1';

/** Debian's Chromium (`.ci/run` installs it); playwright-core never downloads a browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless on a machine without a GPU, a sandbox or network access beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Every browser page asks for reduced motion, as a person who set it in their
 * system does: VS Code's default `workbench.reduceMotion: auto` then drops its
 * animations (progress bars, transitions, smooth scrolling), which cost the
 * renderer of a 2-core machine about a sixth of what nine browser scenarios
 * used (85–97 CPU seconds with them, 73–78 without).
 */
export const REDUCED_MOTION = 'reduce' as const;

/**
 * User settings every server gets before its own: fewer lookups of servers
 * this machine cannot reach, and nothing on screen but the editor and this
 * extension (no welcome page, tips, chat panel or trust prompt).
 */
export const QUIET_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'telemetry.telemetryLevel': 'off',
};

/** GPU_RENTAL_VSCODE_VERBOSE=1: print what the server, the workbench and the browser say. */
export const VERBOSE = process.env.GPU_RENTAL_VSCODE_VERBOSE === '1';
