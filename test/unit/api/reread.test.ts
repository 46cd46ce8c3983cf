import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { releaseBody } from '../../../src/api/readBody';
import { LastBody } from '../../../src/api/reread';
import { machineChecker, validateMachines } from '../../../src/api/schema';
import type { Machine } from '../../../src/api/types';
import { generateMachines } from '../../../dev/demo/fixtures';
import { applyEdit, listEdit } from '../../support/listEdits';

const encode = (text: string) => new TextEncoder().encode(text);

/** What a whole parse gives, as the client did before reading against the last body. */
function whole(bytes: Uint8Array) {
  const raw = JSON.parse(new TextDecoder().decode(bytes)) as unknown[];
  return { raw, ...validateMachines(raw) };
}

/** A LastBody that has read `bytes` whole. */
function remembering(bytes: Uint8Array): LastBody<Machine> {
  const last = new LastBody(machineChecker, (m: Machine) => m.node_name);
  const { raw, items } = whole(bytes);
  last.remember(bytes, raw, items);
  return last;
}

const FORMATS: ((list: unknown[]) => string)[] = [
  (list) => JSON.stringify(list),
  (list) => JSON.stringify(list, null, 2),
  (list) => `\n [ ${list.map((m) => JSON.stringify(m)).join(' ,\r\n\t')} ] \n`,
];

const POOL: object[] = generateMachines(600, 5);
const HOSTILE: unknown[] = [
  { ...(POOL[0] as object), labels: ['},{"node_name":"x"}', '}]'] },
  { ...(POOL[1] as object), price: 'free' },
  null,
  5,
  '},{',
  [],
  { ...(POOL[2] as object), labels: [{ nested: { deeper: '}' } }] },
];

