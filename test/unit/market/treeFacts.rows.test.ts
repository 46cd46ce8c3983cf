// The Machines tree's facts from a market history (src/market/worker/treeFacts.ts,
// pure), on Node 20: a history here is a fixed table of answers (the SQLite
// store's own answers are tested in test/history). How far each row is below
// its model's median, in the slice's order, and the models of a group.
import * as assert from 'node:assert/strict';
import { arrangeMachines } from '../../../src/model/arrange';
import type { ListingFacts, MarketFacts, WeekFacts } from '../../../src/model/historyText';
import { groupModels, rowHistory } from '../../../src/market/worker/treeFacts';
import { machineRecord } from '../../support/records';

const DAY_MS = 86_400_000;
const H100 = 'H100_SXM5_80GB';
const h100 = (id: string, price: string) => machineRecord({ node_name: id, gpu_name: H100, gpu_count: 1, price, region: 'eu' });
const a100 = (id: string, price: string) => machineRecord({ node_name: id, gpu_name: 'A100', gpu_count: 2, price, region: 'eu' });

/** A history that knows the H100's week and the listing of `usual`. */
function history(): MarketFacts {
  const week: WeekFacts = { low: 1.5, median: 2.4, coveredMs: 7 * DAY_MS, trend: [] };
  const listings = new Map<string, ListingFacts>([['usual', { since: 0, hours: 72, fromStart: false }]]);
  return {
    version: 1,
    modelWeek: (gpu) => (gpu === H100 ? week : undefined),
    listing: (node) => listings.get(node),
    belowMedian: (m) => (m.gpu_name === H100 ? (2.4 - Number(m.price)) / 2.4 : NaN),
  };
}

describe("treeFacts: what the Machines tree shows from the history", () => {
  const [deal, usual, other, dear] = [h100('deal', '1.20'), h100('usual', '2.40'), a100('other', '2.00'), h100('dear', '3.00')];
  const items = [dear, other, deal, usual];

  it("each row says how far below its model's median it is, in the slice's order, and no more (its tooltip's line is asked on hover)", () => {
    assert.deepEqual(rowHistory(history(), [deal, other, usual, dear]), [{ below: 0.5 }, { below: NaN }, { below: 0 }, { below: (2.4 - 3) / 2.4 }]);
    assert.deepEqual(rowHistory(history(), []), []);
  });

  it('a group lists the GPU models of its machines, each once; grouped by model, its own', () => {
    const [all] = arrangeMachines(items, { groupBy: 'none', sortBy: 'price', order: 'ascending' });
    assert.deepEqual([...groupModels(all, false)].sort(), ['A100', H100]);
    assert.deepEqual(groupModels(all, false), groupModels(all, false), 'asked again, the same answer');
    const byGpu = arrangeMachines(items, { groupBy: 'gpu', sortBy: 'price', order: 'ascending' });
    assert.deepEqual(byGpu.map((g) => groupModels(g, true)).sort(), [['A100'], [H100]]);
  });
});
