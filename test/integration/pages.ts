// What a webview panel of ours shows, read where its host keeps it, and a
// message sent as its page would send it: a test cannot look or click inside
// a page. The host's fields are private; the bracket reads are type-checked
// all the same, so a rename breaks this file at compile time.
import type { WebviewHost } from '../../src/vscode/panels/host';

/** A panel class of ours (details, template, compare, trends): it holds its host. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Panels<Key, Content extends { title: string }> = { readonly host: WebviewHost<Key, Content, any> };

/** The open panel of `key`, or the only open one when no key is given (compare, trends). */
function open<Key, Content extends { title: string }>({ host }: Panels<Key, Content>, key?: Key) {
  const all = host['panels'];
  return key === undefined ? [...all.values()][0] : all.get(host['kind'].id(key));
}

/** What the panel shows now (its content as last set, whether or not the page has asked for it yet). */
export function pageContent<Key, Content extends { title: string }>(panels: Panels<Key, Content>, key?: Key): Content | undefined {
  return open(panels, key)?.content;
}

/** The panel's shell, as rendered when it opened. */
export function pageHtml<Key, Content extends { title: string }>(panels: Panels<Key, Content>, key?: Key): string | undefined {
  return open(panels, key)?.panel.webview.html;
}

/** The key of the only open panel (what a compare or trends panel shows). */
export function pageKey<Key, Content extends { title: string }>(panels: Panels<Key, Content>): Key | undefined {
  return open(panels)?.key;
}

/** A message from the page of `key` (or of the only open panel), as the panel's listener takes it. */
export async function fromPage<Key, Content extends { title: string }>(panels: Panels<Key, Content>, message: unknown, key?: Key): Promise<void> {
  const found = open(panels, key);
  if (found) await panels.host['onMessage'](found, message);
}
