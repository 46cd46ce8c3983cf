// Work on the history that yields between slices (a generator that yields
// nothing), so the market worker can answer other requests while it runs
// (ServerHistory drives one slice a turn); the command line runs it through.

/** Work in slices: each `next()` does one, the last returns the result. */
export type Steps<T> = Generator<void, T, void>;

/** Rows per slice: a few milliseconds of reading and decoding (bench:history prints the longest slice). */
export const ROWS_PER_STEP = 4096;

/** Runs `steps` to the end at once; its result. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `main`'s steps, each followed by a step of `side` while it has any, as a slice of its own: `side` is work
 * that may be left unfinished (it ends with `main`, or at its first error, which `main` never sees), and
 * makes no slice longer than main's or its own.
 */
export function* alongside<T>(main: Steps<T>, side: Steps<unknown> | undefined): Steps<T> {
  let more = side !== undefined;
  for (;;) {
    const step = main.next();
    if (step.done) return step.value;
    yield;
    if (more) {
      try {
        more = side!.next().done !== true;
      } catch {
        // Work on the side (the outlook's practice) only saves time later: failing, it ends, and main goes on.
        more = false;
      }
      yield;
    }
  }
}
