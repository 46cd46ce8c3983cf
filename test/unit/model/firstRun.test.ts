// When the Get Started walkthrough opens by itself (src/model/firstRun.ts).
import * as assert from 'node:assert/strict';
import { firstRunDecision, type FirstRunFacts } from '../../../src/model/firstRun';

describe('first run', () => {
  const hostStartedAt = Date.UTC(2026, 10, 23, 12, 0, 0);
  const fresh: FirstRunFacts = { shownBefore: false, openOnInstall: true, installedAt: hostStartedAt - 60_000, hostStartedAt };

  it('opens it on a profile that never saw it, for an extension installed before this window started', () => {
    assert.equal(firstRunDecision(fresh), 'open');
    assert.equal(firstRunDecision({ ...fresh, installedAt: undefined }), 'open', 'install time unknown');
    assert.equal(firstRunDecision({ ...fresh, installedAt: hostStartedAt }), 'open');
  });

  it('leaves it to VS Code when the extension was installed while this window ran (VS Code opens it then)', () => {
    assert.equal(firstRunDecision({ ...fresh, installedAt: hostStartedAt + 1 }), 'vscodeOpens');
  });

  it('never opens it twice, nor when walkthroughs on install are turned off', () => {
    assert.equal(firstRunDecision({ ...fresh, shownBefore: true }), 'no');
    assert.equal(firstRunDecision({ ...fresh, shownBefore: true, installedAt: hostStartedAt + 1 }), 'no');
    assert.equal(firstRunDecision({ ...fresh, openOnInstall: false }), 'no');
  });
});
