// Offers `gpu-rental mcp` (dist/cli.js, shipped in the .vsix) to VS Code's
// MCP support, so agents in and beyond VS Code's chat get the same tools.
// The definition names the service; the token is added only when VS Code
// resolves the server to start it, through the process environment, and
// never written to a settings file. VS Code 1.101 brought the API: on older
// versions (the @types are 1.100) nothing is registered (see mcpSupported).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Config } from '../services/config';
import { Disposable, DisposableStore } from '../services/lifecycle';
import type { TokenStore } from '../services/tokenStore';

export const MCP_PROVIDER_ID = 'gpuRental.mcp';

/** What VS Code 1.101+ declares for an MCP server started as a process (absent from the 1.100 types). */
export interface StdioDefinition {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string | number | null>;
  version?: string;
}

interface McpApi {
  registerMcpServerDefinitionProvider(id: string, provider: McpDefinitions): vscode.Disposable;
}

type StdioDefinitionClass = new (label: string, command: string, args?: string[], env?: Record<string, string | number | null>, version?: string) => StdioDefinition;

export class McpDefinitions extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  /** Counts changes of the service or token: VS Code restarts a running server whose version changed. */
  private generation = 0;

  constructor(
    private readonly extensionPath: string,
    private readonly config: Config,
    private readonly tokens: TokenStore,
  ) {
    super();
    const bump = () => {
      this.generation++;
      this.changed.fire();
    };
    this._register(tokens.onDidChange(bump));
    this._register(config.onDidChange((affects) => affects('baseUrl') && bump()));
  }

  /** The server, without its token. Runs dist/cli.js with the extension host's own runtime, on desktop (Electron as Node) and server alike. */
  provideMcpServerDefinitions(): StdioDefinition[] {
    const env: Record<string, string> = { ELECTRON_RUN_AS_NODE: '1' };
    if (this.config.baseUrl) env.GPU_RENTAL_BASE_URL = this.config.baseUrl;
    const args = [path.join(this.extensionPath, 'dist', 'cli.js'), 'mcp', '--timeout', String(Math.max(1, Math.round(this.config.timeoutMs / 1000)))];
    // The product's name, as in the manifest's MCP provider label: not translated.
    const label = 'GPU Rental';
    const version = String(this.generation);
    // Only asked where mcpSupported(): VS Code 1.101 and later, which have the class.
    const { McpStdioServerDefinition } = vscode as unknown as { McpStdioServerDefinition: StdioDefinitionClass };
    return [new McpStdioServerDefinition(label, process.execPath, args, env, version)];
  }

  /** Adds the token as VS Code starts the server: in the process environment only. Without one, the tools say so. */
  async resolveMcpServerDefinition(definition: StdioDefinition): Promise<StdioDefinition> {
    const token = await this.tokens.get();
    if (token) definition.env = { ...definition.env, GPU_RENTAL_TOKEN: token };
    return definition;
  }
}

/**
 * VS Code 1.101 finalized the API. 1.100 has a function of the same name that
 * wants another contribution point and throws for ours: not used there.
 */
export function mcpSupported(version = vscode.version): boolean {
  const [major, minor] = version.split('.').map(Number);
  const lm = vscode.lm as unknown as Partial<McpApi> | undefined;
  return typeof lm?.registerMcpServerDefinitionProvider === 'function' && (major > 1 || (major === 1 && minor >= 101));
}

/** Registers the provider where VS Code has the API; elsewhere, or when registering fails, nothing (activation goes on). */
export function registerMcpServer(context: vscode.ExtensionContext, config: Config, tokens: TokenStore): vscode.Disposable {
  if (!mcpSupported()) {
    return new DisposableStore();
  }
  const definitions = new McpDefinitions(context.extensionPath, config, tokens);
  try {
    const lm = vscode.lm as unknown as McpApi;
    return new DisposableStore(definitions, lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, definitions));
  } catch {
    definitions.dispose();
    return new DisposableStore();
  }
}
