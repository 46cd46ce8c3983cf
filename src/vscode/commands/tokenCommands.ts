// Set API Token and Clear API Token.
import * as vscode from 'vscode';
import { normalizeToken, tokenProblem } from '../../model/token';
import type { Controller } from '../services/controller';
import { DisposableStore } from '../services/lifecycle';
import { flash } from '../services/notify';
import type { TokenStore } from '../services/tokenStore';

export interface TokenCommandDeps {
  tokens: TokenStore;
  controller: Controller;
}

/** Asks for the token and saves it. */
export async function setToken(deps: TokenCommandDeps): Promise<void> {
  const input = await askToken();
  if (input !== undefined) await saveToken(deps, input);
}

/** Stores the token typed, waits for the views to follow, and checks it with the service. */
export async function saveToken({ tokens, controller }: TokenCommandDeps, input: string): Promise<void> {
  const problem = tokenProblem(input);
  if (problem) {
    void vscode.window.showErrorMessage(vscode.l10n.t('GPU Rental: {0}', problem));
    return;
  }
  // Storing it announces the change; the controller reconfigures from that event alone.
  if (!(await tokens.set(normalizeToken(input)))) {
    return;
  }
  await controller.settled();
  if (controller.setup !== 'ready') {
    flash(vscode.l10n.t('GPU Rental: API token saved'));
    return;
  }
  const rejection = await controller.checkToken();
  if (!rejection) {
    flash(vscode.l10n.t('GPU Rental: API token saved and accepted by the service'));
  } else if (rejection.kind === 'auth') {
    const setAgain = vscode.l10n.t('Set API Token');
    void vscode.window.showWarningMessage(vscode.l10n.t('GPU Rental: the token was saved. {0}', rejection.message), setAgain).then(
      (choice) => choice === setAgain && vscode.commands.executeCommand('gpuRental.setToken'),
    );
  } else {
    void vscode.window.showWarningMessage(vscode.l10n.t('GPU Rental: the token was saved, but it could not be checked. {0}', rejection.message));
  }
}

/**
 * The token box. Not `showInputBox`: that one checks the value again on
 * Enter through a round trip to this thread before it answers, and each
 * round trip is time before the first rows; here Enter is checked at once.
 */
function askToken(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = vscode.l10n.t('GPU Rental: Set API Token');
    box.prompt = vscode.l10n.t("Paste your API token. It is kept in VS Code's secret storage, never in settings.");
    box.placeholder = vscode.l10n.t('API token');
    box.password = true;
    box.ignoreFocusOut = true;
    const owned = new DisposableStore(
      box,
      box.onDidChangeValue((value) => (box.validationMessage = tokenProblem(value))),
      box.onDidAccept(() => {
        const problem = tokenProblem(box.value);
        if (problem) {
          box.validationMessage = problem;
          return;
        }
        resolve(box.value);
        box.hide();
      }),
      box.onDidHide(() => {
        owned.dispose();
        resolve(undefined);
      }),
    );
    box.show();
  });
}

export async function clearToken({ tokens, controller }: TokenCommandDeps): Promise<void> {
  if (await tokens.clear()) {
    await controller.settled();
    flash(vscode.l10n.t('GPU Rental: API token cleared'), 'check', 3000);
  }
}
