// The market history outside the editor, as a person or cron uses it: the
// real dist/cli.js on a Node with SQLite records lists from a real HTTP
// server into the shared file, `history` reads them back per model and day,
// `machines` filters on listed_hours and prints the history's fields in its
// JSON, and the MCP server's tools say where a price sits in its week.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_TOKEN, generateMachines } from '../../dev/demo/fixtures';
import { startDemoServer, type DemoServer } from '../../dev/demo/server';
import { GpuRentalClient } from '../../src/api/client';
import { ToolHost } from '../../src/cli/mcp';
import { historyFileName } from '../../src/node/historyLocation';
import { openHistory } from '../../src/node/historyFile';
import { cliEnv, requireBuiltCli, runCli } from '../support/cli';
import { historyFolder } from '../support/history';

describe('command line: the market history', function () {
  this.timeout(60_000);
  let demo: DemoServer;
  let folder: ReturnType<typeof historyFolder>;
  let env: NodeJS.ProcessEnv;
  /** The two lists `gpu-rental record` wrote before the tests, which every test reads: each runs alone too (`--grep`). */
  let recorded: Awaited<ReturnType<typeof runCli>>;
  before(async () => {
    requireBuiltCli();
    folder = historyFolder();
    demo = await startDemoServer({ port: 0, token: DEMO_TOKEN, machines: generateMachines(200, 4) });
    env = cliEnv({ GPU_RENTAL_BASE_URL: demo.url, GPU_RENTAL_TOKEN: DEMO_TOKEN, GPU_RENTAL_DATA_DIR: folder.dir });
    recorded = await runCli(['record', 'gpus>=8', '--interval', '1', '--limit', '2'], env);
  });
  after(async () => {
    await demo.close();
    folder.cleanup();
  });

  it('record: one line a list on stderr, what the query matches; the lists land in the per-service file, owner-only', () => {
    const run = recorded;
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stderr.trim().split('\n');
    assert.equal(lines.length, 2, run.stderr);
    for (const line of lines) assert.match(line, /^gpu-rental: recorded 200 machines at \d{4}-\d\d-\d\dT[\d:.]+Z; \d+ match gpus>=8, lowest [\d.]+\/GPU$/);
    assert.equal(run.stdout, '');
    const file = path.join(folder.dir, 'history', historyFileName(new URL(demo.url).origin));
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  });

  it('history: per model a row per hour for --days 2, as JSON, NDJSON and a table; words choose the models', async () => {
    const json = await runCli(['history', 'h100', '--days', '2', '--json'], env);
    assert.equal(json.code, 0, json.stderr);
    const rows = JSON.parse(json.stdout) as { gpu: string; time: string; lists: number; low: number; p25: number; median: number; gpus: number }[];
    assert.ok(rows.length >= 1);
    for (const r of rows) {
      assert.match(r.gpu, /H100/);
      assert.match(r.time, /T\d\d:00:00\.000Z$/, 'an hour');
      assert.ok(r.low <= r.p25 && r.p25 <= r.median && r.gpus > 0);
    }
    assert.equal(rows.reduce((n, r) => n + r.lists, 0) / new Set(rows.map((r) => r.gpu)).size, 2, 'both lists, per model');
    const ndjson = await runCli(['history', '--ndjson'], env);
    assert.ok(ndjson.stdout.trim().split('\n').length > rows.length);
    const table = await runCli(['history', 'h100', '--table'], env);
    assert.match(table.stdout, /^GPU +TIME \(UTC\) +LOW\/GPU +P25\/GPU +MEDIAN\/GPU +GPUS +LISTS\n/);
    const none = await runCli(['history', 'no-such-gpu', '--json'], env);
    assert.equal(none.code, 1);
    assert.equal(none.stdout.trim(), '[]');
  });

  it('machines: listed_hours filters, and listed_hours, flaps_7d and below_median are in the JSON', async () => {
    const run = await runCli(['machines', 'listed_hours>=0', '--limit', '3', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const machines = JSON.parse(run.stdout) as { listed_hours: number | null; flaps_7d: number | null; below_median: number | null }[];
    assert.equal(machines.length, 3);
    for (const m of machines) {
      assert.equal(typeof m.listed_hours, 'number');
      assert.equal(m.flaps_7d, 0);
      assert.equal(typeof m.below_median, 'number');
    }
  });

  /** The MCP server's tools over this suite's history, as `gpu-rental mcp` opens it: `ask` runs with them, then they are closed. */
  async function withToolHost(ask: (host: ToolHost) => Promise<void>): Promise<void> {
    const origin = new URL(demo.url).origin;
    const history = openHistory({ file: path.join(folder.dir, 'history', historyFileName(origin)), origin, keepDays: 365 });
    const host = new ToolHost(new GpuRentalClient({ baseUrl: new URL(demo.url), token: DEMO_TOKEN, timeoutMs: 10_000 }), undefined, history);
    try {
      await ask(host);
    } finally {
      host.dispose();
    }
  }

  it("the MCP tools say where a price sits in its model's week", () =>
    withToolHost(async (host) => {
      const answer = await host.call('gpuRental_findMachines', { query: 'gpus>=1', limit: 2 });
      const text = (answer.content[0] as { text: string }).text;
      assert.match(text, /\| vs 7-day median \|/);
      assert.match(text, /Market history, the 7 days before the latest list/);
    }));

  it('outlook: the record of a filter as JSON and as lines; nothing recorded exits 1; usage errors exit 2 as JSON under --json', async () => {
    const json = await runCli(['outlook', 'gpus>=1', '--json'], env);
    assert.equal(json.code, 0, json.stderr);
    const o = JSON.parse(json.stdout) as { query: string; line: string; days: number; supply: { now: number }; flags: { fewDays: boolean } };
    assert.equal(o.query, 'gpus>=1');
    assert.equal(o.days, 30);
    assert.equal(o.supply.now, 200);
    assert.ok(o.flags.fewDays);
    assert.match(o.line, /^less than a day recorded: too little to call a typical price · now [\d.]+ · /);
    const table = await runCli(['outlook', 'gpus>=1', '--days', '7', '--table'], env);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /\n  Matching now: 200\n/);
    const none = await runCli(['outlook', 'gpu=no-such-gpu', '--json'], env);
    assert.equal(none.code, 1);
    for (const args of [['outlook', 'gpus>', '--json'], ['outlook', 'gpus>=1', '--days', '31', '--json'], ['outlook', '--json']]) {
      const bad = await runCli(args, env);
      assert.equal(bad.code, 2, args.join(' '));
      assert.equal(bad.stdout, '');
      assert.equal(typeof (JSON.parse(bad.stderr) as { error: { message: string } }).error.message, 'string', bad.stderr);
    }
  });

  it('outlook on a history with no list yet says so and exits 1, as `history` does; so does the MCP outlook tool', async () => {
    const empty = historyFolder();
    try {
      const emptyEnv = { ...env, GPU_RENTAL_DATA_DIR: empty.dir };
      for (const format of ['--json', '--table']) {
        const run = await runCli(['outlook', 'gpus>=1', format], emptyEnv);
        assert.equal(run.code, 1, run.stderr);
        assert.equal(run.stdout, '', 'no outlook of nothing, up to 1970');
        assert.equal(run.stderr, 'gpu-rental: the market history has no list yet: `gpu-rental record` or an editor window records it\n');
      }
      const origin = new URL(demo.url).origin;
      const history = openHistory({ file: path.join(empty.dir, 'history', historyFileName(origin)), origin, keepDays: 365 });
      const host = new ToolHost(new GpuRentalClient({ baseUrl: new URL(demo.url), token: DEMO_TOKEN, timeoutMs: 10_000 }), undefined, history);
      try {
        const answer = await host.call('gpuRental_marketOutlook', { query: 'gpus>=1' });
        assert.match((answer.content[0] as { text: string }).text, /^The market history has recorded no list yet: /);
      } finally {
        host.dispose();
      }
    } finally {
      empty.cleanup();
    }
  });

  it('the MCP outlook tool answers from the same history', () =>
    withToolHost(async (host) => {
      const answer = await host.call('gpuRental_marketOutlook', { query: 'gpus>=1' });
      const text = (answer.content[0] as { text: string }).text;
      assert.match(text, /^Outlook of "gpus>=1" from the market history \(a record of the 30 days up to its latest list, \d{4}-\d\d-\d\dT[\d:.]+Z; not a forecast\):\n/);
      assert.match(text, /- Matching now: 200/);
      const bad = await host.call('gpuRental_marketOutlook', { query: 'gpus>' });
      assert.match((bad.content[0] as { text: string }).text, /^The query is not valid at column 5/);
    }));
});
