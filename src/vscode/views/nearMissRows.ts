// The Machines view's near-miss rows: when the filter finds fewer than three
// machines, the smallest change to each clause that finds more, asked of the
// market (src/market/worker/watchHandlers.ts, cached there per snapshot and
// filter) when the filter changes or a new list arrives (filterAnswer.ts).
import type { NearMiss } from '../../model/nearMiss';
import type { Log } from '../services/log';
import { FilterAnswer, type FilterMarket } from './filterAnswer';
import type { ViewState } from './viewState';

export class NearMissRows extends FilterAnswer<readonly NearMiss[]> {
  protected readonly what = 'Near misses';

  constructor(market: FilterMarket, state: ViewState, log: Log) {
    // Only a change of what the tree shows is told: rows before or after.
    super(market, state, log, [], (last, next) => last.length > 0 || next.length > 0);
    void this.refresh();
  }

  protected ask(filter: string, signal: AbortSignal): Promise<NearMiss[]> {
    return this.market.client.request('nearMisses', { filter }, signal);
  }
}
