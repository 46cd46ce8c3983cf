// The extension as the integration suite runs it: `npm run build` bundles this
// file, not src/extension.ts, as dist/extension.js (esbuild.js); the package
// (`--production`) is built from src/extension.ts and holds none of this.
// `activate` builds the product's wiring and hands it to the tests, with what
// they cannot do through the UI: read what a user was told, answer a modal or
// save dialog, set the token without typing it, shorten the retry delays.
import * as vscode from 'vscode';
import type { RetryPolicy } from '../../src/api/client';
import { compose, type Wiring } from '../../src/extension';
import { historyRoot } from '../../src/vscode/features/history';
import { tellChangedReadings } from '../../src/vscode/features/readings';
import { saveToken } from '../../src/vscode/commands/tokenCommands';

export interface ShownMessage {
  severity: 'error' | 'warning' | 'info';
  /** A modal's text and its detail, one after the other. */
  text: string;
  modal?: boolean;
}

export interface GpuRentalTestApi extends Wiring {
  /** The secret storage, written as another window would write it. */
  secrets: vscode.SecretStorage;
  /** Where the view state is kept, so tests can read it back as a reload would. */
  workspaceState: vscode.Memento;
  /** Where the walkthrough's "shown" flag and the told-once flags are kept. */
  globalState: vscode.Memento;
  /** `<globalStorage>/market-history`, where the market worker keeps one folder per service. */
  historyRoot: string;
  /** The last 100 notifications shown (most recent last). */
  shownMessages: ShownMessage[];
  /** The last 100 status bar flashes, their text without the icon (most recent last). */
  flashes: string[];
  /** The next modal dialog answers with its first action instead of showing (once). */
  answerNextModal(): void;
  /** The next save dialog answers with `uri` instead of showing (once). */
  answerNextSave(uri: vscode.Uri): void;
  /** The next input box shows with `text` typed in it (once); VS Code's own accept command then takes it. */
  typeNextInput(text: string): void;
  /** The first-run check as the next activation would run it. */
  /** The told-once check of saved filters and watches the word-prefix matching reads differently, as the next activation would run it; whether it told. */
  tellChangedReadingsAgain(): Promise<boolean>;
  /** Set API Token as if the user had typed `token` in its box. */
  setToken(token: string): Promise<void>;
  /** Polls the watches now, and ends once the poll's news and figures are handled; the regular schedule goes on after it. */
  pollWatchesNow(): Promise<void>;
  /** Whether a status bar item is on screen (VS Code offers no getter). */
  onScreen(item: vscode.StatusBarItem): boolean;
  /** How many times hide() was called on a status bar item: each call is a message to the workbench, hidden or not. */
  hides(item: vscode.StatusBarItem): number;
  /** Retry delays for the clients made from now on (the fault tests use short ones). */
  useRetryPolicy(policy: Partial<RetryPolicy>): void;
}

export function activate(context: vscode.ExtensionContext): GpuRentalTestApi {
  const window = watchWindow(context);
  let retryPolicy: Partial<RetryPolicy> = {};
  const wiring = compose(context, { retryPolicy: () => retryPolicy });
  return {
    ...wiring,
    ...window,
    secrets: context.secrets,
    workspaceState: context.workspaceState,
    globalState: context.globalState,
    historyRoot: historyRoot(context.globalStorageUri),
    tellChangedReadingsAgain: () => tellChangedReadings(context.globalState, wiring.config, wiring.watches),
    setToken: (token) => saveToken(wiring.tokenDeps, token),
    pollWatchesNow: async () => {
      const { watches } = wiring;
      // A poll the schedule started may be under way: a poll asked now would be skipped, and the list the
      // test serves now never fetched. Wait for it to end; then poll (in the same turn as the check).
      while (watches.polling) await new Promise((resolve) => setTimeout(resolve, 10));
      await watches['poll']();
      // The figures are asked after the news was sent (one channel, in order): once they are in, the news is heard.
      await watches['askStats']();
      await watches['newsHandled'];
    },
    useRetryPolicy: (policy) => {
      retryPolicy = policy;
    },
  };
}

type Answer = (...args: unknown[]) => unknown;

/**
 * Puts a recorder in front of the editor's message, status bar and dialog
 * functions, for this extension only (each extension has its own `vscode`
 * object): what the extension tells a user is kept, and a dialog a test has
 * answered beforehand does not show.
 */
function watchWindow(context: vscode.ExtensionContext): Pick<GpuRentalTestApi, 'shownMessages' | 'flashes' | 'answerNextModal' | 'answerNextSave' | 'typeNextInput' | 'onScreen' | 'hides'> {
  const shownMessages: ShownMessage[] = [];
  const flashes: string[] = [];
  let modal = false;
  let save: vscode.Uri | undefined;
  let input: string | undefined;
  const w = vscode.window as unknown as Record<string, Answer>;
  const names = ['showErrorMessage', 'showWarningMessage', 'showInformationMessage', 'setStatusBarMessage', 'showSaveDialog', 'createInputBox', 'createStatusBarItem'];
  const original = Object.fromEntries(names.map((name) => [name, w[name].bind(w)]));
  const notify = (name: string, severity: ShownMessage['severity']) => {
    w[name] = (text: unknown, ...rest: unknown[]) => {
      const options = typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as vscode.MessageOptions) : undefined;
      keepLast(shownMessages, options?.modal ? { severity, text: `${String(text)} ${options.detail ?? ''}`.trim(), modal: true } : { severity, text: String(text) });
      if (options?.modal && modal) {
        modal = false;
        return Promise.resolve(rest.find((item) => typeof item === 'string'));
      }
      return original[name](text, ...rest);
    };
  };
  notify('showErrorMessage', 'error');
  notify('showWarningMessage', 'warning');
  notify('showInformationMessage', 'info');
  w.setStatusBarMessage = (text: unknown, ...rest: unknown[]) => {
    keepLast(flashes, String(text).replace(/^\$\([^)]*\) /, ''));
    return original.setStatusBarMessage(text, ...rest);
  };
  w.showSaveDialog = (...args: unknown[]) => {
    const answer = save;
    save = undefined;
    return answer ? Promise.resolve(answer) : original.showSaveDialog(...args);
  };
  w.createInputBox = () => {
    const box = original.createInputBox() as vscode.InputBox;
    if (input !== undefined) box.value = input;
    input = undefined;
    return box;
  };
  const onScreen = new WeakSet<vscode.StatusBarItem>();
  const hides = new WeakMap<vscode.StatusBarItem, number>();
  w.createStatusBarItem = (...args: unknown[]) => {
    const item = original.createStatusBarItem(...args) as vscode.StatusBarItem;
    const [show, hide] = [item.show.bind(item), item.hide.bind(item)];
    item.show = () => (onScreen.add(item), show());
    item.hide = () => (onScreen.delete(item), hides.set(item, (hides.get(item) ?? 0) + 1), hide());
    return item;
  };
  context.subscriptions.push(new vscode.Disposable(() => Object.assign(w, original)));
  return {
    shownMessages,
    flashes,
    answerNextModal: () => (modal = true),
    answerNextSave: (uri) => (save = uri),
    typeNextInput: (text) => (input = text),
    onScreen: (item) => onScreen.has(item),
    hides: (item) => hides.get(item) ?? 0,
  };
}

function keepLast<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > 100) list.shift();
}
