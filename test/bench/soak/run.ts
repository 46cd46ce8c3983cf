// `npm run bench:soak` (packages first): 1,000 polls of one watch against the
// demo market, with the packaged extension (gpu-rental.vsix, unpacked, its
// bundles rebuilt from the integration tests' entry) in the real web workbench.
// The extension host runs test/bench/soak/suite.ts as its test suite:
// `activate` hands it the watch service and it can poll at once (`pollWatchesNow()`) instead of waiting the 10 s the
// setting allows at least. One market step (`/__demo/market/tick`) before each
// poll: the market moves as fast as the polls come. Prints the figures and
// fails when a machine was missed or told twice, a poll failed, an alert came
// within five minutes of another, or the JS heap in use after a full GC grew
// by more than 10% from poll 100 to poll 1,000 (RSS is printed beside it).
//
// GPU_RENTAL_SOAK_POLLS       how many polls (default 1000)
// GPU_RENTAL_SOAK_WITHOUT_POLLS=1  the same loop without polling: what memory does by itself
// GPU_RENTAL_VSCODE_VERSIONS  one code-server release (default 4.139.1)
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_MACHINES } from '../../../dev/demo/fixtures';
import { startDemoServer } from '../../../dev/demo/server';
import { runMain } from '../../../dev/harness/main';
import { runExtensionTestsInBrowser } from '../../../dev/harness/runTests';
import { onAbruptExit } from '../../../dev/harness/server';
import { DEFAULT_VERSION } from '../../../dev/harness/settings';
import { repoRoot } from '../../../dev/repoRoot';
import type { SoakResult } from './result';

/** About half the market: cheap cards, and dearer ones whose price drops below 2/GPU. */
export const SOAK_WATCH = { query: 'price_per_gpu<2', name: 'soak: under 2/GPU' };
const SEED = 11;

