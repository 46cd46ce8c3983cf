// The templates' requests: what the Image Templates tree and its quick picks
// show of a text filter (the market caches each filter's answer per snapshot).
// Spread into the server's handler table.
import type { Market } from '../market';
import type { Handlers } from '../protocol';

export function templateHandlers(market: Pick<Market, 'templateView'>): Handlers<'templateView'> {
  return {
    templateView: async ({ filter }) => {
      const view = market.templateView(filter);
      return { ...view, matching: view.matching.length };
    },
  };
}
