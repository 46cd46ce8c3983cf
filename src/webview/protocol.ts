// Messages between the machine details webview (media/details.js) and the
// extension. The webview never sends data the extension then trusts: a copy
// request names no node ID; the extension copies the one it holds.

/** Webview → extension. */
export type WebviewRequest = { type: 'copyNodeId' } | { type: 'refresh' };

/** Extension → webview. */
export type WebviewNotification = { type: 'copied' };

const REQUEST_TYPES: ReadonlySet<string> = new Set<WebviewRequest['type']>(['copyNodeId', 'refresh']);

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
