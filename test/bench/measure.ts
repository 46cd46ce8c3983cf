// What the benches share: the median of a few runs, one call timed, and the
// query a bench shows the market (a bench's own constant: a mistake in it is
// the bench's bug, so it throws).
import { DEFAULT_ARRANGEMENT } from '../../src/model/arrange';
import { parseQuery } from '../../src/model/query';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Milliseconds `fn` took, and what it returned. */
export function timed<T>(fn: () => T): [number, T] {
  const start = process.hrtime.bigint();
  const result = fn();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

/** Milliseconds `fn` took. */
export function time(fn: () => unknown): number {
  return timed(fn)[0];
}

/** The market's view of `text` in the default arrangement. */
export function viewQuery(text: string) {
  const parsed = parseQuery(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { filter: parsed.query, arrangement: DEFAULT_ARRANGEMENT };
}
