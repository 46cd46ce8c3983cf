// Machine details page. It only asks the extension to act; it sends no data.
// Updates after a refresh arrive as messages. The page has no words of its
// own: they come with the content, in VS Code's display language.
import type { WebviewRequest } from '../protocol';
import { channel, fields, flasher, onMessage, setFrame, setText } from './dom';

const vscode = channel<WebviewRequest>();
const flash = flasher(document.getElementById('copy-status'), 2000);
let copiedText = '';
document.getElementById('copy-node-id')?.addEventListener('click', () => vscode.post({ type: 'copyNodeId' }));

function update(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  const content = fields(value);
  setFrame(content);
  setText('node-id', content.nodeId, false);
  if (typeof content.copied === 'string') copiedText = content.copied;
  const values = fields(content.values);
  for (const cell of document.querySelectorAll('td[data-field]')) {
    const text = values[cell.getAttribute('data-field') ?? ''];
    if (typeof text === 'string') cell.textContent = text;
  }
}

onMessage((message) => {
  if (message.type === 'copied') flash(copiedText);
  else if (message.type === 'update') update(message.content);
});
// A page recreated after being hidden starts from its first HTML: ask for what is current.
vscode.post({ type: 'ready' });
