// The templates' request on the market's server (src/market/worker/templateHandlers.ts):
// what the Image Templates tree draws of a text filter.
import * as assert from 'node:assert/strict';
import { CancellationToken } from 'vscode-jsonrpc';
import { Market } from '../../../src/market/market';
import { templateHandlers } from '../../../src/market/worker/templateHandlers';
import { templateRecord } from '../../support/records';

describe('market server: the templates’ request', () => {
  let market: Market;

  afterEach(() => market.dispose());

  it('answers the templates a filter finds, grouped by image type in the tree’s order, with counts, as plain data', async () => {
    market = new Market();
    const handlers = templateHandlers(market);
    assert.deepEqual(await handlers.templateView({ filter: '' }, CancellationToken.None), { total: 0, matching: 0, groups: [], filterText: '' }, 'before a list: nothing');
    const pytorch = templateRecord({ id: 1, name: 'PyTorch', image_type: 2 });
    const tf = templateRecord({ id: 2, name: 'TensorFlow', image_type: 1 });
    const pytorchOld = templateRecord({ id: 3, name: 'PyTorch old', image_type: 1 });
    await market.loadTemplates(async () => ({ items: [pytorch, tf, pytorchOld], skipped: 0 }));

    const all = await handlers.templateView({ filter: '' }, CancellationToken.None);
    const view = market.templateView('');
    assert.equal(all.total, 3);
    assert.equal(all.matching, 3);
    assert.deepEqual(all.groups.map((g) => [g.imageType, g.label, g.templates.map((t) => t.id)]), view.groups.map((g) => [g.imageType, g.label, g.templates.map((t) => t.id)]));

    const some = await handlers.templateView({ filter: '  pytorch ' }, CancellationToken.None);
    assert.equal(some.total, 3);
    assert.equal(some.matching, 2);
    assert.equal(some.filterText, 'pytorch', 'the filter as it reads back');
    assert.deepEqual(some.groups.flatMap((g) => g.templates.map((t) => t.id)).sort(), [1, 3]);
    assert.deepEqual(structuredClone(some), some, 'plain data: it crosses to a worker');
  });
});
