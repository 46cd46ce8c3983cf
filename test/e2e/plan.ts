// Which windows the browser scenarios need, and in what order run.ts opens
// them: per VS Code version, one shared window for the scenarios that run in
// any signed-in window (in their order: each leaves the window as it found
// it, or its cleanup does), and a window of its own for each `fresh` one (or
// for those naming the same `freshWindow`, in their order).
// Pure, so that what runs where can be read and tested without a browser.
import type { SessionOptions } from './workbench';
import type { Scenario } from './scenario';

export interface WindowJob {
  /** code-server release. */
  version: string;
  /** The VS Code version it carries, as the scenarios' `appliesTo` reads it. */
  vscodeVersion: string;
  /** The shared window of its version, rather than a fresh scenario's own. */
  shared: boolean;
  scenarios: Scenario[];
  /** How the window differs from the others (a fresh scenario's `window`). */
  window?: SessionOptions;
}

export interface Skipped {
  vscodeVersion: string;
  title: string;
  why: string;
}

/**
 * The shared windows first, as they run longest, then the fresh ones, the
 * newest VS Code first within each; a scenario that does not apply to a
 * version is listed as skipped there.
 */
export function planWindows(installs: readonly { version: string; vscodeVersion: string }[], scenarios: readonly Scenario[]): { jobs: WindowJob[]; skipped: Skipped[] } {
  const shared: WindowJob[] = [];
  const fresh: WindowJob[] = [];
  const skipped: Skipped[] = [];
  for (const { version, vscodeVersion } of installs) {
    const applies = scenarios.filter((s) => {
      if (!s.appliesTo || s.appliesTo(vscodeVersion)) return true;
      skipped.push({ vscodeVersion, title: s.title, why: s.appliesWhy ?? 'does not apply' });
      return false;
    });
    const inShared = applies.filter((s) => !s.fresh);
    if (inShared.length) shared.push({ version, vscodeVersion, shared: true, scenarios: inShared });
    const own = new Map<string, WindowJob>();
    for (const s of applies.filter((s) => s.fresh)) {
      const key = s.freshWindow ?? s.title;
      const job = own.get(key);
      if (job) {
        job.scenarios.push(s);
        if (s.window) job.window = { ...job.window, ...s.window };
      } else {
        const created: WindowJob = { version, vscodeVersion, shared: false, scenarios: [s], ...(s.window ? { window: s.window } : {}) };
        own.set(key, created);
        fresh.push(created);
      }
    }
  }
  return { jobs: [...shared, ...fresh], skipped };
}
