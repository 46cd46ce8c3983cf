// The API token lives in SecretStorage and nowhere else. Failures of the
// secret store itself (no keyring, for example) are reported, not thrown.
// The store says "changed" once per real change, whether this window made it
// (set/clear) or another window sharing the secret storage did.
import * as vscode from 'vscode';
import { Disposable } from './lifecycle';
// Only the kind of error is logged: its message could quote what was being stored.
import { describeError, type Log } from './log';

const KEY = 'gpuRental.apiToken';
const NOT_READ = Symbol('not read');

export class TokenStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  /** What this window last read or wrote, so that our own writes are not announced twice. */
  private known: string | undefined | typeof NOT_READ = NOT_READ;
  /** Counts writes, so that a read that started before one does not overwrite what it wrote. */
  private writes = 0;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Log,
  ) {
    super();
    this._register(secrets.onDidChange((event) => event.key === KEY && void this.reread()));
  }

  /** The token, or undefined when none is stored or the store cannot be read. */
  async get(): Promise<string | undefined> {
    if (this.known === NOT_READ) {
      const writes = this.writes;
      const token = await this.read();
      if (this.writes === writes) {
        this.known = token;
      }
    }
    return this.known === NOT_READ ? undefined : this.known;
  }

  /**
   * Stores the token; returns false (after telling the user) when the store
   * fails. The change is told before the store answers (a round trip to the
   * workbench, 15–40 ms that the first rows would wait): a store that fails
   * takes the token back and tells that change too.
   */
  async set(token: string): Promise<boolean> {
    this.log.setSecret(token);
    const previous = this.known;
    // Known before the store's own change event arrives, which then finds nothing new.
    this.known = token;
    this.writes++;
    const stored = (async () => this.secrets.store(KEY, token))();
    this.changed.fire();
    try {
      await stored;
    } catch (err) {
      if (this.known === token) {
        this.known = previous;
        this.writes++;
        this.changed.fire();
      }
      this.log.error(`Could not store the API token: ${describeError(err)}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('GPU Rental: the API token could not be saved in VS Code\'s secret storage. See the "GPU Rental" log.'));
      return false;
    }
    return true;
  }

  async clear(): Promise<boolean> {
    const previous = this.known;
    this.known = undefined;
    this.writes++;
    try {
      await this.secrets.delete(KEY);
    } catch (err) {
      this.known = previous;
      this.log.error(`Could not delete the API token: ${describeError(err)}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('GPU Rental: the API token could not be removed from VS Code\'s secret storage. See the "GPU Rental" log.'));
      return false;
    }
    this.changed.fire();
    return true;
  }

  private async read(): Promise<string | undefined> {
    try {
      const token = (await this.secrets.get(KEY)) || undefined;
      this.log.setSecret(token);
      return token;
    } catch (err) {
      this.log.error(`Could not read the API token from the secret storage: ${describeError(err)}`);
      return undefined;
    }
  }

  /** Another window (or our own write) changed the secret: announce it only if it differs from what we know. */
  private async reread(): Promise<void> {
    const writes = this.writes;
    const token = await this.read();
    if (this.writes === writes && token !== this.known) {
      this.known = token;
      this.writes++;
      this.changed.fire();
    }
  }
}
