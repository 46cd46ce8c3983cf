// The filter fields that read the market history (src/model/query/historyFields.ts):
// listed_hours, flaps_7d and below_median, answered by whatever implements
// MachineHistory (the SQLite history; its own suite runs on a Node with
// SQLite). Where the history does not know, or there is none, each reads 0,
// so a filter on them never fails and matches only where 0 passes.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../src/api/types';
import { compileQuery, parseQuery, usesHistory, type MachineHistory, type Query } from '../../../src/model/query';
import { machineRecord } from '../../support/records';

const parsed = (text: string): Query => {
  const result = parseQuery(text);
  assert.ok(result.ok, text);
  return result.query;
};

const old = machineRecord({ node_name: 'old', price: '1.00', gpu_count: 1 });
const fresh = machineRecord({ node_name: 'fresh', price: '3.00', gpu_count: 1 });
const unknown = machineRecord({ node_name: 'unknown', price: '2.00', gpu_count: 1 });
const machines = [old, fresh, unknown];

/** Knows two machines: one listed for two days with three returns, 20% below its median; one listed an hour, 10% above it. */
const history: MachineHistory = {
  version: 1,
  listedHours: (id) => ({ old: 48, fresh: 1 })[id] ?? NaN,
  flaps7d: (id) => ({ old: 3, fresh: 0 })[id] ?? NaN,
  belowMedian: (m: Machine) => ({ old: 0.2, fresh: -0.1 })[m.node_name] ?? NaN,
};

const matchingWith = (h: MachineHistory | undefined, text: string): string[] => machines.filter(compileQuery(parsed(text), h)).map((m) => m.node_name);
const matching = (text: string): string[] => matchingWith(history, text);

describe('model/query: the fields that read the market history', () => {
  it('filters on how long a machine is listed, how often it came back, and where its price is against the median', () => {
    assert.deepEqual(matching('listed_hours>=24'), ['old']);
    assert.deepEqual(matching('listed_hours<24'), ['fresh', 'unknown'], 'unknown reads 0 hours');
    assert.deepEqual(matching('flaps_7d>=1'), ['old']);
    assert.deepEqual(matching('flaps_7d<=1'), ['fresh', 'unknown'], 'unknown reads no returns');
    assert.deepEqual(matching('below_median>=0.1'), ['old']);
    assert.deepEqual(matching('below_median<0'), ['fresh']);
    assert.deepEqual(matching('below_median=0'), ['unknown'], 'unknown reads at its median');
  });

  it('without a history every machine reads 0 on each field', () => {
    assert.deepEqual(matchingWith(undefined, 'listed_hours>=24'), []);
    assert.deepEqual(matchingWith(undefined, 'listed_hours=0 flaps_7d=0 below_median=0'), ['old', 'fresh', 'unknown']);
    assert.deepEqual(matchingWith(undefined, 'flaps_7d>0'), []);
    assert.deepEqual(matchingWith(undefined, 'below_median>0'), []);
  });

  it('says whether a query reads the history (its matches then change when the history does)', () => {
    for (const text of ['listed_hours>=24', 'gpus>=8 flaps_7d<=1', 'below_median>=0.1', 'region=us listed_hours<1']) assert.equal(usesHistory(parsed(text)), true, text);
    for (const text of ['', 'gpus>=8', 'h100 region in [us-west, eu]', 'price_per_gpu<2']) assert.equal(usesHistory(parsed(text)), false, text);
  });
});
