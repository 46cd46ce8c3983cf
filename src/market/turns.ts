// Long work over a whole list in slices, one per turn of the event loop, so
// that a cancel sent meanwhile is heard (vscode-jsonrpc cancels a running
// request's token when its message arrives, between turns): a query
// superseded by the next keystroke stops instead of running to its end.
import { ApiError } from '../api/errors';

/** What a request's cancellation token says (vscode-jsonrpc's CancellationToken). */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
}

/** Items per slice: about a millisecond of a compiled filter at 100k machines. */
export const SLICE = 4096;

/** Throws the error a cancelled request answers with. */
export function checkCancelled(token: Cancellation | undefined): void {
  if (token?.isCancellationRequested) throw new ApiError('cancelled', 'cancelled');
}

/** Lets the messages waiting (a cancel) in. No timer clamp where the platform has setImmediate. */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => void }).setImmediate;
  return new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}

/** Calls `step` on each item, a slice per turn; throws once the token is cancelled. */
export async function eachInTurns<T>(items: readonly T[], token: Cancellation, step: (item: T) => void): Promise<void> {
  for (let start = 0; start < items.length; start += SLICE) {
    if (start > 0) await nextTurn();
    checkCancelled(token);
    const end = Math.min(items.length, start + SLICE);
    for (let i = start; i < end; i++) step(items[i]);
  }
}

/** The items that pass `test`, found a slice per turn. */
export async function filterInTurns<T>(items: readonly T[], test: (item: T) => boolean, token: Cancellation): Promise<T[]> {
  const found: T[] = [];
  await eachInTurns(items, token, (item) => test(item) && found.push(item));
  return found;
}
