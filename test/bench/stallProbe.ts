// bench:workbench's side of the stall probe (test/fixtures/stall-probe, an
// extension beside GPU Rental in the same extension host that notes every gap
// of more than 50 ms in that thread's event loop): the marks around each
// action, and the probe's report read back. The arithmetic is in
// dev/harness/stalls.ts (pure, unit-tested).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../dev/repoRoot';
import { actionFigures, type ActionFigures, type Mark } from '../../dev/harness/stalls';
import { until, type Session } from '../e2e/workbench';
import { allocationLines, stallLines, type ProfiledReport } from './stallProfile';

export const STALL_PROBE = path.join(repoRoot, 'test', 'fixtures', 'stall-probe');

/**
 * After an action shows its result, the window stays open this long: what it
 * set off for later (a body fingerprinted two seconds after a first load, a
 * tree refreshed after its data) is still that action's.
 */
export const SETTLE_MS = 3_000;

/** The clock of the probe's report: epoch milliseconds with fractions, in any process on this machine. */
export const wallClock = (): number => performance.timeOrigin + performance.now();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The marks around each action of one size. */
export class Marks {
  readonly marks: Mark[] = [];

  /**
   * Runs `action`, which resolves once its result is on screen, then waits
   * SETTLE_MS, and marks the window from the start to the end of that wait.
   * How long the action took is `tookOf` its result when it measured that
   * better itself (in the page), else the time until it resolved.
   */
  async around<T>(name: string, action: () => Promise<T>, tookOf?: (result: T) => number): Promise<T> {
    const start = wallClock();
    const result = await action();
    const tookMs = tookOf ? tookOf(result) : wallClock() - start;
    await sleep(SETTLE_MS);
    this.marks.push({ action: name, start, end: wallClock(), tookMs });
    return result;
  }
}

/** Runs a command from the Command Palette and hands back the line it appended to `file` (a fixture extension's answer). */
export async function commandLine(session: Session, title: string, file: string): Promise<string> {
  const lines = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);
  const before = lines().length;
  await session.ui.runCommand(title);
  const all = await until(`the answer of ${title}`, async () => lines(), (found) => found.length > before, 120_000);
  if (process.env.GPU_RENTAL_BENCH_DEBUG) console.log(`  ${title}:`, all[all.length - 1]);
  return all[all.length - 1];
}

/** Asks the probe for what it noted and splits it by the marks. */
export async function stallFigures(session: Session, dir: string, marks: Marks): Promise<ActionFigures[]> {
  const file = path.join(dir, 'stalls.json');
  fs.rmSync(file, { force: true });
  await session.ui.runCommand('Stall Probe: Write Report');
  const report = await until(
    "the stall probe's report",
    async () => JSON.parse(fs.readFileSync(file, 'utf8')) as ProfiledReport,
    () => true,
    60_000,
  );
  if (process.env.GPU_RENTAL_BENCH_DEBUG) console.log(`  stall probe: ${report.gaps.length} gaps, ${report.samples.length} samples, pid ${report.pid}`);
  const ran = [...stallLines(report, marks.marks), ...allocationLines(report)];
  if (report.profile) {
    // For DevTools' or VS Code's profile viewer.
    const saved = path.join(repoRoot, 'test-results', `bench-extension-host-${report.pid}.cpuprofile`);
    fs.mkdirSync(path.dirname(saved), { recursive: true });
    fs.writeFileSync(saved, JSON.stringify(report.profile));
    ran.push(`  the whole profile: ${path.relative(repoRoot, saved)}`);
  }
  if (ran.length) console.log(`  what ran in each stall and action (GPU_RENTAL_STALL_PROFILE):\n${ran.join('\n')}`);
  return actionFigures(report, marks.marks);
}
