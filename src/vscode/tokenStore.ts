// The API token lives in SecretStorage and nowhere else. Failures of the
// secret store itself (no keyring, for example) are reported, not thrown.
import * as vscode from 'vscode';
import { showError } from './notify';
import type { Log } from './log';

const KEY = 'gpuRental.apiToken';

export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Log,
  ) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === KEY) {
        this.changed.fire();
      }
    });
  }

  /** The token, or undefined when none is stored or the store cannot be read. */
  async get(): Promise<string | undefined> {
    try {
      const token = (await this.secrets.get(KEY)) || undefined;
      this.log.setSecret(token);
      return token;
    } catch (err) {
      this.log.error(`Could not read the API token from the secret storage: ${errorName(err)}`);
      return undefined;
    }
  }

  /** Stores the token; returns false (after telling the user) when the store fails. */
  async set(token: string): Promise<boolean> {
    this.log.setSecret(token);
    try {
      await this.secrets.store(KEY, token);
      return true;
    } catch (err) {
      this.log.error(`Could not store the API token: ${errorName(err)}`);
      void showError('GPU Rental: the API token could not be saved in VS Code\'s secret storage. See the "GPU Rental" log.');
      return false;
    }
  }

  async clear(): Promise<boolean> {
    try {
      await this.secrets.delete(KEY);
      return true;
    } catch (err) {
      this.log.error(`Could not delete the API token: ${errorName(err)}`);
      void showError('GPU Rental: the API token could not be removed from VS Code\'s secret storage. See the "GPU Rental" log.');
      return false;
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** Only the kind of error: its message could quote what was being stored. */
function errorName(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}
