// What the compare and template pages may ask of their panels: known types only, columns in range.
import * as assert from 'node:assert/strict';
import { parseCompareRequest } from '../../../src/webview/compare/protocol';
import { parseTemplateRequest } from '../../../src/webview/template/protocol';

describe('compare and template page requests', () => {
  it('accept only known types and a whole column index in range', () => {
    assert.deepEqual(parseCompareRequest({ type: 'ready' }, 0), { type: 'ready' });
    assert.deepEqual(parseCompareRequest({ type: 'copyNodeId', column: 2, nodeId: 'evil' }, 3), { type: 'copyNodeId', column: 2 });
    for (const bad of [{ type: 'copyNodeId', column: 3 }, { type: 'remove', column: -1 }, { type: 'remove', column: 1.5 }, { type: 'showDetails', column: '1' }, { type: 'showDetails' }, { type: 'eval', column: 0 }, null, 'copyNodeId', [{ type: 'ready' }]]) {
      assert.equal(parseCompareRequest(bad, 3), undefined, JSON.stringify(bad));
    }
    assert.deepEqual(parseTemplateRequest({ type: 'copyImageReference', reference: 'evil' }), { type: 'copyImageReference' });
    assert.equal(parseTemplateRequest({ type: 'copyNodeId' }), undefined);
    assert.equal(parseTemplateRequest({ type: '__proto__' }), undefined);
  });
});
