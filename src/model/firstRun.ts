// Whether the Get Started walkthrough should open by itself at this
// activation (src/vscode/features/walkthrough.ts does it; the README's "First run" says why).

export interface FirstRunFacts {
  /** This profile has seen the walkthrough (our flag in globalState). */
  shownBefore: boolean;
  /** The user's `workbench.welcomePage.walkthroughs.openOnInstall`. */
  openOnInstall: boolean;
  /** When the extension's folder was last written: its install (ms since the epoch), if known. */
  installedAt: number | undefined;
  /** When this extension host started (ms since the epoch). */
  hostStartedAt: number;
}

/**
 * - `open`: open it the first time a GPU Rental view is on screen, and remember that.
 * - `vscodeOpens`: installed while this window was running, so VS Code opened it
 *   itself (openOnInstall); remember it as shown and do not open it a second time.
 * - `no`: seen before, or the user turned walkthroughs on install off.
 */
export type FirstRunDecision = 'open' | 'vscodeOpens' | 'no';

export function firstRunDecision(facts: FirstRunFacts): FirstRunDecision {
  if (facts.shownBefore || !facts.openOnInstall) return 'no';
  if (facts.installedAt !== undefined && facts.installedAt > facts.hostStartedAt) return 'vscodeOpens';
  return 'open';
}
