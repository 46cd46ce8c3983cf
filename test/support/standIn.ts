// What a suite builds in a hook, named where the suite is declared.

/**
 * Stands for the object `current()` returns at the moment it is used: a suite that starts a server in
 * `before`, or makes a fresh model in `beforeEach`, can declare `const server = standIn(...)` instead of a
 * `let` every hook assigns. Methods are called on the current object; before there is one, any use throws.
 */
export function standIn<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target) throw new Error(`${what} was used (${String(key)}) before the hook that makes it ran`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
