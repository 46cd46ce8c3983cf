// What every page and the extension say to each other, whatever the page.
// A page's own requests and content are in its folder (details/, template/,
// compare/: protocol.ts). The page never sends data the extension then trusts:
// a request names at most a column index, and the extension acts on what it holds.

/** Page → extension: the page (re)loaded and wants what is current. */
export interface ReadyRequest {
  type: 'ready';
}

/**
 * Extension → page. `update`: what the page shows now, and the key the page
 * keeps in its state (`setState`) so that VS Code can bring the panel back
 * after a reload; only the key, never content. `status`: a short sentence
 * after an action ("Copied the node ID"), shown for a moment.
 */
export type PageNotification<Key, Content> = { type: 'update'; key: Key; content: Content } | { type: 'status'; text: string };

/** The `type` of a message that is an object with a string `type`; undefined for anything else. */
export function messageType(message: unknown): string | undefined {
  if (message && typeof message === 'object' && !Array.isArray(message)) {
    const type = (message as { type?: unknown }).type;
    return typeof type === 'string' ? type : undefined;
  }
  return undefined;
}

/** A request that is only a type from `known`, with no data; undefined for anything else. */
export function bareRequest<Request extends { type: string }>(message: unknown, known: ReadonlySet<string>): Request | undefined {
  const type = messageType(message);
  return type !== undefined && known.has(type) ? ({ type } as Request) : undefined;
}

/** The `key` of a page's state (what `setState` kept), whatever it is: each page checks it. */
export function stateKey(state: unknown): unknown {
  return state && typeof state === 'object' ? (state as { key?: unknown }).key : undefined;
}
