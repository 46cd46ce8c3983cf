// When the Get Started walkthrough opens by itself (src/model/firstRun.ts).
import * as assert from 'node:assert/strict';
import { firstRunDecision, walkthroughTakesFocus, type FirstRunFacts } from '../../../src/model/firstRun';

describe('first run', () => {
  const hostStartedAt = Date.UTC(2026, 10, 23, 12, 0, 0);
  const fresh: FirstRunFacts = { shownBefore: false, openOnInstall: true, installedAt: hostStartedAt - 60_000, hostStartedAt, walkthroughTakesFocus: false };

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

  it('does not open it by itself where the walkthrough page takes the focus as it opens (VS Code before 1.106)', () => {
    assert.equal(firstRunDecision({ ...fresh, walkthroughTakesFocus: true }), 'takesFocus');
    assert.equal(firstRunDecision({ ...fresh, walkthroughTakesFocus: true, shownBefore: true }), 'no');
    assert.equal(firstRunDecision({ ...fresh, walkthroughTakesFocus: true, installedAt: hostStartedAt + 1 }), 'vscodeOpens', 'VS Code opened it already');
  });

  it('knows which VS Code versions take the focus', () => {
    for (const v of ['1.100.3', '1.101.0', '1.105.1', '0.9.0', '', 'insiders']) assert.equal(walkthroughTakesFocus(v), true, v);
    for (const v of ['1.106.0', '1.106.0-insider', '1.139.1', '2.0.0']) assert.equal(walkthroughTakesFocus(v), false, v);
  });
});
