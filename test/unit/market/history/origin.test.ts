// Which service a history belongs to: the origin only, never a path, a
// query or credentials; nothing for what is not a URL.
import * as assert from 'node:assert/strict';
import { originOf } from '../../../../src/market/history/origin';

describe('originOf: the service of a history', () => {
  it('keeps scheme, host and port, and drops credentials, path and query', () => {
    assert.equal(originOf('https://user:secret@GPU.example:8443/api/v1?token=x#y'), 'https://gpu.example:8443');
    assert.equal(originOf('https://gpu.example:443/'), 'https://gpu.example');
  });

  it('has none for what does not parse or has no origin', () => {
    assert.equal(originOf('not a url'), undefined);
    assert.equal(originOf(''), undefined);
    assert.equal(originOf('data:text/plain,hello'), undefined);
  });
});
