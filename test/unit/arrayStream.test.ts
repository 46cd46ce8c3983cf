import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { BURST_BYTES, InvalidJson, parseArrayStream, PieceParser, PIECE_BYTES, TooLarge, type PieceSizes, type StreamedArray } from '../../src/api/arrayStream';
import { LastBody } from '../../src/api/reread';
import { machineChecker, validateMachines } from '../../src/api/schema';
import type { MachineRecord } from '../../src/api/types';
import { generateMachines } from '../../dev/demo/fixtures';

const encode = (text: string) => new TextEncoder().encode(text);

/** The body fed in chunks of `size` bytes (the last one shorter); pieces parsed in bursts as in use, or as each chunk comes. */
function feed(bytes: Uint8Array, size: number, sizes: PieceSizes = { piece: PIECE_BYTES, burst: BURST_BYTES }): StreamedArray {
  const parser = new PieceParser(undefined, sizes);
  for (let at = 0; at < bytes.length; at += size) parser.push(bytes.slice(at, at + size));
  return parser.end();
}

const SIZES = [1, 7, 4096, PIECE_BYTES - 1, PIECE_BYTES + 13, 300_000, Number.MAX_SAFE_INTEGER];
/** Pieces parsed as soon as a piece's worth has come, as well as in bursts. */
const EAGER: PieceSizes = { piece: PIECE_BYTES, burst: PIECE_BYTES };

/** About 3 MB of machines: about 45 pieces. */
const MACHINES: object[] = generateMachines(6_000, 3);
const machineText = (m: object) => JSON.stringify(m);

/** Valid bodies that cut badly: strings holding "},", nested objects, elements that are not objects, other formats. */
const BODIES: Record<string, string> = {
  compact: JSON.stringify(MACHINES),
  'pretty-printed': JSON.stringify(MACHINES.slice(0, 1500), null, 2),
  'spaces, CR LF and tabs between elements': `\r\n [ ${MACHINES.slice(0, 1500).map(machineText).join(' ,\r\n\t')} ] \n`,
  'a byte-order mark first': `\ufeff${JSON.stringify(MACHINES.slice(0, 1500))}`,
  'strings holding "}," and "},{" everywhere': JSON.stringify(MACHINES.slice(0, 1500).map((m, i) => ({ ...m, cpu_name: `x},{"node_name":"fake-${i}"},`, labels: ['},', '}]', '},{'] }))),
  'nested objects in every element': JSON.stringify(MACHINES.slice(0, 1500).map((m) => ({ ...m, labels: [{ a: 1 }, { b: { c: [{ d: 2 }, {}] } }] }))),
  'elements that are not objects': JSON.stringify([...MACHINES.slice(0, 700), null, 5, '},{', [], [{}, {}], true, ...MACHINES.slice(700, 1400)]),
  'an element larger than a piece': JSON.stringify([MACHINES[0], { ...MACHINES[1], labels: ['y'.repeat(3 * PIECE_BYTES)] }, ...MACHINES.slice(2, 400)]),
  'text in many scripts': JSON.stringify(MACHINES.slice(0, 1500).map((m, i) => ({ ...m, cpu_name: `Процессор ${i} 处理器 🚀 ٣` }))),
  empty: '[]',
  'empty, with spaces': ' [ \n ] ',
  'one element': '[{"a":1}]',
};

