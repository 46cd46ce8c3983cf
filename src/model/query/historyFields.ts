// The query fields that read the market history rather than the machine:
// listed_hours, flaps_7d and below_median. The history lives in the market
// layer, which the model may not import; it answers through this interface
// (src/market/history/store.ts implements it). Where the history does not
// know (history off or empty, a machine or model it has not seen yet), a
// field reads 0: listed for 0 hours, no returns, at its model's median. So a
// filter or watch on them never fails, and matches a machine it knows nothing
// about only where 0 passes (`flaps_7d<=1` does, `below_median>=0.1` and
// `listed_hours>=24` do not). Pure.
import type { Machine } from '../../api/types';
import type { FieldName, Query } from './fields';

/** What the market history knows of a machine; NaN where it does not know. */
export interface MachineHistory {
  /** Changes whenever an answer below may change (a list recorded, the history read again): what was filtered with it is out of date. */
  readonly version: number;
  /** Hours since the machine's current listing began, as far as the history saw it (at most since the history began). */
  listedHours(nodeId: string): number;
  /** Times it went away and came back within the 7 days before the history's latest list. */
  flaps7d(nodeId: string): number;
  /** (its model's median price per GPU over the last 7 days, or as many as the history covers − its price per GPU) / that median. */
  belowMedian(machine: Machine): number;
}

export const HISTORY_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>(['listed_hours', 'flaps_7d', 'below_median']);

const READ: Partial<Record<FieldName, (history: MachineHistory, m: Machine) => number>> = {
  listed_hours: (history, m) => history.listedHours(m.node_name),
  flaps_7d: (history, m) => history.flaps7d(m.node_name),
  below_median: (history, m) => history.belowMedian(m),
};

/** The value of a history field for a machine, 0 where the history does not know; undefined for the other fields. */
export function historyNumberOf(field: FieldName, history: MachineHistory | undefined): ((m: Machine) => number) | undefined {
  const read = READ[field];
  if (!read) return undefined;
  return history ? (m) => read(history, m) || 0 : () => 0;
}

/** Whether a query reads the history: its matches can then change when the history does, with the same machines. */
export function usesHistory(query: Query): boolean {
  return query.clauses.some((c) => c.kind === 'compare' && HISTORY_FIELDS.has(c.field));
}
