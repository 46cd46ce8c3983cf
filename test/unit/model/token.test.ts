// The token as pasted: trimmed, a leading Bearer dropped, empty or multi-word input refused,
// and redacted wherever it might appear.
import * as assert from 'node:assert/strict';
import { normalizeToken, redactToken, tokenProblem } from '../../../src/model/token';

describe('token handling', () => {
  it('trims pasted tokens and drops a leading Bearer', () => {
    assert.equal(normalizeToken('  Bearer abc.def  \n'), 'abc.def');
    assert.equal(normalizeToken('bearer   xyz'), 'xyz');
  });

  it('rejects empty and multi-word input', () => {
    assert.match(tokenProblem('   ') ?? '', /cannot be empty/);
    assert.match(tokenProblem('Bearer ') ?? '', /cannot be empty/);
    assert.match(tokenProblem('a b') ?? '', /spaces/);
    assert.equal(tokenProblem('abc'), undefined);
  });

  it('keeps a token that only starts like Bearer, and refuses control characters', () => {
    assert.equal(normalizeToken('Bearer'), '');
    assert.equal(normalizeToken('bearertoken'), 'bearertoken');
    assert.equal(normalizeToken('x Bearer y'), 'x Bearer y');
    assert.equal(tokenProblem('Bearer\tabc def'), 'An API token cannot contain spaces or line breaks.');
    assert.equal(tokenProblem('abc\u0007def'), 'An API token cannot contain control characters.');
    assert.equal(tokenProblem('abc\u007fdef'), 'An API token cannot contain control characters.');
    assert.equal(tokenProblem(''), 'Enter the API token (it cannot be empty).');
    assert.equal(tokenProblem('An API token cannot contain spaces or line breaks.'.replace(/ /g, '')), undefined);
  });

  it('redacts the token wherever it appears', () => {
    assert.equal(redactToken('x secret-123 y secret-123', 'secret-123'), 'x [token] y [token]');
    assert.equal(redactToken('abcd abc', 'abcd'), '[token] abc');
    assert.equal(redactToken('abc abc', 'abc'), 'abc abc', 'a token this short would redact ordinary words');
    assert.equal(redactToken('abc', undefined), 'abc');
    assert.equal(redactToken('abc', ''), 'abc');
  });
});
