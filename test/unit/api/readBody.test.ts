import * as assert from 'node:assert/strict';
import { readCapped } from '../../../src/api/readBody';

const canTransfer = typeof (ArrayBuffer.prototype as { transfer?: unknown }).transfer === 'function';

/** A stream of the given chunks, as a byte stream (as Node's fetch gives) or a plain one, and the chunks its reader handed out. */
function watchedStream(chunks: readonly Uint8Array[], type: 'bytes' | undefined): { stream: ReadableStream<Uint8Array>; handedOut: Uint8Array[] } {
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    type,
    pull(controller: ReadableStreamDefaultController<Uint8Array>) {
      if (next < chunks.length) controller.enqueue(chunks[next++]);
      else controller.close();
    },
  } as UnderlyingDefaultSource<Uint8Array>);
  const handedOut: Uint8Array[] = [];
  const getReader = stream.getReader.bind(stream) as (options?: { mode: 'byob' }) => ReadableStreamDefaultReader<Uint8Array>;
  Object.assign(stream, {
    getReader(options?: { mode: 'byob' }) {
      const reader = getReader(options);
      if (!options) {
        const read = reader.read.bind(reader);
        reader.read = async () => {
          const result = await read();
          if (!result.done) handedOut.push(result.value);
          return result;
        };
      }
      return reader;
    },
  });
  return { stream, handedOut };
}

describe('readCapped: a body read within the cap', () => {
  const texts = ['[{"a":1}', ',{"b":2}', ',{"c":3}]'];
  const chunks = () => texts.map((text) => new TextEncoder().encode(text));

  it('frees each chunk of a byte stream once copied, where the runtime can, and reads the whole body', async () => {
    const { stream, handedOut } = watchedStream(chunks(), 'bytes');
    const bytes = await readCapped(stream, NaN, 1 << 20, 'list');
    assert.equal(new TextDecoder().decode(bytes), texts.join(''));
    assert.equal(handedOut.length, 3);
    assert.deepEqual(
      handedOut.map((chunk) => chunk.byteLength),
      canTransfer ? [0, 0, 0] : texts.map((t) => t.length),
    );
  });

  it('leaves alone the chunks of a plain stream and views of part of a buffer, which others may hold', async () => {
    const plain = watchedStream(chunks(), undefined);
    assert.equal(new TextDecoder().decode(await readCapped(plain.stream, NaN, 1 << 20, 'list')), texts.join(''));
    assert.deepEqual(plain.handedOut.map((chunk) => chunk.byteLength), texts.map((t) => t.length));
    // Each text in the middle of a larger buffer.
    const inside = chunks().map((chunk) => {
      const view = new Uint8Array(new ArrayBuffer(chunk.byteLength + 4), 2, chunk.byteLength);
      view.set(chunk);
      return view;
    });
    const parts = watchedStream(inside, 'bytes');
    assert.equal(new TextDecoder().decode(await readCapped(parts.stream, NaN, 1 << 20, 'list')), texts.join(''));
    assert.deepEqual(parts.handedOut.map((chunk) => chunk.byteLength), texts.map((t) => t.length));
  });
});
