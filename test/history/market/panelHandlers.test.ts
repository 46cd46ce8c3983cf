// The panels' requests on the market's server (src/market/worker/panelHandlers.ts):
// a machine with what its details page says (the history's week of its model,
// its listing, the lowest price per GPU of its model now), one template.
import * as assert from 'node:assert/strict';
import { CancellationToken } from 'vscode-jsonrpc';
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

  it('a listed machine comes with its model’s week, its listing and the lowest price per GPU of its model now', async () => {
    const memory = historyOf([[T0, [cheap, dear]]]);
    const details = await panelHandlers(market, memory).machineDetails({ nodeId: 'dear' }, CancellationToken.None);
    assert.equal(details?.machine?.node_name, 'dear');
    assert.equal(details?.history?.lowestNow, 1.5);
    assert.deepEqual(details?.history?.week, memory.modelWeek('H100_SXM5_80GB'));
    assert.deepEqual(details?.history?.listing, memory.listing('dear'));
    assert.ok(details?.history?.listing, 'the history knows since when it is listed');
    assert.doesNotThrow(() => structuredClone(details), 'plain data: it crosses to a worker');
  });

  it('a machine the list no longer has: the facts of its last known model alone, or nothing without one', async () => {
    const memory = historyOf([[T0, [cheap, dear, h100('1.20', 'gone')]]]);
    const handlers = panelHandlers(market, memory);
    const details = await handlers.machineDetails({ nodeId: 'gone', gpuName: 'H100_SXM5_80GB' }, CancellationToken.None);
    assert.equal(details?.machine, undefined);
    assert.equal(details?.history?.listing, undefined, 'not listed: no listing');
    assert.equal(details?.history?.lowestNow, 1.5, 'the lowest of the list now');
    assert.ok(details?.history?.week);
    assert.equal(await handlers.machineDetails({ nodeId: 'gone' }, CancellationToken.None), undefined);
    assert.ok(Number.isNaN((await handlers.machineDetails({ nodeId: 'gone', gpuName: 'B200' }, CancellationToken.None))?.history?.lowestNow), 'a model the list does not have: NaN');
  });

  it('without a history, the machine alone (no history section); a template by id', async () => {
    const handlers = panelHandlers(market, undefined);
    assert.deepEqual((await handlers.machineDetails({ nodeId: 'a100' }, CancellationToken.None)), { machine: market.machine('a100') });
    assert.equal((await handlers.template({ id: 7 }, CancellationToken.None))?.name, 'seven');
    assert.equal((await handlers.template({ id: 8 }, CancellationToken.None)), undefined);
  });
});
