// The query fields that read the market history: listed_hours, flaps_7d and
// below_median, in filters (the market's views) and watches. Before the
// history knows (no history, a machine or model not seen yet, less than a
// week) they read what it knows, 0 where it knows nothing, and never fail.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Machine } from '../../../../src/api/types';
import { diffMachines } from '../../../../src/market/diff';
import { DAY_MS, HOUR_MS } from '../../../../src/market/history/downsample';
import type { HistoryStore } from '../../../../src/market/history/store';
import { snapshotOf } from '../../../../src/market/snapshot';
import { MachineViews } from '../../../../src/market/views';
import { newlyMatching, parseWatches } from '../../../../src/market/watch';
import { DEFAULT_ARRANGEMENT } from '../../../../src/model/arrange';
import { compileQuery, printQuery, usesHistory } from '../../../../src/model/query';
import { historyOf } from '../../../support/history';
import { machineRecord } from '../../../support/records';
import { parsed } from '../../../support/query';


const h100 = (price: string) => machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price });

/** A history that recorded these lists, at these times. */
const memoryOf = (lists: [number, Machine[]][]): HistoryStore => historyOf(lists);

describe('market history: the query fields', () => {
  it('parse, print back and read the history: a real deal on a steady machine', () => {
    const text = 'gpu=H100_SXM5_80GB below_median>=0.1 flaps_7d<=1';
    assert.equal(printQuery(parsed(text)), text);
    assert.equal(usesHistory(parsed(text)), true);
    assert.equal(usesHistory(parsed('gpu=H100_SXM5_80GB price_per_gpu<2')), false);
    const [cheap, usual, dear, flappy] = [h100('1.60'), h100('2.00'), h100('2.30'), h100('1.50')];
    // flappy goes and comes back twice; the model's median is 1.80 with it, 2.00 without: 1.80 over the week.
    const memory = memoryOf([
      [0, [cheap, usual, dear, flappy]],
      [HOUR_MS, [cheap, usual, dear]],
      [2 * HOUR_MS, [cheap, usual, dear, flappy]],
      [3 * HOUR_MS, [cheap, usual, dear]],
      [4 * HOUR_MS, [cheap, usual, dear, flappy]],
    ]);
    const matches = compileQuery(parsed(text), memory);
    assert.equal(memory.modelWeek('H100_SXM5_80GB')!.median, 1.8);
    assert.deepEqual([cheap, usual, dear, flappy].filter(matches), [cheap], 'flappy is cheaper still, but came back twice');
    const hours = compileQuery(parsed('listed_hours>=4'), memory);
    assert.deepEqual([cheap, usual, dear, flappy].filter(hours), [cheap, usual, dear]);
    assert.equal(compileQuery(parsed('flaps_7d=2'), memory)(flappy), true);
    assert.equal(compileQuery(parsed('below_median<-0.1'), memory)(dear), true, 'above the median reads negative');
  });

  it('without a history, and for what it has not seen, the fields read 0 and nothing fails', () => {
    const fresh = h100('1.00');
    for (const memory of [undefined, historyOf(), memoryOf([[0, [h100('2.00')]]])]) {
      const reads = (text: string) => compileQuery(parsed(text), memory)(fresh);
      assert.equal(reads('listed_hours=0'), true);
      assert.equal(reads('flaps_7d=0'), true);
      assert.equal(reads('listed_hours>=24'), false);
      assert.equal(reads('flaps_7d<=1'), true, 'a machine just seen has not come and gone');
    }
    assert.equal(compileQuery(parsed('below_median=0'))(fresh), true, 'no history: at its median');
    assert.equal(compileQuery(parsed('below_median>=0.1'), memoryOf([[0, [machineRecord({ gpu_name: 'A100' })]]]))(fresh), false, 'a model not seen: at its median');
  });

  it('before the first week, below_median is against the days the history has', () => {
    const memory = memoryOf([
      [0, [h100('2.00')]],
      [DAY_MS, [h100('3.00')]],
    ]);
    assert.equal(memory.modelWeek('H100_SXM5_80GB')!.coveredMs, DAY_MS);
    assert.equal(compileQuery(parsed('below_median>=0.1'), memory)(h100('1.50')), true, '1.50 is 25% below the median of two days (2.00)');
  });

  it('property: a compiled comparison reads what the history answers (0 for NaN)', () => {
    const memory = memoryOf([
      [0, [h100('2.00'), h100('2.40')]],
      [HOUR_MS, [h100('2.20')]],
    ]);
    const machines = [h100('1.00'), h100('2.00'), h100('3.00'), machineRecord({ gpu_name: 'L4' })];
    fc.assert(
      fc.property(fc.constantFrom('listed_hours', 'flaps_7d', 'below_median'), fc.constantFrom('<', '<=', '>', '>=', '=', '!='), fc.integer({ min: -20, max: 20 }), (field, op, tenths) => {
        const v = tenths / 10;
        const test = compileQuery(parsed(`${field}${op}${v}`), memory);
        for (const m of machines) {
          const raw = field === 'listed_hours' ? memory.listedHours(m.node_name) : field === 'flaps_7d' ? memory.flaps7d(m.node_name) : memory.belowMedian(m);
          const x = Number.isNaN(raw) ? 0 : raw;
          const expected = { '<': x < v, '<=': x <= v, '>': x > v, '>=': x >= v, '=': x === v, '!=': x !== v }[op];
          assert.equal(test(m), expected, `${m.node_name} ${field}=${x} ${op} ${v}`);
        }
      }),
    );
  });

  it("the market's views filter again when the history changed, and only for a filter that reads it", () => {
    const [a, b] = [h100('1.50'), h100('2.50')];
    const snapshot = snapshotOf([a, b], new Date(0));
    const memory = memoryOf([[0, [a, b]]]);
    const views = new MachineViews();
    const reads = { filter: parsed('listed_hours>=1'), arrangement: DEFAULT_ARRANGEMENT, history: memory };
    const plain = { filter: parsed('price_per_gpu<3'), arrangement: DEFAULT_ARRANGEMENT, history: memory };
    assert.equal(views.view(snapshot, reads).matching.length, 0);
    memory.record(2 * HOUR_MS, [a, b]);
    assert.equal(views.view(snapshot, reads).matching.length, 2, 'listed for 2 hours now');
    const other = new MachineViews();
    const first = other.view(snapshot, plain).matching;
    memory.record(3 * HOUR_MS, [a, b]);
    assert.equal(other.view(snapshot, plain).matching, first, 'a filter that does not read the history is not run again');
  });

  it('a watch on the history: a new machine well below its model’s median is news, a dear one is not', () => {
    const usual = [h100('2.00'), h100('2.10'), h100('1.90')];
    const memory = memoryOf([[0, usual]]);
    const { watches, problems } = parseWatches([{ query: 'gpu=H100_SXM5_80GB below_median>=0.1 flaps_7d<=1' }], memory);
    assert.deepEqual(problems, []);
    const deal = h100('1.70');
    const dear = h100('2.40');
    const news = newlyMatching(watches[0], diffMachines(usual, [...usual, deal, dear]));
    assert.deepEqual(news, [deal]);
    // A price that drops into range is news too.
    const repriced = { ...usual[0], price: '1.75' };
    assert.deepEqual(newlyMatching(watches[0], diffMachines(usual, [repriced, ...usual.slice(1)])), [repriced]);
  });
});
