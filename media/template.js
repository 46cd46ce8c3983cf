// Template details webview. It asks the extension to copy; it sends no data.
// Updates arrive as messages and are written as text only (textContent).
// @ts-check
(function () {
  // eslint-disable-next-line no-undef
  const vscode = acquireVsCodeApi();
  const status = document.getElementById('copy-status');
  const KINDS = ['text', 'code', 'json'];
  let timer;
  for (const [id, type] of [['copy-image-reference', 'copyImageReference'], ['copy-template-json', 'copyTemplateJson']]) {
    const button = document.getElementById(id);
    if (button) button.addEventListener('click', () => vscode.postMessage({ type }));
  }

  function setText(id, value, hideWhenEmpty) {
    const element = document.getElementById(id);
    if (!element || typeof value !== 'string') return;
    element.textContent = value;
    if (hideWhenEmpty) element.hidden = value === '';
  }

  function update(content) {
    if (!content || typeof content !== 'object') return;
    setText('title', content.title, false);
    if (typeof content.title === 'string') document.title = content.title;
    setText('reference', content.reference, false);
    setText('notice', content.notice, true);
    setText('as-of', content.asOf, true);
    const badge = document.getElementById('badge');
    if (badge && typeof content.badge === 'string') {
      badge.hidden = content.badge === '';
      if (badge.lastChild) badge.lastChild.textContent = content.badge;
    }
    for (const row of Array.isArray(content.rows) ? content.rows : []) {
      const cell = Array.from(document.querySelectorAll('[data-field]')).find((c) => c.getAttribute('data-field') === row.field);
      if (!cell || typeof row.value !== 'string') continue;
      cell.textContent = row.value;
      if (KINDS.includes(row.kind)) cell.className = `value kind-${row.kind}`;
    }
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'status' && status && typeof message.text === 'string') {
      status.textContent = message.text;
      clearTimeout(timer);
      timer = setTimeout(() => (status.textContent = ''), 2500);
    } else if (message.type === 'update') {
      update(message.content);
    }
  });
  vscode.postMessage({ type: 'ready' });
})();
