// The items of a JSON array as its bytes arrive (src/api/arrayItems.ts):
// whatever the cuts between chunks, the items are exactly those of
// JSON.parse, each handed on in the chunk that completes it; a body that
// is not an array, or stops, or holds an endless item, is refused.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ArrayItems, ArrayItemsError, type ArrayProblem } from '../../../src/api/arrayItems';
import { PLAIN_THEN_NESTED, WIDE_CHARACTERS } from '../../support/jsonItems';

const encode = (text: string) => new TextEncoder().encode(text);

/** Every item, pushing `bytes` in chunks cut at `cuts`. */
function itemsOf(bytes: Uint8Array, cuts: number[], max = 1 << 20): unknown[] {
  const reader = new ArrayItems(max);
  const out: unknown[] = [];
  let at = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length]) {
    out.push(...reader.push(bytes.subarray(at, cut)));
    at = cut;
  }
  reader.end();
  return out;
}

function problemOf(text: string, max = 1 << 20): ArrayProblem | undefined {
  try {
    itemsOf(encode(text), [], max);
    return undefined;
  } catch (err) {
    assert.ok(err instanceof ArrayItemsError, String(err));
    return err.problem;
  }
}

describe('ArrayItems: a JSON array read item by item as it arrives', () => {
  const items = [
    ...PLAIN_THEN_NESTED,
    { id: 3, note: 'quote \\" and ], in a string: "],', more: [{}, [], { e: '\\' }] },
    WIDE_CHARACTERS,
    [1, [2, [3]]],
    'a string item, with ] and , inside',
    -12.5e3,
    true,
    null,
    false,
    0,
  ];

  for (const [name, text] of [
    ['compact', JSON.stringify(items)],
    ['pretty-printed', JSON.stringify(items, null, 2)],
    ['with a byte order mark and spaces around', `\ufeff \n${JSON.stringify(items, null, '\t')}\r\n `],
  ]) {
    it(`${name}: the same items as JSON.parse, whatever byte the body is cut at (inside characters of 2 to 4 bytes too)`, () => {
      const bytes = encode(text);
      for (let cut = 0; cut <= bytes.length; cut++) {
        assert.deepEqual(itemsOf(bytes, [cut]), items, `cut at ${cut}`);
      }
      assert.deepEqual(itemsOf(bytes, Array.from({ length: bytes.length }, (_, i) => i)), items, 'one byte a chunk');
    });
  }

  it('hands each item on in the chunk that completes it, not later', () => {
    const reader = new ArrayItems(1024);
    assert.deepEqual(reader.push(encode('[{"a":1},{"b"')), [{ a: 1 }]);
    assert.deepEqual(reader.push(encode(':2}')), [{ b: 2 }]);
    assert.deepEqual(reader.push(encode(',3')), [], 'a number may go on');
    assert.deepEqual(reader.push(encode('4 ]')), [34]);
    assert.equal(reader.count, 3);
    reader.end();
  });

  it('any JSON array, cut anywhere: the items of JSON.parse', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.array(fc.nat()), fc.boolean(), (array, cuts, pretty) => {
        const bytes = encode(JSON.stringify(array, null, pretty ? 1 : undefined));
        assert.deepEqual(itemsOf(bytes, cuts.map((c) => c % (bytes.length + 1))), JSON.parse(new TextDecoder().decode(bytes)));
      }),
    );
  });

  it('refuses what is not an array as soon as it shows, and a body that stops or goes on after the array', () => {
    assert.deepEqual(problemOf(''), { kind: 'empty' });
    assert.deepEqual(problemOf('  \n'), { kind: 'empty' });
    assert.deepEqual(problemOf('<!doctype html><p>['), { kind: 'html' });
    assert.deepEqual(problemOf('{"machines":[]}'), { kind: 'notArray', sample: {} });
    assert.deepEqual(problemOf('"text"'), { kind: 'notArray', sample: '' });
    assert.deepEqual(problemOf('42'), { kind: 'notArray', sample: 0 });
    assert.deepEqual(problemOf('null'), { kind: 'notArray', sample: null });
    for (const broken of ['[', '[{"a":1}', '[{"a":1},', '[{"a":1},]', '[,{"a":1}]', '[{"a":1} {"b":2}]', '[{"a":1}] x', '[{"a":}]', '[{"a":"open]', '[1 2]', '[tru]']) {
      assert.deepEqual(problemOf(broken), { kind: 'invalid' }, broken);
    }
    assert.equal(problemOf('[]'), undefined);
    assert.equal(problemOf(' [ ] '), undefined);
  });

  it('the items before a mistake are handed on; the mistake stops the reading', () => {
    const reader = new ArrayItems(1024);
    assert.deepEqual(reader.push(encode('[{"a":1},{"b":2},')), [{ a: 1 }, { b: 2 }]);
    assert.throws(() => reader.push(encode(',')), (err: unknown) => err instanceof ArrayItemsError && err.problem.kind === 'invalid');
  });

  it('refuses an item longer than the cap, in one chunk or across many, before it is all in', () => {
    const big = `[{"a":1},{"s":"${'x'.repeat(2000)}"}]`;
    assert.deepEqual(problemOf(big, 1000), { kind: 'itemTooLarge', maxBytes: 1000 });
    const reader = new ArrayItems(1000);
    assert.deepEqual(reader.push(encode('[{"a":1},{"s":"')), [{ a: 1 }]);
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      try {
        reader.push(encode('x'.repeat(100)));
      } catch (err) {
        refused = err instanceof ArrayItemsError && err.problem.kind === 'itemTooLarge';
        assert.ok(i >= 9 && i <= 10, `refused after ${i + 1} pieces`);
      }
    }
    assert.ok(refused);
    assert.equal(problemOf(big, 4000), undefined);
  });
});
