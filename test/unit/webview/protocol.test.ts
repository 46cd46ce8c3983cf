// What a page keeps for a reload is checked before a panel comes back: only a
// key of the right kind, never anything else of the state.
import * as assert from 'node:assert/strict';
import { compareKey } from '../../../src/webview/compare/protocol';
import { compareWithoutMachines } from '../../../src/webview/compare/content';
import { detailsWithoutMachine } from '../../../src/webview/details/content';
import { detailsKey } from '../../../src/webview/details/protocol';
import { templateKey } from '../../../src/webview/template/protocol';

describe('webview: the keys a page keeps for a reload', () => {
  it('accepts a node ID, a template ID, 1 to 8 node IDs; nothing else', () => {
    assert.equal(detailsKey({ key: 'node-1', extra: '<b>' }), 'node-1');
    for (const bad of [undefined, null, 'node-1', { key: '' }, { key: 7 }, { key: 'x'.repeat(513) }, [{ key: 'a' }]]) assert.equal(detailsKey(bad), undefined, JSON.stringify(bad));
    assert.equal(templateKey({ key: 12 }), 12);
    for (const bad of [{ key: '12' }, { key: 1.5 }, { key: Number.NaN }, {}]) assert.equal(templateKey(bad), undefined, JSON.stringify(bad));
    assert.deepEqual(compareKey({ key: ['a', 'b'], onlyDifferences: true }, 8), ['a', 'b']);
    for (const bad of [{ key: [] }, { key: ['a', 2] }, { key: 'a' }, { key: Array(9).fill('a') }, { key: [''] }]) assert.equal(compareKey(bad, 8), undefined, JSON.stringify(bad));
  });

  it('a restored page says why it is empty: the list is loading, or does not have it', () => {
    assert.equal(detailsWithoutMachine('n\u202E1', false).notice, 'Waiting for the list of machines…');
    assert.equal(detailsWithoutMachine('n\u202E1', false).nodeId, 'n1', 'the key is shown as text without control characters');
    assert.equal(detailsWithoutMachine('n1', true).notice, 'This machine is not in the list of available machines.');
    assert.deepEqual([compareWithoutMachines(3, false).title, compareWithoutMachines(3, true).notice], ['Compare 3 machines', 'None of these machines is in the list of available machines.']);
  });
});
