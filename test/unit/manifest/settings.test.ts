// Issue 34: config.ts reads every setting's default and bounds from
// package.json (contributes.configuration) at build time. What it checks a
// choice against are the model's typed lists: these must be the manifest's
// enums, and the model's default arrangement the manifest's defaults.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_ARRANGEMENT, GROUP_BY, SORT_KEYS } from '../../../src/model/arrange';

const root = path.resolve(__dirname, '../../../..');
interface Declared {
  type: string;
  default?: unknown;
  enum?: string[];
}
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, Declared> } } };
const properties = manifest.contributes.configuration.properties;

describe('settings: the model agrees with package.json', () => {
  for (const [key, values, fallback] of [
    ['gpuRental.machines.groupBy', GROUP_BY, DEFAULT_ARRANGEMENT.groupBy],
    ['gpuRental.machines.sortBy', SORT_KEYS, DEFAULT_ARRANGEMENT.sortBy],
    ['gpuRental.machines.sortOrder', ['ascending', 'descending'], DEFAULT_ARRANGEMENT.order],
  ] as const) {
    it(`${key}: the same choices, in the same order, and the same default`, () => {
      assert.deepEqual(properties[key].enum, [...values]);
      assert.equal(properties[key].default, fallback);
    });
  }

  it('every number and boolean setting declares a default of its type (config.ts falls back to it), and every number a minimum', () => {
    for (const [key, declared] of Object.entries(properties)) {
      if (declared.type === 'boolean') assert.equal(typeof declared.default, 'boolean', key);
      if (declared.type === 'number' || declared.type === 'integer') {
        assert.equal(typeof declared.default, 'number', key);
        assert.equal(typeof (declared as { minimum?: unknown }).minimum, 'number', key);
      }
    }
  });
});
