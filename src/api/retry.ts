// Retrying a request: the policy, the backoff between attempts, the
// server's Retry-After, and an attempt's own clock. Plain TypeScript, no
// `vscode`.
import * as l10n from '@vscode/l10n';
import { ApiError } from './errors';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** Backoff before retry n is base × 2^(n-1), with full jitter, at most maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A server's Retry-After is honoured up to this long. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 };

export function backoff(policy: RetryPolicy, attempt: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  // Full jitter keeps many clients from retrying in step; never below a tenth of the ceiling.
  return Math.round(ceiling * (0.1 + 0.9 * Math.random()));
}

/**
 * Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when
 * absent or unreadable. HTTP allows only whole seconds, but some servers send
 * "1.5": we read a non-negative decimal as seconds (rounded up, so we never
 * come back early) rather than ignore what the server meant.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) {
    return undefined;
  }
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    // Rounded to microseconds first, so binary fractions (1.1 × 1000 = 1100.0000000000002) do not add a millisecond.
    return Math.ceil(Math.round(Number(text) * 1e6) / 1000);
  }
  // Every HTTP date starts with a day name. Anything else, such as "-1", must
  // not reach Date.parse, which reads "1.5" as a day in 2001.
  if (!/^[A-Za-z]/.test(text)) {
    return undefined;
  }
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits, unless the signal fires first: then rejects as cancelled at once. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (!signal?.aborted) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
  if (signal?.aborted) throw new ApiError('cancelled', l10n.t('The request was cancelled.'));
}

/**
 * An attempt's time limit. It counts only while the attempt waits for the
 * service: a caller that reads a body item by item stops it while its own
 * reader is behind (a `--ndjson` piped into a pager), so a slow reader is
 * not taken for a slow service.
 */
export class AttemptClock {
  private readonly controller = new AbortController();
  /** Aborted once the limit is reached. */
  readonly signal = this.controller.signal;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private left: number;
  private since = 0;

  constructor(limitMs: number) {
    this.left = limitMs;
    this.resume();
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.left -= Date.now() - this.since;
  }

  resume(): void {
    if (this.timer !== undefined || this.signal.aborted) return;
    this.since = Date.now();
    this.timer = setTimeout(() => this.controller.abort(), Math.max(0, this.left));
    // Like AbortSignal.timeout: a pending limit does not keep the process alive.
    this.timer.unref?.();
  }
}
