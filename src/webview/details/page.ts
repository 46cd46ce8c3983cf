// Machine details page. It only asks the extension to act; it sends no data.
// Its content arrives as messages. The page has no words of its own: they come
// with the shell and the content, in VS Code's display language.
import type { DetailsRequest } from './protocol';
import { fields, setFrame, setText, startPage } from '../dom';

const vscode = startPage<DetailsRequest, { key: string }>({
  statusElement: 'copy-status',
  statusMs: 2000,
  render(content) {
    setFrame(content);
    setText('node-id', content.nodeId, false);
    const values = fields(content.values);
    for (const cell of document.querySelectorAll('td[data-field]')) {
      const text = values[cell.getAttribute('data-field') ?? ''];
      cell.textContent = typeof text === 'string' ? text : '';
    }
  },
});
document.getElementById('copy-node-id')?.addEventListener('click', () => vscode.post({ type: 'copyNodeId' }));
