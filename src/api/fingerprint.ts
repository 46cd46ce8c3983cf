// A fingerprint of a run of bytes: what the client keeps of each machine's
// text in the last body instead of the body itself, to tell whether the next
// body holds the same text. Two 32-bit lanes of different make, MurmurHash3's
// round and xxHash32's over little-endian words, each finished with
// MurmurHash3's mix, kept as one 53-bit number (a double, compared with ===).
// Texts of equal length that differ agree on it by chance about once in 2^53
// comparisons. Not a defence against a service that crafts collisions: such
// a service can send whatever it likes anyway.

// Stryker disable all: a mutant of this arithmetic is another hash of the same quality, which no test can tell from this one; the tests hold what the reader relies on (equal text, equal fingerprint; a byte changed anywhere, another) (CONTRIBUTING, equivalent survivors)
const M1 = 0xcc9e2d51;
const M2 = 0x1b873593;
const X1 = 0x9e3779b1;
const X2 = 0x85ebca77;
const X3 = 0xc2b2ae3d;
/** 2^21: the high lane's 32 bits go above the low lane's top 21. */
const SHIFT_21 = 2097152;

/** MurmurHash3's 32-bit finaliser: every bit of `h` reaches every bit of the result (the ID table's slots rely on it too). */
export function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The fingerprint of `bytes[start, end)`; `view` is a DataView of the same bytes. */
export function fingerprint(view: DataView, bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  let a = 0x2545f491 ^ length;
  let b = (0x165667b1 + length) | 0;
  let i = start;
  for (; i + 4 <= end; i += 4) {
    const k = view.getInt32(i, true);
    let m = Math.imul(k, M1);
    m = Math.imul((m << 15) | (m >>> 17), M2);
    a ^= m;
    a = (Math.imul((a << 13) | (a >>> 19), 5) + 0xe6546b64) | 0;
    b = (b + Math.imul(k, X2)) | 0;
    b = Math.imul((b << 13) | (b >>> 19), X1);
  }
  for (; i < end; i++) {
    const k = bytes[i];
    a = Math.imul(a ^ Math.imul(k, M1), M2);
    b = Math.imul((b + Math.imul(k, X3)) | 0, X1);
  }
  return (mix(a) >>> 0) * SHIFT_21 + (mix(b) >>> 11);
}

/** A DataView of exactly these bytes. */
export function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
