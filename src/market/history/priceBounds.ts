// A filter's price clauses as numbers, for the outlook's record (outlookIndex.ts):
// bounds on the whole price and on the price per GPU, asked at every price a
// listing had, and whether a spec's range of prices can pass them at all.
// Plain TypeScript.
import { numberTest, type Query } from '../../model/query';
import { LISTING_PRICE_SCALE } from './listingSpecs';

/** Whether a whole price (and its price per GPU, for `gpus`) passes a filter's price clauses. */
export type PriceTest = (price: number, gpus: number) => boolean;

/** Bounds on a number: it passes when over `above`, at least `from`, under `below` and at most `to`. */
export interface Bounds {
  above: number;
  from: number;
  below: number;
  to: number;
}

/**
 * A filter's price clauses as numbers: bounds on the whole price and on the price per GPU, and a test for
 * what bounds cannot say (!=, in, notin). A test of its own per filter, asked of every price a broad filter's
 * listings had, cost its record a call through a new closure each time, and V8 threw away the record's
 * optimised code at each new filter (bench:history, a filter asked for the first time).
 */
export interface PriceBounds {
  /** Undefined without a clause on it: then any price passes, even none. */
  whole?: Bounds;
  perGpu?: Bounds;
  rest?: PriceTest;
}

const within = (b: Bounds, x: number): boolean => x > b.above && x >= b.from && x < b.below && x <= b.to;

/**
 * Whether a price from `low` to `high` (× LISTING_PRICE_SCALE), and its price per GPU for `gpus`, may pass
 * `bounds`: false only when none can (each is divided as pricePasses divides it, and division keeps order).
 */
export function mayPass(bounds: PriceBounds, low: number, high: number, gpus: number): boolean {
  const { whole, perGpu } = bounds;
  const lo = low / LISTING_PRICE_SCALE;
  const hi = high / LISTING_PRICE_SCALE;
  if (whole !== undefined && !overlaps(whole, lo, hi)) return false;
  return perGpu === undefined || !(gpus > 0) || overlaps(perGpu, lo / gpus, hi / gpus);
}

/** Whether some number from lo to hi may be within `b`. */
const overlaps = (b: Bounds, lo: number, hi: number): boolean => !(hi < b.from || hi <= b.above || lo > b.to || lo >= b.below);

/** Whether a whole price, and its price per GPU for `gpus`, passes `bounds`. */
export function pricePasses(bounds: PriceBounds, price: number, gpus: number): boolean {
  const { whole, perGpu, rest } = bounds;
  return (whole === undefined || within(whole, price)) && (perGpu === undefined || within(perGpu, price / gpus)) && (rest === undefined || rest(price, gpus));
}

/**
 * A filter's price clauses as bounds on the whole price and per GPU (see PriceBounds), read as compileQuery
 * reads them; !=, in and notin as a test of their own.
 */
export function priceBounds(priced: Query): PriceBounds {
  // One shape for every filter's bounds: pricePasses is asked of them all.
  const bounds: PriceBounds = { whole: undefined, perGpu: undefined, rest: undefined };
  const rest: Query['clauses'] = [];
  for (const c of priced.clauses) {
    if (c.kind !== 'compare') continue;
    if (c.op === '!=' || c.op === 'in' || c.op === 'notin') {
      rest.push(c);
      continue;
    }
    const b = c.field === 'price' ? (bounds.whole ??= unbounded()) : (bounds.perGpu ??= unbounded());
    const v = c.values[0] as number;
    if (c.op === '<') b.below = Math.min(b.below, v);
    else if (c.op === '<=') b.to = Math.min(b.to, v);
    else if (c.op === '>') b.above = Math.max(b.above, v);
    else if (c.op === '>=') b.from = Math.max(b.from, v);
    else {
      b.from = Math.max(b.from, v);
      b.to = Math.min(b.to, v);
    }
  }
  if (rest.length > 0) bounds.rest = restTest(rest);
  return bounds;
}

const unbounded = (): Bounds => ({ above: -Infinity, from: -Infinity, below: Infinity, to: Infinity });

/** The price clauses bounds cannot say, on numbers. */
function restTest(clauses: Query['clauses']): PriceTest {
  // One probe, refilled, rather than an object a price; a double from the start (0.5), so that V8 does not change the field's kind at the first price.
  const probe = { price: 0.5, gpus: 1 };
  const tests = clauses.flatMap((c) => (c.kind === 'compare' ? [numberTest<typeof probe>(c.field === 'price' ? (p) => p.price : (p) => p.price / p.gpus, c.op, c.values)] : []));
  return (price, gpus) => {
    probe.price = price;
    probe.gpus = gpus;
    // An index, not for-of: an iterator a price cost more than the test the first time a filter was asked.
    for (let i = 0; i < tests.length; i++) if (!tests[i](probe)) return false;
    return true;
  };
}
