// The trends charts' axes (src/webview/trends/axes.ts): every value inside,
// round ticks at the ends, a length even for one value.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { LONE_TIME_PAD_MS, timeSpan, valueAxis } from '../../../src/webview/trends/axes';

describe('trends axes', () => {
  it('one price: room on both sides, the value among the ticks', () => {
    assert.deepEqual(valueAxis([0.55]), { min: 0.45, max: 0.65, ticks: [0.45, 0.5, 0.55, 0.6, 0.65] });
    assert.deepEqual(valueAxis([12]), { min: 10, max: 14, ticks: [10, 11, 12, 13, 14] });
    assert.deepEqual(valueAxis([0]), { min: 0, max: 1, ticks: [0, 0.5, 1] });
  });

  it('a count starts at zero: 8 GPUs on 0–8, not 0–1', () => {
    assert.deepEqual(valueAxis([8], { fromZero: true }), { min: 0, max: 8, ticks: [0, 2, 4, 6, 8] });
    assert.deepEqual(valueAxis([0], { fromZero: true }), { min: 0, max: 1, ticks: [0, 0.5, 1] });
    assert.deepEqual(valueAxis([3, 17], { fromZero: true }).ticks, [0, 5, 10, 15, 20]);
  });

  it('several values: round ticks around them; nothing to draw: 0–1 without ticks', () => {
    assert.deepEqual(valueAxis([1.2, 3.4]), { min: 1, max: 4, ticks: [1, 2, 3, 4] });
    assert.deepEqual(valueAxis([]), { min: 0, max: 1, ticks: [] });
    assert.deepEqual(valueAxis([NaN, Infinity]), { min: 0, max: 1, ticks: [] });
    assert.deepEqual(valueAxis([NaN, 2, 2]).ticks.includes(2), true);
    assert.deepEqual(valueAxis([5e-324]), { min: 0, max: 1e-9, ticks: [0, 5e-10, 1e-9] }, 'the smallest double: an axis all the same');
  });

  it('holds every value, whatever they are, between round ticks at its ends', () => {
    const value = fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constantFrom(0, 5e-324, 1e-12, 0.55, 8, 1e6));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 20 }), fc.boolean(), (values, fromZero) => {
        const axis = valueAxis(values, { fromZero });
        assert.ok(axis.max > axis.min, 'a length');
        for (const v of values) assert.ok(axis.min <= v && v <= axis.max, `${v} in ${axis.min}–${axis.max}`);
        assert.equal(axis.ticks[0], axis.min);
        assert.equal(axis.ticks.at(-1), axis.max);
        assert.ok(axis.ticks.length >= 2 && axis.ticks.length <= 11, `${axis.ticks.length} ticks`);
        for (let i = 1; i < axis.ticks.length; i++) assert.ok(axis.ticks[i] > axis.ticks[i - 1]);
        if (fromZero) assert.equal(axis.min, 0);
        assert.ok(axis.min >= 0, 'never below zero for values that are not');
      }),
    );
  });

  it('a time range without length (one list, all recorded) gets an hour on each side', () => {
    const t = Date.UTC(2026, 10, 27, 1, 23);
    assert.deepEqual(timeSpan(t, t), { from: t - LONE_TIME_PAD_MS, to: t + LONE_TIME_PAD_MS });
    assert.deepEqual(timeSpan(t - 86_400_000, t), { from: t - 86_400_000, to: t });
  });

  it('no recorded list (an empty range, or a time that is not a number) spans 0–1, never NaN', () => {
    const t = Date.UTC(2026, 10, 27, 1, 23);
    assert.deepEqual(timeSpan(Infinity, -Infinity), { from: 0, to: 1 });
    assert.deepEqual(timeSpan(NaN, t), { from: 0, to: 1 });
    assert.deepEqual(timeSpan(t, NaN), { from: 0, to: 1 });
  });

  it('a single negative value (a change, a difference) gets room below it too', () => {
    const axis = valueAxis([-5]);
    assert.ok(axis.min <= -5.5 && axis.max >= -4.5, `${axis.min}–${axis.max}`);
  });
});
