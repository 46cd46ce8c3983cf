// The characters and words of the filter language (src/model/query/words.ts):
// which characters end a word, how a quoted string and an operator read, and
// when a name starts with the words of a value.
import * as assert from 'node:assert/strict';
import { Scanner, isQuote, isWordChar, listOperator, startsWithWords } from '../../../src/model/query/words';

describe('query words', () => {
  it('ends a word at whitespace, control characters, operators, brackets, commas and quotes only', () => {
    const breaks = [' ', '\t', '\n', '\x00', '\x1f', '\x7f', '\u00a0', '\u2003', '\u3000', '=', '!', '<', '>', '[', ']', ',', '"', "'"];
    const inWord = ['a', 'Z', '0', '_', '-', '.', '#', '~', '`', '\x80', '\u00e9', '\u4e2d', '(', ':'];
    for (const c of breaks) {
      assert.equal(isWordChar(c.charCodeAt(0)), false, `U+${c.charCodeAt(0).toString(16)}`);
    }
    for (const c of inWord) {
      assert.equal(isWordChar(c.charCodeAt(0)), true, `U+${c.charCodeAt(0).toString(16)}`);
    }
  });

  it('knows both quote marks and no others', () => {
    assert.deepEqual(['"', "'", '`', '\u201c'].map((c) => isQuote(c.charCodeAt(0))), [true, true, false, false]);
  });

  it('reads a quoted string with backslash escapes, closed or not', () => {
    for (const [text, expected, pos] of [
      ['"a b" c', { text: 'a b', closed: true, mark: '"' }, 5],
      ["'it''s'", { text: 'it', closed: true, mark: "'" }, 4],
      ['"say \\"hi\\" \\\\ x" y', { text: 'say "hi" \\ x', closed: true, mark: '"' }, 17],
      ['"open', { text: 'open', closed: false, mark: '"' }, 5],
      ['"ends in \\', { text: 'ends in ', closed: false, mark: '"' }, 10],
      ['""', { text: '', closed: true, mark: '"' }, 2],
    ] as const) {
      const scanner = new Scanner(text);
      assert.deepEqual(scanner.quoted(), expected, text);
      assert.equal(scanner.pos, pos, text);
    }
  });

  it('reads the comparison operators, and no lone "!"', () => {
    for (const [text, op] of [
      ['=5', '='],
      ['!=5', '!='],
      ['!5', undefined],
      ['<5', '<'],
      ['<=5', '<='],
      ['>5', '>'],
      ['>=5', '>='],
      ['=<5', '='],
      ['a', undefined],
      ['', undefined],
    ] as const) {
      assert.equal(new Scanner(text).operator(), op, text);
    }
    const scanner = new Scanner('gpu   =h100');
    assert.equal(scanner.word(), 'gpu');
    scanner.skipSpace();
    assert.equal(scanner.operator(), '=');
    assert.equal(scanner.pos, 6);
    scanner.pos++;
    assert.deepEqual([scanner.word(), scanner.pos, scanner.done], ['h100', 11, true]);
  });

  it('reads in and notin in any case, and nothing longer', () => {
    assert.deepEqual(['in', 'IN', 'NotIn', 'notin', 'inx', 'notinx', 'notin_', 'i', ''].map(listOperator), ['in', 'in', 'notin', 'notin', undefined, undefined, undefined, undefined, undefined]);
  });

  it('matches a name by its first words: the value ends where a word of the name ends', () => {
    for (const [name, value, expected] of [
      ['abc', '', true],
      ['x', 'x', true],
      ['ab', 'abc', false],
      ['bx', 'x', false],
      // A letter or digit after the value continues its word …
      ['x0', 'x', false],
      ['x9', 'x', false],
      ['xa', 'x', false],
      ['xz', 'x', false],
      ['xA', 'x', false],
      ['xZ', 'x', false],
      ['x\u00e9', 'x', false],
      ['x\u0663', 'x', false],
      // … anything else ends it.
      ['x/', 'x', true],
      ['x:', 'x', true],
      ['x@', 'x', true],
      ['x[', 'x', true],
      ['x`', 'x', true],
      ['x{', 'x', true],
      ['x\u2026', 'x', true],
      ['x y', 'x', true],
      // A value that itself ends in a separator ends a word wherever it stops.
      ['cn-east', 'cn-', true],
      ['a-b', 'a-', true],
      ['a10', 'a10', true],
      ['a100', 'a10', false],
      ['h100-pcie', 'h100', true],
    ] as const) {
      assert.equal(startsWithWords(name, value), expected, `${value} in ${name}`);
    }
  });
});
