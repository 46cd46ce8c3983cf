// A minimal event emitter for the pure layers, shaped like VS Code's so the
// editor layer can subscribe with the same code (and dispose the same way).

export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (event: T) => void) => Disposable;

export class Emitter<T> implements Disposable {
  private readonly listeners = new Set<(event: T) => void>();

  /**
   * `onError` receives what a listener threw: one broken listener must not
   * keep the others from hearing about a change, nor throw into the loader.
   */
  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  readonly event: Event<T> = (listener) => {
    // Wrapped so that subscribing the same function twice gives two subscriptions, as in VS Code.
    const entry = (event: T) => listener(event);
    this.listeners.add(entry);
    return { dispose: () => void this.listeners.delete(entry) };
  };

  fire(event: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
