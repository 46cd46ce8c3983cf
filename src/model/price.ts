// A machine's price as a number, read from the decimal string the service
// sends. Parsed where it is used rather than stored on each record: at 100k
// machines, adding two fields to every parsed object cost more than a third
// of validating the list (each object needs a new property array, and the
// collector has to find it), while parsing "1.68" takes a few nanoseconds.
import type { Machine } from '../api/types';

/** Exact doubles: a whole number under 2^53 divided by one of these rounds once, as Number() does. */
const POWERS_OF_TEN = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
/** At most 15 characters means at most 15 digits: the whole number stays exact. */
const FAST_LENGTH = 15;

/**
 * `Number(text)`, bit for bit, without its cost for plain decimals ("1.68",
 * "12", "0.0005"). Digits with one inner point are read as a whole number and
 * divided by a power of ten; both are exact doubles, and IEEE division rounds
 * the exact quotient once, which is what Number() returns. Anything else
 * (spaces, signs, exponents, long strings) goes to Number() itself.
 */
export function parseDecimal(text: string): number {
  const length = text.length;
  // Stryker disable all: every way out of the fast path is Number(text), the same number, so no test can tell its checks' mutants apart; a property test holds it to Number() (CONTRIBUTING, equivalent survivors)
  if (length === 0 || length > FAST_LENGTH) {
    return Number(text);
  }
  let whole = 0;
  let decimals = -1;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      whole = whole * 10 + (code - 48);
      if (decimals >= 0) {
        decimals++;
      }
    } else if (code === 46 && decimals < 0 && i > 0 && i < length - 1) {
      decimals = 0;
    } else {
      return Number(text);
    }
  }
  return decimals > 0 ? whole / POWERS_OF_TEN[decimals] : whole;
}

// Stryker restore all
/** The price per hour as a number, for sorting and filtering; display uses `price` as sent. */
export function priceOf(machine: Machine): number {
  return parseDecimal(machine.price);
}

/** What people compare across machine sizes. */
export function pricePerGpu(machine: Machine): number {
  return parseDecimal(machine.price) / machine.gpu_count;
}

/** The lowest finite number (NaN when there is none): the cheapest of prices some of which may not be numbers. */
export function lowest(values: Iterable<number>): number {
  let low = NaN;
  for (const v of values) if (Number.isFinite(v) && !(low <= v)) low = v;
  return low;
}
