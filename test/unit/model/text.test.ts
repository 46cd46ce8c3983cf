// Normalising machine data for matching: the fast path for text that is
// already normal, the cache for repeats, and that both agree with normalizeText.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { normalizeData, normalizeText } from '../../../src/model/text';
import { compareVersions } from '../../../src/model/version';

describe('text normalisation of data', () => {
  it('agrees with normalizeText on every kind of character', () => {
    const samples = ['_', '__', ' ', '\t\t', 'GPU', 'É', 'a\u00a0b', 'rtx_4090', 'RTX_4090', 'A100', 'Zeta', 'ÉPYC', 'épyc', 'cn  east', ' cn', 'cn ', 'a\u007fb', 'a\tb', 'node-1', '~!@#', '@[`{', ''];
    for (const text of samples) {
      assert.equal(normalizeData(text), normalizeText(text), JSON.stringify(text));
    }
  });

  it('normalises text seen for the first time and again from the cache', () => {
    // A fresh string each run: the cache outlives a test, so only new text shows what happens on a miss.
    const id = randomUUID();
    const raw = `RTX_4090 ${id.toUpperCase()}`;
    assert.equal(normalizeData(raw), `rtx 4090 ${id}`);
    assert.equal(normalizeData(raw), `rtx 4090 ${id}`);
  });
});

describe('version order, awkward parts', () => {
  it('treats empty parts as zero and ignores leading zeros', () => {
    assert.equal(compareVersions('12..1', '12.0.1'), 0);
    assert.equal(compareVersions('12.', '12'), 0);
    assert.equal(compareVersions('010', '10'), 0);
    assert.equal(compareVersions('0012a', '12a'), 0);
  });

  it('puts parts without a leading number after all numbers, whatever follows', () => {
    assert.ok(compareVersions('+', '9') > 0);
    assert.ok(compareVersions('a', '10') > 0);
    assert.ok(compareVersions('x', '1x') > 0 && compareVersions('1x', 'x') < 0);
  });

  it('compares the text of a part in lower case', () => {
    assert.ok(compareVersions('_', 'A') < 0);
    assert.ok(compareVersions('1_', '1A') < 0);
    assert.equal(compareVersions('1RC', '1rc'), 0);
  });
});
