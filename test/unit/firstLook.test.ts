// A first look at a large first load: the machines at the start of a body
// shown while the rest is still arriving. The prefix reader on its own, the
// client against a real HTTP server that holds back the rest of its answer,
// and the market, which shows a first look only until the load ends.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../src/api/errors';
import { EARLY_AT_BYTES, EARLY_MIN_BODY, earlyLook, firstItems } from '../../src/api/firstItems';
import { readCapped } from '../../src/api/readBody';
import type { Machine } from '../../src/api/types';
import { Market, type MarketChange } from '../../src/market/market';
import type { MachineQuery } from '../../src/market/views';
import { parseQuery } from '../../src/model/query';
import { generateMachines } from '../../dev/demo/fixtures';
import { startDemoServer } from '../../dev/demo/server';
import { SECRET, client, startServer } from '../support/client';
import { machineRecord } from '../support/records';

const encode = (text: string) => new TextEncoder().encode(text);

describe('firstItems: the complete items at the start of a JSON array', () => {
  // Strings full of what a cut looks for, nested objects and arrays, and characters of 2-4 bytes.
  const items = [
    { id: 1, note: 'plain' },
    { id: 2, note: '},{"id":99}', nested: { a: { b: 1 }, list: [{ c: 2 }, { d: 3 }] } },
    { id: 3, note: 'quote \\" and }, in a string: "},', more: [{}, {}, { e: '},' }] },
    { id: 4, note: 'Grüße, 東京 and 🚀 },' },
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
        assert.ok(found.length >= 1 && found.length < items.length, `cut at ${n}: ${found.length} items`);
        assert.deepEqual(found, items.slice(0, found.length), `cut at ${n}`);
        seen = Math.max(seen, found.length);
      }
      // Every item but the last is followed by a comma, so each can be found.
      assert.equal(seen, items.length - 1);
    });
  }

  it('finds every item before a cut just after the comma that follows one', () => {
    const text = compact;
    for (let i = 1; i < items.length; i++) {
      const cut = encode(JSON.stringify(items.slice(0, i))).length; // "[...]" minus its "]" plus the comma
      assert.deepEqual(firstItems(encode(text).subarray(0, cut)), items.slice(0, i));
    }
  });

  it('gives nothing for what is not the start of an array of objects', () => {
    for (const text of ['', '   ', '{"a":1},{"b":2},', '"[{},"', '[1,2,3,', '[{"a":1}', '\ufeff[{"a":1},{"b":2},']) {
      assert.equal(firstItems(encode(text)), undefined, JSON.stringify(text));
    }
    assert.deepEqual(firstItems(encode(' \n[ {"a":1} , {"b"')), [{ a: 1 }]);
  });
});

describe('earlyLook: when a body is worth a first look', () => {
  it('looks once half a megabyte is in, at a body announced large or not announced, never at a small one', () => {
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
      assert.ok(first && first.length > 1000 && first.length < machines.length, `first look: ${first?.length}`);
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

describe('the market: a first look shows until its load ends', () => {
  const clock = { now: new Date('2026-11-24T10:00:00Z') };
  const parsed = parseQuery('');
  assert.ok(parsed.ok);
  const byPrice: MachineQuery = { filter: parsed.query, arrangement: { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' } };
  let market: Market;
  let changes: MarketChange[];

  beforeEach(() => {
    market = new Market({ now: () => clock.now });
    changes = [];
    market.onDidChange((change) => changes.push(change));
  });
  afterEach(() => market.dispose());

  /** A load whose first look and end the test controls. */
  function controlledLoad() {
    let look!: (items: Machine[]) => void;
    let finish!: (result: { items: Machine[] } | ApiError) => void;
    const ended = market.loadMachines(
      (_signal, firstLook) =>
        new Promise((resolve, reject) => {
          look = firstLook;
          finish = (result) => (result instanceof ApiError ? reject(result) : resolve({ items: result.items, skipped: 0 }));
        }),
    );
    return { look: (items: Machine[]) => look(items), finish: (result: { items: Machine[] } | ApiError) => finish(result), ended };
  }

  it('shows the first machines of a first load, says so, and replaces them with the whole list', async () => {
    const first = [machineRecord(), machineRecord()];
    const whole = [...first, machineRecord(), machineRecord()];
    const load = controlledLoad();
    load.look(first);
    assert.deepEqual(market.machineView(byPrice).matching, first);
    assert.equal(market.machines.snapshot, undefined, 'a first look is not a snapshot');
    assert.equal(market.status('machines'), 'Loading: the first 2 machines are shown while the rest arrive…');
    const lookChange = changes.at(-1)!;
    assert.equal(lookChange.firstLook, true);
    assert.equal(lookChange.diff, undefined, 'no diff: watches and "new" marks hear nothing of a first look');

    load.finish({ items: whole });
    assert.equal(await load.ended, undefined);
    assert.equal(market.machines.firstLook, undefined);
    assert.deepEqual(market.machineView(byPrice).matching, whole);
    assert.equal(market.status('machines'), undefined);
    const diff = changes.at(-1)!.diff;
    assert.ok(diff?.initial, 'the whole list is the first snapshot: what it holds is no news either');
    assert.equal(diff.appeared.length, 4);
  });

  it('drops the first look when the load fails: nothing is shown but the error', async () => {
    const load = controlledLoad();
    load.look([machineRecord()]);
    load.finish(new ApiError('network', 'The connection was reset.', undefined, true));
    assert.ok(await load.ended);
    assert.equal(market.machines.firstLook, undefined);
    assert.equal(market.machineView(byPrice).matching.length, 0);
    assert.equal(market.status('machines'), 'Could not load the machines. The connection was reset.');
    assert.equal(changes.at(-1)!.firstLook, true, 'the views hear that the first look went');
  });

  it('takes no first look once a snapshot is shown, nor a second one, nor one of a superseded load', async () => {
    const load = controlledLoad();
    load.look([machineRecord()]);
    const shown = market.machines.firstLook;
    load.look([machineRecord(), machineRecord()]);
    assert.equal(market.machines.firstLook, shown, 'one first look a load');

    const newer = controlledLoad();
    load.look([machineRecord()]);
    assert.equal(market.machines.firstLook, shown, 'the superseded load no longer shows anything new');
    newer.finish({ items: [machineRecord()] });
    await newer.ended;
    assert.equal(market.machines.firstLook, undefined);

    const refresh = controlledLoad();
    refresh.look([machineRecord(), machineRecord(), machineRecord()]);
    assert.equal(market.machines.firstLook, undefined, 'a refresh keeps showing the last snapshot');
    assert.equal(market.machineView(byPrice).matching.length, 1);
    refresh.finish({ items: [] });
    await refresh.ended;
  });

  it('forgets a first look when the market is reset (another service or token)', () => {
    const load = controlledLoad();
    load.look([machineRecord()]);
    market.reset();
    assert.equal(market.machines.firstLook, undefined);
    assert.equal(market.machineView(byPrice).matching.length, 0);
  });
});
