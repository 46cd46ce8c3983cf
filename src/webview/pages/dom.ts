// What the three pages share. This code runs in the webview, not in the
// extension: it is bundled into each page's one script (esbuild.js) and
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

export function channel<Request, State = never>(): Channel<Request, State> {
  const api = acquireVsCodeApi();
  return {
    post: (request) => api.postMessage(request),
    state: () => {
      const state = api.getState();
      return state && typeof state === 'object' ? (state as Partial<State>) : {};
    },
    setState: (state) => api.setState(state),
  };
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

/** Shows a short status (after a copy) in the element, and clears it after `ms`. */
export function flasher(element: HTMLElement | null, ms: number): (text: string) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (text) => {
    if (!element) return;
    element.textContent = text;
    clearTimeout(timer);
    timer = setTimeout(() => (element.textContent = ''), ms);
  };
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
