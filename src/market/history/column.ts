// A growable column of numbers for the outlook's index and a filter's
// matching specs (outlookIndex.ts, listingSpecs.ts). Plain TypeScript.

/**
 * Numbers in a typed array that grows as they come. A broad filter walks 150k listings: typed columns,
 * read in order, made a filter's record ten times faster than arrays of numbers and an object of
 * repricings per spec (bench:history, the broad filter 31 → 3 ms).
 */
export class Column {
  values: Float64Array;
  length = 0;

  constructor(capacity = 1024) {
    this.values = new Float64Array(Math.max(16, capacity));
  }

  /** Appends `x`; returns its place. */
  push(x: number): number {
    if (this.length === this.values.length) this.grow();
    this.values[this.length] = x;
    return this.length++;
  }

  /** Twice the room (for a writer that writes `values` itself: see outlookIndex.ts, addSpans). */
  grow(): void {
    const grown = new Float64Array(this.values.length * 2);
    grown.set(this.values);
    this.values = grown;
  }

  /** The values pushed, as a view (not a copy). */
  view(): Float64Array {
    return this.values.subarray(0, this.length);
  }
}