function uptime(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return '(uptime unavailable)';
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const pct = (from: number, to: number) => `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)}%`;
const first = (ids: string[]) => (ids.length ? ` (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})` : '');

/** The figures as tables, and what failed (empty when all is well). */
export function report(r: SoakResult): { text: string; failures: string[] } {
  const at100 = r.memory.find((m) => m.poll === 100) ?? r.memory[0];
  const atEnd = r.memory[r.memory.length - 1];
  // Retained memory: the JS heap in use after a full GC. RSS also counts heap V8 reserved and has
  // not given back, which grows in steps of its own even when nothing is polled (CONTRIBUTING.md, Soak test).
  const growth = (atEnd.heapUsed - at100.heapUsed) / at100.heapUsed;
  const failures = r.withoutPolls ? [] : [
    ...(r.missed.length ? [`${r.missed.length} missed${first(r.missed)}`] : []),
    ...(r.duplicates.length ? [`${r.duplicates.length} told twice${first(r.duplicates)}`] : []),
    ...(r.unexplained.length ? [`${r.unexplained.length} told without being news${first(r.unexplained)}`] : []),
    ...(r.notListed.length ? [`${r.notListed.length} listed by the market but not by the extension${first(r.notListed)}`] : []),
    ...(r.failedPolls ? [`${r.failedPolls} polls failed`] : []),
    ...(r.alertsTooSoon ? [`${r.alertsTooSoon} alerts within five minutes of the one before`] : []),
    ...(growth > 0.1 ? [`the extension host's JS heap in use (after a full GC) grew ${pct(at100.heapUsed, atEnd.heapUsed)} from poll ${at100.poll} to ${atEnd.poll}`] : []),
  ];
  const text = [
    ...(r.withoutPolls ? ['WITHOUT POLLS (GPU_RENTAL_SOAK_WITHOUT_POLLS=1): the market steps and the memory figures only.', ''] : []),
    `| polls | market steps | watch | newly matching (market log) | told by the extension | missed | told twice | alerts shown (machines named) | held for the next alert | listed / matching at the end | per poll |`,
    `| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    `| ${r.polls.toLocaleString('en-US')} | ${r.ticks.toLocaleString('en-US')} | \`${r.watch}\` | ${r.newlyMatching} | ${r.told} | ${r.missed.length} | ${r.duplicates.length} | ${r.alerts} (${r.alertMachines}) | ${r.heldAtEnd ?? '?'} | ${r.listedAtEnd} / ${r.matchingAtEnd} | ${r.msPerPoll.toFixed(0)} ms |`,
    '',
    `| extension host | after poll ${at100.poll} | after poll ${atEnd.poll} | change |`,
    `| --- | ---: | ---: | ---: |`,
    `| JS heap used after a full GC | ${mb(at100.heapUsed)} | ${mb(atEnd.heapUsed)} | ${pct(at100.heapUsed, atEnd.heapUsed)} |`,
    `| RSS after a full GC | ${mb(at100.rss)} | ${mb(atEnd.rss)} | ${pct(at100.rss, atEnd.rss)} |`,
    `| JS heap reserved (heapTotal) | ${mb(at100.heapTotal)} | ${mb(atEnd.heapTotal)} | ${pct(at100.heapTotal, atEnd.heapTotal)} |`,
    `| outside the JS heap (external) | ${mb(at100.external)} | ${mb(atEnd.external)} | ${pct(at100.external, atEnd.external)} |`,
    `| RSS as found (before that GC) | ${mb(at100.rawRss)} | ${mb(atEnd.rawRss)} | ${pct(at100.rawRss, atEnd.rawRss)} |`,
    '',
    `After a full GC, every 100 polls (MB), poll: RSS / heap used / heap reserved:`,
    r.memory.map((m) => `${m.poll}: ${(m.rss / 1e6).toFixed(0)} / ${(m.heapUsed / 1e6).toFixed(0)} / ${(m.heapTotal / 1e6).toFixed(0)}`).join(', '),
  ].join('\n');
  return { text, failures };
}

async function main(): Promise<number> {
  const vsix = path.join(repoRoot, 'gpu-rental.vsix');
  if (!fs.existsSync(vsix)) throw new Error('gpu-rental.vsix is missing: run `npm run package` first (npm run bench:soak does)');
  const polls = Number(process.env.GPU_RENTAL_SOAK_POLLS ?? 1000);
  const version = process.env.GPU_RENTAL_VSCODE_VERSIONS?.split(',')[0]?.trim() || DEFAULT_VERSION;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-soak-'));
  const forget = onAbruptExit(() => fs.rmSync(scratch, { recursive: true, force: true }));
  // Paused: the suite steps the market before each poll, so each poll has news to find or not.
  const demo = await startDemoServer({ machines: DEMO_MACHINES, market: { seed: SEED, intervalMs: 60_000 } });
  demo.market.pause();
  try {
    // The .vsix as VS Code installs it: its extension/ folder is what runs.
    execFileSync('unzip', ['-q', vsix, 'extension/*', '-d', scratch]);
    // The package's activate hands out nothing: the same code behind the tests' entry (test/integration/extensionEntry.ts) does.
    execFileSync(process.execPath, ['esbuild.js', `--out=${path.join(scratch, 'extension')}`], { cwd: repoRoot, stdio: 'inherit' });
    const out = path.join(scratch, 'result.json');
    console.log(`bench:soak: ${polls} polls on code-server ${version}, demo market seed ${SEED}; load before: ${uptime()}`);
    const code = await runExtensionTestsInBrowser({
      extensionDevelopmentPath: path.join(scratch, 'extension'),
      extensionTestsPath: path.join(repoRoot, 'out', 'test', 'bench', 'soak', 'suite.js'),
      version,
      timeoutMs: 60 * 60_000,
      userSettings: {
        'gpuRental.baseUrl': demo.url,
        'gpuRental.watches': [SOAK_WATCH],
        // The suite polls by itself; the service's own timer must not poll in between.
        'gpuRental.watch.intervalSeconds': 86_400,
      },
      env: { GPU_RENTAL_SOAK_DEMO: demo.url, GPU_RENTAL_SOAK_OUT: out, GPU_RENTAL_SOAK_POLLS: String(polls) },
    });
    if (code !== 0 || !fs.existsSync(out)) {
      console.log(`the soak did not finish (exit code ${code})`);
      return 1;
    }
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as SoakResult;
    const { text, failures } = report(r);
    console.log(`\n${text}\n`);
    console.log(`Load after: ${uptime()}`);
    if (r.withoutPolls) console.log('without polls: nothing to check but memory');
    else console.log(failures.length ? `FAILED: ${failures.join('; ')}` : 'passed: nothing missed or told twice, the JS heap in use flat within 10%');
    return failures.length ? 1 : 0;
  } finally {
    await demo.close();
    forget();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

runMain(main);
