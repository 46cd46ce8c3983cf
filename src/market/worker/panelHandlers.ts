// The requests of the panels, the node-ID hover and the commands given a node
// ID (issue 24): one machine with what its details page says of it, one
// template. Small answers: one item and a few figures, never a list.
import { lowestPerGpu, type MarketFacts } from '../../model/historyText';
import type { Market } from '../market';
import type { Handlers } from '../protocol';

/**
 * The panels' handlers over the server's market and its history (none: no history section). A machine's details:
 * the machine of this node ID in the latest list with the history's facts about it; when the list does not have it,
 * the facts of `gpuName` (the model it was last seen with) alone, or undefined without one.
 */
export function panelHandlers(market: Market, history: MarketFacts | undefined): Handlers<'machineDetails' | 'template'> {
  return {
    machineDetails: async ({ nodeId, gpuName }) => {
      const machine = market.machine(nodeId);
      const gpu = machine?.gpu_name ?? gpuName;
      if (gpu === undefined) return undefined;
      if (!history) return { machine };
      // The lowest per GPU model: one pass per snapshot (cached by its items), then a lookup.
      const lowestNow = lowestPerGpu(market.machines.snapshot?.items ?? [], gpu);
      return { machine, history: { week: history.modelWeek(gpu), listing: machine ? history.listing(nodeId) : undefined, lowestNow } };
    },
    template: async ({ id }) => market.template(id),
  };
}
