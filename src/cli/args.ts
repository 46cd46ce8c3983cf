// The command line of `gpu-rental`, read into one command object. Pure: no
// process, no environment. A token is never taken as an argument (`ps` shows
// the arguments of every process to every user): GPU_RENTAL_TOKEN or
// --token-file instead.
import { GROUP_BY, SORT_KEYS, type GroupBy, type SortKey, type SortOrder } from '../model/arrange';

export type Format = 'json' | 'ndjson' | 'ids' | 'table';

export interface Common {
  /** Undefined: a table on a terminal, JSON otherwise. */
  format?: Format;
  tokenFile?: string;
  timeoutSeconds: number;
  /** false with --no-color; otherwise colour only on a terminal (and without NO_COLOR). */
  color: boolean;
}

export type Command =
  | ({
      kind: 'machines';
      query: string;
      sortBy: SortKey;
      order: SortOrder;
      groupBy: GroupBy;
      /** --sort, --order or --group was given: without them, --ndjson keeps the service's order and streams. */
      arranged: boolean;
      limit?: number;
    } & Common)
  | ({ kind: 'machine'; nodeId: string } & Common)
  | ({ kind: 'templates'; text: string; imageType?: number; limit?: number } & Common)
  | ({ kind: 'image-ref'; templateId: number } & Common)
  | ({ kind: 'watch'; query: string; intervalSeconds: number; limit?: number } & Common)
  | ({ kind: 'record'; query: string; intervalSeconds: number; limit?: number } & Common)
  | ({ kind: 'history'; words: string; days: number } & Common)
  | ({ kind: 'mcp' } & Common)
  | { kind: 'help'; topic?: string }
  | { kind: 'version' };

export type Parsed = { ok: true; command: Command } | { ok: false; message: string };

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_WATCH_INTERVAL_SECONDS = 60;
export const MIN_WATCH_INTERVAL_SECONDS = 1;
export const DEFAULT_HISTORY_DAYS = 7;

const COMMANDS = ['machines', 'machine', 'templates', 'image-ref', 'watch', 'record', 'history', 'mcp'] as const;
type CommandName = (typeof COMMANDS)[number];

/** The options each command takes, beyond --token-file, --timeout, --no-color and --help. */
const OPTIONS: Record<CommandName, readonly string[]> = {
  machines: ['sort', 'order', 'group', 'limit', 'json', 'ndjson', 'ids', 'table'],
  machine: ['json', 'table'],
  templates: ['image-type', 'limit', 'json', 'ndjson', 'ids', 'table'],
  'image-ref': ['json'],
  watch: ['interval', 'limit'],
  record: ['interval', 'limit'],
  history: ['days', 'json', 'ndjson', 'table'],
  mcp: [],
};
const COMMON_OPTIONS = ['token-file', 'timeout', 'no-color', 'help'];
const FLAGS = new Set(['json', 'ndjson', 'ids', 'table', 'no-color', 'help']);
const FORMATS: readonly Format[] = ['json', 'ndjson', 'ids', 'table'];

/** Other spellings of the sort keys: the query language's field names. */
const SORT_ALIASES: Record<string, SortKey> = {
  price_per_gpu: 'pricePerGpu',
  pergpu: 'pricePerGpu',
  vram: 'gpuMemory',
  gpu_memory: 'gpuMemory',
  gpus: 'gpuCount',
  gpu_count: 'gpuCount',
  online: 'onlineRate',
  online_rate: 'onlineRate',
  up: 'upTime',
  up_time: 'upTime',
};

const GROUP_ALIASES: Record<string, GroupBy> = { gpus: 'gpuCount', gpu_count: 'gpuCount' };

function fail(message: string): Parsed {
  return { ok: false, message };
}

function sortKey(value: string): SortKey | undefined {
  const lower = value.toLowerCase();
  return SORT_KEYS.find((k) => k.toLowerCase() === lower) ?? SORT_ALIASES[lower];
}

function groupKey(value: string): GroupBy | undefined {
  const lower = value.toLowerCase();
  return GROUP_BY.find((k) => k.toLowerCase() === lower) ?? GROUP_ALIASES[lower];
}

function wholeNumber(value: string, min: number): number | undefined {
  return /^\d{1,9}$/.test(value) && Number(value) >= min ? Number(value) : undefined;
}

