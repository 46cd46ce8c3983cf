// `gpu-rental`: the extension's core on the command line, for scripts and
// agents outside VS Code. Wiring only: arguments (./args), the service
// (./setup), the commands (./commands, ./watch, ./mcp, loaded when asked), how the process
// ends (./errors). esbuild bundles this into dist/cli.js.
import { parseArgs } from './args';
import { clientFor, runListCommand, write, type Io } from './commands';
import { asCliError, CliError, errorText, EXIT } from './errors';
import { HELP_TEXT } from './help';
import { historyIfAvailable } from './historyAccess';
import { serviceFrom } from './setup';
import { runCost } from './cost';
import { runHistory } from './history';
import { runOutlook } from './outlook';
import { runRecord } from './record';
import { runWatch } from './watch';

declare const GPU_RENTAL_VERSION: string | undefined;
const VERSION = typeof GPU_RENTAL_VERSION === 'string' ? GPU_RENTAL_VERSION : '0.0.0-dev';

export async function main(argv: readonly string[], io: Io, stop: AbortSignal): Promise<number> {
  const parsed = parseArgs(argv);
  // With --json or --ndjson every error is one JSON object, a usage mistake too.
  const json = parsed.ok ? 'format' in parsed.command && (parsed.command.format === 'json' || parsed.command.format === 'ndjson') : parsed.json;
  try {
    if (!parsed.ok) throw new CliError('usage', parsed.message, EXIT.usage);
    const cmd = parsed.command;
    switch (cmd.kind) {
      case 'help':
        await write(io.stdout, HELP_TEXT);
        return EXIT.found;
      case 'version':
        await write(io.stdout, `${VERSION}\n`);
        return EXIT.found;
      case 'mcp': {
        // The server starts without a service too: its tools then say what is missing.
        const check = serviceFrom(io.env, cmd.tokenFile);
        const history = check.ok ? historyIfAvailable(check.service.baseUrl.origin, io.env) : undefined;
        // Loaded only here: the MCP SDK builds its schemas (zod, ajv) as it loads, 50-90 ms that
        // every other command, a deploy script's `--ids` line too, would pay at each start.
        const { runMcp, ToolHost } = await import('./mcp.js');
        const host = new ToolHost(check.ok ? clientFor(check.service, cmd.timeoutSeconds) : undefined, check.ok ? undefined : check.error, history);
        return await runMcp(host, VERSION, stop);
      }
    }
    // The history is read without a token: the base URL says which service's.
    if (cmd.kind === 'history') return await runHistory(cmd, io);
    if (cmd.kind === 'outlook') return await runOutlook(cmd, io);
    const check = serviceFrom(io.env, cmd.tokenFile);
    if (!check.ok) throw check.error;
    switch (cmd.kind) {
      case 'watch':
        return await runWatch(cmd, check.service, io, stop);
      case 'record':
        return await runRecord(cmd, check.service, io, stop);
      case 'cost':
        return await runCost(cmd, check.service, io);
      default:
        return await runListCommand(cmd, check.service, io);
    }
  } catch (err) {
    const error = asCliError(err);
    await write(io.stderr, errorText(error, json));
    if (error instanceof CliError && error.code === 'usage') await write(io.stderr, json ? '' : 'Try gpu-rental --help.\n');
    return error.exitCode;
  }
}

/** The process: signals stop a watch or the MCP server; a reader that goes away (`| head -1`) ends the run quietly. */
function start(): void {
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => stop.abort());
  }
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    // The reader has what it wanted (`--ids | head -1`): nothing more to say, and no error.
    process.exit(err.code === 'EPIPE' ? EXIT.found : EXIT.service);
  });
  process.stderr.on('error', () => undefined);
  main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }, stop.signal).then(
    (code) => {
      // Once everything is written: keep-alive sockets of the client must not hold the process.
      process.exitCode = code;
      process.stdout.write('', () => process.exit(code));
    },
    (err: unknown) => {
      process.stderr.write(`gpu-rental: unexpected error (${err instanceof Error ? err.name : typeof err})\n`);
      process.exit(EXIT.service);
    },
  );
}

if (require.main === module) {
  start();
}
