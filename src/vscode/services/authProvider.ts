// The service's account in VS Code's Accounts menu: an authentication
// provider over the one API token in the TokenStore. Signing in is Set API
// Token, signing out is Clear API Token (both handed in, so that this module
// needs nothing of commands/). Another extension gets the token only as a
// session's accessToken through vscode.authentication.getSession, which
// VS Code gates with its own consent prompt naming that extension.
import * as vscode from 'vscode';
import { checkBaseUrl } from '../../api/baseUrl';
import type { Config } from './config';
import { Disposable } from './lifecycle';
import type { TokenStore } from './tokenStore';

export const AUTH_PROVIDER_ID = 'gpuRental';

export interface AuthActions {
  /** Today's Set API Token flow: the password box and the one-request check. */
  signIn(): Promise<void>;
  /** Clear API Token. */
  signOut(): Promise<void>;
}

/** Who is signed in, without the token: the service's host names the account. */
type Account = vscode.AuthenticationSessionAccountInformation;

/**
 * One account per service (one token): the account is the host of
 * `gpuRental.baseUrl`, and exists while a token is stored and that URL is
 * valid. Sessions have no scopes; a request with any scope finds none. It
 * registers itself with VS Code (single account) and unregisters when disposed.
 */
export class AuthProvider extends Disposable implements vscode.AuthenticationProvider {
  private readonly changed = this._register(new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>());
  readonly onDidChangeSessions = this.changed.event;
  /** The account last announced; follows the token and the base URL one change at a time. */
  private announced: Promise<Account | undefined>;

  constructor(
    private readonly tokens: TokenStore,
    private readonly config: Config,
    private readonly actions: AuthActions,
  ) {
    super();
    this.announced = this.account();
    this._register(tokens.onDidChange(() => this.follow(true)));
    this._register(config.onDidChange((affects) => affects('baseUrl') && this.follow(false)));
    this._register(vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'GPU Rental', this, { supportsMultipleAccounts: false }));
  }

  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    if (scopes && scopes.length > 0) {
      return [];
    }
    const session = await this.session();
    return session ? [session] : [];
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    if (scopes.length > 0) {
      throw new Error(vscode.l10n.t('GPU Rental: API tokens have no scopes ({0}).', scopes.join(' ')));
    }
    await this.actions.signIn();
    const session = await this.session();
    if (!session) {
      throw new Error(vscode.l10n.t('GPU Rental: not signed in (no API token, or no valid service URL).'));
    }
    return session;
  }

  /** There is one session, so whichever VS Code names, the token goes. */
  async removeSession(_sessionId: string): Promise<void> {
    await this.actions.signOut();
  }

  /** The session now, or none: the token is read from the store each time, never kept here. */
  private async session(): Promise<vscode.AuthenticationSession | undefined> {
    const account = await this.account();
    const token = account && (await this.tokens.get());
    return account && token ? { id: account.id, accessToken: token, account, scopes: [] } : undefined;
  }

  private async account(): Promise<Account | undefined> {
    const check = checkBaseUrl(this.config.baseUrl);
    if (!check.ok || !(await this.tokens.get())) {
      return undefined;
    }
    return { id: check.url.host, label: check.url.host };
  }

  /** Announces what changed: an account that went or came (a new host is a new account), or a new token for the same one. */
  private follow(tokenChanged: boolean): void {
    this.announced = this.announced.then(async (before) => {
      const after = await this.account();
      const removed = before && before.id !== after?.id ? [this.shell(before)] : [];
      const added = after && after.id !== before?.id ? [this.shell(after)] : [];
      const changed = tokenChanged && after && after.id === before?.id ? [this.shell(after)] : [];
      if (removed.length || added.length || changed.length) {
        this.changed.fire({ added, removed, changed });
      }
      return after;
    });
  }

  /** A session as the change event names it (VS Code reads sessions again through getSessions). */
  private shell(account: Account): vscode.AuthenticationSession {
    return { id: account.id, accessToken: '', account, scopes: [] };
  }
}
