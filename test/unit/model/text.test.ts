// Normalising machine data for matching: the fast path for text that is
// already normal, the cache for repeats, and that both agree with normalizeText.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { normalizeData, normalizeText } from '../../../src/model/text';

describe('text normalisation of data', () => {
  it('agrees with normalizeText on every kind of character', () => {
    const samples = ['_', '__', ' ', '\t\t', 'GPU', 'É', 'a\u00a0b', 'rtx_4090', 'RTX_4090', 'A100', 'Zeta', 'ÉPYC', 'épyc', 'cn  east', ' cn', 'cn ', 'a\u007fb', 'a\tb', 'node-1', '~!@#', '@[`{', ''];
    for (const text of samples) {
      assert.equal(normalizeData(text), normalizeText(text), JSON.stringify(text));
    }
  });

  it('agrees with normalizeText for each character up to U+00FF, alone, doubled and between letters', () => {
    // Each bound of the "already normal" check: '!' and '~', '@' and 'A', 'Z' and '[', '_', space, DEL, Latin-1.
    for (let code = 0; code <= 0xff; code++) {
      const c = String.fromCharCode(code);
      for (const text of [c, c + c, `a${c}b`, `${c}x`, `x${c}`]) {
        assert.equal(normalizeData(text), normalizeText(text), `U+${code.toString(16).padStart(4, '0')} in ${JSON.stringify(text)}`);
      }
    }
  });

  it('normalises text seen for the first time and again from the cache', () => {
    // A fresh string each run: the cache outlives a test, so only new text shows what happens on a miss.
    const id = randomUUID();
    const raw = `RTX_4090 ${id.toUpperCase()}`;
    assert.equal(normalizeData(raw), `rtx 4090 ${id}`);
    assert.equal(normalizeData(raw), `rtx 4090 ${id}`);
  });

  it('normalises text: lower case, underscores as spaces, runs of space collapsed, trimmed', () => {
    assert.equal(normalizeText('  RTX__4090 \t Ti_ '), 'rtx 4090 ti');
    assert.equal(normalizeText('A100_SXM4_80GB'), 'a100 sxm4 80gb');
    assert.equal(normalizeText(''), '');
  });
});
