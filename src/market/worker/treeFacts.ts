// What the Machines tree shows from the market history, computed where the
// market and its history live: a row's place against its model's 7-day median
// (its mark), for the rows of one slice only; and a group's GPU models. The
// tooltips, a row's or a group's, ask machineDetails when hovered.
import type { Machine } from '../../api/types';
import type { ArrangedGroup } from '../../model/arrange';
import type { MarketFacts } from '../../model/historyText';
import type { RowHistory } from '../protocol';

/** What each row of a slice shows from the history, in the slice's order. */
export function rowHistory(history: Pick<MarketFacts, 'belowMedian'>, machines: readonly Machine[]): RowHistory[] {
  return machines.map((machine) => ({ below: history.belowMedian(machine) }));
}

const modelsOf = new WeakMap<ArrangedGroup, string[]>();

/** The GPU models of a group's machines: one pass per group of a view (the market keeps a view's groups while nothing changes). */
export function groupModels(group: ArrangedGroup, byGpu: boolean): string[] {
  // Stryker disable next-line ConditionalExpression: a GPU model group's machines are all of its first's model, so the set below gives the same, only slower
  if (byGpu) return [group.first.gpu_name];
  let models = modelsOf.get(group);
  // Stryker disable next-line ConditionalExpression: the memo only saves a pass; counting the group's models again gives the same list
  if (!models) {
    models = [...new Set(group.machines.map((m) => m.gpu_name))];
    modelsOf.set(group, models);
  }
  return models;
}
