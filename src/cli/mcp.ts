// `gpu-rental mcp`: an MCP server on stdin/stdout with the tools VS
// Code's chat has (src/market/tools.ts: same names, schemas and answers),
// read-only. Built on the official SDK. The token comes from the
// environment (or --token-file) and is never written anywhere: not to
// stdout (the protocol), not to stderr, not to a log; answers hold listing
// data only.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { GpuRentalClient } from '../api/client';
import type { ApiError } from '../api/errors';
import { Market } from '../market/market';
import type { Which } from '../market/protocol';
import { isToolName, TOOL_DATA_FRESH_MS, TOOL_DEFINITIONS, outlookToolQuery, toolAnswer, toolDefinition } from '../market/tools';
import { TEMPLATE_PAGE_SIZE } from './commands';
import { outlookAnswer } from '../market/history/outlookAnswer';
import type { HistoryStore } from '../market/history/store';
import type { CliError } from './errors';

/** What the tools are listed as: the shared definitions, marked read-only. */
const MCP_TOOLS: Tool[] = TOOL_DEFINITIONS.map((t) => ({
  name: t.name,
  title: t.title,
  description: t.modelDescription,
  inputSchema: { ...t.inputSchema },
  annotations: { title: t.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
}));

function text(value: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError } : {}) };
}

/** Answers tool calls from a market it loads when its data is missing or old; never throws. */
export class ToolHost {
  private readonly market = new Market();
  private readonly loading = new Map<Which, Promise<ApiError | undefined>>();

  /** `client` is undefined when the environment does not say which service or token: every call then says what is missing. */
  constructor(
    private readonly client: GpuRentalClient | undefined,
    private readonly setupProblem: CliError | undefined,
    /** The market history the editor's windows and `gpu-rental record` keep (none on a Node without SQLite). */
    private readonly history?: HistoryStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async call(name: string, input: unknown): Promise<CallToolResult> {
    try {
      if (!isToolName(name)) return text(`Unknown tool ${JSON.stringify(name.slice(0, 60))}: the tools are ${TOOL_DEFINITIONS.map((t) => t.name).join(', ')}.`, true);
      if (!this.client) return text(`GPU Rental is not set up: ${this.setupProblem?.message ?? 'no service'}. Set GPU_RENTAL_BASE_URL and GPU_RENTAL_TOKEN in the MCP server's environment.`, true);
      const client = this.client;
      const which = toolDefinition(name).reads;
      const listing = this.market.listing(which);
      const fetchedAt = listing.snapshot?.fetchedAt;
      if (!fetchedAt || this.now().getTime() - fetchedAt.getTime() > TOOL_DATA_FRESH_MS) {
        const error = await this.load(which, client);
        if (!listing.snapshot) {
          return text(`The GPU rental service could not be reached: ${error?.message ?? 'no data.'}`, true);
        }
      }
      this.history?.poll();
      const query = outlookToolQuery(name, input);
      const outlook = query === undefined ? undefined : outlookAnswer(this.history?.outlook(), query);
      return text(toolAnswer(name, this.market, input, this.now(), this.history ?? 'outside', outlook));
    } catch (err) {
      return text(`GPU Rental could not answer: ${err instanceof Error ? err.name : 'unexpected error'}.`, true);
    }
  }

  /**
   * Loads a listing, or joins its load in flight: a client may call tools at once, and a second load
   * would cancel the first, whose call then had no list to answer from.
   */
  private load(which: Which, client: GpuRentalClient): Promise<ApiError | undefined> {
    let pending = this.loading.get(which);
    if (!pending) {
      pending = (which === 'machines' ? this.market.loadMachines((signal) => client.listMachines(signal)) : this.market.loadTemplates((signal) => client.listTemplates(TEMPLATE_PAGE_SIZE, signal))).finally(() => this.loading.delete(which));
      this.loading.set(which, pending);
    }
    return pending;
  }

  dispose(): void {
    this.market.dispose();
    this.history?.close();
  }
}

/** Serves MCP on stdin/stdout until the client closes stdin or `stop` is aborted. */
export async function runMcp(host: ToolHost, version: string, stop: AbortSignal): Promise<number> {
  const server = new Server({ name: 'gpu-rental', title: 'GPU Rental', version }, { capabilities: { tools: {} }, instructions: 'Read-only access to the GPU rental service: find rentable GPU machines with a filter query, read one machine by node ID, list image templates, estimate what a model training or inference job costs to finish on each machine, and say what the market history recorded of a filter (rent now or wait).' });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: MCP_TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (request) => host.call(request.params.name, request.params.arguments ?? {}));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    process.stdin.once('end', resolve);
    stop.addEventListener('abort', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
  host.dispose();
  return 0;
}
