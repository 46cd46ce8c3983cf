// CSV export: quoting as spreadsheets read it, and no formula from the service.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { csvCell, toCsv } from '../../../src/model/csv';

/** Reads CSV text back (RFC 4180), for the round trip. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks, and doubles quotes', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(toCsv([['a', 1.5], ['b,c', 2]]), 'a,1.5\r\n"b,c",2\r\n');
  });

  it('keeps a cell that starts like a formula as text', () => {
    assert.equal(csvCell('=HYPERLINK("http://x","y")'), '"\'=HYPERLINK(""http://x"",""y"")"');
    assert.equal(csvCell('+1'), "'+1");
    assert.equal(csvCell('-2+3'), "'-2+3");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('\t=1'), "'\t=1");
    assert.equal(csvCell('H100=fast'), 'H100=fast');
  });

  it('writes numbers as numbers, a negative one too, and nothing for one that is not finite', () => {
    assert.equal(csvCell(-0.25), '-0.25');
    assert.equal(csvCell(NaN), '');
    assert.equal(csvCell(Infinity), '');
  });

  it('reads back as written, but for the quote before a formula', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), { maxLength: 5 }), (rows) => {
        const back = parseCsv(toCsv(rows));
        assert.deepEqual(back, rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell))));
        for (const row of back) for (const cell of row) assert.ok(!/^[=+\-@\t\r]/.test(cell));
      }),
    );
  });
});
