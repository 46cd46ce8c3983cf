// The panels' requests on the market's server (src/market/worker/panelHandlers.ts):
// a machine with what its details page says (the history's week of its model,
// its listing, the lowest price per GPU of its model now), one template.
import * as assert from 'node:assert/strict';
import { DAY_MS } from '../../../src/market/history/downsample';
import { Market } from '../../../src/market/market';
import { panelHandlers } from '../../../src/market/worker/panelHandlers';
import { historyOf } from '../../support/history';
import { machineRecord, templateRecord } from '../../support/records';

const h100 = (price: string, node_name: string) => machineRecord({ gpu_name: 'H100_SXM5_80GB', gpu_count: 1, price, node_name });

describe('market server: the panels’ requests', () => {
  const T0 = 1_000 * DAY_MS;
  const cheap = h100('1.50', 'cheap');
  const dear = h100('2.50', 'dear');
  let market: Market;

  beforeEach(async () => {
    market = new Market();
    await market.loadMachines(async () => ({ items: [cheap, dear, machineRecord({ gpu_name: 'A100', gpu_count: 2, price: '1.00', node_name: 'a100' })], skipped: 0 }));
    await market.loadTemplates(async () => ({ items: [templateRecord({ id: 7, name: 'seven' })], skipped: 0 }));
  });
  afterEach(() => market.dispose());

  it('a listed machine comes with its model’s week, its listing and the lowest price per GPU of its model now', () => {
    const memory = historyOf([[T0, [cheap, dear]]]);
    const details = panelHandlers(market, memory).machineDetails({ nodeId: 'dear' });
    assert.equal(details?.machine?.node_name, 'dear');
    assert.equal(details?.memory?.lowestNow, 1.5);
    assert.deepEqual(details?.memory?.week, memory.modelWeek('H100_SXM5_80GB'));
    assert.deepEqual(details?.memory?.listing, memory.listing('dear'));
    assert.ok(details?.memory?.listing, 'the history knows since when it is listed');
    assert.doesNotThrow(() => structuredClone(details), 'plain data: it crosses to a worker');
  });

  it('a machine the list no longer has: the facts of its last known model alone, or nothing without one', () => {
    const memory = historyOf([[T0, [cheap, dear, h100('1.20', 'gone')]]]);
    const handlers = panelHandlers(market, memory);
    const details = handlers.machineDetails({ nodeId: 'gone', gpuName: 'H100_SXM5_80GB' });
    assert.equal(details?.machine, undefined);
    assert.equal(details?.memory?.listing, undefined, 'not listed: no listing');
    assert.equal(details?.memory?.lowestNow, 1.5, 'the lowest of the list now');
    assert.ok(details?.memory?.week);
    assert.equal(handlers.machineDetails({ nodeId: 'gone' }), undefined);
    assert.ok(Number.isNaN(handlers.machineDetails({ nodeId: 'gone', gpuName: 'B200' })?.memory?.lowestNow), 'a model the list does not have: NaN');
  });

  it('without a history, the machine alone (no history section); a template by id', () => {
    const handlers = panelHandlers(market, undefined);
    assert.deepEqual(handlers.machineDetails({ nodeId: 'a100' }), { machine: market.machine('a100') });
    assert.equal(handlers.template({ id: 7 })?.name, 'seven');
    assert.equal(handlers.template({ id: 8 }), undefined);
  });
});
