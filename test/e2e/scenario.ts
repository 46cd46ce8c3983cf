// What a browser scenario is: a title and the steps a person takes, run by
// run.ts in the window it is given. Its own module, so that scenarios.ts (the
// list) and the files holding the scenarios import it without a cycle.
import type { Session, SessionOptions } from './workbench';

export interface Scenario {
  title: string;
  run(session: Session): Promise<void>;
  /** Runs in a window of its own (a new VS Code server and browser), as a first start does. */
  fresh?: boolean;
  /**
   * Fresh scenarios that name the same window here run in one, one after the other in the list's
   * order: for a scenario whose own checks need only what the one before leaves (a first run that
   * signs in, then the trends of that first list). A window costs 10–25 s of CI.
   */
  freshWindow?: string;
  /** How that window differs from the others (its display language, say); only with `fresh`, and once per freshWindow. */
  window?: Pick<SessionOptions, 'locale' | 'fastForwardDays' | 'machineSettings'>;
  /**
   * Where the scenario applies, when not on every VS Code version; the run
   * says on which version it did not run, and why (`appliesWhy`).
   */
  appliesTo?(vscodeVersion: string): boolean;
  appliesWhy?: string;
  /** Puts things back after the scenario, whether it passed or not. */
  cleanup?(session: Session): Promise<void>;
}

/**
 * For scenarios that drive our own code the same way on every version: they
 * run on the newest VS Code only, for CI time. The older version keeps the
 * scenarios where VS Code itself differs (the walkthrough, the quick input,
 * the tree's keyboard), and the integration suite runs whole on both.
 */
export const NEWEST_ONLY: Pick<Scenario, 'appliesTo' | 'appliesWhy'> = {
  appliesTo: (vscodeVersion) => !vscodeVersion.startsWith('1.100.'),
  appliesWhy: 'run on the newest VS Code only, for time: the integration suite covers both',
};
