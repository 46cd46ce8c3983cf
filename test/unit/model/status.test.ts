// The line above a view that says what state the data is in.
import * as assert from 'node:assert/strict';
import { statusMessage, viewMessage } from '../../../src/model/status';

describe('view status message', () => {
  const at = new Date(2026, 0, 1, 10, 42, 3);
  it('marks stale data after a failed refresh', () => {
    assert.equal(
      statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: 'The service answered 500.', skipped: 0, incomplete: undefined }),
      'Stale: showing data from 10:42:03. Refresh failed: The service answered 500.',
    );
  });
  it('counts skipped items and says where to look', () => {
    assert.equal(statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: undefined, skipped: 3, incomplete: undefined }), '3 items skipped, see log.');
  });
  it('says what failed when there is nothing to show, and that the list is empty', () => {
    const none = { noun: 'template' as const, count: undefined, fetchedAt: undefined, errorMessage: undefined, skipped: 0, incomplete: undefined };
    assert.equal(statusMessage({ ...none, errorMessage: 'The service answered 500.' }), 'Could not load the templates. The service answered 500.');
    assert.equal(statusMessage({ ...none, count: 3, errorMessage: 'Timeout.' }), 'Could not load the templates. Timeout.', 'no time, so not stale data');
    assert.equal(statusMessage({ ...none, count: 0, fetchedAt: at }), 'No templates are available right now.');
    assert.equal(statusMessage({ ...none, count: 2, fetchedAt: at, skipped: 1 }), '1 item skipped, see log.');
    assert.equal(statusMessage({ ...none, count: 2, fetchedAt: at, incomplete: 'stopped after 1000 pages' }), 'The list may be incomplete: stopped after 1000 pages.');
    assert.equal(
      statusMessage({ ...none, count: 0, fetchedAt: at, skipped: 2, incomplete: 'x', progress: 'Rate limited, retrying in 5 s…' }),
      'Rate limited, retrying in 5 s… No templates are available right now. 2 items skipped, see log. The list may be incomplete: x.',
    );
    assert.equal(statusMessage({ ...none, progress: '' }), undefined);
    assert.equal(statusMessage({ ...none, fetchedAt: at, errorMessage: 'Timeout.' }), 'Could not load the templates. Timeout.', 'a time but no data is not stale data');
  });

  it('says nothing when all is well', () => {
    assert.equal(statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: undefined, skipped: 0, incomplete: undefined }), undefined);
  });

  it('words a machines load as a user sees it: first look, failure, empty list, skipped items', () => {
    const none = { noun: 'machine' as const, count: undefined, fetchedAt: undefined, errorMessage: undefined, skipped: 0, incomplete: undefined };
    const cases: [Partial<Parameters<typeof statusMessage>[0]>, string | undefined][] = [
      [{ firstLook: 1 }, 'Loading: the first machine is shown while the rest arrive…'],
      [{ firstLook: 1200, progress: 'Page 3…' }, 'Loading: the first 1,200 machines are shown while the rest arrive… Page 3…'],
      [{ errorMessage: 'Timeout.' }, 'Could not load the machines. Timeout.'],
      [{ count: 0, fetchedAt: at }, 'No machines are available right now.'],
      [{ count: 2, fetchedAt: at, skipped: 1234 }, '1,234 items skipped, see log.'],
      [{ count: 2, fetchedAt: at, skipped: -1 }, undefined],
    ];
    for (const [change, expected] of cases) {
      assert.equal(statusMessage({ ...none, ...change }), expected, JSON.stringify(change));
    }
  });

  it('takes no first look for templates (they come in small pages)', () => {
    assert.equal(statusMessage({ noun: 'template', count: 3, fetchedAt: at, errorMessage: undefined, skipped: 0, incomplete: undefined, firstLook: 2 }), undefined);
  });
});

describe('view message above a tree', () => {
  it('puts the filter with its count before the status, and says nothing when there is nothing to say', () => {
    const cases: [Parameters<typeof viewMessage>, string | undefined][] = [
      [['machine', 'gpu:h100', 3, 1200, undefined], 'gpu:h100 · 3 of 1,200 machines'],
      [['machine', 'gpu:h100', 0, 1, 'Page 2…'], 'gpu:h100 · 0 of 1 machine — Page 2…'],
      [['template', 'pytorch', 2, 9, undefined], 'pytorch · 2 of 9 templates'],
      [['machine', 'gpu:h100', 3, undefined, 'Could not load the machines. Timeout.'], 'Could not load the machines. Timeout.'],
      [['machine', '', 3, 1200, 'Page 2…'], 'Page 2…'],
      [['machine', '', 3, 1200, undefined], undefined],
      [['machine', '', 3, 1200, ''], undefined],
    ];
    for (const [args, expected] of cases) {
      assert.equal(viewMessage(...args), expected, JSON.stringify(args));
    }
  });
});
