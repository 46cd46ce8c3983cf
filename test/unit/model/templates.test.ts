// Templates: grouping by image type, filtering, the platform default, secrets masked.
import * as assert from 'node:assert/strict';
import { DEMO_TEMPLATES } from '../../../dev/demo/fixtures';
import { MASK, isSecretField, maskedTemplate } from '../../../src/model/secrets';
import { filterTemplates, groupByImageType, isDefaultTemplate, templateImage, templatePublicRows } from '../../../src/model/templates';
import { templateRecord } from '../../support/records';

describe('templates model', () => {

  it('orders a group default first, then by name naturally, then by id; labels fields for tooltips', () => {
    const [group] = groupByImageType([templateRecord({ id: 9, image_type: 0, name: 'b' }), templateRecord({ id: 8, image_type: 0, name: 'B' }), templateRecord({ id: 7, image_type: 0, name: 'a10' }), templateRecord({ id: 6, image_type: 0, name: 'a9' }), DEMO_TEMPLATES[0], templateRecord({ id: 5, image_type: 0, name: 'b' })]);
    assert.deepEqual(group.templates.map((x) => x.id), [0, 6, 7, 8, 5, 9]);
    assert.equal(group.imageType, 0);
    assert.ok(isDefaultTemplate(DEMO_TEMPLATES[0]));
    assert.ok(!isDefaultTemplate(templateRecord({ id: 0, image_type: 1 })) && !isDefaultTemplate(templateRecord({ id: 1, image_type: 0 })));
    const rows = templatePublicRows(templateRecord({ id: 42, public_port: null, options: { a: 1 }, name: 'n' }));
    assert.deepEqual(rows.map((r) => r.field), ['name', 'description', 'image_name', 'image_tag', 'image_label', 'docker_username', 'docker_registry', 'public_port', 'onstart', 'options', 'image_type', 'id']);
    const value = (field: string) => rows.find((r) => r.field === field)?.value;
    assert.equal(value('id'), '42');
    assert.equal(value('public_port'), '—');
    assert.equal(value('options'), '{"a":1}');
    assert.equal(value('name'), 'n');
  });

  it('groups by image type in ascending order, the platform default first', () => {
    const groups = groupByImageType([templateRecord({ id: 3, image_type: 2, name: 'b' }), templateRecord({ id: 1, image_type: 0, name: 'a' }), DEMO_TEMPLATES[0], templateRecord({ id: 2, image_type: 2, name: 'a' })]);
    assert.deepEqual(groups.map((g) => g.label), ['Type 0', 'Type 2']);
    assert.equal(groups[0].templates[0].id, 0);
    assert.deepEqual(groups[1].templates.map((x) => x.id), [2, 3]);
  });

  it('filters by every word in name, image and label, ignoring case and _ versus space', () => {
    const torch = templateRecord({ name: 'PyTorch_2 Lab', image_name: 'pytorch/pytorch', image_tag: '2.4.0', image_label: 'ML', description: 'secret sauce' });
    const tf = templateRecord({ name: 'TensorFlow', image_name: 'tensorflow/tensorflow', image_tag: '', image_label: 'ml' });
    const list = [torch, tf];
    assert.deepEqual(filterTemplates(list, 'pytorch 2'), [torch]);
    assert.deepEqual(filterTemplates(list, '  ML  '), [torch, tf]);
    assert.deepEqual(filterTemplates(list, 'pytorch:2.4.0'), [torch]);
    assert.deepEqual(filterTemplates(list, 'PYTORCH_2 lab'), [torch]);
    assert.deepEqual(filterTemplates(list, 'pytorch tensorflow'), []);
    assert.deepEqual(filterTemplates(list, 'sauce'), [], 'the description is not searched');
    assert.deepEqual(filterTemplates(list, 'pt'), [], 'a word matches as a whole, not letter by letter');
    const all = filterTemplates(list, ' _ ');
    assert.deepEqual(all, list);
    assert.notEqual(all, list, 'a new array, so the caller may sort it');
    assert.equal(templateImage(tf), 'tensorflow/tensorflow');
    assert.equal(templateImage(torch), 'pytorch/pytorch:2.4.0');
  });

  it('never exposes docker_passwd in tooltip rows or copied JSON', () => {
    const custom = templateRecord({ docker_passwd: 'hunter2', docker_username: 'me' });
    const rows = templatePublicRows(custom);
    assert.ok(!rows.some((r) => r.field === 'docker_passwd'));
    assert.ok(!JSON.stringify(rows).includes('hunter2'));
    assert.equal(maskedTemplate(custom).docker_passwd, MASK);
    assert.equal(MASK, '••••');
    assert.equal(maskedTemplate(templateRecord({ docker_passwd: null })).docker_passwd, null);
    assert.ok(isSecretField('api_token') && isSecretField('docker_passwd') && !isSecretField('docker_username'));
    for (const name of ['Password', 'client_secret', 'apiKey', 'api-key', 'api_key', 'private_key', 'credentials', 'TOKEN']) {
      assert.ok(isSecretField(name), name);
    }
    for (const name of ['image_name', 'public_port', 'options', 'api', 'key']) {
      assert.ok(!isSecretField(name), name);
    }
    assert.deepEqual(maskedTemplate(custom), { ...custom, docker_passwd: MASK });
  });
});
