// `gpu-rental outlook QUERY [--days N]` (docs/cli.md): rent now or wait, what
// the market history recorded of a filter (issue 36). Reads the history only.
import { outlookAnswer } from '../market/history/outlookAnswer';
import { outlookLine, outlookLines } from '../model/outlookText';
import type { Command } from './args';
import { formatOf, queryOf, write, type Io } from './commands';
import { EXIT, setupError } from './errors';
import { historyOrigin, withCliHistory } from './historyAccess';
import { safeJson, terminalText } from './output';

export async function runOutlook(command: Extract<Command, { kind: 'outlook' }>, io: Io): Promise<number> {
  queryOf(command.query);
  const answer = await withCliHistory(historyOrigin(io.env), io, (store) => outlookAnswer(store.outlook(), command.query, command.days));
  if ('error' in answer && answer.error === 'empty') {
    // As `history` says it: nothing was recorded yet, so nothing matched (an outlook would be of no day, up to 1970).
    await write(io.stderr, 'gpu-rental: the market history has no list yet: `gpu-rental record` or an editor window records it\n');
    return EXIT.nothing;
  }
  // The query parsed above; the store is open: only an outlook comes back.
  if (!('outlook' in answer)) throw setupError('the market history could not answer');
  const o = answer.outlook;
  const found = o.supply.window > 0 || o.supply.now > 0;
  if (formatOf(command, io) === 'table') {
    const lines = [terminalText(outlookLine(o, 'en')), ...outlookLines(o, 'en').map((l) => `  ${l.label}: ${terminalText(l.value)}`)];
    if (answer.ignored.length) lines.push(`  left out (not kept by the history): ${answer.ignored.join(', ')}`);
    await write(io.stdout, `${lines.join('\n')}\n`);
  } else {
    await write(io.stdout, `${safeJson({ query: command.query, line: outlookLine(o, 'en'), ignored: answer.ignored, ...o })}\n`);
  }
  return found ? EXIT.found : EXIT.nothing;
}
