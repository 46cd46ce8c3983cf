// The demo market fast-forwarded: steps an hour at a time, the same for the
// same seed, with prices that drift (recorded into a history: see
// test/history/dev/demo/fastForward.test.ts).
import * as assert from 'node:assert/strict';
import { DEMO_MACHINES } from '../../../../dev/demo/fixtures';
import { fastForward } from '../../../../dev/demo/fastForward';
import { DAY_MS } from '../../../../src/market/history/downsample';

const END = Date.UTC(2026, 10, 20, 12, 30);

describe('demo market fast-forward', () => {
  it('steps an hour at a time from the days before the end to the end, the same way for the same seed, with prices that drift', () => {
    const steps = fastForward(DEMO_MACHINES, { days: 3, end: END });
    assert.equal(steps.length, 3 * 24 + 1);
    assert.equal(steps[0].t, END - 3 * DAY_MS);
    assert.equal(steps.at(-1)!.t, END);
    assert.deepEqual(fastForward(DEMO_MACHINES, { days: 3, end: END }), steps);
    assert.notDeepEqual(fastForward(DEMO_MACHINES, { days: 3, end: END, seed: 2 }).at(-1), steps.at(-1));
    const first = new Map(steps[0].machines.map((m) => [m.node_name, m.price]));
    const moved = steps[30].machines.filter((m) => first.has(m.node_name) && first.get(m.node_name) !== m.price);
    assert.ok(moved.length > steps[30].machines.length / 2, `${moved.length} machines repriced`);
  });
});
