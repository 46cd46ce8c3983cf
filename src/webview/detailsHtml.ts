// Renders the machine details page. Pure: every value from the service is
// escaped here; the frame (page.ts) lets the page run only our own script (by
// nonce) and load only our own stylesheet. Later refreshes do not re-render
// the page: they send `detailsContent` as a message, written as text.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import { escapeHtml, stripControls } from '../model/escape';
import { machineDetails, machineTitle } from '../model/machines';
import { formatTime } from '../model/status';
import { fieldTable, pageHtml, statusParagraph } from './page';
import type { DetailsContent } from './protocol';

export interface DetailsState {
  machine: Machine;
  fetchedAt?: Date;
  /** Set when the machine was not in the latest listing. */
  missing?: boolean;
  stale?: boolean;
}

export interface DetailsPage extends DetailsState {
  /** A fresh random value per render. */
  nonce: string;
  /** The webview's `cspSource`. */
  cspSource: string;
  styleUri: string;
  scriptUri: string;
}

export function missingNotice(): string {
  return l10n.t('This machine is no longer in the list of available machines. The values below are the last ones seen.');
}

export function staleNotice(): string {
  return l10n.t('The last refresh failed: these values may be out of date.');
}

/** "Data as of 14:02:11", or nothing when unknown. */
export function asOfText(fetchedAt: Date | undefined): string {
  return fetchedAt ? l10n.t('Data as of {0}', formatTime(fetchedAt)) : '';
}

/** The page's text for a machine, control characters removed; escaping is the renderer's job (or textContent's). */
export function detailsContent(state: DetailsState): DetailsContent {
  const values: Record<string, string> = {};
  for (const row of machineDetails(state.machine)) {
    values[row.field] = stripControls(row.value);
  }
  return {
    title: stripControls(machineTitle(state.machine)),
    nodeId: stripControls(state.machine.node_name),
    values,
    notice: state.missing ? missingNotice() : state.stale ? staleNotice() : '',
    asOf: asOfText(state.fetchedAt),
    copied: l10n.t('Copied'),
  };
}

export function renderDetailsHtml(page: DetailsPage): string {
  const content = detailsContent(page);
  const text = escapeHtml;
  const attr = escapeHtml;
  const rows = machineDetails(page.machine)
    .map((row) => `<tr><th scope="row">${text(row.label)}</th><td data-field="${attr(row.field)}">${text(content.values[row.field])}</td></tr>`)
    .join('\n        ');
  const main = `    <header>
      <h1 id="title">${text(content.title)}</h1>
      <div class="node">
        <code id="node-id">${text(content.nodeId)}</code>
        <button id="copy-node-id" type="button">${text(l10n.t('Copy Node ID'))}</button>
        <span id="copy-status" class="copy-status" role="status" aria-live="polite"></span>
      </div>
      ${statusParagraph('notice', 'notice', content.notice, 'status')}
    </header>
    ${fieldTable(l10n.t('Machine details'), rows)}
    ${statusParagraph('as-of', 'meta', content.asOf)}`;
  return pageHtml({ title: content.title, nonce: page.nonce, cspSource: page.cspSource, styleUris: [page.styleUri], scriptUri: page.scriptUri }, main);
}
