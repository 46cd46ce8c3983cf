// When to poll the market for watches: every interval while polling is
// allowed (a watch is active, a token is set, the window has focus), twice
// as long after each failure up to ten minutes, and soon after focus comes
// back when a poll fell due meanwhile. Pure: times in, times out.

export const MAX_BACKOFF_MS = 10 * 60_000;
/** "Soon" after focus returns: long enough for a window switch to settle. */
export const FOCUS_DELAY_MS = 1_000;

export class PollPlan {
  private lastEnd: number | undefined;
  private failures = 0;

  constructor(private intervalMs: number) {}

  setInterval(ms: number): void {
    this.intervalMs = ms;
  }

  /** How long after the last poll the next one is due, failures included. */
  get delayMs(): number {
    return Math.min(this.intervalMs * 2 ** this.failures, Math.max(MAX_BACKOFF_MS, this.intervalMs));
  }

  /**
   * How long to wait from `now` before polling (none when no poll has run);
   * `focusReturned` when the window just got focus back (a due poll then
   * runs soon, not at once).
   */
  waitMs(now: number, focusReturned = false): number {
    if (this.lastEnd === undefined) return 0;
    // A clock set back would otherwise postpone polling by as much.
    const wait = Math.max(0, Math.min(this.lastEnd, now) + this.delayMs - now);
    return focusReturned && wait === 0 ? FOCUS_DELAY_MS : wait;
  }

  /** A poll ended; a failure doubles the wait before the next. */
  ended(now: number, ok: boolean): void {
    this.lastEnd = now;
    this.failures = ok ? 0 : Math.min(this.failures + 1, 16);
  }
}
