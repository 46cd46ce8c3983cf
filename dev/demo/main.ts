// `node out/dev/demo/main.js [--port N] [--host H] [--token T]`: run the demo API
// with fixture data so a person can point the extension at it.

import { DEMO_TOKEN } from './fixtures';
import { startDemoServer } from './server';

interface Args {
  port: number;
  host: string;
  token: string;
}

const USAGE = 'usage: node out/dev/demo/main.js [--port N] [--host H] [--token T]';

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { port: 0, host: '127.0.0.1', token: DEMO_TOKEN };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (value === undefined || !['--port', '--host', '--token'].includes(flag)) throw new Error(`unexpected argument ${flag}`);
    i++;
    if (flag === '--port') {
      if (!/^\d+$/.test(value) || Number(value) > 65535) throw new Error(`invalid port ${value}`);
      args.port = Number(value);
    } else if (flag === '--host') args.host = value;
    else args.token = value;
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
  const server = await startDemoServer({ ...args, log: (line) => console.log(line) });
  console.log(`Demo API listening on ${server.url} (token: ${args.token})`);
  console.log(`Fault injection help: ${server.url}/__demo/`);

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

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
