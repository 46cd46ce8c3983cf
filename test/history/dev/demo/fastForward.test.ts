// The demo market fast-forwarded and recorded into a market history as the
// extension reads it (the file a harness's VS Code server reads): the trends
// panel has days to show, and below_median finds machines in the list the
// demo then serves.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_MACHINES } from '../../../../dev/demo/fixtures';
import { fastForward, recordFastForward, RHYTHM, serverHistoryFile } from '../../../../dev/demo/fastForward';
import { outlookAnswer } from '../../../../src/market/history/outlookAnswer';
import { DAY_MS } from '../../../../src/market/history/downsample';
import { pricePerGpu } from '../../../../src/model/price';
import { compileQuery, parseQuery } from '../../../../src/model/query';
import { openHistory } from '../../../../src/node/historyFile';
import { historyFileName } from '../../../../src/node/historyLocation';

const END = Date.UTC(2026, 10, 20, 12, 30);
const ORIGIN = 'http://127.0.0.1:8787';

describe('demo market fast-forward, recorded', () => {
  it('recorded into a history, it gives the trends panel a row per day, each day lowest as the lists of that day, and below_median finds machines in the last list', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-ff-'));
    try {
      const steps = fastForward(DEMO_MACHINES, { days: 14, end: END });
      const file = serverHistoryFile({ gpuRentalDataDir: dataDir }, ORIGIN);
      assert.equal(file, path.join(dataDir, 'history', historyFileName(ORIGIN)));
      recordFastForward(file, ORIGIN, steps);
      const store = openHistory({ file, origin: ORIGIN, keepDays: 365 });
      try {
        const week = store.trends('week', ['H100_SXM5_80GB']);
        assert.equal(week.latest, END);
        assert.ok(week.models.includes('H100_SXM5_80GB'));
        const rows = week.trends[0].rows;
        assert.equal(rows.length, 8);
        // A whole day, two days back: its lowest price per GPU is the lowest of that day's lists.
        const day = rows[rows.length - 3];
        const lists = steps.filter((s) => s.t >= day.t && s.t < day.t + DAY_MS);
        assert.equal(lists.length, 24);
        const lowest = Math.min(...lists.flatMap((s) => s.machines.filter((m) => m.gpu_name === 'H100_SXM5_80GB').map(pricePerGpu)));
        assert.ok(Math.abs(day.low - lowest) < 1e-4, `${day.low} vs ${lowest}`);
        assert.ok(store.trends('day', ['H100_SXM5_80GB']).trends[0].rows.length >= 24);
        const parsed = parseQuery('below_median>=0.1');
        assert.ok(parsed.ok);
        const deals = steps.at(-1)!.machines.filter(compileQuery(parsed.query, store));
        assert.ok(deals.length > 0, 'below_median>=0.1 finds machines');
      } finally {
        store.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("has a rhythm the outlook finds: an 8× H100 twice a day for 3 hours, cheaper at weekends (30 days, `npm start -- --days 30`)", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-rental-ff-'));
    try {
      const file = serverHistoryFile({ gpuRentalDataDir: dataDir }, ORIGIN);
      recordFastForward(file, ORIGIN, fastForward(DEMO_MACHINES, { days: 30, end: END }));
      const store = openHistory({ file, origin: ORIGIN, keepDays: 365 });
      try {
        const answer = outlookAnswer(store.outlook(), `gpu=h100 gpus=8 labels=${RHYTHM.label}`);
        assert.ok('outlook' in answer, JSON.stringify(answer));
        const o = answer.outlook;
        assert.equal(o.recordedDays, 30);
        assert.equal(o.supply.window, 60, 'twice a day for 30 days');
        assert.equal(o.supply.week, 14);
        assert.ok(Math.abs(o.supply.everyHours! - 12) < 0.1, String(o.supply.everyHours));
        assert.deepEqual(o.supply.listedHours, { q1: 3, median: 3, q3: 3 });
        assert.equal(o.supply.now, 0, 'at 12:30 UTC it is not listed');
        // Every day has a best: 12.60 on the days that hold a weekend listing, else 14.40. Days run 24 h back
        // from Friday 12:30 UTC: three of them hold a weekend listing each weekend (Sat 02:00, Sat 14:00 and
        // Sun 02:00, Sun 14:00), four weekends in 30 days.
        assert.equal(o.price.daily.length, 30);
        const weekendDays = o.price.daily.filter((d) => Math.abs(d.best - RHYTHM.weekend) < 1e-9).length;
        assert.equal(weekendDays, 12);
        assert.ok(o.price.daily.every((d) => Math.abs(d.best - RHYTHM.weekend) < 1e-9 || Math.abs(d.best - RHYTHM.weekday) < 1e-9));
        assert.equal(o.price.typical!.high, RHYTHM.weekday);
        assert.ok(o.price.typical!.low < RHYTHM.weekday && o.price.typical!.low >= RHYTHM.weekend, String(o.price.typical!.low));
        assert.equal(o.waiting.for, 'any');
        assert.ok(o.waiting.medianHours! > 2 && o.waiting.medianHours! < 6, String(o.waiting.medianHours));
      } finally {
        store.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
