// The command line of `gpu-rental`, read into one command object by Node's
// util.parseArgs, under our own messages. Pure: no process, no environment.
// A token is never taken as an argument (`ps` shows the arguments of every
// process to every user): GPU_RENTAL_TOKEN or --token-file instead.
import { parseArgs as parseTokens } from 'node:util';
import { GROUP_BY, SORT_KEYS, type GroupBy, type SortKey, type SortOrder } from '../model/arrange';
import type { Job } from '../model/jobCost';
import { checkJob } from '../model/jobInput';

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
  | ({ kind: 'cost'; job: Job; query: string; limit?: number } & Common)
  | ({ kind: 'outlook'; query: string; days: number } & Common)
  | ({ kind: 'mcp' } & Common)
  | { kind: 'help' }
  | { kind: 'version' };

/** A mistake says whether --json or --ndjson was asked for, so that it can be told as JSON too. */
export type Parsed = { ok: true; command: Command } | { ok: false; message: string; json: boolean };

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_WATCH_INTERVAL_SECONDS = 60;
export const MIN_WATCH_INTERVAL_SECONDS = 1;
export const DEFAULT_HISTORY_DAYS = 7;
/** The outlook's window, and its longest (machines gone longer are forgotten). */
export const OUTLOOK_DEFAULT_DAYS = 30;

type Values = Record<string, string | boolean | undefined>;

/** A command: the options it takes beyond the common ones, and how its options and words make it. */
interface CommandSpec {
  options: Record<string, { type: 'string' | 'boolean' }>;
  /** The command, or what is wrong (a usage message). `limit` is --limit, checked. */
  build(values: Values, words: readonly string[], common: Common, limit?: number): Command | string;
}

const FORMATS: readonly Format[] = ['json', 'ndjson', 'ids', 'table'];
const STRING = { type: 'string' } as const;
const FLAG = { type: 'boolean' } as const;

function flags(...names: string[]): Record<string, typeof FLAG> {
  return Object.fromEntries(names.map((n) => [n, FLAG]));
}

/** The options of every command. */
const COMMON_OPTIONS = { 'token-file': STRING, timeout: STRING, 'no-color': FLAG, help: { type: 'boolean', short: 'h' } } as const;

/** Every command, with its options (for util.parseArgs) and how it is made. A new command is one more entry. */
const COMMANDS: Record<string, CommandSpec> = {
  machines: {
    options: { sort: STRING, order: STRING, group: STRING, limit: STRING, ...flags('json', 'ndjson', 'ids', 'table') },
    build(values, words, common, limit) {
      const sortBy = values.sort !== undefined ? keyOf(String(values.sort), SORT_KEYS, SORT_ALIASES) : 'pricePerGpu';
      if (!sortBy) return `--sort must be one of ${SORT_KEYS.join(', ')}`;
      const order = values.order !== undefined ? keyOf(String(values.order), ORDERS, ORDER_ALIASES) : 'ascending';
      if (!order) return '--order must be ascending or descending (asc, desc)';
      const groupBy = values.group !== undefined ? keyOf(String(values.group), GROUP_BY, GROUP_ALIASES) : 'none';
      if (!groupBy) return `--group must be one of ${GROUP_BY.join(', ')}`;
      const arranged = values.sort !== undefined || values.order !== undefined || values.group !== undefined;
      return { kind: 'machines', query: words.join(' ').trim(), sortBy, order, groupBy, arranged, limit, ...common };
    },
  },
  machine: {
    options: flags('json', 'table'),
    build(_values, words, common) {
      if (words.length !== 1 || !words[0].trim()) return 'machine takes one node ID: gpu-rental machine NODE_ID';
      return { kind: 'machine', nodeId: words[0].trim(), ...common };
    },
  },
  templates: {
    options: { 'image-type': STRING, limit: STRING, ...flags('json', 'ndjson', 'ids', 'table') },
    build(values, words, common, limit) {
      const raw = values['image-type'];
      const imageType = raw === undefined ? undefined : /^-?\d{1,9}$/.test(String(raw)) ? Number(raw) : null;
      if (imageType === null) return '--image-type must be an integer';
      return { kind: 'templates', text: words.join(' ').trim(), imageType, limit, ...common };
    },
  },
  'image-ref': {
    options: flags('json'),
    build(_values, words, common) {
      const id = words.length === 1 ? words[0].trim() : '';
      if (!/^-?\d{1,15}$/.test(id)) return 'image-ref takes one template ID (an integer): gpu-rental image-ref TEMPLATE_ID';
      return { kind: 'image-ref', templateId: Number(id), ...common };
    },
  },
  watch: {
    options: { interval: STRING, limit: STRING },
    build(values, words, common, limit) {
      const query = words.join(' ').trim();
      if (!query) return 'watch needs a query: gpu-rental watch QUERY [--interval S]';
      const intervalSeconds = intervalOf(values);
      return typeof intervalSeconds === 'string' ? intervalSeconds : { kind: 'watch', query, intervalSeconds, limit, ...common };
    },
  },
  record: {
    options: { interval: STRING, limit: STRING },
    build(values, words, common, limit) {
      const intervalSeconds = intervalOf(values);
      return typeof intervalSeconds === 'string' ? intervalSeconds : { kind: 'record', query: words.join(' ').trim(), intervalSeconds, limit, ...common };
    },
  },
  history: {
    options: { days: STRING, ...flags('json', 'ndjson', 'table') },
    build(values, words, common) {
      const days = values.days === undefined ? DEFAULT_HISTORY_DAYS : wholeNumber(String(values.days), 1);
      if (days === undefined) return '--days must be a whole number, at least 1';
      return { kind: 'history', words: words.join(' ').trim(), days, ...common };
    },
  },
  cost: {
    options: { job: STRING, tokens: STRING, batch: STRING, hours: STRING, utilization: STRING, limit: STRING, ...flags('json', 'table') },
    build(values, words, common, limit) {
      if (!words.length) return 'cost needs a model size: gpu-rental cost SIZE --job train|lora|infer --tokens N [QUERY]';
      if (values.job === undefined) return '--job is needed: train (full training or fine-tuning), lora or infer';
      const checked = checkJob({ size: words[0], kind: values.job, tokens: values.tokens, batch: values.batch, hours: values.hours, utilization: values.utilization });
      return checked.ok ? { kind: 'cost', job: checked.job, query: words.slice(1).join(' ').trim(), limit, ...common } : checked.message;
    },
  },
  outlook: {
    options: { days: STRING, ...flags('json', 'table') },
    build(values, words, common) {
      const days = values.days === undefined ? OUTLOOK_DEFAULT_DAYS : wholeNumber(String(values.days), 1);
      if (days === undefined || days > OUTLOOK_DEFAULT_DAYS) return `--days must be a whole number from 1 to ${OUTLOOK_DEFAULT_DAYS}`;
      const query = words.join(' ').trim();
      if (!query) return "outlook needs a query: gpu-rental outlook 'gpu=h100 gpus=8' [--days N]";
      return { kind: 'outlook', query, days, ...common };
    },
  },
  mcp: {
    options: {},
    build(_values, words, common) {
      return words.length ? 'mcp takes no arguments: it speaks MCP on stdin and stdout' : { kind: 'mcp', ...common };
    },
  },
};

