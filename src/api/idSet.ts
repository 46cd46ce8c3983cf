// The set of node IDs a response has shown, to drop a machine listed twice.
// At 100k machines a native Set<string> was a third of validating a list: it
// hashes each fresh 36-character string and grows its table step by step.
// This one is sized once for the list and probes a flat Int32Array.
import { mix } from './fingerprint';

/** The part of Set that de-duplication uses, so a native Set fits too. */
export interface KeySet<K> {
  add(key: K): unknown;
  readonly size: number;
}

/** A probe this long means the hash serves these ids badly (or on purpose): a native Set takes over. */
const MAX_PROBE = 128;
const EMPTY = -1;

/**
 * A set of strings that only grows. Open addressing with linear probing, at
 * most a quarter full so probes stay short; a slot holds the index of its
 * id in `ids`, and equal hashes are told apart by comparing the strings, so
 * the answer is exact whatever the hash. Ids crafted to collide cannot make
 * it slow: after one long probe every id moves to a native Set, whose hash
 * is seeded per process.
 */
export class IdSet implements KeySet<string> {
  private slots: Int32Array;
  private hashes: Int32Array;
  private readonly ids: string[] = [];
  private native: Set<string> | undefined;

  constructor(
    expected = 0,
    private readonly maxProbe = MAX_PROBE,
  ) {
    this.slots = new Int32Array(capacityFor(expected)).fill(EMPTY);
    this.hashes = new Int32Array(Math.max(expected, 8));
  }

  get size(): number {
    return this.native ? this.native.size : this.ids.length;
  }

  /** Adds the id; as with Set, adding one already there changes nothing. */
  add(id: string): this {
    if (this.native) {
      this.native.add(id);
      return this;
    }
    const hash = hashOf(id);
    const mask = this.slots.length - 1;
    let i = hash & mask;
    for (let probe = 0; ; probe++, i = (i + 1) & mask) {
      const index = this.slots[i];
      if (index === EMPTY) {
        break;
      }
      if (this.hashes[index] === hash && this.ids[index] === id) {
        return this;
      }
      if (probe === this.maxProbe) {
        this.native = new Set(this.ids);
        this.native.add(id);
        this.slots = this.hashes = new Int32Array(0);
        this.ids.length = 0;
        return this;
      }
    }
    const index = this.ids.length;
    if (index === this.hashes.length) {
      const grown = new Int32Array(index * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.ids.push(id);
    this.hashes[index] = hash;
    this.slots[i] = index;
    if (this.ids.length * 4 > this.slots.length) {
      this.rehash();
    }
    return this;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(EMPTY);
    const mask = slots.length - 1;
    for (let index = 0; index < this.ids.length; index++) {
      let i = this.hashes[index] & mask;
      while (slots[i] !== EMPTY) {
        i = (i + 1) & mask;
      }
      slots[i] = index;
    }
    this.slots = slots;
  }
}

/** The smallest power of two at least four times the expected count. */
function capacityFor(expected: number): number {
  let capacity = 16;
  while (capacity < expected * 4) {
    capacity *= 2;
  }
  return capacity;
}

/** FNV-1a over the UTF-16 code units, then MurmurHash3's finaliser so that the low bits (the slot) depend on every bit. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  }
  return mix(h);
}
