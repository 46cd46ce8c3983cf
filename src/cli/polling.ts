// The loop of `watch` and `record`: a step every --interval seconds until
// stopped (SIGINT, SIGTERM) or the step says it is done. A failed step is said
// on stderr and the next comes as planned; a rejected token ends the loop.
import { setTimeout as sleep } from 'node:timers/promises';
import { write, type Io } from './commands';
import { asCliError, EXIT } from './errors';
import { terminalText } from './output';

/** Runs `step` every `intervalSeconds` until `stop` or until it returns true; `failed` says what a failed step missed ("poll failed"). */
export async function everyInterval(intervalSeconds: number, stop: AbortSignal, io: Io, failed: string, step: () => Promise<boolean>): Promise<void> {
  while (!stop.aborted) {
    try {
      if (await step()) return;
    } catch (err) {
      if (stop.aborted) return;
      const error = asCliError(err);
      if (error.exitCode === EXIT.tokenRejected) throw error;
      await write(io.stderr, `gpu-rental: ${failed} at ${new Date().toISOString().slice(11, 19)} UTC: ${terminalText(error.message)}; next try in ${intervalSeconds} s\n`);
    }
    await sleep(intervalSeconds * 1000, undefined, { signal: stop }).catch(() => undefined);
  }
}
