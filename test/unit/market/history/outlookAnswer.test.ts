// The parts of a filter's outlook that need no record (issue 36): which clauses
// are asked of each price a listing had, which once per machine, and which the
// record cannot judge the past by (left out and named); the price clauses on
// the whole price and per GPU; and the answers without a history or a
// readable filter. The outlook over a real record is in test/history (SQLite).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Machine } from '../../../../src/api/types';
import { outlookAnswer, outlookQuery, priceBounds } from '../../../../src/market/history/outlookAnswer';
import { mayPass, pricePasses } from '../../../../src/market/history/outlookIndex';
import { LISTING_PRICE_SCALE } from '../../../../src/market/history/listingSpecs';
import { Column } from '../../../../src/market/history/column';
import type { OutlookIndex } from '../../../../src/market/history/outlookIndex';
import { OutlookWork } from '../../../../src/model/outlookWork';
import { parseQuery, printQuery, type Query } from '../../../../src/model/query';
import { machineRecord } from '../../../support/records';

const H = 3_600_000;
const D = 24 * H;
const NOW = 100 * D;

/** A record of 40 days, a list every hour, with one 8× H100 listed at 20.00 for the last ten days; what it was asked. */
function oneListing(): { index: OutlookIndex; asked: { key: string; check: () => void }[] } {
  const machine: Machine = machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 8, price: '20.00' });
  const lists: number[] = [];
  for (let t = NOW - 40 * D; t <= NOW; t += H) lists.push(t);
  const asked: { key: string; check: () => void }[] = [];
  const column = (...values: number[]) => {
    const c = new Column();
    for (const v of values) c.push(v);
    return c;
  };
  const none = () => new Int32Array(4).fill(-1);
  const index: OutlookIndex = {
    latest: NOW,
    loadedAt: NOW,
    stamp: 0,
    lastList: 0,
    oldest: NOW - 40 * D,
    oldestSlack: 0,
    lists,
    since: column(NOW - 10 * D),
    until: column(Number.NaN),
    gpus: column(8),
    price: column(20 * LISTING_PRICE_SCALE),
    specs: column(1),
    open: new Map([[machine.node_name, 0]]),
    nodes: [machine.node_name],
    reprices: { t: column(), price: column(), next: column(), first: none(), last: none() },
    firstOf: Int32Array.from([-1, 0]),
    read: 1,
    specsRead: 1,
    later: new Map(),
    low: Float64Array.from([Infinity, 20 * LISTING_PRICE_SCALE]),
    high: Float64Array.from([-Infinity, 20 * LISTING_PRICE_SCALE]),
    work: new OutlookWork(),
    matching: (key, test, check) => {
      asked.push({ key, check });
      return test(machine) ? [1] : [];
    },
  };
  return { index, asked };
}

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

  it('the price bounds: the whole price and the price per GPU of the moment, every clause must hold (lists and != too); none passes everything', () => {
    const test = (text: string) => {
      const bounds = priceBounds(outlookQuery(query(text)).priced);
      return (price: number, gpus: number) => pricePasses(bounds, price, gpus);
    };
    const cases: [string, number, number, boolean][] = [
      ['price<=20 price_per_gpu>2 gpus=8', 20, 8, true], // 2.50 a GPU
      ['price<=20 price_per_gpu>2 gpus=8', 20.01, 8, false], // the whole price over 20
      ['price<=20 price_per_gpu>2 gpus=8', 16, 8, false], // 2.00 a GPU is not over 2
      ['price<=20 price_per_gpu>2 gpus=8', 16, 4, true], // 4.00 a GPU
      ['price<=20 price_per_gpu>2 gpus=8', 8, 4, false],
      ['price>=8 price<10', 8, 1, true],
      ['price>=8 price<10', 10, 1, false],
      ['price>=8 price<10', 7.99, 1, false],
      ['price_per_gpu=2', 16, 8, true],
      ['price_per_gpu=2', 16.01, 8, false],
      ['price!=16 price<20', 16, 8, false],
      ['price!=16 price<20', 15, 8, true],
      ['price in [4, 8] price_per_gpu<=2', 8, 4, true],
      ['price in [4, 8] price_per_gpu<=2', 8, 2, false], // 4.00 a GPU
      ['price in [4, 8] price_per_gpu<=2', 6, 4, false],
      ['price_per_gpu notin [1, 2]', 8, 4, false],
      ['price_per_gpu notin [1, 2]', 9, 4, true],
      ['price<3 price<2', 2.5, 1, false], // every clause must hold
      ['price>1 price>2', 1.5, 1, false],
    ];
    assert.deepEqual(
      cases.map(([text, price, gpus]) => [text, price, gpus, test(text)(price, gpus)]),
      cases,
    );
    const none = test('gpu=h100');
    assert.ok(none(Number.NaN, 0) && none(1e9, 1), 'no price clause: every price passes');
    assert.ok(!test('price<5')(Number.NaN, 1), 'no price is not under 5');
  });

  it("a spec is passed over only when none of its prices can pass the price clauses, and then it is (property)", () => {
    // Small whole numbers, so that a price often sits right on a bound (and a price per GPU too).
    const clause = fc.tuple(fc.constantFrom('price', 'price_per_gpu'), fc.constantFrom('<', '<=', '>', '>=', '=', '!='), fc.integer({ min: 0, max: 20 }));
    fc.assert(
      fc.property(fc.array(clause, { maxLength: 3 }), fc.array(fc.integer({ min: 0, max: 40 }).map((p) => p * LISTING_PRICE_SCALE), { minLength: 1, maxLength: 4 }), fc.constantFrom(1, 2, 4, 8), (clauses, prices, gpus) => {
        const text = clauses.map(([field, op, v]) => `${field}${op}${v}`).join(' ');
        const bounds = priceBounds(outlookQuery(query(text || 'gpus>=1')).priced);
        // Prices as the index keeps them (× LISTING_PRICE_SCALE), read as the record reads them.
        const passes = prices.some((p) => pricePasses(bounds, p / LISTING_PRICE_SCALE, gpus));
        const may = mayPass(bounds, Math.min(...prices), Math.max(...prices), gpus);
        assert.ok(may || !passes, `${text}: ${prices.join(', ')} over ${gpus} GPUs has a price that passes`);
      }),
    );
    // And one price is passed over exactly when it does not pass, right on each bound too (every operator bounds can say).
    for (const field of ['price', 'price_per_gpu']) {
      for (const op of ['<', '<=', '>', '>=', '=']) {
        for (let v = 0; v <= 4; v++) {
          const bounds = priceBounds(outlookQuery(query(`${field}${op}${v}`)).priced);
          for (let p = 0; p <= 8; p++) {
            for (const gpus of [1, 2]) {
              const whole = p * LISTING_PRICE_SCALE;
              assert.equal(mayPass(bounds, whole, whole, gpus), pricePasses(bounds, p, gpus), `${field}${op}${v}: ${p} over ${gpus} GPUs`);
            }
          }
        }
      }
    }
  });

  it('without a readable filter its message and column; without a history, off', () => {
    const parsed = parseQuery('gpus>');
    assert.ok(!parsed.ok);
    assert.deepEqual(outlookAnswer(undefined, 'gpus>'), { error: 'parse', message: parsed.error.message, position: parsed.error.position });
    assert.deepEqual(outlookAnswer(undefined, 'gpus>1'), { error: 'off' });
  });

  it('over a record: the machines matched once by the rest of the filter, each price by its price clauses, over the days asked (1 to 30)', () => {
    const { index, asked } = oneListing();
    const check = () => undefined;
    const answer = outlookAnswer(index, 'gpu=h100 price<30 up_time>5', 7, check);
    assert.ok('outlook' in answer);
    assert.deepEqual(asked, [{ key: 'gpu=h100', check }], 'the rest of the filter, and the asker\'s cancel check');
    assert.deepEqual([answer.ignored, answer.outlook.days, answer.outlook.price.now, answer.outlook.supply.now], [['up_time'], 7, 2.5, 1]);
    const cheap = outlookAnswer(index, 'gpu=h100 price_per_gpu<2');
    assert.ok('outlook' in cheap);
    assert.deepEqual([cheap.outlook.days, cheap.outlook.price.now, cheap.outlook.supply.now], [30, undefined, 0], 'none at 2.50 a GPU is under 2; 30 days unless asked');
    const days = (asked: number) => {
      const a = outlookAnswer(index, 'gpu=h100', asked);
      return 'outlook' in a ? a.outlook.days : undefined;
    };
    assert.deepEqual([0, 7.4, 99].map(days), [1, 7, 30]);
  });
});
