// The language model tools: chat agents find machines, read one, and list
// templates from the market model, read-only. Data older than a few minutes
// is refreshed first; without a token or URL the answer says how to set up.
// Names, schemas and answers are shared with the MCP server (src/market/tools.ts).
import * as vscode from 'vscode';
import type { Market, Which } from '../../market/market';
import type { MarketClient } from '../../market/worker/client';
import type { MarketFacts } from '../../model/memoryText';
import { TOOL_DATA_FRESH_MS, toolAnswer, toolDefinition, TOOL_NAMES, type ToolName } from '../../market/tools';
import type { Controller } from '../services/controller';
import { describeError } from '../services/log';

class Tool implements vscode.LanguageModelTool<unknown> {
  constructor(
    private readonly name: ToolName,
    private readonly progress: (input: unknown) => string,
    private readonly market: Market,
    private readonly controller: Controller,
    /** The market history: where a price per GPU is against its model's 7-day median. */
    private readonly history: MarketFacts | undefined,
    /** The market worker, when it runs (gpuRental.experimental.marketWorker): the answer is then loaded and made there. */
    private readonly worker: () => MarketClient | undefined = () => undefined,
  ) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): vscode.PreparedToolInvocation {
    return { invocationMessage: this.progress(options.input) };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token?: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(await this.text(options.input, token))]);
  }

  /** The answer as text; never throws (a tool that throws leaves the model with nothing to say). A cancelled call cancels its requests to the market worker. */
  async text(input: unknown, token?: vscode.CancellationToken): Promise<string> {
    const cancel = new AbortController();
    const cancelling = token?.onCancellationRequested(() => cancel.abort());
    try {
      const setup = this.setupProblem();
      if (setup) return setup;
      const which = toolDefinition(this.name).reads;
      const worker = this.worker();
      if (worker) return await workerAnswer(worker, this.name, which, input, cancel.signal);
      const listing = this.market.listing(which);
      const fetchedAt = listing.snapshot?.fetchedAt;
      if (!fetchedAt || Date.now() - fetchedAt.getTime() > TOOL_DATA_FRESH_MS) {
        // Quiet: a failure is said in the answer, not in a notification the user did not ask for.
        const errors = await this.controller.refresh([which], { quiet: true });
        if (!listing.snapshot) {
          return vscode.l10n.t('The GPU rental service could not be reached: {0}', errors[0]?.message ?? vscode.l10n.t('no data.'));
        }
      }
      return toolAnswer(this.name, this.market, input, new Date(), this.history ?? 'outside');
    } catch (err) {
      return vscode.l10n.t('GPU Rental could not answer: {0}.', err instanceof Error ? describeError(err) : vscode.l10n.t('unexpected error'));
    } finally {
      cancelling?.dispose();
    }
  }

  private setupProblem(): string | undefined {
    switch (this.controller.setup) {
      case 'ready':
        return undefined;
      case 'noToken':
        return vscode.l10n.t('GPU Rental has no API token. Ask the user to run the command "{0}" in VS Code.', setTokenTitle());
      case 'noBaseUrl':
      case 'badBaseUrl':
        return vscode.l10n.t('GPU Rental is not set up: the user must set the service URL (setting gpuRental.baseUrl) and then run "{0}".', setTokenTitle());
      default:
        return vscode.l10n.t('GPU Rental is not ready: {0}', this.controller.setupProblem ?? vscode.l10n.t('open the GPU Rental view to finish setting it up.'));
    }
  }
}

/** The same answer, loaded and made in the market worker: only the question and the text cross. */
async function workerAnswer(worker: MarketClient, name: ToolName, which: Which, input: unknown, signal: AbortSignal): Promise<string> {
  const fetchedAt = (await worker.request('state', { which }, signal)).fetchedAt;
  if (fetchedAt === undefined || Date.now() - fetchedAt > TOOL_DATA_FRESH_MS) {
    const { error } = await worker.request('load', { which }, signal);
    if ((await worker.request('state', { which }, signal)).fetchedAt === undefined) {
      return vscode.l10n.t('The GPU rental service could not be reached: {0}', error?.message ?? vscode.l10n.t('no data.'));
    }
  }
  return worker.request('tool', { name, input, now: Date.now() }, signal);
}

export function createTools(market: Market, controller: Controller, history?: MarketFacts, worker?: () => MarketClient | undefined): Record<ToolName, Tool> {
  return {
    gpuRental_findMachines: new Tool(
      'gpuRental_findMachines',
      (input) => {
        const query = (input as { query?: unknown })?.query;
        return typeof query === 'string' && query.trim() ? vscode.l10n.t('Finding machines matching {0}…', query.trim().slice(0, 80)) : vscode.l10n.t('Listing the cheapest machines…');
      },
      market,
      controller,
      history,
      worker,
    ),
    gpuRental_getMachine: new Tool('gpuRental_getMachine', () => vscode.l10n.t('Reading the machine…'), market, controller, history, worker),
    gpuRental_listTemplates: new Tool('gpuRental_listTemplates', () => vscode.l10n.t('Listing image templates…'), market, controller, history, worker),
  };
}

/** The command as the Command Palette shows it, in the user's language, so that the model can quote it. */
function setTokenTitle(): string {
  return vscode.l10n.t('GPU Rental: Set API Token');
}

/** Registers the tools where the editor has the API (VS Code 1.95+); elsewhere, nothing. */
export function registerTools(market: Market, controller: Controller, history: MarketFacts, worker?: () => MarketClient | undefined): vscode.Disposable {
  if (typeof vscode.lm?.registerTool !== 'function') {
    return new vscode.Disposable(() => undefined);
  }
  const tools = createTools(market, controller, history, worker);
  return vscode.Disposable.from(...TOOL_NAMES.map((name) => vscode.lm.registerTool(name, tools[name])));
}
