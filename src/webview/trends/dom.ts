// A trends chart as the shapes it is drawn with (grid lines, ticks and their
// words, a line per metric), worked out from the numbers of the content by a
// pure function, so that what the page draws is tested in plain Node; then
// made SVG elements, the only part that needs the page's document.
import type { TrendsChart } from './protocol';
import { fields, list, str } from '../dom';

/** The chart's own units; it scales to the page's width. */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 200;
export const PLOT = { left: 64, right: CHART_WIDTH - 12, top: 10, bottom: CHART_HEIGHT - 30 };

export type Shape =
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; className: string }
  | { kind: 'text'; x: number; y: number; className: string; text: string; anchor: 'start' | 'middle' | 'end' }
  | { kind: 'polyline'; points: string; className: string }
  | { kind: 'dot'; cx: number; cy: number; r: number; className: string }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; className: string };

/** The ticks' font size (trends.css), in the chart's units. */
const TICK_FONT = 11;

/** A tick's words' width, generously: 0.62 em a character (digits and short month names are narrower). */
export function tickWidth(text: string): number {
  return text.length * TICK_FONT * 0.62;
}

/** A lone point's dot: the three price dots nest (the lowest largest), so each shows when they coincide. */
const DOT_RADIUS: Record<string, number> = { low: 5.5, p25: 4, median: 2.5, gpus: 4, best: 4, appeared: 4 };

const round1 = (v: number): number => Math.round(v * 10) / 10;
const num = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** What a chart draws, read defensively from the content (anything missing or odd draws as nothing). */
export function chartShapes(raw: unknown): Shape[] {
  const c = fields(raw) as Partial<TrendsChart>;
  const from = num(c.from);
  const to = Math.max(num(c.to), from + 1);
  const min = num(c.min);
  const max = Math.max(num(c.max, 1), min + 1e-9);
  const x = (t: number) => PLOT.left + ((t - from) / (to - from)) * (PLOT.right - PLOT.left);
  const y = (v: number) => PLOT.bottom - ((v - min) / (max - min)) * (PLOT.bottom - PLOT.top);
  const shapes: Shape[] = [];
  const band = fields(c.band);
  if (typeof band.low === 'number' && typeof band.high === 'number' && Number.isFinite(band.low) && Number.isFinite(band.high)) {
    // Behind everything else: the band first.
    const top = Math.max(PLOT.top, y(Math.max(band.low, band.high)));
    const bottom = Math.min(PLOT.bottom, y(Math.min(band.low, band.high)));
    // A band of one price still shows, as a thin strip.
    shapes.push({ kind: 'rect', x: PLOT.left, y: round1(Math.min(top, bottom - 2)), width: PLOT.right - PLOT.left, height: round1(Math.max(bottom - top, 2)), className: 'band' });
  }
  for (const tick of list(c.yTicks).map(fields)) {
    const at = y(num(tick.at));
    shapes.push({ kind: 'line', x1: PLOT.left, x2: PLOT.right, y1: at, y2: at, className: 'grid' }, { kind: 'text', x: PLOT.left - 6, y: at + 4, className: 'tick y', text: str(tick.text), anchor: 'end' });
  }
  for (const tick of list(c.xTicks).map(fields)) {
    const at = x(num(tick.at));
    const text = str(tick.text);
    // Centred under its tick, unless that would cut it at an edge (the last day's date, near the latest list).
    const half = tickWidth(text) / 2;
    const centre = Math.min(Math.max(at, half + 1), CHART_WIDTH - half - 1);
    shapes.push({ kind: 'line', x1: at, x2: at, y1: PLOT.bottom, y2: PLOT.bottom + 4, className: 'axis' }, { kind: 'text', x: centre, y: CHART_HEIGHT - 10, className: 'tick x', text, anchor: 'middle' });
  }
  shapes.push({ kind: 'line', x1: PLOT.left, x2: PLOT.right, y1: PLOT.bottom, y2: PLOT.bottom, className: 'axis' });
  for (const line of list(c.lines).map(fields)) {
    const values = list(line.points).map((v) => num(v, NaN));
    const coords: [number, number][] = [];
    for (let i = 0; i + 1 < values.length; i += 2) {
      if (Number.isFinite(values[i]) && Number.isFinite(values[i + 1])) coords.push([x(values[i]), y(values[i + 1])]);
    }
    const metric = /^(low|p25|median|gpus|best|appeared)$/.test(str(line.metric)) ? str(line.metric) : 'low';
    const barMs = num(line.barMs);
    if (barMs > 0) {
      const width = (barMs / (to - from)) * (PLOT.right - PLOT.left);
      for (let i = 0; i + 1 < values.length; i += 2) {
        if (!Number.isFinite(values[i]) || !Number.isFinite(values[i + 1])) continue;
        const top = y(values[i + 1]);
        // A gap of a tenth between bars; a zero draws nothing.
        if (PLOT.bottom - top > 0) shapes.push({ kind: 'rect', x: round1(x(values[i]) + width * 0.05), y: round1(top), width: round1(width * 0.9), height: round1(PLOT.bottom - top), className: `bar bar-${metric}` });
      }
      continue;
    }
    // One point is a dot: a line through one point has no length, so it draws nothing.
    if (coords.length === 1) shapes.push({ kind: 'dot', cx: round1(coords[0][0]), cy: round1(coords[0][1]), r: DOT_RADIUS[metric], className: `dot dot-${metric}` });
    else if (coords.length > 1) shapes.push({ kind: 'polyline', points: coords.map(([cx, cy]) => `${cx.toFixed(1)},${cy.toFixed(1)}`).join(' '), className: `line line-${metric}` });
  }
  return shapes;
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The chart as an SVG element, its words written as text. */
export function drawChart(raw: unknown): SVGElement {
  const root = svg('svg', { viewBox: `0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`, role: 'img', class: 'chart', 'aria-label': str(fields(raw).label) });
  for (const shape of chartShapes(raw)) {
    if (shape.kind === 'line') root.append(svg('line', { x1: shape.x1, x2: shape.x2, y1: shape.y1, y2: shape.y2, class: shape.className }));
    else if (shape.kind === 'text') root.append(svg('text', { x: shape.x, y: shape.y, class: shape.className, 'text-anchor': shape.anchor }, shape.text));
    else if (shape.kind === 'dot') root.append(svg('circle', { cx: shape.cx, cy: shape.cy, r: shape.r, class: shape.className }));
    else if (shape.kind === 'rect') root.append(svg('rect', { x: shape.x, y: shape.y, width: shape.width, height: shape.height, class: shape.className }));
    else root.append(svg('polyline', { points: shape.points, class: shape.className }));
  }
  return root;
}
