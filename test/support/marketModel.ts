// The market model (src/market/market.ts) for the tests of one `describe`.
import { Market, type MarketChange } from '../../src/market/market';
import { standIn } from './standIn';

/**
 * A fresh Market on the given clock for each test of the enclosing suite, disposed after it, and the
 * changes it told during the test, in order (emptied before each test; a test may empty it too).
 */
export function marketPerTest(clock: { now: Date }): { market: Market; changes: MarketChange[] } {
  let market: Market | undefined;
  const changes: MarketChange[] = [];
  beforeEach(() => {
    market = new Market({ now: () => clock.now });
    changes.length = 0;
    market.onDidChange((change) => changes.push(change));
  });
  afterEach(() => market?.dispose());
  return { market: standIn(() => market, 'the market'), changes };
}
