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
    if (length > WORK_KEPT) return new Float64Array(length);
    let array = this.arrays.get(name);
    if (!array || array.length < length) this.arrays.set(name, (array = new Float64Array(length)));
    return array.subarray(0, length);
  }

  /** The same of whole numbers under 2^32. */
  whole(name: string, length: number): Uint32Array {
    if (length > WORK_KEPT) return new Uint32Array(length);
    let array = this.wholes.get(name);
    if (!array || array.length < length) this.wholes.set(name, (array = new Uint32Array(length)));
    return array.subarray(0, length);
  }
}
