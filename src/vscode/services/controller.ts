// Connects the market to the service: owns the setup state (base URL and
// token), the client, when data is fetched, and what the user is told when a
// fetch fails. Token and setting changes reach it by one path, their change
// events, and are applied one at a time.
import * as vscode from 'vscode';
import { checkBaseUrl, isLoopbackHost } from '../../api/baseUrl';
import type { ApiError } from '../../api/errors';
import type { ListingState } from '../../market/protocol';
import type { Which } from '../../market/market';
import type { Config } from './config';
import type { PlainHttpConsent } from './httpConsent';
import { Disposable } from './lifecycle';
import { describeError, type Log } from './log';
import type { TokenStore } from './tokenStore';
import { VIEW_IDS } from './viewIds';

export type SetupState = 'unknown' | 'noBaseUrl' | 'badBaseUrl' | 'noToken' | 'insecure' | 'ready';
export type { Which };

/** Where the loads go and the listings' state comes from: the MarketHost (the market worker, or its in-thread fallback). */
export interface LoadHost {
  /** Loads a listing; resolves to the failure. */
  load(which: Which): Promise<ApiError | undefined>;
  /** Sends the service one small request with the token it was configured with; resolves to the failure (undefined: accepted). */
  checkToken(): Promise<ApiError | undefined>;
  /** The listing's state as the last `changed` notification said. */
  state(which: Which): ListingState | undefined;
}

type Action = 'retry' | 'setToken' | 'openSettings' | 'showLog';

function actionLabels(): Record<Action, string> {
  return {
    retry: vscode.l10n.t('Retry'),
    setToken: vscode.l10n.t('Set API Token'),
    openSettings: vscode.l10n.t('Open Settings'),
    showLog: vscode.l10n.t('Show Log'),
  };
}

export class Controller extends Disposable {
  private state: SetupState = 'unknown';
  private problem: string | undefined;
  private serviceKey: string | undefined;
  private readonly setupChanged = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeSetup = this.setupChanged.event;
  /** The listings a view (or a command) has asked for: nothing is fetched before that, and these reload with the service. */
  private readonly wanted = new Set<Which>();
  /** Reconfigurations run one after another; this settles when the queue is empty. */
  private queue: Promise<void> = Promise.resolve();
  private latest: Promise<void> = Promise.resolve();
  /** Where loads go and the listings' state comes from: the MarketHost, attached before the first reconfiguration. */
  private host: LoadHost | undefined;
  /** The load of each listing in flight, as this controller started it. */
  private readonly inFlight = new Map<Which, Promise<ApiError | undefined>>();
  /** What a first load's templates wait for (firstMachines). */
  private machinesShown: () => Promise<void> = () => Promise.resolve();

  constructor(
    private readonly config: Config,
    private readonly tokens: TokenStore,
    private readonly log: Log,
    private readonly trustedHosts: Pick<PlainHttpConsent, 'allow'>,
  ) {
    super();
    this._register(tokens.onDidChange(() => void this.reconfigure()));
    this._register(config.onDidChange((affects) => (affects('baseUrl') || affects('requestTimeoutSeconds') || affects('templates.pageSize')) && void this.reconfigure(true)));
  }

  /** The MarketHost: loads go through it (to the worker, or its in-thread fallback), and the listings' state is read from it. */
  attach(host: LoadHost): void {
    this.host = host;
  }

  /**
   * On a first load, the templates are asked for once `shown` resolves (the
   * Machines view's first rows handed to VS Code) or the machines' load
   * ends, whichever comes first. The machines are what a person came for:
   * the templates' pages shared the worker, the service and the cores with
   * the machines' body and held their first rows back (docs/performance.md).
   */
  firstMachines(shown: () => Promise<void>): void {
    this.machinesShown = shown;
  }

  /** Where the setup stands: drives the welcome content and what the views show. */
  get setup(): SetupState {
    return this.state;
  }

  /** What is missing or wrong in the setup, in one sentence; undefined when ready. */
  get setupProblem(): string | undefined {
    return this.problem;
  }

  /**
   * Re-reads the base URL and token. Data from another service, or fetched
   * with a token that is gone, is dropped; views that have been shown reload
   * when the service or token changed (or always, with `force`). Resolves
   * when this reconfiguration, and the reload it started, are done.
   */
  reconfigure(force = false): Promise<void> {
    const run = this.queue.then(() => this.apply(force));
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    this.latest = run.then(async ({ reload }) => {
      await reload;
    });
    return this.latest.catch((err: unknown) => {
      this.log.error(`Reconfiguring failed: ${describeError(err)}`);
    });
  }

  /** Settles once the latest reconfiguration (and its reload) is done. */
  async settled(): Promise<void> {
    await this.latest.catch(() => undefined);
  }

  /**
   * Applies the settings and token; hands back the reload it started, if any
   * (wrapped: the next reconfiguration waits for this one, not for its reload).
   */
  private async apply(force: boolean): Promise<{ reload?: Promise<void> }> {
    const check = checkBaseUrl(this.config.baseUrl);
    const token = await this.tokens.get();
    let state: SetupState;
    if (!check.ok) {
      state = this.config.baseUrl.trim() ? 'badBaseUrl' : 'noBaseUrl';
      this.problem = check.problem;
    } else if (!token) {
      state = 'noToken';
      this.problem = vscode.l10n.t('No API token is set.');
    } else if (check.url.protocol === 'http:' && !isLoopbackHost(check.url.hostname) && !(await this.trustedHosts.allow(check.url.host))) {
      state = 'insecure';
      this.problem = vscode.l10n.t('The API token was not sent: {0} uses plain http://, which would expose it on the network. Use https://, or allow plain http for this host when asked.', check.display);
    } else {
      state = 'ready';
      this.problem = undefined;
    }
    const serviceKey = state === 'ready' && check.ok ? `${check.url.href}\n${token}` : undefined;
    const serviceChanged = serviceKey !== this.serviceKey;
    this.serviceKey = serviceKey;
    if (state !== this.state) {
      this.log.info(`Setup: ${state}${check.ok ? ` (${check.display})` : ''}`);
    }
    this.state = state;
    this.setupChanged.fire();
    if (state !== 'ready') {
      return {};
    }
    const shown = [...this.wanted];
    // Entering the same token again after the service rejected it (a revoked
    // token reinstated, a fixed account) changes nothing here, but the person
    // expects the views to try again.
    const rejected = shown.some((w) => this.host?.state(w)?.errorKind === 'auth');
    const reload = shown.length && (serviceChanged || force || rejected) ? this.refresh(shown) : undefined;
    return { reload: reload?.then(() => undefined) };
  }

