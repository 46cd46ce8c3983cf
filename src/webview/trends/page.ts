// Market trends page. It draws its charts as SVG from the numbers of each
// update (no chart library), writes every word with textContent, and asks the
// extension for a range and models by name and index only. Its words come
// with the shell and the content, in VS Code's display language.
import type { TrendsRequest } from './protocol';
import { el, fields, list, setFrame, startPage, str } from '../dom';
import { drawChart } from './dom';

const MAX_MODELS = 8;

const sections = document.getElementById('sections');
const modelsBox = document.getElementById('models');
const legend = document.getElementById('legend');
let currentRange = 'week';

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

/** A legend's items: each metric's swatch and its words. */
function legendItems(metrics: string[], words: string[]): HTMLElement[] {
  return metrics.map((metric, i) => {
    const item = el('span', 'legend-item');
    item.append(el('span', `swatch swatch-${metric}`), document.createTextNode(words[i] ?? ''));
    return item;
  });
}

/** The Machines view's filter's outlook: its heading and line, its two charts with a legend, and its table; hidden without a filter. */
function renderOutlook(raw: unknown): void {
  const box = document.getElementById('outlook');
  if (!box) return;
  const o = fields(raw);
  box.hidden = !str(o.heading);
  const heading = el('h2', '', str(o.heading));
  heading.id = 'outlook-heading';
  const parts: HTMLElement[] = [heading, el('p', 'outlook-line', str(o.line))];
  const words = list(o.legend).map(str);
  if (words.length > 0) {
    const key = el('div', 'legend');
    key.setAttribute('aria-hidden', 'true');
    key.append(...legendItems(['best', 'band', 'appeared'], words));
    parts.push(key);
  }
  const charts = [o.price, o.supply].filter((c) => c !== undefined).map(drawChart);
  const rows = list(o.rows);
  box.replaceChildren(...parts, ...charts, ...(rows.length > 0 ? [drawTable(str(o.caption), list(o.columns).map(str), rows)] : []));
}

function render(content: Record<string, unknown>): void {
  setFrame(content);
  currentRange = str(content.range) || currentRange;
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="range"]')) radio.checked = radio.value === currentRange;
  renderModels(list(content.models).map(fields));
  const columns = list(content.columns).map(str);
  legend?.replaceChildren(...legendItems(['low', 'p25', 'median', 'gpus'], columns.slice(1)));
  renderOutlook(content.outlook);
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
