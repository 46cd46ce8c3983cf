// How every script of dev/ and test/ ends: the exit code main() returns (0
// when it returns nothing), or 1 with the error on stderr. An exit code rather
// than process.exit(), so output still being written is not cut off.

export interface MainOptions {
  /** Put before the error, to say which script failed. */
  label?: string;
  /** The error's stack rather than its message. */
  stack?: boolean;
  /** Extra lines after the error (a summary line CI reads, say). */
  onError?: () => void;
}

export function runMain(main: () => Promise<number | void>, options: MainOptions = {}): void {
  main().then(
    (code) => {
      process.exitCode = code ?? 0;
    },
    (err: unknown) => {
      const shown = err instanceof Error ? (options.stack ? err.stack : err.message) : err;
      if (options.label) console.error(options.label, shown);
      else console.error(shown);
      options.onError?.();
      process.exitCode = 1;
    },
  );
}
