// What every page of ours shares: the document around its shell, with a
// strict CSP (nothing but our stylesheets and our one script, by a fresh
// nonce), the status paragraphs an update fills or hides, and the words every
// page's content uses. A page's HTML is its shell only: fixed words and empty
// places; what it shows arrives as a message (./protocol.ts), written as text.
import * as l10n from '@vscode/l10n';
import { escapeHtml } from '../model/escape';
import { formatTime } from '../model/status';
import { getDisplayLocale } from '../model/format';

export function pageCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${cspSource}`,
    `font-src ${cspSource}`,
  ].join('; ');
}

/** What the host gives a page's shell: where its files are, and the nonce of this render. */
export interface ShellFrame {
  /** A fresh random value per render. */
  nonce: string;
  /** The webview's `cspSource`. */
  cspSource: string;
  /** The page's stylesheets, in the order the page kind names them. */
  styleUris: readonly string[];
  scriptUri: string;
}

export function staleNotice(): string {
  return l10n.t('The last refresh failed: these values may be out of date.');
}

/** "Data as of 14:02:11", or nothing when unknown. */
export function asOfText(fetchedAt: Date | undefined): string {
  return fetchedAt ? l10n.t('Data as of {0}', formatTime(fetchedAt)) : '';
}

/** The whole document, in the display language (for screen readers and hyphenation); `main` is the page's own markup, already escaped. */
export function pageHtml(frame: ShellFrame & { title: string }, main: string): string {
  const attr = escapeHtml;
  const styles = frame.styleUris.map((uri) => `<link rel="stylesheet" href="${attr(uri)}">`).join('\n  ');
  return `<!DOCTYPE html>
<html lang="${attr(getDisplayLocale())}">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${attr(pageCsp(frame.cspSource, frame.nonce))}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  ${styles}
  <title>${escapeHtml(frame.title)}</title>
</head>
<body>
  <main>
${main}
  </main>
  <script nonce="${attr(frame.nonce)}" src="${attr(frame.scriptUri)}"></script>
</body>
</html>`;
}

/** A "Field | Value" table with its caption; `rows` are the page's own `<tr>`s, already escaped. */
export function fieldTable(caption: string, rows: string): string {
  return `<table>
      <caption>${escapeHtml(caption)}</caption>
      <thead><tr><th scope="col">${escapeHtml(l10n.t('Field'))}</th><th scope="col">${escapeHtml(l10n.t('Value'))}</th></tr></thead>
      <tbody>
        ${rows}
      </tbody>
    </table>`;
}

/** A paragraph an update may fill, hidden while it has nothing to say. */
export function statusParagraph(id: string, className: string, text: string, role = ''): string {
  return `<p id="${id}" class="${className}"${role ? ` role="${role}"` : ''}${text ? '' : ' hidden'}>${escapeHtml(text)}</p>`;
}
