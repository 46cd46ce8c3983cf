// Messages between the machine details webview (./pages/details.ts) and the
// extension. The webview never sends data the extension then trusts: a copy
// request names no node ID; the extension copies the one it holds.

/** Webview → extension. `ready`: the page (re)loaded and wants the current content. */
export type WebviewRequest = { type: 'copyNodeId' } | { type: 'ready' };

/** What the page shows, as plain text: the page puts each string in with textContent. */
export interface DetailsContent {
  title: string;
  nodeId: string;
  /** One value per row, keyed by the row's field (the rows themselves never change). */
  values: Record<string, string>;
  /** A warning above the table (gone, or stale); empty for none. */
  notice: string;
  /** "Data as of 14:02:11"; empty when unknown. */
  asOf: string;
  /** What the page says for a moment after Copy Node ID, in the display language. */
  copied: string;
}

/** Extension → webview. */
export type WebviewNotification = { type: 'copied' } | { type: 'update'; content: DetailsContent };

const REQUEST_TYPES: ReadonlySet<string> = new Set<WebviewRequest['type']>(['copyNodeId', 'ready']);

/** Accepts only the known requests; anything else from the page is ignored. */
export function parseWebviewRequest(message: unknown): WebviewRequest | undefined {
  if (message && typeof message === 'object' && !Array.isArray(message)) {
    const type = (message as { type?: unknown }).type;
    if (typeof type === 'string' && REQUEST_TYPES.has(type)) {
      return { type } as WebviewRequest;
    }
  }
  return undefined;
}
