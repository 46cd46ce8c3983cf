// One way to dispose, as GitHub Pull Requests' src/common/lifecycle.ts: a
// class that owns listeners, emitters, panels or registrations extends
// `Disposable` and registers each once, when it makes it; its dispose() ends
// them, the last made first, and ends what is registered after that at once.
import type * as vscode from 'vscode';

export abstract class Disposable implements vscode.Disposable {
  private disposed = false;
  private readonly owned: vscode.Disposable[] = [];

  protected _register<T extends vscode.Disposable>(value: T): T {
    if (this.disposed) value.dispose();
    else this.owned.push(value);
    return value;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const value of this.owned.splice(0).reverse()) value.dispose();
  }
}

/** What a function (not a class) hands back to own what it made: `extension.ts`'s root, a quick input's listeners. */
export class DisposableStore extends Disposable {
  constructor(...values: vscode.Disposable[]) {
    super();
    values.forEach((value) => this._register(value));
  }

  add<T extends vscode.Disposable>(value: T): T {
    return this._register(value);
  }
}

/** A disposable that runs `dispose` once it is disposed. */
export function toDisposable(dispose: () => void): vscode.Disposable {
  return { dispose };
}
