// The parts of a filter's outlook that need no record (issue 36): which clauses
// are asked of each price a listing had, which once per machine, and which the
// record cannot judge the past by (left out and named); the price clauses on
// the whole price and per GPU; and the answers without a history or a
// readable filter. The outlook over a real record is in test/history (SQLite).
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../../src/api/types';
import { outlookAnswer, outlookQuery } from '../../../../src/market/history/outlookAnswer';
import { LISTING_PRICE_SCALE } from '../../../../src/market/history/listingSpecs';
import { Column } from '../../../../src/market/history/column';
import type { OutlookIndex } from '../../../../src/market/history/outlookIndex';
import { OutlookWork } from '../../../../src/model/outlookWork';
import { compileQuery, parseQuery, printQuery } from '../../../../src/model/query';
import { machineRecord } from '../../../support/records';
import { parsed } from '../../../support/query';

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
    matching: (key, query, check) => {
      asked.push({ key, check });
      return compileQuery(query)(machine) ? [1] : [];
    },
  };
  return { index, asked };
}


describe('outlook answer: the filter split for the record', () => {
  it('price clauses apart, the rest once per machine, the fields the record does not keep left out and named once', () => {
    const split = outlookQuery(parsed('gpu=h100 price<20 up_time>5 price_per_gpu<=2.5 listed_hours>2 up_time<100 nvidia'));
    assert.deepEqual([printQuery(split.priced), printQuery(split.rest), split.ignored], ['price<20 price_per_gpu<=2.5', 'gpu=h100 nvidia', ['up_time', 'listed_hours']]);
    const plain = outlookQuery(parsed('gpus>=8'));
    assert.deepEqual([plain.priced.clauses, printQuery(plain.rest), plain.ignored], [[], 'gpus>=8', []]);
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
