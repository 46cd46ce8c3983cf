// The parts of a filter's outlook that need no record (issue 36): which clauses
// are asked of each price a listing had, which once per machine, and which the
// record cannot judge the past by (left out and named); the price clauses on
// the whole price and per GPU; and the answers without a history or a
// readable filter. The outlook over a real record is in test/history (SQLite).
import * as assert from 'node:assert/strict';
import { outlookAnswer, outlookQuery, priceTest } from '../../../../src/market/history/outlookAnswer';
import { parseQuery, printQuery, type Query } from '../../../../src/model/query';

function query(text: string): Query {
  const parsed = parseQuery(text);
  assert.ok(parsed.ok, text);
  return parsed.query;
}

describe('outlook answer: the filter split for the record', () => {
  it('price clauses apart, the rest once per machine, the fields the record does not keep left out and named once', () => {
    const split = outlookQuery(query('gpu=h100 price<20 up_time>5 price_per_gpu<=2.5 listed_hours>2 up_time<100 nvidia'));
    assert.deepEqual([printQuery(split.priced), printQuery(split.rest), split.ignored], ['price<20 price_per_gpu<=2.5', 'gpu=h100 nvidia', ['up_time', 'listed_hours']]);
    const plain = outlookQuery(query('gpus>=8'));
    assert.deepEqual([plain.priced.clauses, printQuery(plain.rest), plain.ignored], [[], 'gpus>=8', []]);
  });

  it('the price test: the whole price and the price per GPU of the moment, every clause must hold; none passes everything', () => {
    const test = priceTest(outlookQuery(query('price<=20 price_per_gpu>2 gpus=8')).priced);
    const cases: [number, number, boolean][] = [
      [20, 8, true], // 2.50 a GPU
      [20.01, 8, false], // the whole price over 20
      [16, 8, false], // 2.00 a GPU is not over 2
      [16, 4, true], // 4.00 a GPU
      [8, 4, false],
    ];
    assert.deepEqual(
      cases.map(([price, gpus]) => [price, gpus, test(price, gpus)]),
      cases,
    );
    const none = priceTest(outlookQuery(query('gpu=h100')).priced);
    assert.ok(none(Number.NaN, 0) && none(1e9, 1), 'no price clause: every price passes');
  });

  it('without a readable filter its message and column; without a history, off', () => {
    const parsed = parseQuery('gpus>');
    assert.ok(!parsed.ok);
    assert.deepEqual(outlookAnswer(undefined, 'gpus>'), { error: 'parse', message: parsed.error.message, position: parsed.error.position });
    assert.deepEqual(outlookAnswer(undefined, 'gpus>1'), { error: 'off' });
  });
});
