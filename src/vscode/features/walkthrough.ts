// The Get Started walkthrough (contributes.walkthroughs in package.json):
// opened by the command of that name, and once by itself after the install.
//
// When "once by itself" happens: VS Code activates GPU Rental only when one of
// its views, commands, chat tools or its walkthrough is used, never at start-up
// (onStartupFinished would cost every window). So the walkthrough opens the
// first time a GPU Rental view is on screen, and a flag in globalState makes
// that the only time on this profile. Activated some other way first (Set API
// Token from the palette, a chat tool), it waits for the view rather than take
// the focus from what the user is doing; and it opens beside, without the
// focus, so what the person types goes on where they type it (issue 28).
//
// VS Code itself opens a new extension's walkthrough when it is installed from
// the Extensions view while the window runs (workbench.welcomePage.walkthroughs.
// openOnInstall), and showing it activates us (onWalkthrough). An extension
// folder written after this extension host started means exactly that kind of
// install: then the flag is set and we open nothing, so it never shows twice.
// Installed before the window started (the command line, Settings Sync, a
// remote's extensions), VS Code shows nothing, and the view opens it.
//
// Before VS Code 1.106 the walkthrough page focuses a step as it opens, however
// it is opened, so a token being typed lost its keys to it (issue 28, seen on
// 1.100 one run in three): there it does not open by itself at all.
import * as vscode from 'vscode';
import { firstRunDecision, walkthroughTakesFocus } from '../../model/firstRun';
import type { Log } from '../services/log';

export const WALKTHROUGH_ID = 'gettingStarted';
/** globalState key: the walkthrough was shown on this profile (by us, by VS Code, or asked for). */
export const WALKTHROUGH_SHOWN_KEY = 'gpuRental.walkthroughShown';

/** What the first-run check did: opened it, or why not. */
export type FirstRunOutcome = 'opened' | 'failed' | 'shownBefore' | 'openedByVSCode' | 'turnedOff' | 'takesFocus' | 'disposed';

export class Walkthrough implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private settle: (outcome: FirstRunOutcome) => void = () => undefined;
  private disposed = false;
  /** Resolves once the first-run check has decided (for the tests; nothing waits on it). */
  readonly firstRun: Promise<FirstRunOutcome>;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly views: readonly vscode.TreeView<unknown>[],
    private readonly log: Pick<Log, 'info'>,
  ) {
    this.firstRun = new Promise((resolve) => (this.settle = resolve));
  }

  /** `publisher.name#id`, the form workbench.action.openWalkthrough takes on VS Code 1.100 and 1.139. */
  get category(): string {
    return `${this.context.extension.id}#${WALKTHROUGH_ID}`;
  }

  get shown(): boolean {
    return this.context.globalState.get<boolean>(WALKTHROUGH_SHOWN_KEY) === true;
  }

  /** Get Started: opens it (or brings it to the front), with the focus, and remembers that it was seen. */
  async open(): Promise<void> {
    await this.markShown();
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', this.category, false);
  }

  /**
   * The first run's opening, which nobody asked for: beside, without the focus.
   * workbench.action.openWalkthrough (1.100 and 1.139) keeps the focus only
   * with toSide (its preserveFocus is toSide; `inactive` alone still focuses
   * it in an empty editor area), so a token typed at once after opening the
   * view stays in its password box.
   */
  private async openUnasked(): Promise<void> {
    await this.markShown();
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', this.category, { toSide: true });
  }

  /** Decides at activation; opens it, if it should, the first time a GPU Rental view is on screen. */
  startFirstRun(): void {
    void this.decide().then(
      (outcome) => outcome && this.settle(outcome),
      () => this.settle('failed'),
    );
  }

  private async decide(): Promise<FirstRunOutcome | undefined> {
    const decision = firstRunDecision({
      shownBefore: this.shown,
      openOnInstall: vscode.workspace.getConfiguration('workbench').get<boolean>('welcomePage.walkthroughs.openOnInstall', true),
      installedAt: await this.installedAt(),
      hostStartedAt: Date.now() - process.uptime() * 1000,
      walkthroughTakesFocus: walkthroughTakesFocus(vscode.version),
    });
    if (decision === 'takesFocus') {
      this.log.info(`Get Started does not open by itself on VS Code ${vscode.version}: its page would take the keyboard focus as it opens (fixed in VS Code 1.106). GPU Rental: Get Started opens it.`);
      return 'takesFocus';
    }
    if (decision === 'no') {
      if (this.shown) return 'shownBefore';
      await this.markShown();
      return 'turnedOff';
    }
    if (decision === 'vscodeOpens') {
      await this.markShown();
      return 'openedByVSCode';
    }
    if (this.disposed) return 'disposed';
    const whenVisible = () => {
      if (!this.views.some((v) => v.visible)) return;
      for (const d of this.disposables.splice(0)) d.dispose();
      if (this.shown) return this.settle('shownBefore');
      this.openUnasked().then(
        () => this.settle('opened'),
        () => this.settle('failed'),
      );
    };
    this.disposables.push(...this.views.map((v) => v.onDidChangeVisibility(whenVisible)));
    whenVisible();
    return undefined;
  }

  private async installedAt(): Promise<number | undefined> {
    try {
      return (await vscode.workspace.fs.stat(this.context.extensionUri)).mtime;
    } catch {
      return undefined;
    }
  }

  private async markShown(): Promise<void> {
    await this.context.globalState.update(WALKTHROUGH_SHOWN_KEY, true);
  }

  dispose(): void {
    this.disposed = true;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.settle('disposed');
  }
}
