// Turns the user's `gpuRental.baseUrl` setting into request URLs. Only this
// module builds URLs, so a request can never go anywhere but the configured
// service.
import * as l10n from '@vscode/l10n';
import { truncate } from './text';

export type BaseUrlCheck =
  | { ok: true; url: URL; display: string }
  | { ok: false; problem: string };

/** Checks a base URL setting and explains, in one sentence, what is wrong with it. */
export function checkBaseUrl(raw: string | undefined | null): BaseUrlCheck {
  const text = (raw ?? '').trim();
  if (!text) {
    return { ok: false, problem: l10n.t('No service URL is set (setting gpuRental.baseUrl).') };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: l10n.t('The service URL "{0}" is not a valid URL (setting gpuRental.baseUrl).', truncate(text, 80)) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: l10n.t('The service URL must start with http:// or https://, not {0}// (setting gpuRental.baseUrl).', url.protocol) };
  }
  if (url.search) {
    return { ok: false, problem: l10n.t('The service URL must not contain a query string (setting gpuRental.baseUrl).') };
  }
  url.hash = '';
  // Credentials in the URL would end up in messages and logs; the token is the only credential.
  url.username = '';
  url.password = '';
  url.pathname = url.pathname.replace(/\/+$/, '');
  return { ok: true, url, display: displayUrl(url) };
}

/** Builds `{base}/v1/rentgpu/{resource}?query` from a checked base URL. */
export function endpointUrl(base: URL, resource: 'machines' | 'images', query: Record<string, string | number | undefined> = {}): string {
  const url = new URL(base.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/rentgpu/${resource}`;
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) {
      url.searchParams.set(key, String(value));
    }
  }
  return url.href;
}

/** The base URL as shown to users: scheme, host and path, never credentials. */
export function displayUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

/** True for hosts where plain http does not leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
