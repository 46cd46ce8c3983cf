// `npm run test:e2e` (packages first): the scenarios in scenarios.ts, in the
// real VS Code web workbench with gpu-rental.vsix installed, against the
// demo API, on each VS Code version asked for. Prints one line per scenario,
// the path of a screenshot for each failure, and a closing line
// `e2e: N passed, M failed`; exits non-zero when anything failed.
//
// GPU_RENTAL_VSCODE_VERSIONS  comma-separated code-server releases (default: the newest
//                             VS Code here and the oldest engines.vscode accepts, see
//                             TESTED_VERSIONS in dev/harness/settings.ts)
// GPU_RENTAL_E2E_GREP         run only the scenarios whose title matches this regular
//                             expression (each signs in by itself when it has to)
import { runMain } from '../../dev/harness/main';
import { TESTED_VERSIONS } from '../../dev/harness/settings';
import { Session, type SessionOptions } from './workbench';
import { scenarios, type Scenario } from './scenarios';
import { PRYING_EXTENSION } from './prying';

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

async function runOn(version: string, list: Scenario[], totals: Totals): Promise<void> {
  const started = Date.now();
  let session: Session;
  try {
    session = await Session.open({ ...WINDOW, version, log: (line) => console.log(`  ${line}`) });
  } catch (err) {
    console.log(`\n  could not start VS Code (code-server ${version}):\n${firstLines(err)}`);
    totals.failed += list.length;
    totals.failures.push(...list.map((s) => `${version}: ${s.title} (VS Code did not start)`));
    return;
  }
  console.log(`\n  VS Code ${session.vscodeVersion} (code-server ${version}), ready in ${seconds(Date.now() - started)}`);
  try {
    for (const [index, scenario] of list.entries()) {
      if (scenario.appliesTo && !scenario.appliesTo(session.vscodeVersion)) {
        console.log(`    – ${scenario.title}: not on VS Code ${session.vscodeVersion} (${scenario.appliesWhy ?? 'does not apply'})`);
        continue;
      }
      const t0 = Date.now();
      let own: Session | undefined;
      try {
        if (scenario.fresh) own = await Session.open({ ...WINDOW, ...scenario.window, version });
        await withTimeout(scenario.run(own ?? session), SCENARIO_TIMEOUT_MS, 'the scenario');
        totals.passed++;
        console.log(`    ✔ ${scenario.title} (${seconds(Date.now() - t0)})`);
      } catch (err) {
        totals.failed++;
        totals.failures.push(`${version}: ${scenario.title}`);
        console.log(`    ✘ ${scenario.title} (${seconds(Date.now() - t0)})\n${firstLines(err)}`);
        const shot = await (own ?? session).failureScreenshot(`${index + 1}-${scenario.title.slice(0, 60)}`);
        if (shot) console.log(`        screenshot: ${shot}`);
      } finally {
        await own?.close();
      }
      if (scenario.cleanup) {
        await withTimeout(scenario.cleanup(session), SCENARIO_TIMEOUT_MS, 'the cleanup').catch((err: unknown) =>
          console.log(`      (cleanup after "${scenario.title}" failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`),
        );
      }
    }
  } finally {
    await session.close();
  }
  console.log(`  code-server ${version}: ${seconds(Date.now() - started)} in all`);
}

async function main(): Promise<number> {
  const list = selected();
  const totals: Totals = { passed: 0, failed: 0, failures: [] };
  const started = Date.now();
  for (const version of versions()) {
    await runOn(version, list, totals);
  }
  if (totals.failures.length) {
    console.log(`\n  Failed:\n${totals.failures.map((f) => `    - ${f}`).join('\n')}`);
  }
  console.log(`\n  (${seconds(Date.now() - started)})`);
  console.log(`e2e: ${totals.passed} passed, ${totals.failed} failed`);
  return totals.failed === 0 && totals.passed > 0 ? 0 : 1;
}

runMain(main, { stack: true, onError: () => console.log('e2e: 0 passed, 1 failed') });
