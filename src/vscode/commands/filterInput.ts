// The "Filter Machines…" input: checks the query as the user types and says
// how many machines would match, without a request or re-validation.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import { filterPrompt } from '../../model/countText';
import { compileQuery, describeQuery, isEmptyQuery, parseQuery } from '../../model/query';

/** Resolves to the accepted query text, or undefined when the user cancelled. */
export function askForMachineQuery(current: string, machines: readonly Machine[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    const input = vscode.window.createInputBox();
    input.title = vscode.l10n.t('Filter Machines');
    input.placeholder = vscode.l10n.t('e.g. gpu=RTX_4090 gpus>=2 price_per_gpu<2.5 region in [cn-east,cn-north] cuda>=12.1');
    input.value = current;
    input.ignoreFocusOut = true;
    let accepted: string | undefined;
    const check = (text: string): boolean => {
      const result = parseQuery(text);
      if (!result.ok) {
        input.validationMessage = result.error.message;
        input.prompt = undefined;
        return false;
      }
      input.validationMessage = undefined;
      const count = isEmptyQuery(result.query) ? machines.length : countMatches(machines, compileQuery(result.query));
      // How the query was read comes first, so a value that starts names where the writer meant a whole name shows before it is applied.
      const counted = filterPrompt(count, machines.length, !text.trim());
      input.prompt = text.trim() ? vscode.l10n.t('Read as: {0}. {1}', describeQuery(result.query), counted) : counted;
      return true;
    };
    check(current);
    const subscriptions = vscode.Disposable.from(
      input.onDidChangeValue(check),
      input.onDidAccept(() => {
        if (check(input.value)) {
          accepted = input.value;
          input.hide();
        }
      }),
      input.onDidHide(() => {
        subscriptions.dispose();
        input.dispose();
        resolve(accepted);
      }),
    );
    input.show();
  });
}

function countMatches(machines: readonly Machine[], matches: (m: Machine) => boolean): number {
  let count = 0;
  for (const machine of machines) {
    if (matches(machine)) count++;
  }
  return count;
}
