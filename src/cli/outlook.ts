// `gpu-rental outlook QUERY [--days N]`: rent now or wait (issue 36). What the
// market history recorded of a filter over the last N days (1–30, default
// 30): how often matches appeared and how long they stayed, the typical best
// price per GPU and where the best now sits, and how long one waited for
// something cheaper; a record, not a forecast. Reads the history only (no
// token): GPU_RENTAL_BASE_URL says which service's.
import { checkBaseUrl } from '../api/baseUrl';
import { outlookAnswer } from '../market/history/outlookAnswer';
import { outlookLine, outlookLines } from '../model/outlookText';
import type { Format } from './args';
import { formatOf, queryOf, write, type Io } from './commands';
import { EXIT, setupError } from './errors';
import { openCliHistory } from './historyAccess';
import { safeJson, terminalText } from './output';

export interface OutlookCommand {
  query: string;
  days: number;
  format?: Format;
}

export async function runOutlook(command: OutlookCommand, io: Io): Promise<number> {
  queryOf(command.query);
  const check = checkBaseUrl(io.env.GPU_RENTAL_BASE_URL ?? '');
  if (!check.ok) throw setupError("GPU_RENTAL_BASE_URL is not set or not a URL: it says which service's history to read");
  const store = openCliHistory(check.url.origin, io.env, (message) => void write(io.stderr, `gpu-rental: ${terminalText(message)}\n`));
  let answer;
  try {
    answer = outlookAnswer(store.outlook(), command.query, command.days);
  } finally {
    store.close();
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
