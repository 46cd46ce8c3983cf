// Which GPU models `gpu-rental history WORDS` shows: a model whose name holds
// every word, in any case, anywhere in it (as the filter's bare words match).
import * as assert from 'node:assert/strict';
import { modelMatches } from '../../../src/cli/history';

describe('gpu-rental history: the models its words choose', () => {
  it('no words: every model', () => {
    assert.equal(modelMatches('H100_SXM5_80GB', []), true);
  });

  it('a word matches the start of a part of the name, or any part of it, whatever its case', () => {
    assert.equal(modelMatches('H100_SXM5_80GB', ['h100']), true);
    assert.equal(modelMatches('H100_SXM5_80GB', ['sxm']), true);
    assert.equal(modelMatches('H100_SXM5_80GB', ['100']), true);
    assert.equal(modelMatches('RTX_4090', ['4090']), true);
  });

  it('every word must match, and a word the name lacks matches nothing', () => {
    assert.equal(modelMatches('H100_SXM5_80GB', ['h100', '80gb']), true);
    assert.equal(modelMatches('H100_SXM5_80GB', ['h100', 'pcie']), false);
    assert.equal(modelMatches('A100_SXM4_80GB', ['h100']), false);
  });
});
