// Market trends page. It draws its charts as SVG from the numbers of each
// update (no chart library), writes every word with textContent, and asks the
// extension for a range and models by name and index only. Its words come
// with the shell and the content, in VS Code's display language.
import type { TrendsChart, TrendsRequest } from './protocol';
import { fields, setFrame, startPage } from '../dom';

const SVG = 'http://www.w3.org/2000/svg';
/** The chart's own units; it scales to the page's width. */
const WIDTH = 640;
const HEIGHT = 200;
const PLOT = { left: 64, right: WIDTH - 12, top: 10, bottom: HEIGHT - 30 };
const MAX_MODELS = 8;

const sections = document.getElementById('sections');
const modelsBox = document.getElementById('models');
const legend = document.getElementById('legend');
let currentRange = 'week';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function drawChart(raw: unknown): SVGElement {
  const c = fields(raw) as Partial<TrendsChart>;
  const from = num(c.from);
  const to = Math.max(num(c.to), from + 1);
  const min = num(c.min);
  const max = Math.max(num(c.max, 1), min + 1e-9);
  const x = (t: number) => PLOT.left + ((t - from) / (to - from)) * (PLOT.right - PLOT.left);
  const y = (v: number) => PLOT.bottom - ((v - min) / (max - min)) * (PLOT.bottom - PLOT.top);
  const root = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', class: 'chart', 'aria-label': str(c.label) });
  for (const tick of list(c.yTicks).map(fields)) {
    const at = y(num(tick.at));
    root.append(svg('line', { x1: PLOT.left, x2: PLOT.right, y1: at, y2: at, class: 'grid' }), svg('text', { x: PLOT.left - 6, y: at + 4, class: 'tick y' }, str(tick.text)));
  }
  for (const tick of list(c.xTicks).map(fields)) {
    const at = x(num(tick.at));
    root.append(svg('line', { x1: at, x2: at, y1: PLOT.bottom, y2: PLOT.bottom + 4, class: 'axis' }), svg('text', { x: at, y: HEIGHT - 10, class: 'tick x' }, str(tick.text)));
  }
  root.append(svg('line', { x1: PLOT.left, x2: PLOT.right, y1: PLOT.bottom, y2: PLOT.bottom, class: 'axis' }));
  for (const line of list(c.lines).map(fields)) {
    const values = list(line.points).map((v) => num(v, NaN));
    const coords: string[] = [];
    for (let i = 0; i + 1 < values.length; i += 2) {
      if (Number.isFinite(values[i]) && Number.isFinite(values[i + 1])) coords.push(`${x(values[i]).toFixed(1)},${y(values[i + 1]).toFixed(1)}`);
    }
    const metric = /^(low|p25|median|gpus)$/.test(str(line.metric)) ? str(line.metric) : 'low';
    // One point is a dot: a polyline of one point draws nothing.
    if (coords.length === 1) coords.push(coords[0]);
    root.append(svg('polyline', { points: coords.join(' '), class: `line line-${metric}` }));
  }
  return root;
}

function drawTable(caption: string, columns: string[], rows: unknown[]): HTMLElement {
  const scroller = el('div', 'table-scroller');
  // A scrolling region is reached and scrolled from the keyboard.
  scroller.tabIndex = 0;
  scroller.setAttribute('role', 'region');
  scroller.setAttribute('aria-label', caption);
  const table = el('table');
  table.append(el('caption', '', caption));
  const head = el('tr');
  for (const column of columns) {
    const th = el('th', '', column);
    th.scope = 'col';
    head.append(th);
  }
  const thead = el('thead');
  thead.append(head);
  const tbody = el('tbody');
  for (const row of rows) {
    const tr = el('tr');
    list(row).forEach((cell, i) => {
      const node = i === 0 ? el('th', '', str(cell)) : el('td', '', str(cell));
      if (i === 0) (node as HTMLTableCellElement).scope = 'row';
      tr.append(node);
    });
    tbody.append(tr);
  }
  table.append(thead, tbody);
  scroller.append(table);
  return scroller;
}

function renderModels(models: Record<string, unknown>[]): void {
  if (!modelsBox) return;
  for (const old of modelsBox.querySelectorAll('label')) old.remove();
  models.forEach((model, i) => {
    const label = el('label');
    const box = el('input');
    box.type = 'checkbox';
    box.dataset.index = String(i);
    box.checked = model.chosen === true;
    label.append(box, document.createTextNode(` ${str(model.label)}`));
    label.title = str(model.name);
    modelsBox.append(label);
  });
  limitModels();
}

/** At most MAX_MODELS chosen: the others are disabled until one is unticked. */
function limitModels(): void {
  if (!modelsBox) return;
  const boxes = [...modelsBox.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  const full = boxes.filter((b) => b.checked).length >= MAX_MODELS;
  for (const b of boxes) b.disabled = full && !b.checked;
}

function renderLegend(columns: string[]): void {
  if (!legend) return;
  legend.replaceChildren();
  ['low', 'p25', 'median', 'gpus'].forEach((metric, i) => {
    const item = el('span', 'legend-item');
    item.append(el('span', `swatch swatch-${metric}`), document.createTextNode(columns[i + 1] ?? ''));
    legend.append(item);
  });
}

function render(content: Record<string, unknown>): void {
  setFrame(content);
  currentRange = str(content.range) || currentRange;
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="range"]')) radio.checked = radio.value === currentRange;
  renderModels(list(content.models).map(fields));
  const columns = list(content.columns).map(str);
  renderLegend(columns);
  if (!sections) return;
  const parts = list(content.sections).map(fields);
  if (legend) legend.hidden = parts.length === 0;
  sections.replaceChildren(
    ...parts.map((part) => {
      const section = el('section', 'model');
      section.append(el('h2', '', str(part.heading)), drawChart(part.price), drawChart(part.gpus), drawTable(str(part.caption), columns, list(part.rows)));
      return section;
    }),
  );
}

const page = startPage<TrendsRequest, { key: unknown }>({ statusElement: 'status', statusMs: 4000, render });

function choose(): void {
  const models = modelsBox ? [...modelsBox.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((b) => b.checked).map((b) => Number(b.dataset.index)) : [];
  const range = document.querySelector<HTMLInputElement>('input[name="range"]:checked')?.value ?? currentRange;
  page.post({ type: 'choose', range: range as 'day', models });
}

document.getElementById('range')?.addEventListener('change', choose);
modelsBox?.addEventListener('change', () => {
  limitModels();
  choose();
});
document.getElementById('export-csv')?.addEventListener('click', () => page.post({ type: 'exportCsv' }));
