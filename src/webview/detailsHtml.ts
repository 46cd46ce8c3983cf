// Renders the machine details page. Pure: every value from the service is
// escaped here, and the page may run only our own script (by nonce) and load
// only our own stylesheet.
import type { Machine } from '../api/types';
import { escapeHtml, stripControls } from '../model/escape';
import { machineDetails, machineTitle } from '../model/machines';
import { formatTime } from '../model/status';

export interface DetailsPage {
  machine: Machine;
  /** A fresh random value per render. */
  nonce: string;
  /** The webview's `cspSource`. */
  cspSource: string;
  styleUri: string;
  scriptUri: string;
  fetchedAt?: Date;
  /** Set when the machine was not in the latest listing. */
  missing?: boolean;
  stale?: boolean;
}

export function detailsCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${cspSource}`,
    `font-src ${cspSource}`,
  ].join('; ');
}

export function renderDetailsHtml(page: DetailsPage): string {
  const text = (value: string) => escapeHtml(stripControls(value));
  const attr = escapeHtml;
  const title = text(machineTitle(page.machine));
  const rows = machineDetails(page.machine)
    .map((row) => `<tr><th scope="row">${text(row.label)}</th><td data-field="${attr(row.field)}">${text(row.value)}</td></tr>`)
    .join('\n        ');
  const notices: string[] = [];
  if (page.missing) {
    notices.push('<p class="notice" role="status">This machine is no longer in the list of available machines. The values below are the last ones seen.</p>');
  } else if (page.stale) {
    notices.push('<p class="notice" role="status">The last refresh failed: these values may be out of date.</p>');
  }
  const asOf = page.fetchedAt ? `<p class="meta">Data as of ${text(formatTime(page.fetchedAt))}</p>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${attr(detailsCsp(page.cspSource, page.nonce))}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link rel="stylesheet" href="${attr(page.styleUri)}">
  <title>${title}</title>
</head>
<body>
  <main>
    <header>
      <h1>${title}</h1>
      <div class="node">
        <code id="node-id">${text(page.machine.node_name)}</code>
        <button id="copy-node-id" type="button">Copy Node ID</button>
        <span id="copy-status" class="copy-status" role="status" aria-live="polite"></span>
      </div>
      ${notices.join('\n      ')}
    </header>
    <table>
      <caption>Machine details</caption>
      <thead><tr><th scope="col">Field</th><th scope="col">Value</th></tr></thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
    ${asOf}
  </main>
  <script nonce="${attr(page.nonce)}" src="${attr(page.scriptUri)}"></script>
</body>
</html>`;
}
