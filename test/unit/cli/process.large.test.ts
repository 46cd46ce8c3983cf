// gpu-rental as a real child process against the demo API on 127.0.0.1, the
// long runs: 100k machines as JSON lines in constant memory and a slow
// service, and watch (news, a failed poll, a rejected token, a signal). Apart
// from process.test.ts so that mocha's two workers share the time.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_MACHINES, DEMO_TOKEN, generateMachines } from '../../../dev/demo/fixtures';
import type { Machine } from '../../../src/api/types';
import { pricePerGpu } from '../../../src/model/price';
import { cliEnv, CLI, demoForCli, runCommand } from '../../support/cli';

describe('cli: gpu-rental as a process against the demo API, the long runs', function () {
  this.timeout(60_000);
  const demo = demoForCli();

  describe('100k machines, and a slow service', () => {
    const machines = generateMachines(100_000, 3);
    let preload: string;

    before(() => {
      preload = path.join(demo.dir, 'rss.js');
      fs.writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(process.env.RSS_REPORT, String(process.resourceUsage().maxRSS)));`);
    });

    /** Runs the tool, counting the lines it writes as they come; its peak resident memory in MB. */
    const measure = async (args: string[], nodeArgs: string[] = []) => {
      const report = path.join(demo.dir, `rss-${[...nodeArgs, ...args].join('_').replace(/\W/g, '')}`);
      const child = spawn(process.execPath, [...nodeArgs, '--require', preload, CLI, ...args], { env: { ...demo.env, RSS_REPORT: report }, stdio: ['ignore', 'pipe', 'pipe'] });
      const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      let lines = 0;
      let bytes = 0;
      let first = '';
      child.stdout.setEncoding('utf8');
      for await (const chunk of child.stdout as AsyncIterable<string>) {
        if (bytes === 0) first = chunk.split('\n')[0];
        bytes += chunk.length;
        lines += chunk.split('\n').length - 1;
      }
      const code = await closed;
      return { code, lines, first, stderr, mb: bytes / 1024 / 1024, rssMb: fs.existsSync(report) ? Number(fs.readFileSync(report, 'utf8')) / 1024 : NaN };
    };

    /** A heap this small cannot hold the list (100k parsed machines are ~250 MB of heap): a run that held it would crash. */
    const SMALL_HEAP = ['--max-old-space-size=32', '--max-semi-space-size=1'];

    it('--ndjson streams 100k machines in constant memory: every line out, in a heap of 32 MB, at the resident memory of a 5k-machine run', async function () {
      this.timeout(180_000);
      // The floor: the same run against the first 5,000 (by then the heap has reached the size it keeps).
      demo.server.setData({ machines: machines.slice(0, 5_000) });
      const small = await measure(['machines', '--ndjson'], SMALL_HEAP);
      assert.deepEqual([small.code, small.lines], [0, 5_000]);
      demo.server.setData({ machines });
      const run = await measure(['machines', '--ndjson'], SMALL_HEAP);
      assert.equal(run.stderr, '');
      assert.deepEqual([run.code, run.lines], [0, machines.length]);
      assert.equal(JSON.parse(run.first).node_name, machines[0].node_name, 'in the service\'s order');
      console.log(`      100k machines: ${run.mb.toFixed(0)} MB of JSON lines, peak RSS ${run.rssMb.toFixed(0)} MB (${small.rssMb.toFixed(0)} MB for 5k)`);
      assert.ok(run.rssMb < small.rssMb + 20, `${run.rssMb} MB against ${small.rssMb} MB for 5k machines`);
      // A query and a limit: the first matches, then the request is dropped.
      const some = await measure(['machines', 'gpus>=8', '--ndjson', '--limit', '3'], SMALL_HEAP);
      assert.deepEqual([some.code, some.lines], [0, 3]);
    });

    it('--limit N keeps the first N of the sort while the list arrives: the deploy-script line at 100k in a heap of 32 MB', async function () {
      this.timeout(180_000);
      demo.server.setData({ machines });
      const run = await measure(['machines', 'gpus>=8', '--ids', '--limit', '1'], SMALL_HEAP);
      assert.deepEqual([run.code, run.lines, run.stderr], [0, 1, '']);
      const eight = machines.filter((m) => m.gpu_count >= 8);
      const cheapest = Math.min(...eight.map((m) => pricePerGpu(m)));
      assert.equal(pricePerGpu(eight.find((m) => m.node_name === run.first)!), cheapest);
    });

    it('--ndjson --sort holds the matches (it must sort them), not the output: 100k lines written as the reader takes them', async function () {
      this.timeout(180_000);
      demo.server.setData({ machines });
      // The floor: the same list fetched, parsed and filtered, nothing written.
      const floor = await measure(['machines', 'gpus>=1000', '--ids']);
      assert.deepEqual([floor.code, floor.lines], [1, 0]);
      const run = await measure(['machines', '--ndjson', '--sort', 'pricePerGpu']);
      assert.deepEqual([run.code, run.lines], [0, machines.length]);
      console.log(`      100k machines sorted: peak RSS ${run.rssMb.toFixed(0)} MB (${floor.rssMb.toFixed(0)} MB writing nothing)`);
      // Loose, no timing: the list is held (it is sorted), the output is not gathered into one string (which alone would be 2× its size as UTF-16, plus the array).
      assert.ok(run.rssMb < floor.rssMb + 2 * run.mb + 50, `${run.rssMb} MB against ${floor.rssMb} MB`);
    });

    it('a service that holds back the rest of its answer: the first lines are out before the body ends, the rest after it', async function () {
      this.timeout(60_000);
      demo.server.setData({ machines: machines.slice(0, 5_000) });
      // The first 200 kB (about 400 machines), then nothing until released.
      demo.server.setFault({ endpoint: 'machines', fault: { kind: 'stall', afterBytes: 200_000 } });
      const child = spawn(process.execPath, [CLI, 'machines', '--ndjson', '--timeout', '30'], { env: demo.env, stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      while (!stdout.includes('\n') && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
      // Without streaming, nothing is written until the body is all in: the run would time out with no line.
      assert.equal(child.exitCode, null, `the run ended before the body did: ${stdout.slice(0, 200)}`);
      const early = stdout.split('\n').length - 1;
      assert.ok(early > 0 && early < 5_000);
      demo.server.releaseStalled();
      assert.equal(await exited, 0);
      assert.equal(stdout.split('\n').length - 1, 5_000);
    });

    it('--ndjson piped to head -1 ends cleanly at 100k: exit 0, no EPIPE message', async function () {
      this.timeout(60_000);
      demo.server.setData({ machines });
      const shell = `set -o pipefail; "${process.execPath}" "${CLI}" machines --ndjson | head -1`;
      const run = await runCommand('bash', ['-c', shell], demo.env);
      assert.deepEqual([run.code, run.stderr], [0, '']);
      assert.equal(JSON.parse(run.stdout).node_name, machines[0].node_name);
    });
  });

  describe('watch', () => {
    /** A watch in the background, its output read as it comes. */
    function startWatch(args: string[], watchEnv = demo.env) {
      const child = spawn(process.execPath, [CLI, 'watch', ...args], { env: watchEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      const out = { stdout: '', stderr: '' };
      child.stdout.setEncoding('utf8').on('data', (c: string) => (out.stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (out.stderr += c));
      const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
      const until = async (what: () => boolean) => {
        while (!what()) {
          if (child.exitCode !== null) throw new Error(`the watch ended: ${out.stderr}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      return { child, out, exited, until };
    }

    const h100 = (id: string, price: string): Machine => ({ ...DEMO_MACHINES[0], node_name: id, gpu_name: 'H100_SXM', gpu_count: 8, price });

    it('prints each machine as it newly matches, one JSON line, says a failed poll on stderr and goes on, ends on SIGTERM with 0', async () => {
      const watch = startWatch(['gpu=h100_sxm gpus>=8 price_per_gpu<3', '--interval', '1']);
      await watch.until(() => /watching .*: \d+ of \d+ machines match now/.test(watch.out.stderr));
      assert.equal(watch.out.stdout, '', 'what matches at the start is the baseline');
      const first = '00000000-0000-4000-8000-000000000001';
      demo.server.setData({ machines: [...DEMO_MACHINES, h100(first, '16.00')] });
      await watch.until(() => watch.out.stdout.includes('\n'));
      assert.equal(JSON.parse(watch.out.stdout).node_name, first);
      demo.server.setFault({ endpoint: 'machines', fault: { kind: 'status', status: 503 } });
      await watch.until(() => /poll failed at \d\d:\d\d:\d\d UTC: .*503.*; next try in 1 s/.test(watch.out.stderr));
      demo.server.clearFaults();
      const second = '00000000-0000-4000-8000-000000000002';
      // A new one, and the first one cheaper: it matched before, so it is no news.
      demo.server.setData({ machines: [...DEMO_MACHINES, h100(first, '15.00'), h100(second, '20.00')] });
      await watch.until(() => watch.out.stdout.split('\n').length === 3);
      assert.deepEqual(
        watch.out.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).node_name),
        [first, second],
      );
      watch.child.kill('SIGTERM');
      assert.equal(await watch.exited, 0);
      assert.ok(!watch.out.stderr.includes(DEMO_TOKEN));
    });

    it('--limit 1 ends by itself after the first news; a rejected token ends it with 4; a bad query with 2; a signal before any news with 1', async () => {
      const watch = startWatch(['gpus>=8 gpu=h100_sxm', '--interval', '1', '--limit', '1']);
      await watch.until(() => /match now/.test(watch.out.stderr));
      demo.server.setData({ machines: [...DEMO_MACHINES, h100('00000000-0000-4000-8000-000000000003', '9.00')] });
      assert.equal(await watch.exited, 0);
      assert.equal(watch.out.stdout.trimEnd().split('\n').length, 1);
      const rejected = startWatch(['gpus>=8'], cliEnv({ GPU_RENTAL_BASE_URL: demo.server.url, GPU_RENTAL_TOKEN: 'not-the-token' }));
      assert.equal(await rejected.exited, 4);
      assert.match(rejected.out.stderr, /rejected the API token/);
      const bad = startWatch(['gpus>>8']);
      assert.equal(await bad.exited, 2);
      const quiet = startWatch(['gpus>=8', '--interval', '60']);
      await quiet.until(() => /match now/.test(quiet.out.stderr));
      quiet.child.kill('SIGINT');
      assert.equal(await quiet.exited, 1);
    });
  });
});
