// A first look at a large first load: the machines at the start of a body
// shown while the rest is still arriving. The prefix reader on its own, the
// client against a real HTTP server that holds back the rest of its answer.
// The market's side is in test/unit/market/market.firstLook.test.ts.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { EARLY_AT_BYTES, EARLY_MIN_BODY, earlyLook, readCapped } from '../../../src/api/readBody';
import type { Machine } from '../../../src/api/types';
import { generateMachines } from '../../../dev/demo/fixtures';
import { startDemoServer } from '../../../dev/demo/server';
import { SECRET, client, startServer } from '../../support/client';
import { PLAIN_THEN_NESTED, WIDE_CHARACTERS } from '../../support/jsonItems';

const encode = (text: string) => new TextEncoder().encode(text);

/** What a first look at these bytes hands on: the complete items at the start of the array, or undefined for none. */
function firstItems(bytes: Uint8Array): unknown[] | undefined {
  let found: unknown[] | undefined;
  earlyLook(NaN, (items) => (found = items))?.read(bytes);
  return found;
}

describe('firstItems: the complete items at the start of a JSON array', () => {
  // Strings full of what a cut looks for, nested objects and arrays, and characters of 2-4 bytes.
  const items = [
    ...PLAIN_THEN_NESTED,
    { id: 3, note: 'quote \\" and }, in a string: "},', more: [{}, {}, { e: '},' }] },
    WIDE_CHARACTERS,
    { id: 5, note: 'last' },
  ];
  const pretty = JSON.stringify(items, null, 2);
  const compact = JSON.stringify(items);

  for (const [name, text] of [
    ['compact', compact],
    ['pretty-printed', pretty],
  ] as const) {
    it(`never gives anything but a prefix of the items, at every cut of a ${name} body`, () => {
      const bytes = encode(text);
      let seen = 0;
      for (let n = 1; n < bytes.length; n++) {
        const found = firstItems(bytes.subarray(0, n));
        if (found === undefined) continue;
        assert.ok(found.length >= 1 && found.length <= items.length, `cut at ${n}: ${found.length} items`);
        assert.deepEqual(found, items.slice(0, found.length), `cut at ${n}`);
        seen = Math.max(seen, found.length);
      }
      // Each item is found once its last byte is in, the last one too.
      assert.equal(seen, items.length);
    });
  }

  it('finds every item before a cut just after the comma that follows one', () => {
    const text = compact;
    for (let i = 1; i < items.length; i++) {
      const cut = encode(JSON.stringify(items.slice(0, i))).length; // "[...]" minus its "]" plus the comma
      assert.deepEqual(firstItems(encode(text).subarray(0, cut)), items.slice(0, i));
    }
  });

  it('gives nothing for what is not the start of an array, or holds no complete item yet', () => {
    for (const text of ['', '   ', '[', '[{"a":', '{"a":1},{"b":2},', '"[{},"', '<html>', '[1,,2']) {
      assert.equal(firstItems(encode(text)), undefined, JSON.stringify(text));
    }
    assert.deepEqual(firstItems(encode(' \n[ {"a":1} , {"b"')), [{ a: 1 }]);
    assert.deepEqual(firstItems(encode('\ufeff[{"a":1},{"b":2}')), [{ a: 1 }, { b: 2 }]);
  });
});

describe('earlyLook: when a body is worth a first look', () => {
  it('looks once 128 KB are in, at a body announced large or not announced, never at a small one', () => {
    assert.equal(earlyLook(EARLY_MIN_BODY - 1, () => undefined), undefined);
    assert.equal(earlyLook(EARLY_MIN_BODY, () => undefined)?.atBytes, EARLY_AT_BYTES);
    assert.equal(earlyLook(NaN, () => undefined)?.atBytes, EARLY_AT_BYTES);
  });

  it('keeps whatever goes wrong in a first look from the load', () => {
    const look = earlyLook(NaN, () => {
      throw new Error('a broken listener');
    });
    assert.doesNotThrow(() => look?.read(encode('[{"a":1},{"b":2},')));
  });
});

