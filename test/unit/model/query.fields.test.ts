// The fields a filter can name (src/model/query/fields.ts): the names users
// type, the names printed back, the words for each kind and its operators.
import * as assert from 'node:assert/strict';
import { FIELD_ALIASES, FIELD_KINDS, OPS_BY_KIND, PRINT_NAME, WORD_PREFIX_FIELDS, kindWord, lookupField } from '../../../src/model/query/fields';

describe('query fields', () => {
  it('finds a field by alias or full name in any case, and nothing else', () => {
    for (const [word, field] of [
      ['gpu', 'gpu_name'],
      ['GPU', 'gpu_name'],
      ['Gpu_Name', 'gpu_name'],
      ['vram', 'gpu_memory'],
      ['ram', 'memory_total'],
      ['up', 'network_upload_speed'],
      ['down', 'network_download_speed'],
      ['price_per_gpu', 'price_per_gpu'],
      ['listed_hours', 'listed_hours'],
      ['flaps_7d', 'flaps_7d'],
      ['below_median', 'below_median'],
      ['gpux', undefined],
      ['gp', undefined],
      ['7d', undefined],
      [' gpu', undefined],
      ['gpu ', undefined],
      ['gpu-name', undefined],
      ['\u0261pu', undefined],
      // The Kelvin sign lower-cases to an ASCII k: only ASCII words are looked up.
      ['networ\u212a_upload_speed', undefined],
      ['', undefined],
      ['constructor', undefined],
      ['__proto__', undefined],
    ] as const) {
      assert.equal(lookupField(word), field, JSON.stringify(word));
    }
  });

  it('prints each field by its alias where it has one', () => {
    for (const [field, name] of [
      ['gpu_name', 'gpu'],
      ['gpu_count', 'gpus'],
      ['gpu_memory', 'vram'],
      ['cuda_version', 'cuda'],
      ['nvlink_status', 'nvlink'],
      ['memory_total', 'ram'],
      ['price', 'price'],
      ['node_name', 'node_name'],
      ['labels', 'labels'],
      ['vram_total', 'vram_total'],
    ] as const) {
      assert.equal(PRINT_NAME.get(field), name, field);
    }
    // Every field prints under a name that reads back as the same field.
    for (const field of Object.keys(FIELD_KINDS) as (keyof typeof FIELD_KINDS)[]) {
      assert.equal(lookupField(PRINT_NAME.get(field) ?? ''), field, field);
    }
    for (const [alias, field] of Object.entries(FIELD_ALIASES)) {
      assert.ok(field in FIELD_KINDS, alias);
    }
  });

  it('names each kind of field in messages and allows only = != in notin where there is no order', () => {
    for (const [kind, word, ops] of [
      ['number', 'number', '= != < <= > >= in notin'],
      ['version', 'version', '= != < <= > >= in notin'],
      ['boolean', 'yes/no', '= != in notin'],
      ['text', 'text', '= != in notin'],
      ['labels', 'label', '= != in notin'],
    ] as const) {
      assert.equal(kindWord(kind), word);
      assert.equal(OPS_BY_KIND[kind].join(' '), ops, kind);
    }
  });

  it('matches GPU, region and CPU names by their first words, and no other field', () => {
    assert.deepEqual([...WORD_PREFIX_FIELDS].sort(), ['cpu_name', 'gpu_name', 'region']);
    assert.deepEqual(
      (Object.keys(FIELD_KINDS) as (keyof typeof FIELD_KINDS)[]).filter((f) => FIELD_KINDS[f] === 'text').sort(),
      ['cpu_name', 'gpu_name', 'node_name', 'region'],
    );
  });
});
