// Machine details page. It only asks the extension to act; it sends no data.
// Its content arrives as messages. The page has no words of its own: they come
// with the shell and the content, in VS Code's display language. The market
// history's trend line is drawn here from the values sent (an SVG path in the
// shell's drawing area), its words are the chart's accessible name.
import type { DetailsRequest } from './protocol';
import { el, fields, setFrame, setText, startPage, str } from '../dom';

/** The path of a line through the values, broken where a value is missing, scaled into the drawing area (low prices at the bottom). */
function trendPath(values: unknown[], width: number, height: number): string {
  const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (known.length === 0) return '';
  const [min, max] = [Math.min(...known), Math.max(...known)];
  const pad = 4;
  const x = (i: number) => (values.length === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (values.length - 1));
  const y = (v: number) => (max === min ? height / 2 : height - pad - ((v - min) * (height - 2 * pad)) / (max - min));
  let d = '';
  let drawing = false;
  values.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      drawing = false;
      return;
    }
    d += `${drawing ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)} `;
    drawing = true;
  });
  // A lone point between gaps is a dot: a zero-length line with round caps.
  return d.replace(/M([\d.]+) ([\d.]+) (?=M|$)/g, 'M$1 $2 L$1 $2 ').trim();
}

/** A section of label–value rows (the history's, the job's): hidden without rows; false when hidden. */
function renderRows(id: string, value: unknown): boolean {
  const section = document.getElementById(id);
  const rows = document.getElementById(`${id}-rows`);
  if (!section || !rows) return false;
  const history = fields(value);
  section.hidden = !Array.isArray(history.rows);
  if (section.hidden) return false;
  setText(`${id}-heading`, history.heading, false);
  rows.replaceChildren(
    ...(history.rows as unknown[]).map((row) => {
      const { label, value: text } = fields(row);
      const th = el('th', '', str(label));
      th.scope = 'row';
      const tr = el('tr');
      tr.append(th, el('td', '', str(text)));
      return tr;
    }),
  );
  return true;
}

function renderHistory(value: unknown): void {
  if (!renderRows('history', value)) return;
  const history = fields(value);
  const svg = document.getElementById('trend') as unknown as SVGSVGElement | null;
  const figure = document.getElementById('trend-figure');
  const trend = Array.isArray(history.trend) ? history.trend : [];
  const d = svg ? trendPath(trend, svg.viewBox.baseVal.width, svg.viewBox.baseVal.height) : '';
  if (figure) figure.hidden = d === '';
  document.getElementById('trend-line')?.setAttribute('d', d);
  const words = str(history.trendText);
  svg?.setAttribute('aria-label', words);
  setText('trend-caption', words, false);
}

const vscode = startPage<DetailsRequest, { key: string }>({
  statusElement: 'copy-status',
  statusMs: 2000,
  render(content) {
    setFrame(content);
    setText('node-id', content.nodeId, false);
    const values = fields(content.values);
    for (const cell of document.querySelectorAll('td[data-field]')) {
      cell.textContent = str(values[cell.getAttribute('data-field') ?? '']);
    }
    renderHistory(content.history);
    renderRows('job', content.job);
  },
});
document.getElementById('copy-node-id')?.addEventListener('click', () => vscode.post({ type: 'copyNodeId' }));
