// `npm run test:e2e` (packages first): the scenarios in scenarios.ts, in the
// real VS Code web workbench with gpu-rental.vsix installed, against the
// demo API, on each VS Code version asked for. Prints one line per scenario,
// the path of a screenshot for each failure, and a closing line
// `e2e: N passed, M failed`; exits non-zero when anything failed.
//
// The work is a queue of windows (see plan.ts): per version, one shared window
// that runs the scenarios without a window of their own in their order, and
// one window per `fresh` scenario. Two windows run at a time, so that a core
// works while the other waits for the workbench (232-248 s against about 280).
//
// GPU_RENTAL_VSCODE_VERSIONS  comma-separated code-server releases (default: the newest
//                             VS Code here and the oldest engines.vscode accepts, see
//                             TESTED_VERSIONS in dev/harness/settings.ts)
// GPU_RENTAL_E2E_GREP         run only the scenarios whose title matches this regular
//                             expression (each signs in by itself when it has to)
// GPU_RENTAL_E2E_WINDOWS      how many windows run at a time (default 2; 1 runs one after another)
import { ensureVSCodeServer } from '../../dev/harness/install';
import { runMain } from '../../dev/harness/main';
import { TESTED_VERSIONS } from '../../dev/harness/settings';
import { Session, type SessionOptions } from './workbench';
import { scenarios, type Scenario } from './scenarios';
import { PRYING_EXTENSION } from './prying';
import { planWindows, type WindowJob } from './plan';

/** Every window the scenarios use has the prying extension next to GPU Rental, told which token to look for. */
const WINDOW: SessionOptions = PRYING_EXTENSION;

/** A whole scenario; each of its steps has its own, shorter timeout. */
const SCENARIO_TIMEOUT_MS = 5 * 60_000;

function versions(): string[] {
  const list = process.env.GPU_RENTAL_VSCODE_VERSIONS
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list?.length ? list : TESTED_VERSIONS;
}

function selected(): Scenario[] {
  const grep = process.env.GPU_RENTAL_E2E_GREP;
  return grep ? scenarios.filter((s) => new RegExp(grep, 'i').test(s.title)) : scenarios;
}

function windowsAtOnce(): number {
  const n = Number(process.env.GPU_RENTAL_E2E_WINDOWS ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${seconds(ms)}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function firstLines(err: unknown): string {
  // Playwright's call logs carry terminal colours.
  const text = (err instanceof Error ? err.message : String(err)).replace(/\u001b\[[0-9;]*m/g, '');
  return text.split('\n').slice(0, 12).map((l) => `        ${l}`).join('\n');
}

interface Totals {
  passed: number;
  failed: number;
  failures: string[];
}

/** Each line names its VS Code version: two windows write at once. */
function say(job: WindowJob, line: string): void {
  console.log(`  [${job.vscodeVersion}] ${line}`);
}

/** One window: opened, its scenarios run in order (each followed by its cleanup), closed. */
async function runWindow(job: WindowJob, totals: Totals): Promise<void> {
  const started = Date.now();
  let session: Session;
  try {
    session = await Session.open({ ...WINDOW, ...job.window, version: job.version, log: (line) => say(job, line) });
  } catch (err) {
    say(job, `could not start VS Code (code-server ${job.version}):\n${firstLines(err)}`);
    totals.failed += job.scenarios.length;
    totals.failures.push(...job.scenarios.map((s) => `${job.vscodeVersion}: ${s.title} (VS Code did not start)`));
    return;
  }
  const opened = Date.now() - started;
  try {
    for (const [index, scenario] of job.scenarios.entries()) {
      const t0 = Date.now();
      try {
        session.ui.forgetStatusMessages();
        await withTimeout(scenario.run(session), SCENARIO_TIMEOUT_MS, 'the scenario');
        totals.passed++;
        say(job, `✔ ${scenario.title} (${seconds(Date.now() - t0)}${job.shared || index > 0 ? '' : `, its window opened in ${seconds(opened)}`})`);
      } catch (err) {
        totals.failed++;
        totals.failures.push(`${job.vscodeVersion}: ${scenario.title}`);
        say(job, `✘ ${scenario.title} (${seconds(Date.now() - t0)})\n${firstLines(err)}`);
        const shot = await session.failureScreenshot(scenario.title.slice(0, 80));
        if (shot) say(job, `    screenshot: ${shot}`);
      }
      if (scenario.cleanup) {
        await withTimeout(scenario.cleanup(session), SCENARIO_TIMEOUT_MS, 'the cleanup').catch((err: unknown) =>
          say(job, `  (cleanup after "${scenario.title}" failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`),
        );
      }
    }
  } finally {
    await session.close();
  }
  if (job.shared) say(job, `the shared window: opened in ${seconds(opened)}, ${seconds(Date.now() - started)} in all`);
}

async function main(): Promise<number> {
  const list = selected();
  const totals: Totals = { passed: 0, failed: 0, failures: [] };
  const started = Date.now();
  const installs = [];
  for (const version of versions()) installs.push({ version, vscodeVersion: (await ensureVSCodeServer(version)).vscodeVersion });
  const { jobs, skipped } = planWindows(installs, list);
  for (const { vscodeVersion, title, why } of skipped) console.log(`  [${vscodeVersion}] – ${title}: not on VS Code ${vscodeVersion} (${why})`);
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runWindow(job, totals);
  };
  const at = Math.min(windowsAtOnce(), queue.length);
  console.log(`\n  ${jobs.length} windows, ${at} at a time`);
  await Promise.all(Array.from({ length: at }, worker));
  if (totals.failures.length) {
    console.log(`\n  Failed:\n${totals.failures.map((f) => `    - ${f}`).join('\n')}`);
  }
  console.log(`\n  (${seconds(Date.now() - started)})`);
  console.log(`e2e: ${totals.passed} passed, ${totals.failed} failed`);
  return totals.failed === 0 && totals.passed > 0 ? 0 : 1;
}

runMain(main, { stack: true, onError: () => console.log('e2e: 0 passed, 1 failed') });
