// Compare page. It asks the extension to act on a column by its index and
// sends no data. The table is rebuilt from each update with textContent only.
// Its words (buttons, the corner, "best") come with the content, in VS
// Code's display language.
import type { CompareRequest } from './protocol';
import { el, fields, setFrame, startPage, str } from '../dom';

interface PageState {
  onlyDifferences: boolean;
  key: string[];
}

const table = document.getElementById('compare');
const toggle = document.getElementById('only-differences') as HTMLInputElement | null;

function applyToggle(): void {
  if (table && toggle) table.classList.toggle('only-differences', toggle.checked);
}

/** A cell's mark: its icon (hidden from screen readers), then its words. */
function mark(className: string, iconClass: string, words: Node): HTMLElement {
  const node = el('span', className);
  const icon = el('span', iconClass);
  icon.setAttribute('aria-hidden', 'true');
  node.append(icon, words);
  return node;
}

function button(label: string, action: string, column: number, ariaLabel = ''): HTMLElement {
  const node = el('button', '', label);
  node.setAttribute('type', 'button');
  node.dataset.action = action;
  node.dataset.column = String(column);
  if (ariaLabel) node.setAttribute('aria-label', ariaLabel);
  return node;
}

function render(content: Record<string, unknown>): void {
  if (!table) return;
  const columns = Array.isArray(content.columns) ? content.columns.map(fields) : [];
  const rows = Array.isArray(content.rows) ? content.rows.map(fields) : [];
  const labels = fields(content.labels);
  const thead = el('thead');
  const headRow = el('tr');
  const corner = el('th', 'corner', str(labels.field));
  corner.setAttribute('scope', 'col');
  headRow.append(corner);
  columns.forEach((column, i) => {
    const th = el('th');
    th.setAttribute('scope', 'col');
    th.dataset.column = String(i);
    const listed = el('span', 'column-status', str(column.status));
    listed.hidden = str(column.status) === '';
    const actions = el('span', 'column-actions');
    actions.append(
      button(str(labels.copyNodeId), 'copyNodeId', i),
      button(str(labels.showDetails), 'showDetails', i),
      button(str(labels.remove), 'remove', i, str(column.removeLabel)),
    );
    th.append(el('span', 'machine-title', str(column.title)), el('code', 'node-id', str(column.nodeId)), listed, actions);
    headRow.append(th);
  });
  thead.append(headRow);
  const tbody = el('tbody');
  for (const row of rows) {
    const tr = el('tr');
    tr.dataset.key = str(row.key);
    if (row.same) tr.dataset.same = '';
    const th = el('th', '', str(row.label));
    th.setAttribute('scope', 'row');
    tr.append(th);
    for (const cell of Array.isArray(row.cells) ? row.cells.map(fields) : []) {
      const td = el('td', cell.best ? 'best' : '');
      td.append(el('span', 'value', str(cell.text)));
      if (cell.best) td.append(mark('mark-best', 'icon-best', el('span', 'visually-hidden', str(labels.best))));
      if (str(cell.changed)) td.append(mark('changed', 'icon-changed', document.createTextNode(str(cell.changed))));
      tr.append(td);
    }
    tbody.append(tr);
  }
  for (const old of table.querySelectorAll('thead, tbody')) old.remove();
  table.append(thead, tbody);
  setFrame(content);
  applyToggle();
}

const vscode = startPage<CompareRequest, PageState>({ statusElement: 'status', statusMs: 2500, render });

if (toggle) {
  toggle.checked = vscode.state().onlyDifferences === true;
  toggle.addEventListener('change', () => {
    vscode.setState({ ...vscode.state(), onlyDifferences: toggle.checked } as PageState);
    applyToggle();
  });
  applyToggle();
}

if (table) {
  table.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('button[data-action]') : null;
    if (!(target instanceof HTMLButtonElement)) return;
    const column = Number(target.dataset.column);
    const action = target.dataset.action;
    if (action !== 'copyNodeId' && action !== 'showDetails' && action !== 'remove') return;
    // Indices shift when a column goes: no more requests until the new table arrives.
    if (action === 'remove') for (const b of table.querySelectorAll<HTMLButtonElement>('button[data-action="remove"]')) b.disabled = true;
    vscode.post({ type: action, column });
  });
}
