// The chat tools and the market history: in VS Code each row of the find
// answer says where its price per GPU is against its model's 7-day median and
// each model its 7-day low and median; the machine answer places the price in
// its model's week and says how long it has been listed; outside VS Code (the
// MCP server shares these answers) they say there is no history.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../src/api/types';
import { DAY_MS } from '../../../src/market/history/downsample';
import type { HistoryStore } from '../../../src/market/history/store';
import { Market } from '../../../src/market/market';
import { toolAnswer } from '../../../src/market/tools';
import { historyOf } from '../../support/history';
import { machineRecord } from '../../support/records';
import { NOW, h100 } from '../../support/week';

const T = NOW.getTime();

describe('language model tools: the market history', () => {
  const [deal, usual, dear] = [h100('deal', '2.10'), h100('usual', '2.39'), h100('dear', '2.75')];
  const a100 = machineRecord({ node_name: 'other', gpu_name: 'A100', gpu_count: 1, price: '1.00' });
  let market: Market;
  let memory: HistoryStore;

  beforeEach(async () => {
    market = new Market({ now: () => NOW });
    await market.loadMachines(async () => ({ items: [deal, usual, dear, a100], skipped: 0 }));
    // Three days: the deal was listed from the start, the others came a day later; A100 is never recorded.
    const lists: [number, Machine[]][] = [
      [T - 3 * DAY_MS, [deal]],
      [T - 2 * DAY_MS, [deal, usual, dear]],
      [T, [deal, usual, dear]],
    ];
    memory = historyOf(lists);
  });
  afterEach(() => memory.close());

  it("the machine answer places its price in its model's week and says how long it is listed", () => {
    const last = toolAnswer('gpuRental_getMachine', market, { nodeId: 'usual' }, NOW, memory).split('\n').at(-1);
    assert.match(last!, /^Market history: 2\.39\/GPU: (\d+% (below|above)|at) the 7-day median [\d.]+ of H100 SXM5 80GB, 7-day low 2\.10 \(3 days of history\); listed for 2 days\.$/);
    const week = memory.modelWeek('H100_SXM5_80GB')!;
    const below = Math.round(((week.median - 2.1) / week.median) * 100);
    assert.equal(
      toolAnswer('gpuRental_getMachine', market, { nodeId: 'deal' }, NOW, memory).split('\n').at(-1),
      `Market history: 2.10/GPU: ${below}% below the 7-day median ${week.median.toFixed(2)} of H100 SXM5 80GB, 7-day low 2.10 (3 days of history); listed for at least 3 days (since the history began).`,
    );
    assert.equal(toolAnswer('gpuRental_getMachine', market, { nodeId: 'other' }, NOW, memory).split('\n').at(-1), 'Market history: nothing recorded yet for this GPU model.');
  });

  it("the find answer has a column against the 7-day median and each model's week after the table", () => {
    const lines = toolAnswer('gpuRental_findMachines', market, {}, NOW, memory).split('\n');
    assert.equal(lines[3], '| node_id | GPUs | price | price/GPU | VRAM | region | online | CUDA | vs 7-day median |');
    const row = (id: string) => lines.find((l) => l.startsWith(`| ${id} |`))!;
    assert.match(row('deal'), / \d+% below \|$/);
    assert.match(row('dear'), / \d+% above \|$/);
    assert.match(row('other'), / unknown \|$/);
    assert.ok(lines.includes('Market history, the 7 days before the latest list (price per GPU):'), lines.join('\n'));
    assert.ok(lines.some((l) => /^- H100_SXM5_80GB: 7-day low 2\.10\/GPU, 7-day median [\d.]+\/GPU \(3 days of history\)$/.test(l)), lines.join('\n'));
    assert.ok(lines.includes('- A100: no market history yet'));
  });

  it('where the history cannot be read (an MCP server on a Node without SQLite) the answers say so', () => {
    const none = 'Market history: not readable here (it needs Node.js 22.13 or newer, with SQLite).';
    assert.equal(toolAnswer('gpuRental_getMachine', market, { nodeId: 'deal' }, NOW).split('\n').at(-1), none);
    const find = toolAnswer('gpuRental_findMachines', market, {}, NOW).split('\n');
    assert.equal(find.at(-1), none);
    assert.equal(find[3], '| node_id | GPUs | price | price/GPU | VRAM | region | online | CUDA |', 'no column it cannot fill');
    assert.ok(!toolAnswer('gpuRental_findMachines', market, { query: 'gpus>=99' }, NOW).includes('Market history'), 'no rows, no history line');
  });
});
