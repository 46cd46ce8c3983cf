// The diff between two snapshots: what appeared, went and changed (and in
// which fields), and that applying it to the old list gives the new one.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { MACHINE_FIELDS, type Machine } from '../../../src/api/types';
import { diffMachines, diffTemplates, sameValue } from '../../../src/market/diff';
import { machineRecord, templateRecord } from '../../support/records';

describe('market diff', () => {
  it('finds appeared, disappeared and changed machines, naming the changed fields', () => {
    const a = machineRecord();
    const b = machineRecord();
    const c = machineRecord();
    const d = machineRecord();
    const bChanged = { ...b, online_rate: 0.5, labels: ['spot'] };
    const diff = diffMachines([a, b, c], [bChanged, a, d]);
    assert.equal(diff.initial, false);
    assert.deepEqual(diff.appeared, [d]);
    assert.deepEqual(diff.disappeared, [c]);
    assert.deepEqual(diff.changed, [{ before: b, after: bChanged, fields: ['labels', 'online_rate'] }]);
  });

  it('notices a change in any one field of a machine, and only that field', () => {
    const a = machineRecord({ labels: ['x'] });
    const other: Record<string, unknown> = { price: '99.99', labels: ['y'], nvlink_status: !a.nvlink_status };
    for (const field of MACHINE_FIELDS) {
      if (field === 'node_name') continue; // the key: a new node ID is another machine
      const value = other[field] ?? (typeof a[field] === 'number' ? (a[field] as number) + 1 : `${String(a[field])}-changed`);
      const diff = diffMachines([a], [{ ...a, [field]: value }]);
      assert.deepEqual(diff.changed.map((c) => c.fields), [[field]], field);
    }
    assert.deepEqual(diffMachines([a], [{ ...a }]).changed, [], 'a copy is no change');
  });

  it('a repeated node ID in the newer list counts once as kept and once as new', () => {
    const a = machineRecord();
    const diff = diffMachines([a], [a, { ...a }]);
    assert.deepEqual([diff.appeared.length, diff.disappeared.length, diff.changed.length], [1, 0, 0]);
  });

  it('sees no change in equal values parsed twice (labels with objects, nested JSON)', () => {
    const a = machineRecord({ labels: [{ k: [1, 'x'] }, 'y'] });
    const again = JSON.parse(JSON.stringify(a)) as Machine;
    assert.deepEqual(diffMachines([a], [again]).changed, []);
    assert.deepEqual(diffMachines([a], [{ ...again, labels: [{ k: [1, 'z'] }, 'y'] }]).changed[0].fields, ['labels']);
  });

  it('a first snapshot is all new and says it is the first', () => {
    const a = machineRecord();
    assert.deepEqual(diffMachines(undefined, [a]), { initial: true, appeared: [a], disappeared: [], changed: [] });
  });

  it('diffs templates by id, secrets included in what counts as a change', () => {
    const t = templateRecord({ docker_passwd: 'one' });
    const diff = diffTemplates([t], [{ ...t, docker_passwd: 'two' }]);
    assert.deepEqual(diff.changed[0].fields, ['docker_passwd']);
  });

  it('sameValue is JSON equality', () => {
    assert.ok(sameValue(null, null));
    assert.ok(!sameValue(null, {}));
    assert.ok(!sameValue([], {}));
    assert.ok(!sameValue({}, []));
    assert.ok(!sameValue({ a: 1 }, { b: 1 }));
    assert.ok(!sameValue({ a: 1 }, { a: 1, b: 2 }));
    assert.ok(!sameValue([1, 2], [1]));
    assert.ok(!sameValue(1, '1'));
    assert.ok(sameValue({ a: [1, { b: null }] }, { a: [1, { b: null }] }));
  });

  it('property: applying the diff to the old list gives the new one (by node ID), and nothing is counted twice', () => {
    const pool = Array.from({ length: 12 }, (_, i) => machineRecord({ node_name: `n${i}` }));
    const listOf = fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { maxLength: 12 }).chain((ids) =>
      fc.tuple(...ids.map((i) => fc.boolean().map((cheaper) => (cheaper ? { ...pool[i], price: '0.01' } : pool[i])))),
    );
    fc.assert(
      fc.property(listOf, listOf, (before, after) => {
        const diff = diffMachines(before, after);
        const names = (list: readonly Machine[]) => list.map((m) => m.node_name);
        const rebuilt = new Set(names(before));
        for (const m of diff.disappeared) rebuilt.delete(m.node_name);
        for (const m of diff.appeared) rebuilt.add(m.node_name);
        assert.deepEqual([...rebuilt].sort(), names(after).sort());
        const changedNames = diff.changed.map((c) => c.after.node_name);
        for (const c of diff.changed) assert.deepEqual(c.fields, ['price']);
        const expectChanged = after.filter((m) => before.some((o) => o.node_name === m.node_name && o.price !== m.price));
        assert.deepEqual(changedNames.sort(), names(expectChanged).sort());
        assert.equal(new Set([...names(diff.appeared), ...names(diff.disappeared), ...changedNames]).size, diff.appeared.length + diff.disappeared.length + changedNames.length);
      }),
      { seed: 9, numRuns: 200 },
    );
  });
});

describe('market diff: more cases', () => {
  it('labels emptied or filled are a change; JSON equality handles null, key sets and arrays', () => {
    const a = machineRecord({ labels: ['x'] });
    assert.deepEqual(diffMachines([a], [{ ...a, labels: [] }]).changed[0]?.fields, ['labels']);
    const e = machineRecord({ labels: [] });
    assert.deepEqual(diffMachines([e], [{ ...e, labels: ['y'] }]).changed[0]?.fields, ['labels']);
    assert.ok(!sameValue({}, null));
    assert.ok(!sameValue(1, { a: 1 }));
    assert.ok(!sameValue({ a: 1, b: 2 }, { a: 1, c: 2 }));
    assert.ok(!sameValue([1], { 0: 1 }));
  });
});