describe('PieceParser: a JSON array parsed in pieces as it arrives', () => {
  for (const [name, text] of Object.entries(BODIES)) {
    it(`${name}: gives what JSON.parse gives, fed in chunks of every size`, () => {
      const bytes = encode(text);
      const expected = JSON.parse(text.replace(/^\ufeff/, '')) as unknown[];
      for (const size of SIZES) {
        for (const result of [feed(bytes, size), feed(bytes, size, EAGER)]) {
          assert.equal(result.kind, 'array', `chunks of ${size}`);
          assert.deepEqual(result.kind === 'array' && result.items, expected, `chunks of ${size}`);
          assert.equal(result.kind === 'array' && result.byteLength, bytes.length);
        }
      }
    });
  }

  it('fingerprints every machine on the way: the next body, the same, is read against them without parsing anything', () => {
    for (const name of ['compact', 'pretty-printed', 'spaces, CR LF and tabs between elements', 'a byte-order mark first', 'an element larger than a piece']) {
      const bytes = encode(BODIES[name]);
      const result = feed(bytes, 16_384, EAGER);
      assert.ok(result.kind === 'array' && result.prints, name);
      const last = new LastBody(machineChecker, (m: MachineRecord) => m.node_name);
      const checked = validateMachines(result.items);
      last.rememberPrints(result.items, checked.items, result.prints);
      const again = last.reread(encode(BODIES[name]));
      assert.ok(again, name);
      assert.equal(again.reused, checked.items.length, `${name}: every machine taken over`);
      assert.ok(again.items.every((item, i) => item === checked.items[i]), `${name}: the very records`);
    }
  });

  it('a body whose elements are not all objects, or whose strings hold "},{", is not fingerprinted: the next one is parsed whole', () => {
    for (const name of ['elements that are not objects', 'strings holding "}," and "},{" everywhere']) {
      const result = feed(encode(BODIES[name]), 8192);
      assert.ok(result.kind === 'array');
      assert.equal(result.prints, null, name);
    }
  });

  const big = JSON.stringify(MACHINES.slice(0, 1500));
  const INVALID: Record<string, string> = {
    'a comma before the closing bracket': `${big.slice(0, -1)},]`,
    'a comma before the closing bracket, in a small body': '[{"a":1},]',
    // The element ends where the first piece may: the last piece is the `,]` alone.
    'a comma before the closing bracket, right after a cut': `[{"a":"${'y'.repeat(PIECE_BYTES - 9)}"},]`,
    'two commas in a row, mid-body': `${big.slice(0, 200_000).replace(/\},\{(?=[^}]*$)/, '},,{')}${big.slice(200_000)}`,
    'a missing comma, mid-body': big.replace(/\},\{/g, (m, at: number) => (at > 200_000 && at < 200_600 ? '}{' : m)),
    'cut off mid-element': big.slice(0, 300_000),
    'text after the array': `${big} x`,
    'a second array after the first': `${big}[]`,
    'an opening bracket only': '[',
    'an element that is no JSON': `${big.slice(0, -1)},{nope}]`,
  };
  for (const [name, text] of Object.entries(INVALID)) {
    it(`${name}: not valid JSON, whatever the chunks`, () => {
      assert.throws(() => JSON.parse(text), SyntaxError, 'the case is invalid JSON to begin with');
      for (const size of SIZES) {
        assert.throws(() => feed(encode(text), size), SyntaxError, `chunks of ${size}`);
        assert.throws(() => feed(encode(text), size, EAGER), SyntaxError, `chunks of ${size}, pieces parsed at once`);
      }
    });
  }

  it('cuts that fall in strings or nested objects, anywhere: the same as JSON.parse (property)', () => {
    const tricky = fc.oneof(fc.constantFrom('},', '},{', '}]', ']', '{', '"', '\\', 'é', ' '), fc.string({ maxLength: 8 }));
    const element = fc.oneof(
      fc.constantFrom(...MACHINES.slice(0, 50)),
      fc.record({ name: fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join('')), nested: fc.array(fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxKeys: 3 }), { maxLength: 3 }) }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    fc.assert(
      // Small pieces, so that every body is cut many times, anywhere.
      fc.property(fc.array(element, { maxLength: 400 }), fc.integer({ min: 1, max: 70_000 }), fc.integer({ min: 16, max: 4096 }), fc.boolean(), (list, size, piece, pretty) => {
        const text = pretty ? JSON.stringify(list, null, 1) : JSON.stringify(list);
        const result = feed(encode(text), size, { piece, burst: piece });
        assert.ok(result.kind === 'array');
        assert.deepEqual(result.items, JSON.parse(text));
      }),
      { numRuns: 60 },
    );
  });

  for (const [name, text] of Object.entries({ 'an object': '{"machines":[]}', 'a web page': '<!DOCTYPE html><p>Login', 'a number': ' 5', 'nothing': '', 'only spaces': ' \n\t ', 'text': '"[]"' })) {
    it(`${name}: handed back whole, for the whole parse to explain`, () => {
      const bytes = encode(text);
      for (const size of [1, 3, 1000]) {
        const result = feed(bytes, size);
        assert.equal(result.kind, 'bytes');
        assert.deepEqual(result.kind === 'bytes' && [...result.bytes], [...bytes]);
      }
    });
  }
});

describe('parseArrayStream: a response body', () => {
  const streamOf = (bytes: Uint8Array, size: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
        controller.close();
      },
    });

  it('reads the array, handing each chunk back once it is copied', async () => {
    const bytes = encode(BODIES.compact);
    let released = 0;
    const result = await parseArrayStream(streamOf(bytes, 50_000), 64 << 20, () => released++);
    assert.ok(result.kind === 'array');
    assert.equal(result.items.length, MACHINES.length);
    assert.equal(released, Math.ceil(bytes.length / 50_000));
  });

  it('stops past the cap, and says so apart from bad JSON', async () => {
    await assert.rejects(parseArrayStream(streamOf(encode(BODIES.compact), 50_000), 1 << 20), TooLarge);
    await assert.rejects(parseArrayStream(streamOf(encode('[{"a":1},]'), 3), 1 << 20), InvalidJson);
  });
});
