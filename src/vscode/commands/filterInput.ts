// The "Filter Machines…" box: checks the query as the user types, says how it
// was read and how many machines would match (the title), and lists
// suggestions for the term being typed (model/query/suggest.ts). Nothing is
// active until the user moves to a suggestion, so Enter applies the text as
// typed; Enter or Tab on a suggestion puts it in the box. Tab with none active
// takes the first one VS Code shows.
import * as vscode from 'vscode';
import { filterPrompt } from '../../model/countText';
import { describeQuery, parseQuery } from '../../model/query';
import { suggestQuery, type Suggestion } from '../../model/query/suggest';
import type { MarketSummary } from '../../model/query/summary';
import { MarketRequestError } from '../../market/worker/client';
import { CANCELLED } from '../../market/protocol';
import { formatInteger, machineCount } from '../../model/format';
import type { ContextKeys } from '../services/contextKeys';
import { DisposableStore } from '../services/lifecycle';

type SuggestionItem = vscode.QuickPickItem & { suggestion: Suggestion; forValue: string };

/** The open box, for the Tab key's command. */
let open: { take: () => Promise<void> } | undefined;

/** Tab in the filter box (a keybinding while it is open): takes the active suggestion, or the first shown. */
export async function takeSuggestion(): Promise<void> {
  await open?.take();
}

/** What the box asks the market: the values per field (once), and how many machines a text matches (per keystroke). */
export interface FilterBoxSource {
  summary: MarketSummary;
  count(text: string, signal: AbortSignal): Promise<{ matching: number; total: number }>;
  /** The outlook's line for a text (issue 36), after its count; undefined to say none. */
  outlook?(text: string, signal: AbortSignal): Promise<string | undefined>;
}

/** Resolves to the accepted query text, or undefined when the user cancelled. */
export function askForMachineQuery(current: string, source: FilterBoxSource, keys: Pick<ContextKeys, 'set'>): Promise<string | undefined> {
  return new Promise((resolve) => {
    const input = vscode.window.createQuickPick<SuggestionItem>();
    input.placeholder = vscode.l10n.t('e.g. gpu=RTX_4090 gpus>=2 price_per_gpu<2.5 region in [cn-east,cn-north] cuda>=12.1');
    input.value = current;
    input.ignoreFocusOut = true;
    input.matchOnDescription = false;
    input.matchOnDetail = false;
    const summary = source.summary;
    let counting: AbortController | undefined;
    let accepted: string | undefined;
    let takeNextActive = false;
    const check = (text: string): boolean => {
      const result = parseQuery(text);
      counting?.abort();
      counting = undefined;
      if (!result.ok) {
        input.title = result.error.message;
      } else {
        // The count comes from the market; the next keystroke cancels it.
        const mine = new AbortController();
        counting = mine;
        input.busy = true;
        source.count(text, mine.signal).then(
          ({ matching, total }) => {
            if (mine.signal.aborted) return;
            // How the query was read comes first, so a value that starts names where the writer meant a whole name shows before it is applied.
            const counted = filterPrompt(matching, total, !text.trim());
            const title = text.trim() ? vscode.l10n.t('Read as: {0}. {1}', describeQuery(result.query), counted) : counted;
            input.title = title;
            input.busy = false;
            // Rent now or wait: the record's words follow the count when they come (none without a history).
            source.outlook?.(text, mine.signal).then(
              (line) => !mine.signal.aborted && line && (input.title = vscode.l10n.t('{0} Outlook: {1}', title, line)),
              () => undefined,
            );
          },
          (err: unknown) => {
            if (mine.signal.aborted || (err instanceof MarketRequestError && err.kind === CANCELLED)) return;
            input.title = err instanceof Error ? err.message : String(err);
            input.busy = false;
          },
        );
      }
      input.items = suggestQuery(text, summary).map((suggestion) => item(suggestion, text));
      // Nothing active: Enter applies the text as typed, as it did before there were suggestions.
      input.activeItems = [];
      return result.ok;
    };
    const take = (chosen: SuggestionItem): void => {
      input.value = chosen.suggestion.text;
      check(chosen.suggestion.text);
    };
    /** The active suggestion, if it was made for the text in the box (one made for the text before a keystroke is not). */
    const activeSuggestion = (): SuggestionItem | undefined => {
      const active = input.activeItems[0];
      return active !== undefined && active.forValue === input.value ? active : undefined;
    };
    check(current);
    const owned = new DisposableStore(
      input,
      input.onDidChangeValue(check),
      input.onDidChangeActive(([active]) => {
        if (takeNextActive && active !== undefined && active.forValue === input.value) {
          takeNextActive = false;
          take(active);
        }
      }),
      input.onDidAccept(() => {
        const chosen = activeSuggestion();
        if (chosen) {
          take(chosen);
        } else if (check(input.value)) {
          accepted = input.value;
          input.hide();
        }
      }),
      input.onDidHide(() => {
        counting?.abort();
        open = undefined;
        keys.set('gpuRental.filterBoxOpen', false);
        owned.dispose();
        resolve(accepted);
      }),
    );
    open = {
      take: async () => {
        const chosen = activeSuggestion();
        if (chosen) {
          take(chosen);
        } else if (input.items.length > 0) {
          // VS Code orders what it shows (matches of the text first); its own "next" focuses the first shown, which is then taken.
          takeNextActive = true;
          await vscode.commands.executeCommand('quickInput.next');
        }
      },
    };
    keys.set('gpuRental.filterBoxOpen', true);
    input.show();
  });
}

function item(suggestion: Suggestion, forValue: string): SuggestionItem {
  return {
    label: `${suggestion.kind === 'field' ? '$(symbol-field)' : '$(filter)'} ${suggestion.term}`,
    description: describeSuggestion(suggestion),
    // Shown whatever the text: the box's text is a query, not a search among the suggestions.
    alwaysShow: true,
    suggestion,
    forValue,
  };
}

function describeSuggestion(s: Suggestion): string | undefined {
  if (s.count === undefined) {
    return undefined;
  }
  const machines = machineCount(s.count);
  return s.names === undefined ? machines : vscode.l10n.t('{0} models · {1}', formatInteger(s.names), machines);
}
