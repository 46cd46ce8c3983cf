import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { fingerprint, viewOf } from '../../../src/api/fingerprint';
import { generateMachines } from '../../../dev/demo/fixtures';

/** The fingerprint of `text` placed `offset` bytes into a larger buffer, as a machine's text sits in a body. */
function printAt(text: string, offset: number): number {
  const encoded = new TextEncoder().encode(text);
  const bytes = new Uint8Array(offset + encoded.byteLength + 3).fill(0x20);
  bytes.set(encoded, offset);
  return fingerprint(viewOf(bytes), bytes, offset, offset + encoded.byteLength);
}

describe('fingerprint: what is kept of a machine text in the last body', () => {
  it('is the same for the same bytes wherever they lie in a body', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), fc.nat(7), fc.nat(7), (text, a, b) => {
        assert.equal(printAt(text, a), printAt(text, b));
      }),
    );
  });

  it('reads only the bytes of its range, not those around it, and is a whole number of at most 53 bits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.nat(255), fc.nat(255), (text, before, after) => {
        const encoded = new TextEncoder().encode(text);
        const inBody = (fillBefore: number, fillAfter: number): number => {
          const bytes = new Uint8Array(4 + encoded.byteLength + 4).fill(fillBefore);
          bytes.fill(fillAfter, 4 + encoded.byteLength);
          bytes.set(encoded, 4);
          return fingerprint(viewOf(bytes), bytes, 4, 4 + encoded.byteLength);
        };
        const print = inBody(before, after);
        assert.equal(print, inBody(0x20, 0x7b), 'another body around the same bytes');
        assert.ok(Number.isSafeInteger(print) && print >= 0, String(print));
      }),
    );
  });

  it('changes with any one byte, and with the length', () => {
    const text = JSON.stringify(generateMachines(1, 3)[0]);
    const base = printAt(text, 0);
    for (let i = 0; i < text.length; i++) {
      for (const replacement of ['0', '9', 'a', '"']) {
        if (text[i] === replacement) continue;
        assert.notEqual(printAt(text.slice(0, i) + replacement + text.slice(i + 1), 0), base, `byte ${i} → ${replacement}`);
      }
    }
    const prefixes = new Set(Array.from({ length: 12 }, (_, n) => printAt(text.slice(0, n), 0)));
    assert.equal(prefixes.size, 12, 'every length from 0 to 11 of one text apart');
  });

  it('tells 100,000 machine texts apart, and machines that differ in one price', () => {
    const machines = generateMachines(100_000, 11);
    const prints = new Set(machines.map((m) => printAt(JSON.stringify(m), 0)));
    assert.equal(prints.size, machines.length);
    const repriced = machines.slice(0, 1000).map((m) => printAt(JSON.stringify({ ...m, price: (Number(m.price) + 0.01).toFixed(2) }), 0));
    assert.ok(repriced.every((print) => !prints.has(print)));
  });
});
