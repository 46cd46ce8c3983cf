// A template's details page, field by field (src/model/templates.ts,
// templateDetails): every field labelled, in the spec's order; a secret shows
// only whether it is set; text as it is (the start script as code); null,
// numbers and booleans as text; anything else as indented JSON; and the
// template quick search by words.
import * as assert from 'node:assert/strict';
import { filterTemplates, templateDetails } from '../../../src/model/templates';
import { templateRecord } from '../../support/records';

describe('template details', () => {
  it('labels every field in order, and shows each kind of value as the page draws it', () => {
    const template = templateRecord({ name: 'PyTorch', description: 'CUDA 12', docker_username: 'me', docker_passwd: 'hunter2', docker_registry: null, public_port: 8080, onstart: 'pip install x', options: { shm: '8g', gpus: [0, 1] }, image_type: 2 });
    const rows = templateDetails(template).map((r) => [r.field, r.label, r.kind, r.value]);
    assert.deepEqual(rows, [
      ['name', 'Name', 'text', 'PyTorch'],
      ['description', 'Description', 'text', 'CUDA 12'],
      ['image_name', 'Image name', 'text', template.image_name],
      ['image_tag', 'Image tag', 'text', template.image_tag],
      ['image_label', 'Image label', 'text', template.image_label],
      ['docker_username', 'Registry user name', 'text', 'me'],
      ['docker_passwd', 'Registry password', 'text', 'set'],
      ['docker_registry', 'Registry', 'text', '—'],
      ['public_port', 'Public port', 'text', '8080'],
      ['onstart', 'On start script', 'code', 'pip install x'],
      ['options', 'Options', 'json', '{\n  "shm": "8g",\n  "gpus": [\n    0,\n    1\n  ]\n}'],
      ['image_type', 'Image type', 'text', '2'],
      ['id', 'Template ID', 'text', String(template.id)],
    ]);
  });

  it('a secret that is empty or null is "not set", a boolean is text, never its value', () => {
    for (const [passwd, state] of [['', 'not set'], [null, 'not set'], ['x', 'set']] as const) {
      const row = templateDetails(templateRecord({ docker_passwd: passwd, options: true })).filter((r) => r.field === 'docker_passwd' || r.field === 'options');
      assert.deepEqual(row.map((r) => [r.kind, r.value]), [['text', state], ['text', 'true']], String(passwd));
    }
  });

  it('finds templates by every word, whatever the spaces around them', () => {
    const templates = [templateRecord({ name: 'PyTorch CUDA', image_label: 'gpu' }), templateRecord({ name: 'TensorFlow', image_label: 'gpu' })];
    assert.deepEqual(filterTemplates(templates, '  pytorch   gpu ').map((t) => t.name), ['PyTorch CUDA']);
    assert.deepEqual(filterTemplates(templates, '   ').length, 2, 'no words: every template');
  });
});
