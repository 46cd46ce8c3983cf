// Messages between the compare and template webviews (./pages/compare.ts,
// ./pages/template.ts) and the extension. As for the details page, a request
// names at most a column index; the extension acts on the machine or template
// it holds, never on data from the page.
import type { TemplateValueKind } from '../model/templates';

/** Compare page → extension. `ready`: the page (re)loaded and wants the current content. */
export type CompareRequest = { type: 'ready' } | { type: 'copyNodeId' | 'showDetails' | 'remove'; column: number };

/** Template page → extension. */
export type TemplateRequest = { type: 'ready' } | { type: 'copyImageReference' } | { type: 'copyTemplateJson' };

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

export type CompareNotification = { type: 'update'; content: CompareContent } | { type: 'status'; text: string };

export type { TemplateValueKind };

export interface TemplateRowContent {
  field: string;
  label: string;
  kind: TemplateValueKind;
  value: string;
}

export interface TemplateContent {
  title: string;
  /** "Platform default template" or empty. */
  badge: string;
  reference: string;
  rows: TemplateRowContent[];
  notice: string;
  asOf: string;
}

export type TemplateNotification = { type: 'update'; content: TemplateContent } | { type: 'status'; text: string };

const COLUMN_REQUESTS: ReadonlySet<string> = new Set(['copyNodeId', 'showDetails', 'remove']);
const TEMPLATE_REQUESTS: ReadonlySet<string> = new Set(['ready', 'copyImageReference', 'copyTemplateJson']);

/** Accepts only the known requests, with a whole column index below `columns`; anything else is ignored. */
export function parseCompareRequest(message: unknown, columns: number): CompareRequest | undefined {
  const type = typeOf(message);
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

export function parseTemplateRequest(message: unknown): TemplateRequest | undefined {
  const type = typeOf(message);
  return type !== undefined && TEMPLATE_REQUESTS.has(type) ? ({ type } as TemplateRequest) : undefined;
}

function typeOf(message: unknown): string | undefined {
  if (message && typeof message === 'object' && !Array.isArray(message)) {
    const type = (message as { type?: unknown }).type;
    return typeof type === 'string' ? type : undefined;
  }
  return undefined;
}