  /**
   * Sends one small request with the current token and says whether the
   * service accepted it. Returns undefined when it did.
   */
  async checkToken(): Promise<ApiError | undefined> {
    return this.state === 'ready' ? this.host?.checkToken() : undefined;
  }

  /**
   * A view asks for its data when it is first drawn: the first fetch happens
   * here, not at activation; later calls do nothing (refreshes and
   * reconfigurations keep it loaded).
   */
  loadForView(which: Which): void {
    if (this.wanted.has(which)) {
      return;
    }
    this.wanted.add(which);
    if (this.setup === 'ready') {
      void this.refresh([which]);
    }
  }

  /**
   * Refreshes the given listings (both by default) with progress in their
   * views, then reports failures in one notification (none when `quiet`: a
   * background poll says it in the view only). Resolves to the failures.
   */
  async refresh(which: Which[] = ['machines', 'templates'], options: { quiet?: boolean } = {}): Promise<ApiError[]> {
    if (this.setup === 'unknown' || this.setup === 'insecure') {
      if (!options.quiet) {
        await this.reconfigure(true);
      }
      return [];
    }
    const host = this.host;
    if (this.setup !== 'ready' || !host) {
      if (!options.quiet) {
        this.notifySetupProblem();
      }
      return [];
    }
    for (const w of which) this.wanted.add(w);
    // A first load of the machines goes first (see firstMachines).
    const machines = which.includes('machines') && host.state('machines')?.count === undefined ? host.load('machines') : undefined;
    const jobs = which.map((w) => {
      const promise = !machines ? host.load(w) : w === 'machines' ? machines : Promise.race([machines, this.machinesShown()]).then(() => host.load(w));
      this.inFlight.set(w, promise);
      void promise.finally(() => this.inFlight.get(w) === promise && this.inFlight.delete(w));
      void vscode.window.withProgress({ location: { viewId: VIEW_IDS[w] } }, () => promise);
      return promise;
    });
    const errors = (await Promise.all(jobs)).filter((e): e is ApiError => e !== undefined);
    if (!options.quiet) {
      this.notify(errors);
    }
    return errors;
  }

  /**
   * Fresh data for a chat tool, quietly: the load in flight when there is one, else a refresh. A
   * tool called while another's load ran cancelled that load, and the other then had no list.
   */
  async freshen(which: Which): Promise<ApiError | undefined> {
    return this.inFlight.get(which) ?? (await this.refresh([which], { quiet: true }))[0];
  }

  /**
   * Makes sure a listing has data, loading it (with a notification's
   * progress) when nothing is loaded yet. False when there is none to use.
   */
  async ensureData(which: Which): Promise<boolean> {
    // The state is told before a load's answer, so it is current once the load has ended.
    const loaded = () => this.host?.state(which)?.count !== undefined;
    const pending = this.inFlight.get(which);
    if (loaded()) {
      return true;
    } else if (pending) {
      await pending;
    } else if (this.setup !== 'ready') {
      this.notifySetupProblem();
      return false;
    } else {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: which === 'machines' ? vscode.l10n.t('GPU Rental: loading machines…') : vscode.l10n.t('GPU Rental: loading templates…') },
        () => this.refresh([which]),
      );
    }
    return loaded();
  }

  private notify(errors: ApiError[]): void {
    const messages = [...new Set(errors.map((e) => e.message))];
    if (messages.length === 0) {
      return;
    }
    const auth = errors.some((e) => e.kind === 'auth');
    const actions: Action[] = auth ? ['setToken'] : ['retry', 'showLog'];
    void this.ask(vscode.window.showErrorMessage, vscode.l10n.t('GPU Rental: {0}', messages.join(' ')), actions);
  }

  private notifySetupProblem(): void {
    const action: Action = this.setup === 'noToken' ? 'setToken' : 'openSettings';
    void this.ask(vscode.window.showWarningMessage, vscode.l10n.t('GPU Rental: {0}', this.setupProblem ?? vscode.l10n.t('The extension is not set up yet.')), [action]);
  }

  /** Shows a notification with buttons (in the display language) and runs the one chosen. */
  private async ask(show: (text: string, ...buttons: string[]) => Thenable<string | undefined>, text: string, actions: Action[]): Promise<void> {
    const labels = actionLabels();
    const choice = await show(text, ...actions.map((a) => labels[a]));
    const run: Record<Action, () => unknown> = {
      retry: () => vscode.commands.executeCommand('gpuRental.refresh'),
      setToken: () => vscode.commands.executeCommand('gpuRental.setToken'),
      openSettings: () => vscode.commands.executeCommand('workbench.action.openSettings', 'gpuRental.baseUrl'),
      showLog: () => this.log.channel.show(true),
    };
    const chosen = actions.find((a) => labels[a] === choice);
    if (chosen) void run[chosen]();
  }
}
