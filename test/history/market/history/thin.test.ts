// Keeping the history bounded (src/market/history/thin.ts): lists older than
// two days are merged into one row an hour, older than 90 days one a day,
// and a bucket once merged is left alone, so recording costs what the last
// minutes added and the file stays the size the README says.
import * as assert from 'node:assert/strict';
import { DAY_MS, HOUR_MS, HOURLY_MS, RAW_MS } from '../../../../src/market/history/downsample';
import { historyFolder, openTestHistory, readHistory } from '../../../support/history';
import { machineRecord } from '../../../support/records';

describe('market history: thinning', () => {
  it('lists older than two days become one row an hour, older than 90 days one a day, each bucket merged once', () => {
    const folder = historyFolder();
    const store = openTestHistory(folder.file);
    try {
      const machines = [machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '2.00' })];
      // A list every 30 minutes, off the hour (as lists are), over 95 days.
      const start = 1_000 * DAY_MS + 7 * 60_000;
      const end = start + 95 * DAY_MS;
      for (let t = start; t <= end; t += 30 * 60_000) store.record(t, machines);
      const rows = readHistory(folder.file, (db) => db.prepare('SELECT t, n FROM lists ORDER BY t').all()).map((r) => ({ t: Number(r.t), n: Number(r.n) }));
      const latest = rows.at(-1)!.t;
      const daily = rows.filter((r) => r.t < latest - HOURLY_MS - DAY_MS);
      const hourly = rows.filter((r) => r.t >= latest - HOURLY_MS + DAY_MS && r.t < latest - RAW_MS - HOUR_MS);
      assert.ok(daily.length > 0 && daily.every((r) => r.t % DAY_MS === 0 && r.n > 1), `one row a day, at its start: ${JSON.stringify(daily.slice(0, 3))}`);
      assert.ok(hourly.length > 0 && hourly.every((r) => r.t % HOUR_MS === 0 && r.n === 2), `one row an hour of two lists: ${JSON.stringify(hourly.slice(0, 3))}`);
      assert.ok(rows.length < 2 * 24 * 3 + 24 * 90 + 10, `${rows.length} rows for ${95 * 24 * 2} lists`);
    } finally {
      store.close();
      folder.cleanup();
    }
  });
});
