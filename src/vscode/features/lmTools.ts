// The language model tools: chat agents find machines, read one, and list
// templates from the market model, read-only. Data older than a few minutes
// is refreshed first; without a token or URL the answer says how to set up.
// Names, schemas and answers are shared with the MCP server (src/market/tools.ts).
import * as vscode from 'vscode';
import { TOOL_DATA_FRESH_MS, toolDefinition, TOOL_NAMES, type ToolName } from '../../market/tools';
import type { Controller } from '../services/controller';
import { DisposableStore } from '../services/lifecycle';
import { describeError } from '../services/log';
import type { MarketHost } from '../services/marketHost';

/** What the tools need of the market: to ask it. */
export type ToolMarket = Pick<MarketHost, 'client'>;

class Tool implements vscode.LanguageModelTool<unknown> {
  constructor(
    private readonly name: ToolName,
    private readonly progress: (input: unknown) => string,
    private readonly market: ToolMarket,
    private readonly controller: Controller,
  ) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): vscode.PreparedToolInvocation {
    return { invocationMessage: this.progress(options.input) };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token?: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(await this.text(options.input, token))]);
  }

  /**
   * The answer as text; never throws (a tool that throws leaves the model with
   * nothing to say). Data older than a few minutes (or none) is refreshed
   * through the controller first; the answer is made by the market, only the
   * question and the text cross. A cancelled call cancels its requests.
   */
  async text(input: unknown, token?: vscode.CancellationToken): Promise<string> {
    const cancel = new AbortController();
    const cancelling = token?.onCancellationRequested(() => cancel.abort());
    try {
      const setup = this.setupProblem();
      if (setup) return setup;
      const which = toolDefinition(this.name).reads;
      const fetchedAt = (await this.market.client.request('state', { which }, cancel.signal)).fetchedAt;
      if (fetchedAt === undefined || Date.now() - fetchedAt > TOOL_DATA_FRESH_MS) {
        // Quiet: a failure is said in the answer, not in a notification the user did not ask for.
        const error = await this.controller.freshen(which);
        if ((await this.market.client.request('state', { which }, cancel.signal)).fetchedAt === undefined) {
          return vscode.l10n.t('The GPU rental service could not be reached: {0}', error?.message ?? vscode.l10n.t('no data.'));
        }
      }
      return await this.market.client.request('tool', { name: this.name, input, now: Date.now() }, cancel.signal);
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

export function createTools(market: ToolMarket, controller: Controller): Record<ToolName, Tool> {
  const progress: Record<ToolName, (input: unknown) => string> = {
    gpuRental_findMachines: (input) => {
      const query = (input as { query?: unknown })?.query;
      return typeof query === 'string' && query.trim() ? vscode.l10n.t('Finding machines matching {0}…', query.trim().slice(0, 80)) : vscode.l10n.t('Listing the cheapest machines…');
    },
    gpuRental_getMachine: () => vscode.l10n.t('Reading the machine…'),
    gpuRental_listTemplates: () => vscode.l10n.t('Listing image templates…'),
    gpuRental_jobCost: () => vscode.l10n.t('Estimating what the job costs on each machine…'),
    gpuRental_marketOutlook: () => vscode.l10n.t('Reading the market history…'),
  };
  return Object.fromEntries(TOOL_NAMES.map((name) => [name, new Tool(name, progress[name], market, controller)])) as Record<ToolName, Tool>;
}

/** The command as the Command Palette shows it, in the user's language, so that the model can quote it. */
function setTokenTitle(): string {
  return vscode.l10n.t('GPU Rental: Set API Token');
}

/** Registers the tools where the editor has the API (VS Code 1.95+); elsewhere, nothing. */
export function registerTools(market: ToolMarket, controller: Controller): vscode.Disposable {
  if (typeof vscode.lm?.registerTool !== 'function') {
    return new DisposableStore();
  }
  const tools = createTools(market, controller);
  return new DisposableStore(...TOOL_NAMES.map((name) => vscode.lm.registerTool(name, tools[name])));
}
