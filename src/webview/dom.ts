// What the three pages' scripts share. This code runs in the webview, not in
// the extension: it is bundled into each page's one script (esbuild.js) and
// imports nothing but types. Every value is written as text (textContent),
// so nothing from the service can become markup.

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** The page's channel to the extension, typed by what the page may send. */
export interface Channel<Request, State> {
  post(request: Request): void;
  state(): Partial<State>;
  setState(state: State): void;
}

/** Sets an element's text; hides it when there is none. Ignores a value that is not text. */
export function setText(id: string, value: unknown, hideWhenEmpty: boolean): void {
  const element = document.getElementById(id);
  if (!element || typeof value !== 'string') return;
  element.textContent = value;
  if (hideWhenEmpty) element.hidden = value === '';
}

/** The title, notice and "data as of" line every page has. */
export function setFrame(content: { title?: unknown; notice?: unknown; asOf?: unknown }): void {
  setText('title', content.title, false);
  if (typeof content.title === 'string') document.title = content.title;
  setText('notice', content.notice, true);
  setText('as-of', content.asOf, true);
}

/**
 * Calls `handle` with each message from the extension that is an object with
 * a string `type`; the page checks the rest of what it reads.
 */
export function onMessage(handle: (message: { type: string } & Record<string, unknown>) => void): void {
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (message && typeof message === 'object' && typeof (message as { type?: unknown }).type === 'string') {
      handle(message as { type: string } & Record<string, unknown>);
    }
  });
}

/** An object's fields to read defensively, or none when it is not an object. */
export function fields(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** A value read as text, or empty; as a list, or empty. */
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A new element with its class and text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export interface PageOptions {
  /** The element that shows a `status` message for a moment, and for how long. */
  statusElement: string;
  statusMs: number;
  /** Writes the content of an `update` into the shell. */
  render(content: Record<string, unknown>): void;
}

/**
 * Starts a page: every `update` keeps its key in the page's state (all VS Code
 * needs to bring the panel back after a reload) and is rendered; every
 * `status` is flashed. Then asks for what is current: a page recreated after
 * being hidden, or restored, starts from its empty shell.
 */
export function startPage<Request extends { type: string }, State = never>(options: PageOptions): Channel<Request | { type: 'ready' }, State> {
  const api = acquireVsCodeApi();
  const page: Channel<Request | { type: 'ready' }, State> = {
    post: (request) => api.postMessage(request),
    state: () => fields(api.getState()) as Partial<State>,
    setState: (state) => api.setState(state),
  };
  const status = document.getElementById(options.statusElement);
  let clearing: ReturnType<typeof setTimeout> | undefined;
  onMessage((message) => {
    if (message.type === 'status' && typeof message.text === 'string' && status) {
      // Shown for a moment (after a copy), then cleared.
      status.textContent = message.text;
      clearTimeout(clearing);
      clearing = setTimeout(() => (status.textContent = ''), options.statusMs);
    } else if (message.type === 'update' && message.content && typeof message.content === 'object') {
      const key = message.key;
      if (typeof key === 'string' || typeof key === 'number' || (typeof key === 'object' && key !== null)) page.setState({ ...page.state(), key } as State);
      options.render(fields(message.content));
    }
  });
  page.post({ type: 'ready' });
  return page;
}
