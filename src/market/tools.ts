// The tools a chat agent gets, defined once for VS Code's language
// model tools (package.json, contributes.languageModelTools) and for the MCP
// server of the command-line tool (src/cli/mcp.ts): their names, what they
// tell a model, their input schemas, and what they answer. A unit test keeps
// package.json equal to this. What a model reads stays in English in every
// display language (only the names and descriptions a person reads in VS
// Code are translated, in package.nls.*.json).
import * as l10n from '@vscode/l10n';
import type { MarketFacts } from '../model/historyText';
import type { OutlookAnswer } from './history/outlookAnswer';
import type { Market, Which } from './market';
import { checkJobCostInput, jobCostAnswer } from './jobCostAnswer';
import { outlookLine, outlookLines } from '../model/outlookText';
import { checkFindInput, checkTemplatesInput, findMachinesAnswer, getMachineAnswer, listTemplatesAnswer, MAX_LIMIT } from './toolAnswers';

/** Data older than this is loaded again before a tool answers. */
export const TOOL_DATA_FRESH_MS = 3 * 60_000;

export const TOOL_NAMES = ['gpuRental_findMachines', 'gpuRental_getMachine', 'gpuRental_listTemplates', 'gpuRental_jobCost', 'gpuRental_marketOutlook'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** A JSON schema as the two hosts take it: an object with described properties. */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, { type: 'string' | 'integer' | 'number'; description: string; enum?: string[]; minimum?: number; maximum?: number }>;
  required?: string[];
}

