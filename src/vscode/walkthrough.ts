// The Get Started walkthrough (contributes.walkthroughs in package.json):
// opened by the command of that name, and once by itself after the install.
//
// When "once by itself" happens: VS Code activates GPU Rental only when one of
// its views, commands, chat tools or its walkthrough is used, never at start-up
// (no onStartupFinished: that would cost every window). So the first time a
// GPU Rental view is on screen, the walkthrough opens next to it, and a flag
// in globalState makes that the only time on this profile. Activated some other
// way first (Set API Token from the palette, a chat tool), it waits for the
// view rather than take the focus from what the user is doing. VS Code itself
// opens a new extension's walkthrough after an install from the Extensions view
// (workbench.welcomePage.walkthroughs.openOnInstall); showing it activates us
// (onWalkthrough), and then the flag is set at once, so it never opens twice.
// With that setting off, it never opens by itself.
import * as vscode from 'vscode';

export const WALKTHROUGH_ID = 'gettingStarted';
/** globalState key: the walkthrough was shown on this profile (by us, by VS Code, or asked for). */
export const WALKTHROUGH_SHOWN_KEY = 'gpuRental.walkthroughShown';

/** What the first-run check did: opened it, or why not. */
export type FirstRunOutcome = 'opened' | 'failed' | 'shownBefore' | 'onScreen' | 'turnedOff' | 'disposed';

export class Walkthrough implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private settle: (outcome: FirstRunOutcome) => void = () => undefined;
  /** Resolves once the first-run check has decided (for the tests; nothing waits on it). */
  readonly firstRun: Promise<FirstRunOutcome>;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly views: readonly vscode.TreeView<unknown>[],
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

  /** Get Started: opens it (or brings it to the front) and remembers that it was seen. */
  async open(): Promise<void> {
    await this.markShown();
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', this.category, false);
  }

  /** Opens it if this profile has never seen it, the first time a GPU Rental view is on screen. */
  startFirstRun(): void {
    if (this.shown) return this.settle('shownBefore');
    if (!vscode.workspace.getConfiguration('workbench').get<boolean>('welcomePage.walkthroughs.openOnInstall', true)) {
      return void this.markShown().then(() => this.settle('turnedOff'));
    }
    if (this.onScreen()) {
      return void this.markShown().then(() => this.settle('onScreen'));
    }
    const whenVisible = () => {
      if (!this.views.some((v) => v.visible)) return;
      for (const d of this.disposables.splice(0)) d.dispose();
      if (this.shown) return this.settle('shownBefore');
      this.open().then(
        () => this.settle('opened'),
        () => this.settle('failed'),
      );
    };
    this.disposables.push(...this.views.map((v) => v.onDidChangeVisibility(whenVisible)));
    whenVisible();
  }

  /**
   * Whether our walkthrough is in an editor tab now: VS Code names that tab
   * "Walkthrough: <display name>" and gives the API no input type for it.
   */
  onScreen(): boolean {
    const name = String(this.context.extension.packageJSON.displayName ?? '');
    return vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input === undefined && name !== '' && tab.label.includes(name)));
  }

  private async markShown(): Promise<void> {
    await this.context.globalState.update(WALKTHROUGH_SHOWN_KEY, true);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.settle('disposed');
  }
}
