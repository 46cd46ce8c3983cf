// What validation keeps, drops and says about the items of a response.
import * as assert from 'node:assert/strict';
import { templateChecker, validateItems, validateMachines } from '../../../src/api/schema';
import { checkMachine, checkTemplate } from '../../support/records';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../../dev/demo/fixtures';

describe('response validation', () => {
  it('lists the first five problems, each with its item index and field', () => {
    const raw = [DEMO_MACHINES[0], ...Array.from({ length: 6 }, (_, i) => ({ ...DEMO_MACHINES[i + 1], gpu_count: 'x' })), DEMO_MACHINES[0]];
    const result = validateMachines(raw.map((m) => structuredClone(m)));
    assert.equal(result.items.length, 1);
    assert.equal(result.skipped, 7);
    assert.equal(result.duplicates, 1);
    assert.deepEqual(result.problems, [1, 2, 3, 4, 5].map((i) => `item ${i}: gpu_count must be integer`));
  });

  it('names a repeated id, shortened', () => {
    const long = 'n'.repeat(100);
    const result = validateMachines([{ ...DEMO_MACHINES[0], node_name: long }, { ...DEMO_MACHINES[1], node_name: long }]);
    assert.deepEqual(result.problems, [`item 1: duplicate id ${'n'.repeat(64)}`]);
  });

  it('shares the ids seen across pages', () => {
    const seen = new Set<number>([DEMO_TEMPLATES[1].id]);
    const result = validateItems([DEMO_TEMPLATES[1], DEMO_TEMPLATES[2]], templateChecker, (t) => t.id, seen);
    assert.deepEqual(result.items.map((t) => t.id), [DEMO_TEMPLATES[2].id]);
    assert.ok(seen.has(DEMO_TEMPLATES[2].id));
    assert.equal(result.duplicates, 1);
  });

  it('says where a nested value is wrong', () => {
    assert.deepEqual(checkMachine({ ...DEMO_MACHINES[0], labels: 'x' }), { ok: false, reason: 'labels must be array,null' });
    assert.deepEqual(checkMachine(null), { ok: false, reason: 'item must be object' });
  });

  it('completes a machine with labels as a list, and adds nothing else to the parsed object', () => {
    const parsed: object = { ...DEMO_MACHINES[0], price: ' 7.40 ', gpu_count: 4, labels: null };
    const keys = Object.keys(parsed);
    const result = checkMachine(parsed);
    assert.ok(result.ok);
    assert.equal(result.value, parsed, 'the parsed object itself, not a copy');
    assert.equal(result.value.price, ' 7.40 ');
    assert.deepEqual(result.value.labels, []);
    assert.deepEqual(Object.keys(result.value), keys);
    const { labels: _labels, ...noLabels } = DEMO_MACHINES[0];
    const without = checkMachine({ ...noLabels });
    assert.ok(without.ok && Array.isArray(without.value.labels) && without.value.labels.length === 0);
    const kept = checkMachine({ ...DEMO_MACHINES[0], labels: ['a', 1] });
    assert.ok(kept.ok && kept.value.labels.length === 2);
  });

  it('gives a template empty text for a null description or label, and null for absent optional fields', () => {
    const { docker_username: _u, docker_passwd: _p, docker_registry: _r, public_port: _port, onstart: _o, options: _opt, ...bare } = DEMO_TEMPLATES[1];
    const result = checkTemplate({ ...bare, description: null, image_label: null, extra: 1 });
    assert.ok(result.ok);
    assert.deepEqual(result.value, {
      ...bare,
      description: '',
      image_label: '',
      docker_username: null,
      docker_passwd: null,
      docker_registry: null,
      public_port: null,
      onstart: null,
      options: null,
    });
    const full = checkTemplate({ ...DEMO_TEMPLATES[1], public_port: 0, onstart: false, options: '' });
    assert.ok(full.ok && full.value.public_port === 0 && full.value.onstart === false && full.value.options === '');
  });
});