describe('readCapped: a look at the first bytes while the rest arrives', () => {
  const chunks = ['[{"a":1}', ',{"b":2}', ',{"c":3}', ',{"d":4}]'];
  const streamOf = (parts: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encode(part));
        controller.close();
      },
    });

  it('hands over the bytes so far once, when they reach the mark', async () => {
    const seen: string[] = [];
    const bytes = await readCapped(streamOf(chunks), NaN, 1 << 20, 'list', { atBytes: 12, read: (b) => seen.push(new TextDecoder().decode(b)) });
    assert.deepEqual(seen, ['[{"a":1},{"b":2}']);
    assert.equal(new TextDecoder().decode(bytes), chunks.join(''));
  });

  it('does not look at a body that ends before the mark', async () => {
    const seen: Uint8Array[] = [];
    await readCapped(streamOf(chunks), NaN, 1 << 20, 'list', { atBytes: 1000, read: (b) => seen.push(b) });
    assert.equal(seen.length, 0);
  });
});

describe('the client: the first machines of a large body before the rest arrives', () => {
  const machines = generateMachines(8_000, 7);
  const body = Buffer.from(JSON.stringify(machines));
  let server: { url: string; close: () => Promise<void> };
  /** Lets the server send the rest of the body it is holding back. */
  let sendRest: () => void = () => undefined;
  let answer: { status: number; contentType: string; declare: boolean } = { status: 200, contentType: 'application/json', declare: true };

  before(async () => {
    assert.ok(body.byteLength > EARLY_MIN_BODY);
    server = await startServer((_req, res) => {
      res.writeHead(answer.status, { 'Content-Type': answer.contentType, ...(answer.declare ? { 'Content-Length': String(body.byteLength) } : {}) });
      res.write(body.subarray(0, 2 * EARLY_AT_BYTES));
      sendRest = () => res.end(body.subarray(2 * EARLY_AT_BYTES));
    });
  });
  after(() => server.close());
  beforeEach(() => {
    answer = { status: 200, contentType: 'application/json', declare: true };
  });

  for (const declare of [true, false]) {
    it(`tells the first machines while the server still holds back the rest (${declare ? 'with' : 'without'} a Content-Length)`, async () => {
      answer = { ...answer, declare };
      let first: Machine[] | undefined;
      const loading = client(server, { timeoutMs: 10_000 }).listMachines(undefined, (items) => {
        first = items;
        // The rest is sent only now: had the client waited for the whole body, the test would time out.
        sendRest();
      });
      const result = await loading;
      assert.ok(first && first.length > 100 && first.length < machines.length, `first look: ${first?.length}`);
      assert.deepEqual(first, result.items.slice(0, first.length));
      assert.equal(result.items.length, machines.length);
    });
  }

  it('takes no first look at an error or a web page', async () => {
    for (const status of [401, 500]) {
      answer = { ...answer, status };
      let looked = false;
      const loading = client(server, { timeoutMs: 10_000 }).listMachines(undefined, () => (looked = true));
      setTimeout(() => sendRest(), 50);
      await assert.rejects(loading, (err: unknown) => err instanceof ApiError);
      assert.equal(looked, false, `status ${status}`);
    }
    answer = { status: 200, contentType: 'text/html', declare: true };
    let looked = false;
    const page = client(server, { timeoutMs: 10_000 }).listMachines(undefined, () => (looked = true));
    setTimeout(() => sendRest(), 50);
    await assert.rejects(page, (err: unknown) => err instanceof ApiError && err.kind === 'parse');
    assert.equal(looked, false);
  });

  it('takes no first look at a small body', async () => {
    const demo = await startDemoServer({ token: SECRET });
    try {
      let looked = false;
      const result = await client(demo).listMachines(undefined, () => (looked = true));
      assert.ok(result.items.length > 0);
      assert.equal(looked, false);
    } finally {
      await demo.close();
    }
  });
});
