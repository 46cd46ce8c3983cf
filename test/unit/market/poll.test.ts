// When a watch polls: after the window gets focus, at the interval, and backing off after failures.
import * as assert from 'node:assert/strict';
import { FOCUS_DELAY_MS, MAX_BACKOFF_MS, PollPlan } from '../../../src/market/poll';

describe('watches: when to poll', () => {
  it('polls at once the first time, then every interval', () => {
    const plan = new PollPlan(60_000);
    assert.equal(plan.waitMs(1000), 0);
    plan.ended(1000, true);
    assert.equal(plan.waitMs(1000), 60_000);
    assert.equal(plan.waitMs(31_000), 30_000);
    assert.equal(plan.waitMs(100_000), 0);
  });

  it('doubles the wait after each failure, up to ten minutes, and starts over after a success', () => {
    const plan = new PollPlan(60_000);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      plan.ended(0, false);
      waits.push(plan.waitMs(0));
    }
    assert.deepEqual(waits, [120_000, 240_000, 480_000, MAX_BACKOFF_MS, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
    plan.ended(0, true);
    assert.equal(plan.waitMs(0), 60_000);
  });

  it('a poll that fell due while the window had no focus runs soon after focus returns', () => {
    const plan = new PollPlan(60_000);
    plan.ended(0, true);
    assert.equal(plan.waitMs(300_000, true), FOCUS_DELAY_MS);
    assert.equal(plan.waitMs(30_000, true), 30_000, 'not due yet: waits as planned');
  });

  it('a clock set back does not postpone polling', () => {
    const plan = new PollPlan(60_000);
    plan.ended(10_000_000, true);
    assert.equal(plan.waitMs(5_000), 60_000);
  });

  it('a shorter interval takes effect at once', () => {
    const plan = new PollPlan(600_000);
    plan.ended(0, true);
    plan.setInterval(10_000);
    assert.equal(plan.waitMs(0), 10_000);
  });
});
