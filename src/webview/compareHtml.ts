// Renders the compare page. Pure, and as strict as the details page: every
// value escaped, only our script (by nonce) and our stylesheet. The page is
// rendered once; later the extension sends `compareContent` and the page
// rebuilds its table from it with textContent.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import { compareMachines, compareTitle, type CompareInput } from '../model/compare';
import { escapeHtml, stripControls } from '../model/escape';
import { machineTitle } from '../model/machines';
import { asOfText, staleNotice } from './detailsHtml';
import { pageHtml, statusParagraph } from './page';
import type { CompareContent, CompareLabels } from './compareProtocol';

export interface CompareState {
  columns: readonly (CompareInput & { nodeId: string })[];
  fetchedAt?: Date;
  stale?: boolean;
}

export interface ComparePage extends CompareState {
  nonce: string;
  cspSource: string;
  styleUri: string;
  scriptUri: string;
}

export function noLongerListed(): string {
  return l10n.t('No longer listed');
}

export function changedText(was: string): string {
  return l10n.t('Changed since the comparison opened; it was {0}', was);
}

/** The page's fixed words; ./pages/compare.ts uses them when it rebuilds the table. */
export function compareLabels(): CompareLabels {
  return {
    field: l10n.t('Field'),
    best: l10n.t({ message: 'best', comment: ['Read by screen readers after the best value of a row in Compare Machines.'] }),
    copyNodeId: l10n.t('Copy Node ID'),
    showDetails: l10n.t('Show Details'),
    remove: l10n.t('Remove'),
  };
}

export function compareContent(state: CompareState): CompareContent {
  const rows = compareMachines(state.columns);
  const anyMissing = state.columns.some((c) => c.missing);
  return {
    title: compareTitle(state.columns.length),
    columns: state.columns.map((c) => ({
      title: stripControls(machineTitle(c.machine)),
      nodeId: stripControls(c.nodeId),
      status: c.missing ? noLongerListed() : '',
      removeLabel: l10n.t('Remove {0} from the comparison', stripControls(machineTitle(c.machine))),
    })),
    rows: rows.map((row) => ({
      key: row.key,
      label: row.label,
      same: row.same,
      cells: row.cells.map((cell) => ({
        text: stripControls(cell.text),
        best: cell.best,
        changed: cell.was === undefined ? '' : stripControls(changedText(cell.was)),
      })),
    })),
    notice: state.stale
      ? staleNotice()
      : anyMissing
        ? l10n.t('Machines marked "{0}" are gone from the service\'s list; their columns show the last values seen and are never marked best.', noLongerListed())
        : '',
    asOf: asOfText(state.fetchedAt),
    labels: compareLabels(),
  };
}

/** The table as HTML, escaped; ./pages/compare.ts builds the same structure from later updates. */
export function compareTableHtml(content: CompareContent): string {
  const text = escapeHtml;
  const labels = content.labels;
  const head = content.columns
    .map(
      (column, i) => `<th scope="col" data-column="${i}">
          <span class="machine-title">${text(column.title)}</span>
          <code class="node-id">${text(column.nodeId)}</code>
          <span class="column-status"${column.status ? '' : ' hidden'}>${text(column.status)}</span>
          <span class="column-actions">
            <button type="button" data-action="copyNodeId" data-column="${i}">${text(labels.copyNodeId)}</button>
            <button type="button" data-action="showDetails" data-column="${i}">${text(labels.showDetails)}</button>
            <button type="button" data-action="remove" data-column="${i}" aria-label="${text(column.removeLabel)}">${text(labels.remove)}</button>
          </span>
        </th>`,
    )
    .join('');
  const body = content.rows
    .map((row) => {
      const cells = row.cells
        .map(
          (cell) =>
            `<td${cell.best ? ' class="best"' : ''}><span class="value">${text(cell.text)}</span>${
              cell.best ? `<span class="mark-best"><span class="icon-best" aria-hidden="true"></span><span class="visually-hidden">${text(labels.best)}</span></span>` : ''
            }${cell.changed ? `<span class="changed"><span class="icon-changed" aria-hidden="true"></span>${text(cell.changed)}</span>` : ''}</td>`,
        )
        .join('');
      return `<tr data-key="${text(row.key)}"${row.same ? ' data-same=""' : ''}><th scope="row">${text(row.label)}</th>${cells}</tr>`;
    })
    .join('\n        ');
  return `<thead><tr><th scope="col" class="corner">${text(labels.field)}</th>${head}</tr></thead>
      <tbody>
        ${body}
      </tbody>`;
}

export function renderCompareHtml(page: ComparePage): string {
  const content = compareContent(page);
  const text = escapeHtml;
  const main = `    <header>
      <h1 id="title">${text(content.title)}</h1>
      <div class="toolbar">
        <label><input type="checkbox" id="only-differences"> ${text(l10n.t('Only differences'))}</label>
        <span class="legend"><span class="icon-best" aria-hidden="true"></span> ${text(l10n.t('best value in the row'))} · <span class="icon-changed" aria-hidden="true"></span> ${text(l10n.t('changed since the comparison opened'))}</span>
        <span id="status" class="status" role="status" aria-live="polite"></span>
      </div>
      ${statusParagraph('notice', 'notice', content.notice, 'status')}
    </header>
    <div class="scroller">
      <table id="compare">
        <caption>${text(l10n.t('Machines side by side'))}</caption>
      ${compareTableHtml(content)}
      </table>
    </div>
    ${statusParagraph('as-of', 'meta', content.asOf)}`;
  return pageHtml({ title: content.title, nonce: page.nonce, cspSource: page.cspSource, styleUris: [page.styleUri], scriptUri: page.scriptUri }, main);
}

/** The inputs for machines as they are now (baseline: themselves). */
export function freshColumns(machines: readonly Machine[]): CompareState['columns'] {
  return machines.map((machine) => ({ machine, baseline: machine, missing: false, nodeId: machine.node_name }));
}
