import * as assert from 'node:assert/strict';
import { planWindows } from '../../e2e/plan';
import type { Scenario } from '../../e2e/scenario';

const scenario = (title: string, more: Partial<Scenario> = {}): Scenario => ({ title, run: async () => undefined, ...more });
const newestOnly = { appliesTo: (v: string) => !v.startsWith('1.100.'), appliesWhy: 'newest only' };

describe('e2e plan: which windows the browser scenarios open', () => {
  const installs = [
    { version: '4.139.1', vscodeVersion: '1.139.1' },
    { version: '4.100.3', vscodeVersion: '1.100.3' },
  ];
  const list = [
    scenario('browsing'),
    scenario('pseudo-locale', { fresh: true, window: { locale: 'qps-ploc' } }),
    scenario('compare', newestOnly),
    scenario('without sqlite', { fresh: true, appliesTo: (v) => v.startsWith('1.100.'), appliesWhy: 'old only' }),
  ];
  const { jobs, skipped } = planWindows(installs, list);
  const shown = jobs.map((j) => `${j.vscodeVersion} ${j.shared ? 'shared' : 'own'}: ${j.scenarios.map((s) => s.title).join(', ')}`);

  it('one shared window a version, for its scenarios in their order, before the windows of their own', () => {
    assert.deepEqual(shown, [
      '1.139.1 shared: browsing, compare',
      '1.100.3 shared: browsing',
      '1.139.1 own: pseudo-locale',
      '1.100.3 own: pseudo-locale',
      '1.100.3 own: without sqlite',
    ]);
  });

  it('a fresh scenario brings its window options; the shared windows have none', () => {
    assert.deepEqual(jobs.map((j) => j.window), [undefined, undefined, { locale: 'qps-ploc' }, { locale: 'qps-ploc' }, undefined]);
    assert.deepEqual(jobs.map((j) => j.version), ['4.139.1', '4.100.3', '4.139.1', '4.100.3', '4.100.3']);
  });

  it('says which scenario does not run on which version, and why', () => {
    assert.deepEqual(skipped, [
      { vscodeVersion: '1.139.1', title: 'without sqlite', why: 'old only' },
      { vscodeVersion: '1.100.3', title: 'compare', why: 'newest only' },
    ]);
  });

  it('fresh scenarios that name one window run in it, in the list order, with the options of all', () => {
    const { jobs: grouped } = planWindows(installs.slice(0, 1), [
      scenario('sign in at 0 ms', { fresh: true, freshWindow: 'trends' }),
      scenario('sign in at 600 ms', { fresh: true }),
      scenario('trends', { fresh: true, freshWindow: 'trends', window: { fastForwardDays: 14 } }),
    ]);
    assert.deepEqual(grouped.map((j) => [j.scenarios.map((s) => s.title), j.window]), [
      [['sign in at 0 ms', 'trends'], { fastForwardDays: 14 }],
      [['sign in at 600 ms'], undefined],
    ]);
  });
});
