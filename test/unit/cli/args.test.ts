// The command line of gpu-rental, read into commands: every command, the
// output forms, the defaults, and every way to get it wrong (exit code 2).
import * as assert from 'node:assert/strict';
import { DEFAULT_TIMEOUT_SECONDS, DEFAULT_WATCH_INTERVAL_SECONDS, parseArgs, type Command } from '../../../src/cli/args';
import { HELP_TEXT } from '../../../src/cli/help';

function command(...argv: string[]): Command {
  const parsed = parseArgs(argv);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
  return parsed.command;
}

function problem(...argv: string[]): string {
  const parsed = parseArgs(argv);
  assert.ok(!parsed.ok, `${argv.join(' ')} is refused`);
  return parsed.message;
}

describe('cli: arguments', () => {
  it('machines: the query from the words, sorted by price per GPU, no groups, no limit, the form left to the terminal', () => {
    assert.deepEqual(command('machines', 'gpu=h100', 'gpus>=8'), {
      kind: 'machines',
      query: 'gpu=h100 gpus>=8',
      sortBy: 'pricePerGpu',
      order: 'ascending',
      groupBy: 'none',
      arranged: false,
      limit: undefined,
      format: undefined,
      tokenFile: undefined,
      timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
      color: true,
    });
  });

  it('machines: the deploy-script line, and every option in both spellings', () => {
    assert.deepEqual(
      pick(command('machines', 'gpu=h100 gpus>=8', '--ids', '--limit', '1')),
      { query: 'gpu=h100 gpus>=8', format: 'ids', limit: 1 },
    );
    const c = command('machines', '--sort=price', '--order', 'desc', '--group', 'region', '--limit=3', '--json', '--token-file', '/tmp/t', '--timeout', '5', '--no-color');
    assert.deepEqual(pick(c, ['sortBy', 'order', 'groupBy', 'arranged', 'limit', 'format', 'tokenFile', 'timeoutSeconds', 'color']), {
      sortBy: 'price',
      order: 'descending',
      groupBy: 'region',
      arranged: true,
      limit: 3,
      format: 'json',
      tokenFile: '/tmp/t',
      timeoutSeconds: 5,
      color: false,
    });
  });

  it('machines: --sort, --order or --group each asks for an order (without one, --ndjson keeps the service\'s)', () => {
    assert.equal(pick(command('machines', '--ndjson'), ['arranged']).arranged, false);
    assert.equal(pick(command('machines', '--ndjson', '--limit', '5'), ['arranged']).arranged, false);
    for (const option of [['--sort', 'price'], ['--order', 'asc'], ['--group', 'gpu']]) {
      assert.equal(pick(command('machines', '--ndjson', ...option), ['arranged']).arranged, true, option.join(' '));
    }
  });

  it('machines: sort and group keys also by the query language\'s field names, in any case', () => {
    assert.equal(pick(command('machines', '--sort', 'price_per_gpu'), ['sortBy']).sortBy, 'pricePerGpu');
    assert.equal(pick(command('machines', '--sort', 'VRAM')).sortBy, 'gpuMemory');
    assert.equal(pick(command('machines', '--sort', 'gpus')).sortBy, 'gpuCount');
    assert.equal(pick(command('machines', '--sort', 'onlinerate')).sortBy, 'onlineRate');
    assert.equal(pick(command('machines', '--group', 'GPU')).groupBy, 'gpu');
    assert.equal(pick(command('machines', '--group', 'gpus')).groupBy, 'gpuCount');
  });

  it('after --, words that look like options are part of the query', () => {
    assert.equal(pick(command('machines', '--json', '--', '--json', 'x')).query, '--json x');
  });

  it('machine, templates, image-ref, watch and mcp', () => {
    assert.deepEqual(pick(command('machine', 'abc-123', '--json')), { nodeId: 'abc-123', format: 'json' });
    assert.deepEqual(pick(command('templates', 'pytorch', '2.4', '--image-type', '-1', '--limit', '2', '--ndjson')), { text: 'pytorch 2.4', imageType: -1, limit: 2, format: 'ndjson' });
    assert.deepEqual(pick(command('image-ref', '42')), { templateId: 42 });
    assert.deepEqual(pick(command('watch', 'gpu=a100', '--interval', '5')), { query: 'gpu=a100', intervalSeconds: 5 });
    assert.equal(pick(command('watch', 'gpus>=8'), ['intervalSeconds']).intervalSeconds, DEFAULT_WATCH_INTERVAL_SECONDS);
    assert.deepEqual(pick(command('watch', 'gpus>=8', '--limit', '1')), { query: 'gpus>=8', limit: 1 });
    assert.equal(command('mcp').kind, 'mcp');
  });

  it('help and version', () => {
    for (const argv of [[], ['--help'], ['-h'], ['help']]) assert.equal(command(...argv).kind, 'help');
    assert.deepEqual(command('machines', '--help'), { kind: 'help' });
    assert.deepEqual(command('--version'), { kind: 'version' });
  });

  it('never takes a token as an argument, and never repeats it', () => {
    for (const argv of [['machines', '--token', 's3cr3t-value'], ['machines', '--token=s3cr3t-value'], ['mcp', '--api-token', 's3cr3t-value']]) {
      const message = problem(...argv);
      assert.match(message, /never taken as an argument/);
      assert.match(message, /GPU_RENTAL_TOKEN/);
      assert.ok(!message.includes('s3cr3t'), message);
    }
  });

  it('refuses what it cannot do, saying what it takes', () => {
    assert.match(problem('rent', 'x'), /unknown command 'rent'; commands: machines, machine, templates, image-ref, watch, record, history, cost, outlook, mcp/);
    // The help has a usage line for every command the parser knows.
    const unknown = parseArgs(['rent']);
    assert.ok(!unknown.ok);
    const commands = /commands: ([a-z-]+(?:, [a-z-]+)*)/.exec(unknown.message)![1].split(', ');
    assert.deepEqual(
      commands.filter((c) => !HELP_TEXT.includes(`\n  gpu-rental ${c}`)),
      [],
    );
    assert.match(problem('machines', '--json', '--ids'), /choose one output form: --json or --ids/);
    assert.match(problem('machines', '--sort', 'cheapness'), /--sort must be one of pricePerGpu, price/);
    assert.match(problem('machines', '--order', 'up'), /--order must be ascending or descending/);
    assert.match(problem('machines', '--group', 'vendor'), /--group must be one of gpu, region, gpuCount, cuda, none/);
    // An object's inherited keys are no aliases.
    assert.match(problem('machines', '--sort', 'constructor'), /--sort must be one of/);
    assert.match(problem('machines', '--group', 'toString'), /--group must be one of/);
    for (const limit of ['0', '-1', '1.5', 'ten', '']) assert.match(problem('machines', '--limit', limit), /--limit must be a whole number/);
    assert.match(problem('machines', '--limit'), /--limit needs a value/);
    assert.match(problem('machines', '--json=yes'), /--json takes no value/);
    assert.match(problem('machines', '--limit', '1', '--limit', '2'), /--limit is given twice/);
    assert.match(problem('machines', '--interval', '5'), /'machines' has no option --interval; it takes --sort/);
    assert.match(problem('templates', '--group', 'gpu'), /'templates' has no option --group/);
    assert.match(problem('machine'), /machine takes one node ID/);
    assert.match(problem('machine', 'a', 'b'), /machine takes one node ID/);
    assert.match(problem('image-ref', 'ubuntu'), /image-ref takes one template ID/);
    assert.match(problem('templates', '--image-type', 'x'), /--image-type must be an integer/);
    assert.match(problem('watch'), /watch needs a query/);
    assert.match(problem('watch', 'gpus>=8', '--interval', '0'), /--interval must be a whole number of seconds, at least 1/);
    assert.match(problem('watch', 'gpus>=8', '--json'), /'watch' has no option --json/);
    assert.match(problem('mcp', 'x'), /mcp takes no arguments/);
    assert.match(problem('machines', '--timeout', '0'), /--timeout must be a whole number of seconds/);
    assert.match(problem('machines', '--token-file='), /--token-file needs a file name/);
  });

  it('says whether a mistake was made under --json or --ndjson (before any --), so it can be told as JSON', () => {
    const json = (...argv: string[]) => {
      const parsed = parseArgs(argv);
      assert.ok(!parsed.ok);
      return parsed.json;
    };
    assert.equal(json('machines', '--limit', '0', '--json'), true);
    assert.equal(json('rent', '--ndjson'), true);
    assert.equal(json('watch', 'x', '--json'), true);
    assert.equal(json('machines', '--limit', '0'), false);
    assert.equal(json('machines', '--limit', '0', '--', '--json'), false);
  });

  it('an unknown short option is named as given', () => {
    assert.match(problem('machines', '-x'), /'machines' has no option -x; it takes --sort/);
    assert.match(problem('mcp', '--json'), /^'mcp' has no option --json$/);
  });

  it('quotes a bad argument back on one line, without control characters', () => {
    const message = problem('\u001b]0;pwned\u0007rent');
    assert.ok(!/[\u0000-\u001f]/.test(message), JSON.stringify(message));
  });
});

/** The fields a test cares about: the given ones, or those that differ from the defaults. */
function pick(c: Command, keys?: string[]): Record<string, unknown> {
  const record = c as unknown as Record<string, unknown>;
  const defaults: Record<string, unknown> = { kind: c.kind, sortBy: 'pricePerGpu', order: 'ascending', groupBy: 'none', arranged: false, timeoutSeconds: DEFAULT_TIMEOUT_SECONDS, color: true, intervalSeconds: DEFAULT_WATCH_INTERVAL_SECONDS };
  const chosen = keys ?? Object.keys(record).filter((k) => record[k] !== undefined && record[k] !== defaults[k]);
  return Object.fromEntries(chosen.map((k) => [k, record[k]]));
}
