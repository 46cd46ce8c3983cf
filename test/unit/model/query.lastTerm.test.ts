// The last term of a query as it is being typed (src/model/query/lastTerm.ts):
// what the filter box's suggestions complete. Every state of typing a term
// has a reading, and none is an error: a field half typed, an operator with
// no value yet, an unclosed quote or list.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { lastTerm, type LastTerm } from '../../../src/model/query/lastTerm';

const cases: [string, LastTerm][] = [
  // Nothing typed after the last term: a new one starts at the end.
  ['', { kind: 'empty', start: 0 }],
  ['   ', { kind: 'empty', start: 3 }],
  ['gpu=h100 ', { kind: 'empty', start: 9 }],
  ['gpu="H100 SXM" ', { kind: 'empty', start: 15 }],
  ['region in [a, b] ', { kind: 'empty', start: 17 }],
  // A bare word: a field being named, or text to search.
  ['h1', { kind: 'word', start: 0, word: 'h1' }],
  ['gpus>=8 gp', { kind: 'word', start: 8, word: 'gp' }],
  ['gpu=h100 region', { kind: 'word', start: 9, word: 'region' }],
  ['"quoted text" h', { kind: 'word', start: 14, word: 'h' }],
  ['region i', { kind: 'word', start: 7, word: 'i' }],
  ['region in x', { kind: 'word', start: 10, word: 'x' }],
  ['gpu!a', { kind: 'word', start: 4, word: 'a' }],
  ['=h', { kind: 'word', start: 1, word: 'h' }],
  // field op value, the value partial, empty or in quotes.
  ['gpu=', { kind: 'compare', start: 0, field: 'gpu', op: '=', value: '' }],
  ['gpu = ', { kind: 'compare', start: 0, field: 'gpu', op: '=', value: '' }],
  ['gpu = h1', { kind: 'compare', start: 0, field: 'gpu', op: '=', value: 'h1' }],
  ['gpus>=8 gpu=h', { kind: 'compare', start: 8, field: 'gpu', op: '=', value: 'h' }],
  ['gpu!=a', { kind: 'compare', start: 0, field: 'gpu', op: '!=', value: 'a' }],
  ['price<', { kind: 'compare', start: 0, field: 'price', op: '<', value: '' }],
  ['price<=2', { kind: 'compare', start: 0, field: 'price', op: '<=', value: '2' }],
  ['price>1', { kind: 'compare', start: 0, field: 'price', op: '>', value: '1' }],
  ['price >= 1.5', { kind: 'compare', start: 0, field: 'price', op: '>=', value: '1.5' }],
  ['gpu\t=\u00a0h1', { kind: 'compare', start: 0, field: 'gpu', op: '=', value: 'h1' }],
  ['gpu="H100 S', { kind: 'compare', start: 0, field: 'gpu', op: '=', value: 'H100 S', quote: '"' }],
  ['gpu="H100"', { kind: 'compare', start: 0, field: 'gpu', op: '=', value: 'H100', quote: '"' }],
  ["gpu='", { kind: 'compare', start: 0, field: 'gpu', op: '=', value: '', quote: "'" }],
  ["gpu='a\\'b", { kind: 'compare', start: 0, field: 'gpu', op: '=', value: "a'b", quote: "'" }],
  ['gpu="a\\', { kind: 'compare', start: 0, field: 'gpu', op: '=', value: 'a', quote: '"' }],
  // field in [items, partial: the items before the one being typed, as written.
  ['region in', { kind: 'list', start: 0, field: 'region', op: 'in', items: [], partial: '' }],
  ['region in [', { kind: 'list', start: 0, field: 'region', op: 'in', items: [], partial: '' }],
  ['region IN [us-west, eu', { kind: 'list', start: 0, field: 'region', op: 'in', items: ['us-west'], partial: 'eu' }],
  ['region in [a,', { kind: 'list', start: 0, field: 'region', op: 'in', items: ['a'], partial: '' }],
  ['region in [a , b ,c', { kind: 'list', start: 0, field: 'region', op: 'in', items: ['a', 'b'], partial: 'c' }],
  ['gpus>=8 region notin ["us west", "eu', { kind: 'list', start: 8, field: 'region', op: 'notin', items: ['"us west"'], partial: 'eu', quote: '"' }],
  ['region notin [a ', { kind: 'list', start: 0, field: 'region', op: 'notin', items: [], partial: 'a' }],
  // Nothing to complete: quoted search text, a closed list, a stray character.
  ['"quoted text', { kind: 'other', start: 0 }],
  ['"quoted"', { kind: 'other', start: 0 }],
  ['gpu=h100 ]', { kind: 'other', start: 9 }],
  ['gpu=,', { kind: 'other', start: 0 }],
  ['region in [a, b]', { kind: 'other', start: 0 }],
  ['region in [a ]', { kind: 'other', start: 0 }],
  ['region in [=', { kind: 'other', start: 0 }],
  ['region in [a b', { kind: 'other', start: 0 }],
  ['region in [a, =', { kind: 'other', start: 0 }],
];

describe('model/query/lastTerm: the term the suggestions complete', () => {
  for (const [text, expected] of cases) {
    it(`reads ${JSON.stringify(text)} as ${expected.kind}`, () => {
      assert.deepEqual(lastTerm(text), expected);
    });
  }

  it('never fails, and its term starts within the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'gpu= !<>[],"\'\\ in x'.split('')), maxLength: 30 }), (text) => {
        const term = lastTerm(text);
        assert.ok(term.start >= 0 && term.start <= text.length, JSON.stringify(text));
      }),
    );
  });
});
