// Renders the compare page. Pure, and as strict as the details page: every
// value escaped, only our script (by nonce) and our stylesheet. The page is
// rendered once; later the extension sends `compareContent` and the page
// rebuilds its table from it with textContent.
import type { Machine } from '../api/types';
import { compareMachines, compareTitle, type CompareInput } from '../model/compare';
import { escapeHtml, stripControls } from '../model/escape';
import { machineTitle } from '../model/machines';
import { formatTime } from '../model/status';
import { STALE_NOTICE } from './detailsHtml';
import { pageHtml, statusParagraph } from './page';
import type { CompareContent } from './compareProtocol';

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

export const NO_LONGER_LISTED = 'No longer listed';
export const BEST_TEXT = 'best';

export function changedText(was: string): string {
  return `Changed since the comparison opened; it was ${was}`;
}

export function compareContent(state: CompareState): CompareContent {
  const rows = compareMachines(state.columns);
  const anyMissing = state.columns.some((c) => c.missing);
  return {
    title: compareTitle(state.columns.length),
    columns: state.columns.map((c) => ({
      title: stripControls(machineTitle(c.machine)),
      nodeId: stripControls(c.nodeId),
      status: c.missing ? NO_LONGER_LISTED : '',
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
      ? STALE_NOTICE
      : anyMissing
        ? 'Machines marked "No longer listed" are gone from the service\'s list; their columns show the last values seen and are never marked best.'
        : '',
    asOf: state.fetchedAt ? `Data as of ${formatTime(state.fetchedAt)}` : '',
  };
}

/** The table as HTML, escaped; media/compare.js builds the same structure from later updates. */
export function compareTableHtml(content: CompareContent): string {
  const text = escapeHtml;
  const head = content.columns
    .map(
      (column, i) => `<th scope="col" data-column="${i}">
          <span class="machine-title">${text(column.title)}</span>
          <code class="node-id">${text(column.nodeId)}</code>
          <span class="column-status"${column.status ? '' : ' hidden'}>${text(column.status)}</span>
          <span class="column-actions">
            <button type="button" data-action="copyNodeId" data-column="${i}">Copy Node ID</button>
            <button type="button" data-action="showDetails" data-column="${i}">Show Details</button>
            <button type="button" data-action="remove" data-column="${i}" aria-label="Remove ${text(column.title)} from the comparison">Remove</button>
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
              cell.best ? `<span class="mark-best"><span class="icon-best" aria-hidden="true"></span><span class="visually-hidden">${BEST_TEXT}</span></span>` : ''
            }${cell.changed ? `<span class="changed"><span class="icon-changed" aria-hidden="true"></span>${text(cell.changed)}</span>` : ''}</td>`,
        )
        .join('');
      return `<tr data-key="${text(row.key)}"${row.same ? ' data-same=""' : ''}><th scope="row">${text(row.label)}</th>${cells}</tr>`;
    })
    .join('\n        ');
  return `<thead><tr><th scope="col" class="corner">Field</th>${head}</tr></thead>
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
        <label><input type="checkbox" id="only-differences"> Only differences</label>
        <span class="legend"><span class="icon-best" aria-hidden="true"></span> best value in the row · <span class="icon-changed" aria-hidden="true"></span> changed since the comparison opened</span>
        <span id="status" class="status" role="status" aria-live="polite"></span>
      </div>
      ${statusParagraph('notice', 'notice', content.notice, 'status')}
    </header>
    <div class="scroller">
      <table id="compare">
        <caption>Machines side by side</caption>
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