export interface ToolDefinition {
  name: ToolName;
  /** The English name a person reads (VS Code shows its translation from package.nls.*.json). */
  title: string;
  /** What a model reads to decide when and how to call the tool. */
  modelDescription: string;
  inputSchema: ToolInputSchema;
  /** The listing the answer is read from, loaded first when missing or old. */
  reads: Which;
}

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: 'gpuRental_findMachines',
    title: 'Find GPU Machines',
    modelDescription:
      "Lists GPU machines that can be rented now from the user's GPU rental service, filtered by a query and sorted (by default cheapest price per GPU first). Use it to answer which machine to rent, to compare offers, or to get a node ID (node_id) for a script. The query language: clauses separated by spaces, all of which must hold; each clause is field op value with op one of = != < <= > >=, or field in [a, b] / field notin [a, b]; a bare word searches GPU name, CPU name, region and node ID. A bare value of gpu, region or cpu_name matches names that start with its words (gpu=h100 finds H100_SXM5_80GB and H100_80GB_HBM3); a value in quotes matches the whole name (gpu=\"H100 SXM5 80GB\"); text ignores case and treats _ and space alike. Fields: gpu, gpus (GPU count), vram (GPU memory), vram_total (GPU memory of all GPUs), price, price_per_gpu, region, cuda, driver (versions, compared part by part), online (0 to 1), nvlink (true/false), cpus, ram, disk, up, down, labels, node_name. Examples: \"gpu=H100 gpus>=8 price_per_gpu<15\"; \"region in [us-west, us-east] vram>=24 online>=0.99 cuda>=12.1\". An invalid query returns the mistake with its position and the list of fields: correct the query and call again. In VS Code, each row also says how its price per GPU compares with its GPU model's median over the last 7 days (the vs 7-day median column; each model's 7-day low and median follow the table): use it to answer whether a price is good. The result says how old the data is.",
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'A filter in the query language, e.g. "gpu=H100 gpus>=8 price_per_gpu<15". Empty or absent: all machines.' },
        sortBy: { type: 'string', enum: ['pricePerGpu', 'price', 'gpuMemory', 'gpuCount', 'onlineRate', 'upTime'], description: 'Sort key; default pricePerGpu.' },
        order: { type: 'string', enum: ['ascending', 'descending'], description: 'Default ascending.' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, description: 'How many machines to return, 1 to 50; default 10.' },
      },
    },
    reads: 'machines',
  },
  {
    name: 'gpuRental_getMachine',
    title: 'Get GPU Machine',
    modelDescription:
      "Returns every field of one GPU machine listed by the user's GPU rental service, given its node ID (a UUID, as returned by gpuRental_findMachines in the node_id column) or the start of one, 6 characters or more (as the editor's details tabs show it, like a short commit hash). Says clearly when the machine is not listed now, and how many machines match when the start fits several. Use it before recommending or scripting a specific machine. In VS Code, a last line places its price per GPU in its GPU model's last 7 days (against the median, and the low) and says how long it has been listed: use it to answer whether the price is good. The result says how old the data is.",
    inputSchema: {
      type: 'object',
      properties: {
        nodeId: { type: 'string', description: "The machine's node ID (UUID), or its first 6 characters or more." },
      },
      required: ['nodeId'],
    },
    reads: 'machines',
  },
  {
    name: 'gpuRental_listTemplates',
    title: 'List GPU Image Templates',
    modelDescription:
      "Lists the image templates (container images with an id, name, image reference and image type) that the user's GPU rental service offers to run on its machines. Filter by words in the name, image or label (text, e.g. \"pytorch 2.4\") and by image type. Use the id when a script or command needs a template ID. Never returns credentials. The result says how old the data is.",
    inputSchema: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'Words that must all appear in the name, image or label.' },
        imageType: { type: 'integer', description: 'Only templates of this image type.' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, description: 'How many templates to return, 1 to 50; default 20.' },
      },
    },
    reads: 'templates',
  },
  {
    name: 'gpuRental_jobCost',
    title: 'Estimate GPU Job Cost',
    modelDescription:
      "Returns what a language model job costs to finish on each GPU machine that can be rented now from the user's GPU rental service: the time and the total cost, not the price per hour. Give the model size in billions of parameters, the job (train: full training or fine-tuning; lora: LoRA fine-tuning; infer: generation), and the work: tokens to train on (e.g. \"1B\", \"500M\", or dataset tokens × epochs as \"500M×3\"), or for infer the tokens to generate (with a batch size) or the hours of serving. Only machines with enough GPU memory for the job are listed (the same estimate as Find Machines for a Model), filtered further by an optional query in the gpuRental_findMachines query language, cheapest job first. Each row gives hours, GPU-hours and cost as a middle value with its low–high range, and whether the time is bound by compute or by reading the weights. Training is estimated as 6 × parameters × tokens FLOPs (LoRA 4 ×) at each GPU's datasheet BF16 tensor throughput and an assumed utilization (default 35%, range 20–55%; set utilization to change it), less efficient over several GPUs without NVLink; inference from memory bandwidth or compute, whichever is slower. The price is read as per hour for the whole machine. Machines whose GPU is not in the throughput table get no estimate and are listed last. Say that these are estimates with a range. The result says how old the data is.",
    inputSchema: {
      type: 'object',
      properties: {
        size: { type: 'string', description: 'Model size in billions of parameters, e.g. "7", "70b", "7.5".' },
        job: { type: 'string', enum: ['train', 'lora', 'infer'], description: 'train: full training or fine-tuning; lora: LoRA fine-tuning; infer: generation.' },
        tokens: { type: 'string', description: 'Tokens to train on (train, lora) or to generate (infer): "1B", "500M", "2.5T", or dataset tokens × epochs as "500M×3".' },
        batch: { type: 'integer', minimum: 1, maximum: 1024, description: 'infer only: sequences generated at once; default 1.' },
        hours: { type: 'number', description: 'infer only, instead of tokens: hours of serving.' },
        utilization: { type: 'string', description: 'The assumed utilization, the middle of the range: "40%" or "0.4". Default 35% for training, 50% for inference.' },
        query: { type: 'string', description: 'An optional filter in the query language, e.g. "gpu=H100 region=us-west".' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, description: 'How many machines to return, 1 to 50; default 10.' },
      },
      required: ['size', 'job'],
    },
    reads: 'machines',
  },
  {
    name: 'gpuRental_marketOutlook',
    title: 'GPU Market Outlook',
    modelDescription:
      "Returns what the market history recorded for a filter of GPU machines, to answer whether to rent now or wait: how often matching machines appeared in the last 7 and 30 days (about every N hours) and how long they stayed listed (median and quartiles), how many match now, the typical best price per GPU (25th to 75th percentile of each day's best over 30 days) and whether the best price now is low, typical or high against it, and on how many days a match cheaper than the best now appeared with the median wait for one from a random moment. It is a record, not a forecast: say it as what happened. With few days or appearances it says what it has and no more. The query is the same filter language as gpuRental_findMachines, e.g. \"gpu=H100 gpus=8 price_per_gpu<15 region=cn-east\"; listed_hours, flaps_7d, below_median, up_time and node_name are left out. An invalid query returns the mistake with its position: correct it and call again. The result says how old the data is.",
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'A filter in the query language, e.g. "gpu=H100 gpus=8 price_per_gpu<15". Empty: every machine.' },
      },
      required: ['query'],
    },
    reads: 'machines',
  },
];

