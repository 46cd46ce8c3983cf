// A filter's outlook in one line (`typical 14.20–15.80/GPU · now 13.90, low ·
// appears about every 14 h`), asked of the market: what the Machines view's
// message and the filter box say. Undefined where there is nothing to say
// (an empty filter, one that does not parse, no history).
import { outlookLineLeavingOut } from '../model/outlookText';
import type { MarketClient } from './worker/client';

export async function outlookLineOf(client: Pick<MarketClient, 'request'>, query: string, signal?: AbortSignal): Promise<string | undefined> {
  if (!query.trim()) return undefined;
  const answer = await client.request('outlook', { query }, signal);
  return 'outlook' in answer ? outlookLineLeavingOut(answer.outlook, answer.ignored) : undefined;
}
