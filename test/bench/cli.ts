// `npm run bench:cli`: what `gpu-rental machines` costs at 100k machines,
// each run a fresh process against the demo API on 127.0.0.1: the time to
// its first line and to its last, and its peak resident memory (read by a
// preload from process.resourceUsage(), so no /usr/bin/time is needed).
// --ndjson streams (the body read item by item, each match written as it
// arrives); --ids --limit 1 keeps the cheapest while the list arrives;
// --ndjson --sort holds the matches to sort them. A slow service (its body
// paused after the first 512 KB) shows that the first lines do not wait for
// the rest. The machine may be busy: compare the rows, not the milliseconds.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_TOKEN, generateMachines } from '../../dev/demo/fixtures';
import { startDemoServer } from '../../dev/demo/server';
import { CLI, requireBuiltCli } from '../support/cli';

const COUNT = Number(process.env.GPU_RENTAL_BENCH_CLI_COUNT ?? 100_000);
const STALL_MS = 2_000;

interface Figures {
  firstMs: number;
  lastMs: number;
  lines: number;
  rssMb: number;
  code: number | null;
}

async function run(dir: string, args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<Figures> {
  const preload = path.join(dir, 'rss.js');
  const report = path.join(dir, 'rss.txt');
  fs.writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(process.env.RSS_REPORT, String(process.resourceUsage().maxRSS)));`);
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--require', preload, CLI, ...args], { env: { ...env, RSS_REPORT: report }, stdio: ['ignore', 'pipe', 'inherit'] });
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  let firstMs = NaN;
  let lines = 0;
  child.stdout.setEncoding('utf8');
  for await (const chunk of child.stdout as AsyncIterable<string>) {
    if (Number.isNaN(firstMs) && chunk.includes('\n')) firstMs = performance.now() - started;
    lines += chunk.split('\n').length - 1;
  }
  const code = await closed;
  return { firstMs, lastMs: performance.now() - started, lines, rssMb: Number(fs.readFileSync(report, 'utf8')) / 1024, code };
}

async function main(): Promise<void> {
  requireBuiltCli();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-bench-cli-'));
  const server = await startDemoServer({ machines: generateMachines(COUNT, 3) });
  const env = { PATH: process.env.PATH, GPU_RENTAL_BASE_URL: server.url, GPU_RENTAL_TOKEN: DEMO_TOKEN };
  const rows: [string, Figures][] = [];
  try {
    // One run first, so that the demo server has built its answer.
    await run(dir, ['machines', 'gpus>=1000', '--ids'], env);
    rows.push(['machines --ndjson', await run(dir, ['machines', '--ndjson'], env)]);
    rows.push(['  the same, heap capped at 32 MB', await run(dir, ['machines', '--ndjson'], env, ['--max-old-space-size=32', '--max-semi-space-size=1'])]);
    rows.push(["machines 'gpus>=8' --ids --limit 1", await run(dir, ['machines', 'gpus>=8', '--ids', '--limit', '1'], env)]);
    rows.push(['machines --ndjson --sort pricePerGpu', await run(dir, ['machines', '--ndjson', '--sort', 'pricePerGpu'], env)]);
    rows.push(['machines --json (sorted, whole list)', await run(dir, ['machines', '--json'], env)]);
    server.setFault({ endpoint: 'machines', times: 1, fault: { kind: 'stall', afterBytes: 512 * 1024, ms: STALL_MS } });
    rows.push([`machines --ndjson, body paused ${STALL_MS / 1000} s after 512 KB`, await run(dir, ['machines', '--ndjson'], env)]);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`bench:cli, ${COUNT.toLocaleString('en')} machines from the demo API on 127.0.0.1, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${'run'.padEnd(width)}  first line    last line    lines    peak RSS  exit`);
  for (const [name, f] of rows) {
    console.log(`${name.padEnd(width)}  ${`${f.firstMs.toFixed(0)} ms`.padStart(10)}  ${`${f.lastMs.toFixed(0)} ms`.padStart(11)}  ${String(f.lines).padStart(7)}  ${`${f.rssMb.toFixed(0)} MB`.padStart(10)}  ${f.code}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
