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
  /** This VS Code's walkthrough page moves the focus to a step as it opens, whatever it was asked (see below). */
  walkthroughTakesFocus: boolean;
}

/**
 * The first VS Code whose walkthrough page, opened without the focus, leaves
 * the focus alone. Before it (seen on 1.100), the page focuses the step it
 * selects 250 ms after it opens, always (microsoft/vscode#255348, fixed by
 * #269654 in the 1.106 cycle), taking the keyboard from a password box the
 * person is typing into (issue 28).
 */
export const WALKTHROUGH_KEEPS_FOCUS_FROM: readonly [number, number] = [1, 106];

/** Whether the walkthrough page of this VS Code version (`vscode.version`, `1.100.3`) takes the focus when it opens. */
export function walkthroughTakesFocus(version: string): boolean {
  const [major, minor] = version.split('.').map((part) => Number.parseInt(part, 10));
  if (!Number.isFinite(major) || !Number.isFinite(minor)) return true;
  const [fromMajor, fromMinor] = WALKTHROUGH_KEEPS_FOCUS_FROM;
  return major < fromMajor || (major === fromMajor && minor < fromMinor);
}

/**
 * - `open`: open it the first time a GPU Rental view is on screen, and remember that.
 * - `vscodeOpens`: installed while this window was running, so VS Code opened it
 *   itself (openOnInstall); remember it as shown and do not open it a second time.
 * - `no`: seen before, or the user turned walkthroughs on install off.
 * - `takesFocus`: this VS Code's walkthrough page would take the focus from
 *   whatever the person is doing when it opens by itself, so it does not open
 *   by itself (Get Started and the welcome content's link still open it); not
 *   remembered, so that it opens once VS Code is updated.
 */
export type FirstRunDecision = 'open' | 'vscodeOpens' | 'no' | 'takesFocus';

export function firstRunDecision(facts: FirstRunFacts): FirstRunDecision {
  if (facts.shownBefore || !facts.openOnInstall) return 'no';
  if (facts.installedAt !== undefined && facts.installedAt > facts.hostStartedAt) return 'vscodeOpens';
  if (facts.walkthroughTakesFocus) return 'takesFocus';
  return 'open';
}
