// Machine details webview. It only asks the extension to act; it sends no data.
// @ts-check
(function () {
  // eslint-disable-next-line no-undef
  const vscode = acquireVsCodeApi();
  const button = document.getElementById('copy-node-id');
  const status = document.getElementById('copy-status');
  let timer;
  if (button) {
    button.addEventListener('click', () => vscode.postMessage({ type: 'copyNodeId' }));
  }
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (message && message.type === 'copied' && status) {
      status.textContent = 'Copied';
      clearTimeout(timer);
      timer = setTimeout(() => (status.textContent = ''), 2000);
    }
  });
})();
