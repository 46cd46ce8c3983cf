// The order of CUDA and driver versions: numeric part by part, text where a part is not a
// number, and a total order on awkward parts.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareVersions } from '../../../src/model/version';

describe('compareVersions: dotted versions', () => {
  const sign = (a: string, b: string) => Math.sign(compareVersions(a, b));

  it('compares dotted versions part by part, numerically', () => {
    assert.equal(sign('12.10', '12.9'), 1);
    assert.equal(sign('12.9', '12.10'), -1);
    assert.equal(sign('12.1', '12.1.0'), 0);
    assert.equal(sign('12.01', '12.1'), 0);
    assert.equal(sign('550.54', '550.54.15'), -1);
    assert.equal(sign('550.54.15', '550.54'), 1);
    assert.equal(sign('535.104.05', '550.54.15'), -1);
    assert.equal(sign('', '0'), 0);
    assert.equal(sign(' 12.4 ', '12.4'), 0);
    assert.equal(sign('123456789012345678901234567890', '123456789012345678901234567891'), -1, 'no loss of precision');
  });

  it('falls back to text for a part that is not a number', () => {
    assert.equal(sign('12.1rc', '12.1'), 1);
    assert.equal(sign('12.1a', '12.1b'), -1);
    assert.equal(sign('12.1A', '12.1a'), 0);
    assert.equal(sign('12.x', '12.9'), 1);
    assert.equal(sign('beta', 'alpha'), 1);
  });

  it('is a total order, so it can sort: antisymmetric and transitive on awkward parts', () => {
    const part = fc.constantFrom('0', '00', '1', '9', '10', '5a', 'a', 'rc1', '', 'B');
    const version = fc.array(part, { minLength: 1, maxLength: 3 }).map((p) => p.join('.'));
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        assert.equal(sign(a, b), -sign(b, a) || 0);
        if (sign(a, b) <= 0 && sign(b, c) <= 0) {
          assert.ok(sign(a, c) <= 0, `${a} <= ${b} <= ${c}`);
        }
      }),
    );
  });
});

describe('version order, awkward parts', () => {
  it('treats empty parts as zero and ignores leading zeros', () => {
    assert.equal(compareVersions('12..1', '12.0.1'), 0);
    assert.equal(compareVersions('12.', '12'), 0);
    assert.equal(compareVersions('010', '10'), 0);
    assert.equal(compareVersions('0012a', '12a'), 0);
  });

  it('puts parts without a leading number after all numbers, whatever follows', () => {
    assert.ok(compareVersions('+', '9') > 0);
    assert.ok(compareVersions('a', '10') > 0);
    assert.ok(compareVersions('x', '1x') > 0 && compareVersions('1x', 'x') < 0);
  });

  it('compares the text of a part in lower case', () => {
    assert.ok(compareVersions('_', 'A') < 0);
    assert.ok(compareVersions('1_', '1A') < 0);
    assert.equal(compareVersions('1RC', '1rc'), 0);
  });
});
