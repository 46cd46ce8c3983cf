// Messages between the compare page (./page.ts) and the extension. A request
// names at most a column index; the extension acts on the machine it holds,
// never on data from the page.
import { messageType, stateKey, type ReadyRequest } from '../protocol';

/** Page → extension. */
export type CompareRequest = ReadyRequest | { type: 'copyNodeId' | 'showDetails' | 'remove'; column: number };

/** The key the compare page keeps: the node IDs of its columns, in order. */
export type CompareKey = string[];

export interface CompareColumnContent {
  title: string;
  nodeId: string;
  /** "No longer listed" or empty. */
  status: string;
  /** The Remove button's accessible name: "Remove 4× RTX 4090 from the comparison". */
  removeLabel: string;
}

/** The page's fixed words, in the display language (the page has no strings of its own). */
export interface CompareLabels {
  /** The corner of the table. */
  field: string;
  /** Read by screen readers after a best value. */
  best: string;
  copyNodeId: string;
  showDetails: string;
  remove: string;
}

export interface CompareCellContent {
  text: string;
  best: boolean;
  /** "Changed since the comparison opened, was 1.20" or empty. */
  changed: string;
}

export interface CompareRowContent {
  key: string;
  label: string;
  /** All columns show the same value. */
  same: boolean;
  cells: CompareCellContent[];
}

/** What the compare page shows, as plain text: the page builds its table from it with textContent. */
export interface CompareContent {
  title: string;
  columns: CompareColumnContent[];
  rows: CompareRowContent[];
  notice: string;
  asOf: string;
  labels: CompareLabels;
}

const COLUMN_REQUESTS: ReadonlySet<string> = new Set(['copyNodeId', 'showDetails', 'remove']);

/** Accepts only the known requests, with a whole column index below `columns`; anything else is ignored. */
export function parseCompareRequest(message: unknown, columns: number): CompareRequest | undefined {
  const type = messageType(message);
  if (type === 'ready') {
    return { type };
  }
  if (type !== undefined && COLUMN_REQUESTS.has(type)) {
    const column = (message as { column?: unknown }).column;
    if (typeof column === 'number' && Number.isInteger(column) && column >= 0 && column < columns) {
      return { type: type as 'copyNodeId' | 'showDetails' | 'remove', column };
    }
  }
  return undefined;
}

/** The node IDs a restored page kept in its state, if they are some (at most `max`). */
export function compareKey(state: unknown, max: number): CompareKey | undefined {
  const key = stateKey(state);
  if (!Array.isArray(key) || key.length === 0 || key.length > max) return undefined;
  return key.every((id) => typeof id === 'string' && id !== '' && id.length <= 512) ? (key as string[]) : undefined;
}