/** Reads `argv` (without node and the script). Never echoes what follows --token. */
export function parseArgs(argv: readonly string[]): Parsed {
  const [first, ...rest] = argv;
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    return { ok: true, command: { kind: 'help', topic: first === 'help' ? rest[0] : undefined } };
  }
  if (first === '--version' || first === '-V' || first === 'version') {
    return { ok: true, command: { kind: 'version' } };
  }
  if (!(COMMANDS as readonly string[]).includes(first)) {
    return fail(`unknown command '${printable(first)}'; commands: ${COMMANDS.join(', ')} (gpu-rental --help)`);
  }
  const name = first as CommandName;
  const options = new Map<string, string>();
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--') {
      positionals.push(...rest.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      options.set('help', '');
      continue;
    }
    if (!arg.startsWith('--') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const option = (eq < 0 ? arg.slice(2) : arg.slice(2, eq)).toLowerCase();
    if (option === 'token' || option === 'api-token') {
      return fail('a token is never taken as an argument (every user can read arguments with ps): set GPU_RENTAL_TOKEN, or use --token-file FILE with a file only you can read');
    }
    if (!OPTIONS[name].includes(option) && !COMMON_OPTIONS.includes(option)) {
      return fail(`'${name}' has no option --${printable(option)}${OPTIONS[name].length ? `; it takes ${OPTIONS[name].map((o) => `--${o}`).join(', ')}` : ''}`);
    }
    if (options.has(option)) {
      return fail(`--${option} is given twice`);
    }
    if (FLAGS.has(option)) {
      if (eq >= 0) return fail(`--${option} takes no value`);
      options.set(option, '');
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : rest[++i];
    if (value === undefined) {
      return fail(`--${option} needs a value`);
    }
    options.set(option, value);
  }
  if (options.has('help')) {
    return { ok: true, command: { kind: 'help', topic: name } };
  }
  const formats = FORMATS.filter((f) => options.has(f));
  if (formats.length > 1) {
    return fail(`choose one output form: ${formats.map((f) => `--${f}`).join(' or ')}`);
  }
  const timeout = options.get('timeout');
  const timeoutSeconds = timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : wholeNumber(timeout, 1);
  if (timeoutSeconds === undefined) return fail('--timeout must be a whole number of seconds, at least 1');
  const tokenFile = options.get('token-file');
  if (tokenFile === '') return fail('--token-file needs a file name');
  const common: Common = { format: formats[0], tokenFile, timeoutSeconds, color: !options.has('no-color') };
  let limit: number | undefined;
  if (options.has('limit')) {
    limit = wholeNumber(options.get('limit')!, 1);
    if (limit === undefined) return fail('--limit must be a whole number, at least 1');
  }
  const words = positionals.join(' ').trim();
  switch (name) {
    case 'machines': {
      const sortBy = options.has('sort') ? sortKey(options.get('sort')!) : 'pricePerGpu';
      if (!sortBy) return fail(`--sort must be one of ${SORT_KEYS.join(', ')}`);
      const order = orderOf(options.get('order'));
      if (!order) return fail('--order must be ascending or descending (asc, desc)');
      const groupBy = options.has('group') ? groupKey(options.get('group')!) : 'none';
      if (!groupBy) return fail(`--group must be one of ${GROUP_BY.join(', ')}`);
      const arranged = options.has('sort') || options.has('order') || options.has('group');
      return { ok: true, command: { kind: 'machines', query: words, sortBy, order, groupBy, arranged, limit, ...common } };
    }
    case 'machine':
      if (positionals.length !== 1 || !positionals[0].trim()) return fail('machine takes one node ID: gpu-rental machine NODE_ID');
      return { ok: true, command: { kind: 'machine', nodeId: positionals[0].trim(), ...common } };
    case 'templates': {
      let imageType: number | undefined;
      if (options.has('image-type')) {
        const raw = options.get('image-type')!;
        imageType = /^-?\d{1,9}$/.test(raw) ? Number(raw) : undefined;
        if (imageType === undefined) return fail('--image-type must be an integer');
      }
      return { ok: true, command: { kind: 'templates', text: words, imageType, limit, ...common } };
    }
    case 'image-ref': {
      const id = positionals.length === 1 ? positionals[0].trim() : '';
      if (!/^-?\d{1,15}$/.test(id)) return fail('image-ref takes one template ID (an integer): gpu-rental image-ref TEMPLATE_ID');
      return { ok: true, command: { kind: 'image-ref', templateId: Number(id), ...common } };
    }
    case 'watch':
    case 'record': {
      if (!words && name === 'watch') return fail('watch needs a query: gpu-rental watch QUERY [--interval S]');
      const interval = options.get('interval');
      const intervalSeconds = interval === undefined ? DEFAULT_WATCH_INTERVAL_SECONDS : wholeNumber(interval, MIN_WATCH_INTERVAL_SECONDS);
      if (intervalSeconds === undefined) return fail(`--interval must be a whole number of seconds, at least ${MIN_WATCH_INTERVAL_SECONDS}`);
      return { ok: true, command: { kind: name, query: words, intervalSeconds, limit, ...common } };
    }
    case 'history': {
      const days = options.has('days') ? wholeNumber(options.get('days')!, 1) : DEFAULT_HISTORY_DAYS;
      if (days === undefined) return fail('--days must be a whole number, at least 1');
      return { ok: true, command: { kind: 'history', words, days, ...common } };
    }
    case 'mcp':
      if (positionals.length) return fail('mcp takes no arguments: it speaks MCP on stdin and stdout');
      return { ok: true, command: { kind: 'mcp', ...common } };
  }
}

function orderOf(value: string | undefined): SortOrder | undefined {
  if (value === undefined) return 'ascending';
  const lower = value.toLowerCase();
  return lower === 'ascending' || lower === 'asc' ? 'ascending' : lower === 'descending' || lower === 'desc' ? 'descending' : undefined;
}

/** An argument quoted back in a message: one line, no control characters, short. */
function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
}
