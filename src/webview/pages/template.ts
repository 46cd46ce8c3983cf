// Template details page. It asks the extension to copy; it sends no data.
import type { TemplateRequest } from '../compareProtocol';
import { channel, fields, flasher, onMessage, setFrame, setText } from './dom';

const vscode = channel<TemplateRequest>();
const flash = flasher(document.getElementById('copy-status'), 2500);
const KINDS: readonly unknown[] = ['text', 'code', 'json'];
for (const [id, type] of [
  ['copy-image-reference', 'copyImageReference'],
  ['copy-template-json', 'copyTemplateJson'],
] as const) {
  document.getElementById(id)?.addEventListener('click', () => vscode.post({ type }));
}

function update(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  const content = fields(value);
  setFrame(content);
  setText('reference', content.reference, false);
  const badge = document.getElementById('badge');
  if (badge && typeof content.badge === 'string') {
    badge.hidden = content.badge === '';
    if (badge.lastChild) badge.lastChild.textContent = content.badge;
  }
  for (const row of Array.isArray(content.rows) ? content.rows.map(fields) : []) {
    const cell = Array.from(document.querySelectorAll('[data-field]')).find((c) => c.getAttribute('data-field') === row.field);
    if (!cell || typeof row.value !== 'string') continue;
    cell.textContent = row.value;
    if (KINDS.includes(row.kind)) cell.className = `value kind-${String(row.kind)}`;
  }
}

onMessage((message) => {
  if (message.type === 'status' && typeof message.text === 'string') flash(message.text);
  else if (message.type === 'update') update(message.content);
});
vscode.post({ type: 'ready' });