describe('reading a body against the last one', () => {
  it('property: gives exactly what a whole parse gives, or gives up; edits of a long list are read without parsing what did not change', () => {
    // Beside the list's edits, one of: a hostile element, an element twice, another format, a malformed
    // machine in the first body; or none (6 in 10). A full shuffle comes with the edits, 1 in 5.
    const edit = fc.record({
      list: listEdit,
      format: fc.nat({ max: FORMATS.length - 1 }),
      twist: fc.nat({ max: 9 }),
      nextFormat: fc.nat({ max: FORMATS.length - 1 }),
      hostile: fc.tuple(fc.nat(), fc.nat({ max: HOSTILE.length - 1 })),
      repeated: fc.tuple(fc.nat(), fc.nat()),
    });
    let reread = 0;
    fc.assert(
      fc.property(edit, ({ list, format, twist, nextFormat, hostile, repeated }) => {
        const before = POOL.slice(0, list.size);
        // A malformed machine that stays malformed: skipped in both bodies, never taken over.
        if (twist === 4) before.splice(hostile[0] % (before.length + 1), 0, HOSTILE[1] as object);
        const after: unknown[] = applyEdit(POOL, before, list);
        if (twist === 0) after.splice(hostile[0] % (after.length + 1), 0, HOSTILE[hostile[1]]);
        if (twist === 1 && after.length) after.splice(repeated[1] % (after.length + 1), 0, after[repeated[0] % after.length]);
        const first = encode(FORMATS[format](before));
        const second = encode(FORMATS[twist === 3 ? nextFormat : format](after));
        const last = remembering(first);
        const expected = whole(second);
        const got = last.reread(second);
        if (!got) return;
        reread++;
        assert.deepEqual(got.items, expected.items);
        assert.equal(got.skipped, expected.skipped);
        assert.deepEqual(got.problems, expected.problems);
        assert.equal(expected.duplicates, 0, 'a body with a repeated id is parsed whole');
        // A third body read against the second, whose places were found while reading it.
        const third = encode(FORMATS[format](after.slice(1)));
        const again = last.reread(third);
        if (again) assert.deepEqual(again.items, whole(third).items);
      }),
      // 150 cases, not more: 400 took over 20 s on a busy machine.
      { seed: 23, numRuns: 150 },
    );
    assert.ok(reread > 90, `most edits are read against the last body (${reread} of 150)`);
  });

  it('takes over the very objects of unchanged machines and parses only the changed and new ones', () => {
    const list = generateMachines(2000, 3);
    const first = encode(JSON.stringify(list));
    const last = new LastBody(machineChecker, (m: Machine) => m.node_name);
    assert.equal(last.reread(first), undefined, 'nothing to read against yet');
    const { raw, items } = whole(first);
    last.remember(first, raw, items);
    const edited = [...list.slice(0, 10), { ...list[10], price: '0.42' }, ...list.slice(12), generateMachines(1, 99)[0]];
    const got = last.reread(encode(JSON.stringify(edited)));
    assert.ok(got);
    assert.equal(got.items.length, edited.length);
    assert.equal(got.reused, edited.length - 2, 'all but the repriced and the new machine');
    assert.equal(got.items[0], items[0], 'the same object, not a copy');
    assert.equal(got.items[10].price, '0.42');
    assert.notEqual(got.items[10], items[10]);
    assert.equal(got.items[11], items[12]);
  });

  it('gives up, to a whole parse, on what it cannot read exactly', () => {
    const list = generateMachines(50, 4);
    const last = remembering(encode(JSON.stringify(list)));
    for (const body of [
      JSON.stringify({ machines: list }),
      JSON.stringify(list).slice(0, -1), // cut short
      JSON.stringify(list) + ' x',
      JSON.stringify([...list, list[3]]), // an id twice
      JSON.stringify([list[0], ...list]), // twice in a row: the last body's machine is taken once
      JSON.stringify([{ ...list[0], price: '1' }, { ...list[0], price: '2' }, ...list.slice(1)]),
    ]) {
      assert.equal(last.reread(encode(body)), undefined, body.slice(0, 60));
    }
    const holding = remembering(encode(JSON.stringify([{ ...list[0], labels: ['a},{"b":1}'] }, ...list.slice(1)])));
    const next = encode(JSON.stringify([{ ...list[0], labels: ['a},{"b":1}'] }, ...list.slice(2)]));
    assert.deepEqual(holding.reread(next)?.items, whole(next).items, 'a last body whose strings hold "},{" is read against, its elements found by the scanner');
    const empty = remembering(encode('[]'));
    assert.equal(empty.reread(encode(JSON.stringify(list)))?.items.length, 50, 'a first body of nothing: everything is parsed, item by item');
    assert.deepEqual(last.reread(encode(' [ ] '))?.items, []);
    const marked = encode('\uFEFF' + JSON.stringify(list.slice(1)));
    assert.deepEqual(remembering(encode('\uFEFF' + JSON.stringify(list))).reread(marked)?.items, whole(marked).items, 'a byte-order mark, as a whole parse reads it');
    const many = generateMachines(3000, 6);
    const all = remembering(encode(JSON.stringify(many)));
    assert.equal(all.reread(encode(JSON.stringify(many.map((m) => ({ ...m, price: '9.99' }))))), undefined, 'everything changed: parsed whole, not item by item');
  });

  it('keeps no body: a body read against the last is handed back to be freed, one parsed whole once its fingerprints are taken', () => {
    const released: Uint8Array[] = [];
    const last = new LastBody(machineChecker, (m: Machine) => m.node_name, (bytes) => released.push(bytes));
    const list = generateMachines(300, 8);
    // The third lists a machine twice, which only a whole parse reads.
    const bodies = [list, list.slice(1), [...list.slice(2), list[5]], list.slice(2)].map((l) => encode(JSON.stringify(l)));
    const { raw, items } = whole(bodies[0]);
    last.remember(bodies[0], raw, items);
    assert.equal(released.length, 0, 'kept until its fingerprints are taken');
    assert.ok(last.reread(bodies[1]), 'one machine went: read against the first body');
    assert.deepEqual(released, [bodies[0], bodies[1]]);
    assert.equal(last.reread(bodies[2]), undefined, 'parsed whole');
    assert.equal(released.length, 2, 'a body that was not read against is the caller\'s, to parse whole');
    const third = whole(bodies[2]);
    last.remember(bodies[2], third.raw, third.items);
    assert.equal(released.length, 2);
    assert.equal(last.reread(bodies[3])?.reused, 298, 'the third body, not an earlier one, is read against');
    assert.deepEqual(released, bodies);
  });

  it('takes the fingerprints of a body parsed whole a while after, and lets its bytes go', async () => {
    const released: Uint8Array[] = [];
    const last = new LastBody(machineChecker, (m: Machine) => m.node_name, (bytes) => released.push(bytes), 20);
    const list = generateMachines(50, 8);
    const first = encode(JSON.stringify(list));
    const { raw, items } = whole(first);
    last.remember(first, raw, items);
    assert.equal(released.length, 0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(released, [first]);
    const next = last.reread(encode(JSON.stringify(list.slice(1))));
    assert.equal(next?.reused, 49, 'read against the fingerprints alone');
    assert.equal(next.items[0], items[1]);
  });

  it('frees released bytes at once where the runtime can, and leaves them alone where it cannot', () => {
    const bytes = encode(JSON.stringify(generateMachines(10, 9)));
    const length = bytes.byteLength;
    const canTransfer = typeof (ArrayBuffer.prototype as { transfer?: unknown }).transfer === 'function';
    releaseBody(bytes);
    assert.equal(bytes.byteLength, canTransfer ? 0 : length);
  });
});
