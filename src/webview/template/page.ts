// Template details page. It asks the extension to copy; it sends no data.
import type { TemplateRequest } from './protocol';
import { fields, setFrame, setText, startPage, str } from '../dom';

const KINDS: readonly unknown[] = ['text', 'code', 'json'];

const vscode = startPage<TemplateRequest, { key: number }>({
  statusElement: 'copy-status',
  statusMs: 2500,
  render(content) {
    setFrame(content);
    setText('reference', content.reference, false);
    const badge = document.getElementById('badge');
    if (badge && typeof content.badge === 'string') {
      badge.hidden = content.badge === '';
      if (badge.lastChild) badge.lastChild.textContent = content.badge;
    }
    const rows = new Map((Array.isArray(content.rows) ? content.rows.map(fields) : []).map((row) => [row.field, row]));
    for (const cell of document.querySelectorAll('[data-field]')) {
      const row = rows.get(cell.getAttribute('data-field'));
      cell.textContent = str(row?.value);
      cell.className = `value kind-${row && KINDS.includes(row.kind) ? String(row.kind) : 'text'}`;
    }
  },
});
for (const [id, type] of [
  ['copy-image-reference', 'copyImageReference'],
  ['copy-template-json', 'copyTemplateJson'],
] as const) {
  document.getElementById(id)?.addEventListener('click', () => vscode.post({ type }));
}
