// Machine details webview. It only asks the extension to act; it sends no data.
// Updates after a refresh arrive as messages and are written as text only
// (textContent), so no value from the service can become markup. The page has
// no words of its own: they come with the content, in VS Code's display language.
// @ts-check
(function () {
  // eslint-disable-next-line no-undef
  const vscode = acquireVsCodeApi();
  const button = document.getElementById('copy-node-id');
  const status = document.getElementById('copy-status');
  let timer;
  let copiedText = '';
  if (button) {
    button.addEventListener('click', () => vscode.postMessage({ type: 'copyNodeId' }));
  }

  /** Sets an element's text; hides it when there is none. */
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
    setText('node-id', content.nodeId, false);
    setText('notice', content.notice, true);
    setText('as-of', content.asOf, true);
    if (typeof content.copied === 'string') copiedText = content.copied;
    const values = content.values && typeof content.values === 'object' ? content.values : {};
    for (const cell of document.querySelectorAll('td[data-field]')) {
      const value = values[cell.getAttribute('data-field') || ''];
      if (typeof value === 'string') cell.textContent = value;
    }
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'copied' && status) {
      status.textContent = copiedText;
      clearTimeout(timer);
      timer = setTimeout(() => (status.textContent = ''), 2000);
    } else if (message.type === 'update') {
      update(message.content);
    }
  });
  // A page recreated after being hidden starts from its first HTML: ask for what is current.
  vscode.postMessage({ type: 'ready' });
})();
