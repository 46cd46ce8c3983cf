// What the chat tools' answers say of the market history (src/market/toolAnswers.ts),
// given what the history knows (MarketFacts, the interface the SQLite history
// implements; its own suite, test/history/market/toolHistory.test.ts, runs on
// a Node with SQLite): each row against its model's 7-day median, each model's
// week after the table, a machine's place and listing, and, outside VS Code,
// one line that there is none.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../../src/api/types';
import { Market } from '../../../src/market/market';
import { dataAge, findMachinesAnswer, getMachineAnswer } from '../../../src/market/toolAnswers';
import type { ListingFacts, MarketFacts, WeekFacts } from '../../../src/model/historyText';
import { machineRecord } from '../../support/records';

const FETCHED = new Date('2026-11-23T14:02:11Z');
const NOW = new Date('2026-11-23T14:06:11Z');
const DAY = 86_400_000;
const h100 = (node_name: string, price: string) => machineRecord({ node_name, gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price });

/** A history that knows a week of H100s (3 days of it) and since when some machines are listed. */
function facts(weeks: Record<string, WeekFacts>, listings: Record<string, ListingFacts>): MarketFacts {
  return {
    version: 1,
    modelWeek: (gpu) => weeks[gpu],
    listing: (nodeId) => listings[nodeId],
    belowMedian: (m: Machine) => {
      const week = weeks[m.gpu_name];
      return week ? (week.median - Number(m.price) / m.gpu_count) / week.median : NaN;
    },
  };
}

describe('language model tools: what the answers say of the market history', () => {
  const [deal, usual, dear] = [h100('deal', '2.10'), h100('usual', '2.39'), h100('dear', '2.75')];
  const a100 = machineRecord({ node_name: 'other', gpu_name: 'A100', gpu_count: 1, price: '1.00' });
  const h100Week: WeekFacts = { low: 1.95, median: 2.39, coveredMs: 3 * DAY + 3_600_000, trend: [2.2, 2.1] };
  const history = facts({ H100_SXM5_80GB: h100Week }, { deal: { since: FETCHED.getTime() - 3 * DAY, hours: 72, fromStart: true }, usual: { since: FETCHED.getTime() - 5 * 3_600_000, hours: 5, fromStart: false } });
  // The answers only read the market: one for every test.
  const market = new Market({ now: () => FETCHED });
  before(() => market.loadMachines(async () => ({ items: [deal, usual, dear, a100], skipped: 0 })));

  it("the find answer has a column against the 7-day median and each model's week after the table", () => {
    const lines = findMachinesAnswer(market, {}, NOW, history).split('\n');
    assert.equal(lines[3], '| node_id | GPUs | price | price/GPU | VRAM | region | online | CUDA | vs 7-day median |');
    assert.equal(lines[4], '|---|---|---|---|---|---|---|---|---|');
    const last = (id: string) => lines.find((l) => l.startsWith(`| ${id} |`))!.split(' | ').at(-1);
    assert.equal(last('deal'), '12% below |');
    assert.equal(last('usual'), 'at median |');
    assert.equal(last('dear'), '15% above |');
    assert.equal(last('other'), 'unknown |');
    assert.deepEqual(lines.slice(-4), [
      '',
      'Market history, the 7 days before the latest list (price per GPU):',
      '- A100: no market history yet',
      '- H100_SXM5_80GB: 7-day low 1.95/GPU, 7-day median 2.39/GPU (3 days of history)',
    ]);
    assert.ok(!lines.join('\n').includes('not readable here'));
  });

  it('says nothing of how much history there is once it covers the week', () => {
    const fullWeek = facts({ H100_SXM5_80GB: { ...h100Week, coveredMs: 7 * DAY } }, {});
    assert.equal(findMachinesAnswer(market, { query: 'gpu=h100' }, NOW, fullWeek).split('\n').at(-1), '- H100_SXM5_80GB: 7-day low 1.95/GPU, 7-day median 2.39/GPU');
  });

  it("the machine answer ends with its price's place in its model's week and how long it is listed", () => {
    assert.equal(
      getMachineAnswer(market, 'deal', NOW, history).split('\n').at(-1),
      'Market history: 2.10/GPU: 12% below the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95 (3 days of history); listed for at least 3 days (since the history began).',
    );
    assert.equal(getMachineAnswer(market, 'usual', NOW, history).split('\n').at(-1), 'Market history: 2.39/GPU: at the 7-day median 2.39 of H100 SXM5 80GB, 7-day low 1.95 (3 days of history); listed for 5 hours.');
    assert.equal(getMachineAnswer(market, 'other', NOW, history).split('\n').at(-1), 'Market history: nothing recorded yet for this GPU model.');
    assert.ok(!getMachineAnswer(market, 'other', NOW).includes('Market history'), 'asked without a history (a test, a caller that has none to tell): no line of it');
  });

  it('outside VS Code (the MCP server) the answers say there is no history, and only under rows', () => {
    const none = 'Market history: not readable here (it needs Node.js 22.13 or newer, with SQLite).';
    assert.equal(getMachineAnswer(market, 'deal', NOW, 'outside').split('\n').at(-1), none);
    const find = findMachinesAnswer(market, {}, NOW, 'outside').split('\n');
    assert.deepEqual(find.slice(-2), ['', none]);
    assert.equal(find[3], '| node_id | GPUs | price | price/GPU | VRAM | region | online | CUDA |', 'no column it cannot fill');
    assert.ok(!findMachinesAnswer(market, { query: 'gpus>=99' }, NOW, 'outside').includes('Market history'), 'no rows, no history line');
    assert.ok(!findMachinesAnswer(market, {}, NOW).includes('Market history'), 'no history asked for: the table alone');
  });

  it('says how old the data is in whole minutes, never negative', () => {
    assert.equal(dataAge(FETCHED, NOW), 'Data as of 14:02:11 UTC (4 minutes ago).');
    assert.equal(dataAge(FETCHED, new Date(FETCHED.getTime() + 89_000)), 'Data as of 14:02:11 UTC (1 minute ago).');
    assert.equal(dataAge(FETCHED, new Date(FETCHED.getTime() + 29_000)), 'Data as of 14:02:11 UTC (just now).');
    assert.equal(dataAge(FETCHED, new Date(FETCHED.getTime() - 10 * 60_000)), 'Data as of 14:02:11 UTC (just now).', "a clock behind the data's");
  });
});
