// The command line on a Node without SQLite (our machines' Node 20; Node
// before 22.13): the history's commands and fields say what they need and
// exit 2; everything else runs, without the history's fields.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_TOKEN } from '../../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../../dev/demo/server';
import { hasSqlite } from '../../support/sqlite';
import { cliEnv, requireBuiltCli, runCli } from '../../support/cli';

const sqlite = hasSqlite();

describe(`command line: the market history on Node ${process.version} (${sqlite ? 'with' : 'without'} SQLite)`, function () {
  this.timeout(30_000);
  let demo: DemoServer;
  let env: NodeJS.ProcessEnv;
  let notAFolder: string;
  before(async () => {
    requireBuiltCli();
    // A data folder under a file: it can never be made, whoever runs this.
    notAFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-cli-')), 'file');
    fs.writeFileSync(notAFolder, '');
    demo = await startDemoServer({ port: 0, token: DEMO_TOKEN });
    env = cliEnv({ GPU_RENTAL_BASE_URL: demo.url, GPU_RENTAL_TOKEN: DEMO_TOKEN, GPU_RENTAL_DATA_DIR: path.join(notAFolder, 'data') });
  });
  after(async () => {
    await demo.close();
    fs.rmSync(path.dirname(notAFolder), { recursive: true, force: true });
  });

  it('record and history say they need SQLite and exit 2 (with --json, as one JSON object); machines runs, without the history fields', async () => {
    const record = await runCli(['record', '--limit', '1'], env);
    const history = await runCli(['history', '--json'], env);
    const machines = await runCli(['machines', '--limit', '1', '--json'], env);
    assert.equal(machines.code, 0, machines.stderr);
    const [m] = JSON.parse(machines.stdout) as Record<string, unknown>[];
    if (sqlite) {
      // This Node has SQLite: the history's folder cannot be made here, and that is what is said.
      assert.equal(record.code, 2);
      assert.match(record.stderr, /market history could not be opened/);
      return;
    }
    assert.equal(record.code, 2);
    assert.match(record.stderr, /^gpu-rental: the market history needs SQLite: this runtime's Node\.js \(v\d+[\d.]*\) has no SQLite/);
    assert.equal(history.code, 2);
    const error = JSON.parse(history.stderr) as { error: { code: string; exitCode: number } };
    assert.deepEqual([error.error.code, error.error.exitCode], ['history', 2]);
    assert.ok(!('listed_hours' in m) && !('flaps_7d' in m) && !('below_median' in m), 'no history, no history fields');
    const filtered = await runCli(['machines', 'listed_hours>=1'], env);
    assert.equal(filtered.code, 2);
    assert.match(filtered.stderr, /listed_hours, flaps_7d, below_median read the market history, which needs a Node\.js with SQLite/);
  });
});
