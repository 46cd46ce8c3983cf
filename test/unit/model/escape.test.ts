// Escaping what the service sends, for HTML, Markdown tables, quick picks and one-line labels.
import * as assert from 'node:assert/strict';
import { escapeHtml, escapeMarkdownCell, noIcons, oneLine, stripControls } from '../../../src/model/escape';

describe('escaping', () => {
  it('escapes HTML', () => {
    assert.equal(escapeHtml(`<img src=x onerror="a('b')">&`), '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
  });

  it('escapes Markdown so data can neither link nor break a table', () => {
    const cell = escapeMarkdownCell('[click](command:evil) | *b*\n<b>x</b>');
    assert.ok(!/(^|[^\\])[[\]()|*<>]/.test(cell), cell);
    assert.ok(!cell.includes('\n'));
  });

  // Exact outputs: a check that bad text is absent also passes for an escaper that deletes everything.
  it('keeps every visible character, escaped', () => {
    assert.equal(
      escapeMarkdownCell('[click me](javascript:alert(1)) <a href="javascript:alert(1)">x</a>'),
      '\\[click me\\]\\(javascript\\:alert\\(1\\)\\) \\<a href="javascript\\:alert\\(1\\)"\\>x\\</a\\>',
    );
    assert.equal(escapeMarkdownCell('# Title\n**bold** | `code` ~x~ {a} +-!&_'), '\\# Title \\*\\*bold\\*\\* \\| \\`code\\` \\~x\\~ \\{a\\} \\+\\-\\!\\&\\_');
    assert.equal(escapeMarkdownCell('a\\b  \n  c'), 'a\\\\b c');
    assert.equal(escapeMarkdownCell('plain text 42'), 'plain text 42');
  });

  it('makes one readable line of hostile text', () => {
    assert.equal(oneLine('a\u0000b\u0007c\u001bd\r\ne\u007ff'), 'abcd ef');
    assert.equal(oneLine('safe\u202Egnp.exe\u202C \u2066x\u2069'), 'safe' + 'gnp.exe x');
    assert.equal(oneLine('  one\n\n two \u2028three  '), 'one two three');
    assert.equal(oneLine('abc', 3), 'abc');
    assert.equal(oneLine('abcd', 3), 'ab…');
    assert.equal(oneLine('x'.repeat(300)), `${'x'.repeat(199)}…`);
    assert.equal(stripControls('\u0009tab\u000anl\u009f\u00a0'), 'tab\nnl\u00a0');
  });

  it('keeps codicon syntax as text in quick picks', () => {
    assert.equal(noIcons('[run](command:x) $(alert) $(sync~spin) $x'), '[run](command:x) $\u200b(alert) $\u200b(sync~spin) $x');
  });
});
