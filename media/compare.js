// Compare webview. It asks the extension to act on a column by its index and
// sends no data. The table is rebuilt from each update with textContent only,
// so no value from the service can become markup. Its words (buttons, the
// corner, "best") come with the content, in VS Code's display language.
// @ts-check
(function () {
  // eslint-disable-next-line no-undef
  const vscode = acquireVsCodeApi();
  const table = document.getElementById('compare');
  const toggle = /** @type {HTMLInputElement | null} */ (document.getElementById('only-differences'));
  const status = document.getElementById('status');
  const state = vscode.getState() || {};
  let timer;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (typeof text === 'string') node.textContent = text;
    return node;
  }

  function setText(id, value, hideWhenEmpty) {
    const element = document.getElementById(id);
    if (!element || typeof value !== 'string') return;
    element.textContent = value;
    if (hideWhenEmpty) element.hidden = value === '';
  }

  function applyToggle() {
    if (table && toggle) table.classList.toggle('only-differences', toggle.checked);
  }

  function bestMark(label) {
    const mark = el('span', 'mark-best');
    const icon = el('span', 'icon-best');
    icon.setAttribute('aria-hidden', 'true');
    mark.append(icon, el('span', 'visually-hidden', label));
    return mark;
  }

  function changedMark(text) {
    const mark = el('span', 'changed');
    const icon = el('span', 'icon-changed');
    icon.setAttribute('aria-hidden', 'true');
    mark.append(icon, document.createTextNode(text));
    return mark;
  }

  function button(label, action, column, ariaLabel) {
    const node = el('button', '', label);
    node.setAttribute('type', 'button');
    node.dataset.action = action;
    node.dataset.column = String(column);
    if (ariaLabel) node.setAttribute('aria-label', ariaLabel);
    return node;
  }

  function str(value) {
    return typeof value === 'string' ? value : '';
  }

  function render(content) {
    if (!table || !content || typeof content !== 'object') return;
    const columns = Array.isArray(content.columns) ? content.columns : [];
    const rows = Array.isArray(content.rows) ? content.rows : [];
    const labels = content.labels && typeof content.labels === 'object' ? content.labels : {};
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
      for (const cell of Array.isArray(row.cells) ? row.cells : []) {
        const td = el('td', cell.best ? 'best' : '');
        td.append(el('span', 'value', str(cell.text)));
        if (cell.best) td.append(bestMark(str(labels.best)));
        if (str(cell.changed)) td.append(changedMark(str(cell.changed)));
        tr.append(td);
      }
      tbody.append(tr);
    }
    for (const old of table.querySelectorAll('thead, tbody')) old.remove();
    table.append(thead, tbody);
    setText('title', content.title, false);
    if (typeof content.title === 'string') document.title = content.title;
    setText('notice', content.notice, true);
    setText('as-of', content.asOf, true);
    applyToggle();
  }

  if (toggle) {
    toggle.checked = state.onlyDifferences === true;
    toggle.addEventListener('change', () => {
      vscode.setState({ ...state, onlyDifferences: toggle.checked });
      state.onlyDifferences = toggle.checked;
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
      // Indices shift when a column goes: no more requests until the new table arrives.
      if (action === 'remove') for (const b of table.querySelectorAll('button[data-action="remove"]')) /** @type {HTMLButtonElement} */ (b).disabled = true;
      vscode.postMessage({ type: action, column });
    });
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'status' && status && typeof message.text === 'string') {
      status.textContent = message.text;
      clearTimeout(timer);
      timer = setTimeout(() => (status.textContent = ''), 2500);
    } else if (message.type === 'update') {
      render(message.content);
    }
  });
  vscode.postMessage({ type: 'ready' });
})();
