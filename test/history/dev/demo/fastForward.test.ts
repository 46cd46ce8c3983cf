// The demo market fast-forwarded, and recorded into a market history as the
// extension reads it: the trends panel has days to show, and below_median
// finds machines in the list the demo then serves.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_MACHINES } from '../../../../dev/demo/fixtures';
import { fastForward, recordFastForward, serverHistoryRoot } from '../../../../dev/demo/fastForward';
import { DAY_MS, HOUR_MS } from '../../../../src/market/history/downsample';
import { HistoryStore, serviceFolder } from '../../../../src/market/history/store';
import { pointsInRange, tableRows, trendModels, trendSeries } from '../../../../src/market/history/trends';
import { pricePerGpu } from '../../../../src/model/price';
import { compileQuery, parseQuery } from '../../../../src/model/query';

const END = Date.UTC(2026, 10, 20, 12, 30);
const ORIGIN = 'http://127.0.0.1:8787';

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

  it('recorded into a history, it gives the trends panel a row per day, each day lowest as the lists of that day, and below_median finds machines in the last list', () => {
    const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-ff-'));
    try {
      const steps = fastForward(DEMO_MACHINES, { days: 14, end: END });
      const root = serverHistoryRoot(userData);
      assert.equal(root, path.join(userData, 'User', 'globalStorage', 'gpu-rental.gpu-rental', 'market-history'));
      recordFastForward(root, ORIGIN, steps);
      const store = new HistoryStore({ dir: serviceFolder(root, ORIGIN), origin: ORIGIN, keepDays: 365, now: () => END });
      const points = store.memory.points;
      assert.equal(points.at(-1)!.t, END);
      assert.ok(trendModels(points).includes('H100_SXM5_80GB'));
      const [h100] = trendSeries(pointsInRange(points, 'week'), ['H100_SXM5_80GB']);
      const rows = tableRows(h100, DAY_MS);
      assert.equal(rows.length, 8);
      // A whole day, two days back: its lowest price per GPU is the lowest of that day's lists.
      const day = rows[rows.length - 3];
      const lists = steps.filter((s) => s.t >= day.t && s.t < day.t + DAY_MS);
      assert.equal(lists.length, 24);
      const lowest = Math.min(...lists.flatMap((s) => s.machines.filter((m) => m.gpu_name === 'H100_SXM5_80GB').map(pricePerGpu)));
      assert.ok(Math.abs(day.low - lowest) < 1e-4, `${day.low} vs ${lowest}`);
      assert.ok(tableRows(trendSeries(pointsInRange(points, 'day'), ['H100_SXM5_80GB'])[0], HOUR_MS).length >= 24);
      const parsed = parseQuery('below_median>=0.1');
      assert.ok(parsed.ok);
      const deals = steps.at(-1)!.machines.filter(compileQuery(parsed.query, store));
      assert.ok(deals.length > 0, 'below_median>=0.1 finds machines');
    } finally {
      fs.rmSync(userData, { recursive: true, force: true });
    }
  });
});
