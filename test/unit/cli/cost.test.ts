// gpu-rental cost as a real child process against the demo API on 127.0.0.1: the machines that fit a
// job, cheapest job first, as JSON with hours, gpu_hours and cost (each with its low and high) and as
// a table; bad input is exit code 2 with the message (a JSON error object under --json).
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES, DEMO_TOKEN } from '../../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../../dev/demo/server';
import { estimateJob } from '../../../src/model/jobCost';
import { cliEnv, requireBuiltCli, runCli } from '../../support/cli';

interface CostRecord {
  node_name: string;
  gpu_name: string;
  gpu_count: number;
  gpu_memory: number;
  hours: number | null;
  hours_low: number | null;
  hours_high: number | null;
  gpu_hours: number | null;
  cost: number | null;
  cost_low: number | null;
  cost_high: number | null;
}

describe('cli: gpu-rental cost as a process against the demo API', function () {
  this.timeout(60_000);
  let server: DemoServer;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    requireBuiltCli();
    server = await startDemoServer();
    env = cliEnv({ GPU_RENTAL_BASE_URL: server.url, GPU_RENTAL_TOKEN: DEMO_TOKEN });
  });

  after(async () => server.close());

  it('0: --json lists the machines that match and fit, cheapest job first, with hours, gpu_hours and cost and their low and high', async () => {
    const run = await runCli(['cost', '7b', '--job', 'train', '--tokens', '1B', 'gpus>=2', '--json'], env);
    assert.deepEqual([run.code, run.stderr], [0, '']);
    const records = JSON.parse(run.stdout) as CostRecord[];
    // 7B full training needs 128 GiB in all (sizing.ts): only machines with that much are listed.
    const fitting = DEMO_MACHINES.filter((m) => m.gpu_count >= 2 && m.gpu_memory * m.gpu_count >= 128);
    assert.equal(records.length, fitting.length);
    assert.ok(records.length > 5);
    for (const [i, r] of records.entries()) {
      const machine = DEMO_MACHINES.find((m) => m.node_name === r.node_name)!;
      const expected = estimateJob({ paramsB: 7, kind: 'train', tokens: 1e9 }, machine);
      assert.ok(expected.ok && expected.estimate.cost, r.gpu_name);
      assert.equal(r.cost, Number(expected.estimate.cost.mid.toFixed(2)));
      assert.equal(r.hours, Number(expected.estimate.hours.mid.toFixed(3)));
      assert.ok(r.hours_low! <= r.hours! && r.hours! <= r.hours_high! && r.cost_low! <= r.cost! && r.cost! <= r.cost_high!);
      assert.equal(r.gpu_hours, Number((expected.estimate.hours.mid * r.gpu_count).toFixed(3)));
      if (i) assert.ok(records[i - 1].cost! <= r.cost!, 'cheapest job first');
    }
  });

  it('0: --limit and a table for a person; inference with a batch', async () => {
    const run = await runCli(['cost', '70', '--job', 'infer', '--tokens', '10M', '--batch', '8', '--limit', '3', '--table'], env);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.match(lines[0], /^NODE ID +GPUS +PRICE +HOURS +COST +COST LOW–HIGH$/);
    assert.equal(lines.length, 4);
  });

  it('1: nothing matches and fits; a table says on stderr what the job needs', async () => {
    const run = await runCli(['cost', '2000', '--job', 'train', '--tokens', '1T', '--json'], env);
    assert.deepEqual([run.code, run.stdout, run.stderr], [1, '[]\n', '']);
    const table = await runCli(['cost', '2000', '--job', 'train', '--tokens', '1T', 'region=us-east', '--table'], env);
    assert.deepEqual([table.code, table.stdout], [1, '']);
    assert.match(table.stderr, /^gpu-rental: no machine listed now fits the job \(vram_total>=\d+( vram>=\d+)?\) and matches region=us-east\n$/);
  });

  it('2: bad input is the message (as a JSON object under --json) and nothing is fetched', async () => {
    const cases: [string[], RegExp][] = [
      [['cost', 'big', '--job', 'train', '--tokens', '1B'], /parameters in billions/],
      [['cost', '7', '--job', 'train', '--tokens', 'lots'], /number of tokens such as 1B/],
      [['cost', '7', '--job', 'train', '--tokens', '1B', '--utilization', '300%'], /from 1% to 100%/],
      [['cost', '7', '--job', 'pretrain', '--tokens', '1B'], /train .*lora or infer/],
      [['cost', '7', '--tokens', '1B'], /--job is needed/],
      [['cost', '--job', 'train', '--tokens', '1B'], /cost needs a model size/],
      [['cost', '7', '--job', 'train'], /tokens to train on/],
      [['cost', '7', '--job', 'train', '--tokens', '1B', 'vrma>=2'], /bad query: unknown field 'vrma'/],
    ];
    for (const [args, message] of cases) {
      const text = await runCli(args, env);
      assert.equal(text.code, 2, args.join(' '));
      assert.match(text.stderr, message, args.join(' '));
      assert.equal(text.stdout, '');
      const json = await runCli([...args, '--json'], env);
      const error = (JSON.parse(json.stderr) as { error: { code: string; message: string; exitCode: number } }).error;
      assert.equal(json.code, 2);
      assert.equal(error.exitCode, 2);
      assert.match(error.message, message);
    }
  });
});
