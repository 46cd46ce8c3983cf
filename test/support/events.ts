// Waiting for what an event source tells next.

/** The next value `subscribe`'s event fires; the listener is removed once it has. */
export function next<T>(subscribe: (listener: (value: T) => void) => { dispose(): void }): Promise<T> {
  return new Promise((resolve) => {
    const subscription = subscribe((value) => {
      subscription.dispose();
      resolve(value);
    });
  });
}
