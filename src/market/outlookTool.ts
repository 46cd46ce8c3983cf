// The chat tools' outlook (gpuRental_marketOutlook, in VS Code and over MCP):
// what the market history says of a filter, as labelled lines, or why it
// cannot say (a filter it cannot read, no history). Pure: the caller gives
// the answer of src/market/history/outlookAnswer.ts.
import * as l10n from '@vscode/l10n';
import { outlookLine, outlookLines } from '../model/outlookText';
import type { OutlookAnswer } from './history/outlookAnswer';

/** The tool's text for a filter; `outlookOf` asks the history (undefined: it has none here). */
export function marketOutlookAnswer(input: unknown, outlookOf: ((query: string) => OutlookAnswer) | undefined): string {
  const query = (input as { query?: unknown } | undefined)?.query;
  if (typeof query !== 'string') return l10n.t('The input is not valid: {0}.', l10n.t('query must be a filter text'));
  const answer: OutlookAnswer = outlookOf ? outlookOf(query) : { error: 'off' };
  if ('error' in answer) {
    return answer.error === 'parse'
      ? l10n.t('The query is not valid at column {0}: {1}. Correct it and call again.', answer.position, answer.message)
      : l10n.t('There is no market history here: it is off, or this runtime has no SQLite. Without it there is no outlook.');
  }
  const o = answer.outlook;
  const lines = [l10n.t('Outlook of "{0}" from the market history (a record of the {1} days up to its latest list, {2}; not a forecast):', query.trim(), o.days, o.recordedHours > 0 || o.latest > 0 ? new Date(o.latest).toISOString() : '—'), outlookLine(o), ...outlookLines(o).map((l) => `- ${l.label}: ${l.value}`)];
  if (answer.ignored.length > 0) lines.push(l10n.t('Left out (the history does not keep them): {0}', answer.ignored.join(', ')));
  return lines.join('\n');
}
