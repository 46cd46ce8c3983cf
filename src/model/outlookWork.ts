// Working arrays an outlook can borrow (src/model/outlook.ts). Plain TypeScript.

/** Values a lent working array is kept for: a broader outlook's are its own, let go after it. */
const WORK_KEPT = 1 << 18;

/**
 * Working arrays lent to computeOutlook by whoever asks many outlooks (the history's index, for as long
 * as it lives), the same ones at each: a broad filter's took megabytes of new typed arrays an outlook,
 * and at that rate V8 collected the whole heap every few outlooks, in the middle of one (bench:history).
 * Nothing an outlook returns holds one: an outlook is numbers.
 */
export class OutlookWork {
  private readonly arrays = new Map<string, Float64Array>();
  private readonly wholes = new Map<string, Uint32Array>();

  /** `length` values to write before reading them (what was there is left over from the last outlook). */
  array(name: string, length: number): Float64Array {
    return lent(this.arrays, name, length, (n) => new Float64Array(n));
  }

  /** The same of whole numbers under 2^32. */
  whole(name: string, length: number): Uint32Array {
    return lent(this.wholes, name, length, (n) => new Uint32Array(n));
  }
}

/** The first `length` values of the array kept under `name` (made, or made longer, when it is not there or shorter). */
function lent<T extends Float64Array | Uint32Array>(kept: Map<string, T>, name: string, length: number, make: (length: number) => T): T {
  if (length > WORK_KEPT) return make(length);
  let array = kept.get(name);
  if (!array || array.length < length) kept.set(name, (array = make(length)));
  return array.subarray(0, length) as T;
}
