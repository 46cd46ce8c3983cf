// A filter's outlook in one line (`typical 14.20–15.80/GPU · now 13.90, low ·
// appears about every 14 h`), asked of the market: what the Machines view's
// message and the filter box say. Undefined where there is nothing to say
// (an empty filter, one that does not parse, no history).
import { outlookLineLeavingOut } from '../model/outlookText';
import type { OutlookAnswer } from './history/outlookAnswer';
import type { MarketClient } from './worker/client';

export async function outlookLineOf(client: Pick<MarketClient, 'request'>, query: string, signal?: AbortSignal): Promise<string | undefined> {
  if (!query.trim()) return undefined;
  return lineOfAnswer(await client.request('outlook', { query }, signal));
}

/** The line of the market's answer, naming the fields it left out; undefined without an outlook. */
export function lineOfAnswer(answer: OutlookAnswer): string | undefined {
  return 'outlook' in answer ? outlookLineLeavingOut(answer.outlook, answer.ignored) : undefined;
}