/** --interval in whole seconds, or what is wrong with it. */
function intervalOf(values: Values): number | string {
  const seconds = values.interval === undefined ? DEFAULT_WATCH_INTERVAL_SECONDS : wholeNumber(String(values.interval), MIN_WATCH_INTERVAL_SECONDS);
  return seconds ?? `--interval must be a whole number of seconds, at least ${MIN_WATCH_INTERVAL_SECONDS}`;
}

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
const ORDERS: readonly SortOrder[] = ['ascending', 'descending'];
const ORDER_ALIASES: Record<string, SortOrder> = { asc: 'ascending', desc: 'descending' };

/** One of `keys` or of their other spellings, in any case. */
function keyOf<K extends string>(value: string, keys: readonly K[], aliases: Record<string, K>): K | undefined {
  const lower = value.toLowerCase();
  return keys.find((k) => k.toLowerCase() === lower) ?? (Object.hasOwn(aliases, lower) ? aliases[lower] : undefined);
}

function wholeNumber(value: string, min: number): number | undefined {
  return /^\d{1,9}$/.test(value) && Number(value) >= min ? Number(value) : undefined;
}

/** --json or --ndjson among the options (before any --): then a mistake is told as JSON. */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--json' || a === '--ndjson');
}

/** Reads `argv` (without node and the script). Never echoes what follows --token. */
export function parseArgs(argv: readonly string[]): Parsed {
  const fail = (message: string): Parsed => ({ ok: false, message, json: wantsJson(argv) });
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    return { ok: true, command: { kind: 'help' } };
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    return { ok: true, command: { kind: 'version' } };
  }
  const spec = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!spec) {
    return fail(`unknown command '${printable(name)}'; commands: ${Object.keys(COMMANDS).join(', ')} (gpu-rental --help)`);
  }
  const options = { ...spec.options, ...COMMON_OPTIONS };
  // Not strict: each option is checked below, to say what is wrong in our words (and never quote a token).
  const { values, positionals, tokens } = parseTokens({ args: [...rest], options, allowPositionals: true, strict: false, tokens: true });
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = token.name;
    if (option === 'token' || option === 'api-token') {
      return fail('a token is never taken as an argument (every user can read arguments with ps): set GPU_RENTAL_TOKEN, or use --token-file FILE with a file only you can read');
    }
    if (!Object.hasOwn(options, option)) {
      const takes = Object.keys(spec.options);
      return fail(`'${name}' has no option ${printable(token.rawName)}${takes.length ? `; it takes ${takes.map((o) => `--${o}`).join(', ')}` : ''}`);
    }
    if (seen.has(option)) return fail(`--${option} is given twice`);
    seen.add(option);
    const type = options[option as keyof typeof options].type;
    if (type === 'boolean' && token.value !== undefined) return fail(`--${option} takes no value`);
    if (type === 'string' && token.value === undefined) return fail(`--${option} needs a value`);
  }
  if (values.help) {
    return { ok: true, command: { kind: 'help' } };
  }
  const formats = FORMATS.filter((f) => values[f]);
  if (formats.length > 1) {
    return fail(`choose one output form: ${formats.map((f) => `--${f}`).join(' or ')}`);
  }
  const timeoutSeconds = values.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : wholeNumber(String(values.timeout), 1);
  if (timeoutSeconds === undefined) return fail('--timeout must be a whole number of seconds, at least 1');
  if (values['token-file'] === '') return fail('--token-file needs a file name');
  const common: Common = { format: formats[0], tokenFile: values['token-file'] as string | undefined, timeoutSeconds, color: !values['no-color'] };
  const limit = values.limit === undefined ? undefined : wholeNumber(String(values.limit), 1);
  if (values.limit !== undefined && limit === undefined) return fail('--limit must be a whole number, at least 1');
  const built = spec.build(values, positionals, common, limit);
  return typeof built === 'string' ? fail(built) : { ok: true, command: built };
}

/** An argument quoted back in a message: one line, no control characters, short. */
function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
}
