// Printing a query back as text (src/model/query/print.ts): short field names,
// quotes only where a value would not read back as one word.
import * as assert from 'node:assert/strict';
import { isEmptyQuery, printQuery, printValue, quoteString } from '../../../src/model/query/print';
import type { Clause, Query, TextTerm } from '../../../src/model/query/fields';

const text = (t: string): TextTerm => ({ kind: 'text', text: t });

describe('query printing', () => {
  it('leaves bare text bare and quotes text that would read as something else', () => {
    for (const [term, printed] of [
      ['h100', 'h100'],
      ['a-b.c', 'a-b.c'],
      ['two words', '"two words"'],
      ['', '""'],
      ['a=b', '"a=b"'],
      ['gpu', '"gpu"'],
      ['GPUS', '"GPUS"'],
      ['in', '"in"'],
      ['NotIn', '"NotIn"'],
      ['say "hi"', '"say \\"hi\\""'],
      ['back\\slash', 'back\\slash'],
      ['x\\ y', '"x\\\\ y"'],
    ] as const) {
      assert.equal(printQuery({ clauses: [text(term)] }), printed, term);
    }
  });

  it('prints clauses with their short names, lists in brackets, terms one space apart', () => {
    const clauses: Clause[] = [
      { kind: 'compare', field: 'gpu_name', op: '=', values: ['h100'] },
      { kind: 'compare', field: 'gpu_count', op: '>=', values: [4] },
      { kind: 'compare', field: 'node_name', op: '!=', values: ['n 1'] },
      { kind: 'compare', field: 'region', op: 'in', values: ['us east', 'eu'], exact: [false, true] },
      { kind: 'compare', field: 'nvlink_status', op: 'notin', values: [true] },
      { kind: 'compare', field: 'listed_hours', op: '<', values: [2.5] },
    ];
    const query: Query = { clauses: [...clauses, text('x')] };
    assert.equal(printQuery(query), 'gpu=h100 gpus>=4 node_name!="n 1" region in [us_east, "eu"] nvlink notin [true] listed_hours<2.5 x');
    assert.equal(printQuery({ clauses: [] }), '');
  });

  it('writes a value bare, with _ for spaces on word-prefix fields, or quoted', () => {
    for (const [field, value, exact, printed] of [
      ['gpu_name', 'h100', false, 'h100'],
      ['gpu_name', 'h100', true, '"h100"'],
      ['gpu_name', '  h100   sxm  ', false, 'h100_sxm'],
      ['cpu_name', 'epyc 7763', false, 'epyc_7763'],
      ['region', 'a b', false, 'a_b'],
      ['gpu_name', 'a "b"', false, '"a \\"b\\""'],
      ['gpu_name', '', false, '""'],
      ['gpu_name', '   ', false, '"   "'],
      ['node_name', 'n 1', false, '"n 1"'],
      ['node_name', 'n-1', false, 'n-1'],
      ['labels', 'gpu-ok', false, 'gpu-ok'],
      ['labels', 'a b', false, '"a b"'],
      ['gpu_count', 8, false, '8'],
      ['nvlink_status', false, false, 'false'],
    ] as const) {
      assert.equal(printValue(field, value, exact), printed, `${field} ${String(value)}`);
      // Not exact unless told.
      assert.equal(exact || printValue(field, value) === printed, true, `${field} ${String(value)} by default`);
    }
  });

  it('quotes with either mark, escaping that mark and backslashes only', () => {
    const raw = 'it\'s "x" \\';
    assert.deepEqual([quoteString(raw), quoteString(raw, "'"), quoteString('')], ['"it\'s \\"x\\" \\\\"', '\'it\\\'s "x" \\\\\'', '""']);
  });

  it('calls only a query with no terms empty', () => {
    assert.equal(isEmptyQuery({ clauses: [] }), true);
    assert.equal(isEmptyQuery({ clauses: [text('')] }), false);
  });
});
