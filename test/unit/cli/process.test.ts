// gpu-rental as a real child process against the demo API on 127.0.0.1:
// every exit code, errors as JSON, the one line a deploy script needs, a
// reader that goes away, hostile data. 100k machines as JSON lines and watch
// are in process.large.test.ts (mocha runs files side by side, not tests).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_MACHINES, DEMO_TOKEN, generateMachines } from '../../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../../dev/demo/server';
import type { Machine } from '../../../src/api/types';
import { pricePerGpu } from '../../../src/model/price';
import { cliEnv, CLI, demoForCli, runCli, runCommand } from '../../support/cli';
import { HOSTILE } from '../../support/hostile';

const TERMINAL_ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('cli: gpu-rental as a process against the demo API', function () {
  this.timeout(60_000);
  const demo = demoForCli();
  let server: DemoServer;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  before(() => ({ server, env, dir } = demo));

  it('0: the deploy-script line prints the one cheapest matching node ID per GPU, and nothing else', async () => {
    const run = await runCli(['machines', 'gpus>=8', '--ids', '--limit', '1'], env);
    const eight = DEMO_MACHINES.filter((m) => m.gpu_count >= 8);
    const cheapest = Math.min(...eight.map((m) => pricePerGpu(m)));
    assert.deepEqual([run.code, run.stderr], [0, '']);
    const lines = run.stdout.split('\n');
    assert.deepEqual(lines.length, 2);
    assert.equal(pricePerGpu(eight.find((m) => m.node_name === lines[0])!), cheapest);
  });

  it('0: --json is an array of the matching machines, cheapest per GPU first, with price_per_gpu; --ndjson the same, a line each (in the service\'s order unless sorted)', async () => {
    const json = await runCli(['machines', 'gpus>=2', 'vram>=24', '--json'], env);
    assert.equal(json.code, 0);
    const machines = JSON.parse(json.stdout) as (Machine & { price_per_gpu: number })[];
    assert.equal(machines.length, DEMO_MACHINES.filter((m) => m.gpu_count >= 2 && m.gpu_memory >= 24).length);
    for (const [i, m] of machines.entries()) {
      assert.equal(m.price_per_gpu, pricePerGpu(m));
      if (i) assert.ok(machines[i - 1].price_per_gpu <= m.price_per_gpu);
    }
    const ndjson = await runCli(['machines', 'gpus>=2', 'vram>=24', '--ndjson', '--sort', 'pricePerGpu'], env);
    assert.deepEqual(
      ndjson.stdout.trimEnd().split('\n').map((l) => JSON.parse(l)),
      machines,
    );
    const listed = await runCli(['machines', 'gpus>=2', 'vram>=24', '--ndjson'], env);
    assert.deepEqual(
      listed.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).node_name),
      DEMO_MACHINES.filter((m) => m.gpu_count >= 2 && m.gpu_memory >= 24).map((m) => m.node_name),
      'without --sort, as the service lists them',
    );
    assert.deepEqual(
      (await runCli(['machines', 'gpus>=2', 'vram>=24', '--ndjson', '--limit', '2'], env)).stdout.trimEnd().split('\n').map((l) => JSON.parse(l).node_name),
      DEMO_MACHINES.filter((m) => m.gpu_count >= 2 && m.gpu_memory >= 24).slice(0, 2).map((m) => m.node_name),
    );
    // --limit without --group keeps only the first N as the list arrives: the same N as sorting all.
    for (const sort of [[], ['--sort', 'price', '--order', 'desc'], ['--sort', 'vram']]) {
      const all = JSON.parse((await runCli(['machines', 'gpus>=2', ...sort, '--json'], env)).stdout) as Machine[];
      const first = JSON.parse((await runCli(['machines', 'gpus>=2', ...sort, '--json', '--limit', '7'], env)).stdout) as Machine[];
      assert.deepEqual(first, all.slice(0, 7), sort.join(' '));
    }
    const grouped = JSON.parse((await runCli(['machines', 'gpus>=2', '--group', 'gpu', '--sort', 'price', '--order', 'desc', '--json', '--limit', '5'], env)).stdout);
    assert.ok(grouped.every((g: { group: string; matching: number; machines: unknown[] }) => typeof g.group === 'string' && g.matching >= g.machines.length));
    assert.equal(grouped.flatMap((g: { machines: unknown[] }) => g.machines).length, 5);
  });

  it('0: without a form, not on a terminal: JSON; a table only when asked, without colour', async () => {
    const plain = await runCli(['machines', 'gpus>=8', '--limit', '2'], env);
    assert.equal(JSON.parse(plain.stdout).length, 2);
    const table = await runCli(['machines', 'gpus>=8', '--limit', '2', '--table'], env);
    assert.match(table.stdout, /^NODE ID +GPUS +PRICE +PER GPU/);
    assert.equal(table.stdout.trimEnd().split('\n').length, 3);
    assert.ok(!table.stdout.includes('\u001b'), 'no colour off a terminal');
  });

  it('0 and 1: machine NODE_ID, templates, image-ref; nothing found is 1, said on stderr for a table or IDs', async () => {
    const id = DEMO_MACHINES[3].node_name;
    const one = await runCli(['machine', id, '--json'], env);
    assert.equal(one.code, 0);
    assert.equal(JSON.parse(one.stdout).node_name, id);
    const details = await runCli(['machine', id, '--table'], env);
    assert.match(details.stdout, new RegExp(`Node ID +${id}`));
    assert.equal((await runCli(['machine', 'no-such-node', '--json'], env)).code, 1);
    // The start of a node ID, as a details tab shows it.
    const short = await runCli(['machine', id.slice(0, 8), '--json'], env);
    assert.deepEqual([short.code, JSON.parse(short.stdout).node_name], [0, id]);
    const templates = await runCli(['templates', '--ndjson', '--limit', '3'], env);
    assert.equal(templates.code, 0);
    const first = JSON.parse(templates.stdout.split('\n')[0]);
    const ref = await runCli(['image-ref', String(first.id)], env);
    assert.deepEqual([ref.code, ref.stdout], [0, `${first.image_name}:${first.image_tag}\n`]);
    assert.equal((await runCli(['image-ref', '987654321'], env)).code, 1);
    const none = await runCli(['machines', 'gpus>=1000', '--json'], env);
    assert.deepEqual([none.code, none.stdout, none.stderr], [1, '[]\n', '']);
    // A table or IDs with nothing in them say so on stderr (JSON's [] says it already): a person saw nothing, a script took no ID.
    assert.deepEqual(await runCli(['machines', 'gpus>=1000', '--ids'], env).then((r) => [r.code, r.stdout, r.stderr]), [1, '', 'gpu-rental: no machine listed now matches gpus>=1000\n']);
    assert.deepEqual(await runCli(['machines', 'gpus>=1000', '--table', '--group', 'region'], env).then((r) => [r.code, r.stdout, r.stderr]), [1, '', 'gpu-rental: no machine listed now matches gpus>=1000\n']);
    assert.deepEqual(await runCli(['templates', 'no such words', '--image-type', '2', '--table'], env).then((r) => [r.code, r.stdout, r.stderr]), [1, '', 'gpu-rental: no template listed now matches no such words, image type 2\n']);
    assert.deepEqual(await runCli(['templates', 'no such words', '--json'], env).then((r) => [r.code, r.stdout, r.stderr]), [1, '[]\n', '']);
  });

  it('2: a bad query says where, as one JSON object on stderr with --json, and asks nothing of the service', async () => {
    const before = server.requests.length;
    const run = await runCli(['machines', 'gpus>=2 vrma>=24', '--json'], env);
    assert.deepEqual([run.code, run.stdout], [2, '']);
    const lines = run.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1);
    const { error } = JSON.parse(lines[0]);
    assert.equal(error.code, 'bad_query');
    assert.equal(error.position, 9);
    assert.match(error.message, /unknown field 'vrma'.*did you mean 'vram'/);
    assert.equal(server.requests.length, before);
    const text = await runCli(['machines', 'gpus>=2 vrma>=24'], env);
    assert.match(text.stderr, /^gpu-rental: bad query: .*\n {2}gpus>=2 vrma>=24\n {10}\^\n$/);
  });

  it('2: a usage mistake under --json or --ndjson is one JSON object on stderr, and plain text with the help hint otherwise', async () => {
    const secret = 'argv-secret-5678';
    for (const argv of [['machines', '--limit', '0', '--json'], ['machines', '--ndjson', '--nope'], ['rent', '--json'], ['machines', '--json', '--ids'], ['machines', '--ndjson', `--token=${secret}`]]) {
      const run = await runCli(argv, env);
      assert.deepEqual([run.code, run.stdout], [2, ''], argv.join(' '));
      const lines = run.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, run.stderr);
      assert.deepEqual(Object.keys(JSON.parse(lines[0]).error), ['code', 'message', 'exitCode'], run.stderr);
      const { error } = JSON.parse(lines[0]);
      assert.deepEqual([error.code, error.exitCode], ['usage', 2], argv.join(' '));
      assert.ok(!run.stderr.includes(secret));
    }
    assert.match(JSON.parse((await runCli(['machines', '--limit', '0', '--json'], env)).stderr).error.message, /^--limit must be a whole number, at least 1$/);
    const text = await runCli(['machines', '--limit', '0'], env);
    assert.equal(text.stderr, 'gpu-rental: --limit must be a whole number, at least 1\nTry gpu-rental --help.\n');
    // After --, "--json" is a word of the query, not a request for JSON.
    const word = await runCli(['machines', '--limit', '0', '--', '--json'], env);
    assert.match(word.stderr, /^gpu-rental: --limit must be/);
  });

  it('2: usage and setup: a token as an argument, no service URL, no token, a token file others can read', async () => {
    const secret = 'argv-secret-1234';
    const asArg = await runCli(['machines', '--token', secret], env);
    assert.equal(asArg.code, 2);
    assert.ok(!asArg.stderr.includes(secret));
    assert.equal((await runCli(['machines'], cliEnv({ GPU_RENTAL_TOKEN: DEMO_TOKEN }))).code, 2);
    const noToken = await runCli(['machines', '--json'], cliEnv({ GPU_RENTAL_BASE_URL: server.url }));
    assert.equal(noToken.code, 2);
    assert.equal(JSON.parse(noToken.stderr).error.code, 'setup');
    const plainHttp = await runCli(['machines'], cliEnv({ GPU_RENTAL_BASE_URL: 'http://gpu.example.com', GPU_RENTAL_TOKEN: DEMO_TOKEN }));
    assert.match(plainHttp.stderr, /plain http/);
    assert.equal(plainHttp.code, 2);
    const file = path.join(dir, 'token');
    fs.writeFileSync(file, `${DEMO_TOKEN}\n`, { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const loose = await runCli(['machines', '--token-file', file, '--ids', '--limit', '1'], cliEnv({ GPU_RENTAL_BASE_URL: server.url }));
    assert.equal(loose.code, 2);
    assert.match(loose.stderr, /others can access the file \(mode 644\); run chmod 600/);
    fs.chmodSync(file, 0o600);
    const tight = await runCli(['machines', '--token-file', file, '--ids', '--limit', '1'], cliEnv({ GPU_RENTAL_BASE_URL: server.url }));
    assert.equal(tight.code, 0, tight.stderr);
    assert.equal((await runCli(['rent'], env)).code, 2);
  });

  it('3: the service fails (500 after the retries) or cannot be reached; 4: the token is rejected; the token is never printed', async () => {
    server.setFault({ endpoint: 'machines', fault: { kind: 'status', status: 500 } });
    const failing = await runCli(['machines', '--json'], env);
    assert.equal(failing.code, 3);
    assert.equal(JSON.parse(failing.stderr).error.code, 'service');
    server.clearFaults();
    const closed = await startDemoServer();
    const url = closed.url;
    await closed.close();
    const unreachable = await runCli(['machines', '--json'], cliEnv({ GPU_RENTAL_BASE_URL: url, GPU_RENTAL_TOKEN: DEMO_TOKEN }));
    assert.equal(unreachable.code, 3);
    assert.equal(JSON.parse(unreachable.stderr).error.code, 'network');
    const wrong = 'wrong-token-5678';
    const rejected = await runCli(['machines', '--json'], cliEnv({ GPU_RENTAL_BASE_URL: server.url, GPU_RENTAL_TOKEN: wrong }));
    assert.equal(rejected.code, 4);
    assert.equal(JSON.parse(rejected.stderr).error.code, 'token_rejected');
    for (const run of [failing, unreachable, rejected]) {
      assert.ok(!run.stderr.includes(DEMO_TOKEN) && !run.stderr.includes(wrong) && !run.stdout.includes(wrong));
    }
  });

  it('published on its own: dist/cli.js copied alone, away from node_modules, runs as a command (its shebang, executable) and answers', async () => {
    const alone = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-alone-'));
    try {
      const copy = path.join(alone, 'cli.js');
      fs.copyFileSync(CLI, copy);
      assert.match(fs.readFileSync(copy, 'utf8').slice(0, 30), /^#!\/usr\/bin\/env node\n/);
      assert.ok((fs.statSync(CLI).mode & 0o111) !== 0, 'dist/cli.js is executable');
      fs.chmodSync(copy, 0o755);
      const run = await runCommand(copy, ['machines', 'gpus>=8', '--ids', '--limit', '1'], { ...env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` });
      assert.deepEqual([run.code, run.stderr], [0, '']);
      assert.match(run.stdout, /^[0-9a-f-]{36}\n$/);
    } finally {
      fs.rmSync(alone, { recursive: true, force: true });
    }
  });

  it('--ids piped to head -1 ends cleanly: exit 0, no EPIPE message, though thousands of lines were left', async () => {
    server.setData({ machines: generateMachines(5_000, 7) });
    const shell = `set -o pipefail; "${process.execPath}" "${CLI}" machines --ids | head -1`;
    const run = await runCommand('bash', ['-c', shell], env);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^[0-9a-f-]{36}\n$/);
  });

  for (const [name, payload] of Object.entries(HOSTILE)) {
    it(`hostile ${name}: a --table cell holds nothing a terminal acts on, and JSON reads back the exact value`, async () => {
      const machine = { ...DEMO_MACHINES[0], gpu_name: payload, region: payload, cuda_version: payload, driver_version: payload };
      server.setData({ machines: [machine] });
      const table = await runCli(['machines', '--table', '--group', 'gpu'], env);
      assert.equal(table.code, 0);
      assert.ok(!TERMINAL_ACTIVE.test(table.stdout.replace(/\n/g, '')), JSON.stringify(table.stdout.slice(0, 300)));
      assert.equal(table.stdout.trimEnd().split('\n').length, 3);
      const json = await runCli(['machines', '--ndjson'], env);
      assert.ok(!TERMINAL_ACTIVE.test(json.stdout.replace(/\n$/, '')));
      assert.equal(JSON.parse(json.stdout).gpu_name, payload);
      const details = await runCli(['machine', machine.node_name, '--table'], env);
      assert.ok(!TERMINAL_ACTIVE.test(details.stdout.replace(/\n/g, '')));
    });
  }
});
