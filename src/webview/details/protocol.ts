// Messages between the machine details page (./page.ts) and the extension.
// A copy request names no node ID: the extension copies the one it holds.
import { bareRequest, stateKey, type ReadyRequest } from '../protocol';

/** Page → extension. */
export type DetailsRequest = ReadyRequest | { type: 'copyNodeId' };

/** The key of a details panel: the machine's node ID. */
export type DetailsKey = string;

/** What the page shows, as plain text: the page puts each string in with textContent. */
export interface DetailsContent {
  title: string;
  nodeId: string;
  /** One value per row, keyed by the row's field (the rows themselves are in the shell). */
  values: Record<string, string>;
  /** A warning above the table (gone, stale, or waiting for the list); empty for none. */
  notice: string;
  /** "Data as of 14:02:11"; empty when unknown. */
  asOf: string;
  /** What the market history says of the machine and its GPU model; absent while the machine is not known. */
  history?: DetailsHistory;
  /** While a job is set (Find Machines for a Model…), its section: "Job: full training of 7B on 1B tokens" and its rows (Time, Cost, Work, GPUs…). */
  job?: Pick<DetailsHistory, 'heading' | 'rows'>;
}

/** The market history on the details page: rows of text, and the values of the trend line the page draws. */
export interface DetailsHistory {
  /** "Market history of H100 SXM5 80GB". */
  heading: string;
  rows: { label: string; value: string }[];
  /** The lowest price per GPU in each part of the last 7 days, oldest first; null where nothing was recorded. */
  trend: (number | null)[];
  /** The trend in words: the chart's accessible name. */
  trendText: string;
}

const REQUEST_TYPES: ReadonlySet<string> = new Set<DetailsRequest['type']>(['copyNodeId', 'ready']);

/** Accepts only the known requests; anything else from the page is ignored. */
export function parseDetailsRequest(message: unknown): DetailsRequest | undefined {
  return bareRequest<DetailsRequest>(message, REQUEST_TYPES);
}

/** The key a restored page kept in its state, if it is one. */
export function detailsKey(state: unknown): DetailsKey | undefined {
  const key = stateKey(state);
  return typeof key === 'string' && key !== '' && key.length <= 512 ? key : undefined;
}