export function toolDefinition(name: ToolName): ToolDefinition {
  return TOOL_DEFINITIONS.find((t) => t.name === name)!;
}

export function isToolName(name: unknown): name is ToolName {
  return (TOOL_NAMES as readonly unknown[]).includes(name);
}

/**
 * A tool's answer from the market as it is (the caller loads what the tool
 * reads first): the same text in VS Code's chat and over MCP, but for the
 * market history, which only the extension has ('outside': the MCP server,
 * whose answers say there is none). `outlook` is the history's answer for the
 * outlook tool's query (see outlookToolQuery; the worker's history, or the MCP
 * server's own), asked by the caller: the worker reads it in slices.
 */
export function toolAnswer(name: ToolName, market: Market, input: unknown, now: Date, history: MarketFacts | 'outside' = 'outside', outlook?: OutlookAnswer): string {
  switch (name) {
    case 'gpuRental_findMachines': {
      const checked = checkFindInput(input);
      return checked.ok ? findMachinesAnswer(market, checked.input, now, history) : invalid(checked.message);
    }
    case 'gpuRental_getMachine':
      return getMachineAnswer(market, (input as { nodeId?: unknown } | undefined)?.nodeId, now, history);
    case 'gpuRental_listTemplates': {
      const checked = checkTemplatesInput(input);
      return checked.ok ? listTemplatesAnswer(market, checked.input, now) : invalid(checked.message);
    }
    case 'gpuRental_jobCost': {
      const checked = checkJobCostInput(input);
      return checked.ok ? jobCostAnswer(market, checked.input, now) : invalid(checked.message);
    }
    case 'gpuRental_marketOutlook': {
      const query = outlookToolQuery(name, input);
      return query !== undefined ? marketOutlookAnswer(query, outlook) : invalid(l10n.t('query must be a filter text'));
    }
  }
}

/** The query the outlook tool asks the history about; undefined for another tool or an input without one. */
export function outlookToolQuery(name: ToolName, input: unknown): string | undefined {
  const query = (input as { query?: unknown } | undefined)?.query;
  return name === 'gpuRental_marketOutlook' && typeof query === 'string' ? query : undefined;
}

/** Why the history gave no outlook, in a sentence. */
function noOutlookWords(answer: Exclude<OutlookAnswer, { outlook: unknown }>): string {
  switch (answer.error) {
    case 'parse':
      return l10n.t('The query is not valid at column {0}: {1}. Correct it and call again.', answer.position, answer.message);
    case 'empty':
      return l10n.t('The market history has recorded no list yet: VS Code with GPU Rental records each list it loads, and so does `gpu-rental record`. Without one there is no outlook.');
    case 'off':
      return l10n.t('There is no market history here: it is off, or this runtime has no SQLite. Without it there is no outlook.');
  }
}

/** The outlook tool's text for a filter: what the market history says, as labelled lines, or why it cannot say (no `answer`: no history here). */
function marketOutlookAnswer(query: string, answer: OutlookAnswer = { error: 'off' }): string {
  if ('error' in answer) return noOutlookWords(answer);
  const o = answer.outlook;
  const lines = [l10n.t('Outlook of "{0}" from the market history (a record of the {1} days up to its latest list, {2}; not a forecast):', query.trim(), o.days, new Date(o.latest).toISOString()), outlookLine(o), ...outlookLines(o).map((l) => `- ${l.label}: ${l.value}`)];
  if (answer.ignored.length > 0) lines.push(l10n.t('Left out (the history does not keep them): {0}', answer.ignored.join(', ')));
  return lines.join('\n');
}

function invalid(message: string): string {
  return l10n.t('The input is not valid: {0}.', message);
}
