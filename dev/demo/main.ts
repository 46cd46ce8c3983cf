// `node out/dev/demo/main.js [--port N] [--host H] [--token T] [--machines N]
// [--market] [--market-interval-ms MS] [--seed N]`: run the demo API with fixture data
// so a person can point the extension at it; with --market the machine list
// changes every few seconds (dev/demo/market.ts); with --days N it starts from
// N days of a drifting market fast-forwarded (dev/demo/fastForward.ts), which
// --record-into writes into an extension's market history.

import { DEMO_MACHINES, DEMO_TOKEN, generateMachines } from './fixtures';
import { fastForward, recordFastForward, serverHistoryFile, type FastForwardStep } from './fastForward';
import { DEFAULT_MARKET_INTERVAL_MS, type MarketOptions } from './marketControl';
import { startDemoServer } from './server';

interface Args {
  port: number;
  host: string;
  token: string;
  /** That many generated machines instead of the 160 of the fixtures. */
  machines?: number;
  market: MarketOptions | undefined;
  /** Fast-forward: the market of that many days before now, an hour a step. */
  days?: number;
  /** The extension's `<globalStorage>/market-history`, to record the fast-forward into. */
  recordInto?: string;
}

const USAGE =
  'usage: node out/dev/demo/main.js [--port N] [--host H] [--token T] [--machines N] [--market] [--market-interval-ms MS] [--seed N]\n' +
  '  --machines            serve N generated machines (default: the 160 of the fixtures; 20000 makes a list large enough for a first look)\n' +
  '  --market              machines appear, go and change price every few seconds\n' +
  `  --market-interval-ms  milliseconds between market ticks (default ${DEFAULT_MARKET_INTERVAL_MS}; implies --market)\n` +
  '  --seed                the market\'s random seed (default 1; implies --market)\n' +
  '  --days                start from N days of a drifting market fast-forwarded, an hour a step (implies --market)\n' +
  '  --record-into         with --days: record those days into the market history under this data folder (as GPU_RENTAL_DATA_DIR; needs a Node with node:sqlite)';

function wholeNumber(flag: string, value: string, max: number, min = 0): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) > max || Number(value) < min) throw new Error(`invalid ${flag} ${value}`);
  return Number(value);
}

export function parseArgs(argv: readonly string[]): Args {
  const args: Args = { port: 0, host: '127.0.0.1', token: DEMO_TOKEN, market: undefined };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (flag === '--market') {
      args.market ??= {};
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || !['--port', '--host', '--token', '--machines', '--market-interval-ms', '--seed', '--days', '--record-into'].includes(flag)) throw new Error(`unexpected argument ${flag}`);
    i++;
    if (flag === '--port') args.port = wholeNumber(flag, value, 65535);
    else if (flag === '--host') args.host = value;
    else if (flag === '--token') args.token = value;
    else if (flag === '--machines') args.machines = wholeNumber(flag, value, 200_000, 1);
    else if (flag === '--days') {
      args.days = wholeNumber(flag, value, 3650, 1);
      args.market ??= {};
    } else if (flag === '--record-into') args.recordInto = value;
    else if (flag === '--market-interval-ms') args.market = { ...args.market, intervalMs: wholeNumber(flag, value, 86_400_000, 10) };
    else args.market = { ...args.market, seed: wholeNumber(flag, value, 2 ** 32 - 1) };
  }
  return args;
}

async function main(): Promise<void> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { machines, days, recordInto, ...rest } = args;
  const start = machines === undefined ? DEMO_MACHINES : generateMachines(machines);
  const steps = days === undefined ? undefined : fastForward(start, { days, end: Date.now(), seed: args.market?.seed });
  const server = await startDemoServer({ ...rest, machines: steps ? steps[steps.length - 1].machines : start, log: (line) => console.log(line) });
  console.log(`Demo API listening on ${server.url} (token: ${args.token})`);
  if (steps) reportFastForward(steps, server.url, recordInto);
  if (args.market) {
    console.log(`Demo market: a few machines change every ${server.market.intervalMs} ms (seed ${server.market.seed}); log at ${server.url}/__demo/market/log`);
  }
  console.log(`Fault injection and market controls: ${server.url}/__demo/`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping demo API`);
    server.close().then(
      () => undefined,
      (err: unknown) => {
        console.error(err);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function reportFastForward(steps: readonly FastForwardStep[], url: string, recordInto: string | undefined): void {
  console.log(`Demo market fast-forwarded: ${steps.length} lists from ${new Date(steps[0].t).toISOString()} to now`);
  if (recordInto) {
    const origin = new URL(url).origin;
    recordFastForward(serverHistoryFile({ gpuRentalDataDir: recordInto }, origin), origin, steps);
    console.log(`Recorded them into the market history under ${recordInto}`);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
