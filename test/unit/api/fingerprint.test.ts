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
