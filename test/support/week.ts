// Weeks of a model's prices that several suites build: the same week by the
// pure function from its points (test/unit/market/history/week.test.ts) and by
// the store from its lists (test/history/market/history/store.facts.test.ts);
// one-GPU H100 machines up to a shared now (the tools' and the tree's history).
import * as assert from 'node:assert/strict';
import type { Machine } from '../../src/api/types';
import { TREND_POINTS } from '../../src/market/history/week';
import { machineRecord } from './records';

/**
 * Asserts the trend of a week whose lists were $1.80 at its start, $1.90 an hour later, $2 three days
 * in and $2 at its end: the lowest of each part of the week, NaN where no list was recorded.
 */
export function assertTrendOfTheWeek(week: { readonly trend: readonly number[] }): void {
  assert.equal(week.trend.length, TREND_POINTS);
  assert.equal(week.trend[0], 1.8, 'the first part: the lowest of its two lists');
  assert.equal(week.trend[12], 2, 'three days in: 12 of 28 parts');
  assert.equal(week.trend[TREND_POINTS - 1], 2, 'the latest list is in the last part');
  assert.equal(week.trend.filter(Number.isFinite).length, 3);
}

/** The moment the suites that read a week of the market history up to now take for now. */
export const NOW = new Date('2026-11-23T14:06:11Z');

/** A machine with one H100 at `price` (its node ID `id`), and the fields given. */
export function h100(id: string, price: string, more: Partial<Machine> = {}): Machine {
  return machineRecord({ node_name: id, gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price, ...more });
}
