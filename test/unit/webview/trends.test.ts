// The market trends page on a new user's first day (issue 35, item 2): one
// recorded list, from the history's answer to the shapes the page draws. Each
// chart shows a visible mark for each line, its value axis holds the value with
// a scale around it, every word fits inside the chart, and the panel says since
// when it has been recording.
import * as assert from 'node:assert/strict';
import { ALL_COUNTS } from '../../../src/market/history/aggregate';
import type { StoredPoint } from '../../../src/market/history/downsample';
import { trendsView } from '../../../src/market/history/trendsView';
import { sourceOf } from '../../support/trends';
import { trendsContent, type TrendsState } from '../../../src/webview/trends/content';
import { CHART_HEIGHT, CHART_WIDTH, chartShapes, PLOT, type Shape } from '../../../src/webview/trends/dom';
import type { TrendsChart, TrendsContent } from '../../../src/webview/trends/protocol';
import { TREND_RANGES, type TrendRange } from '../../../src/webview/trends/protocol';

/** 01:23 UTC: the last whole day's tick (00:00) falls near the right edge of a week's chart. */
const FIRST = Date.UTC(2026, 10, 27, 1, 23);
const HOUR = 3_600_000;

function list(t: number, price: number, gpus: number): StoredPoint {
  return { t, n: 1, groups: [{ gpu: 'H100_SXM5_80GB', count: ALL_COUNTS, machines: gpus / 8, gpus, low: price, p25: price, median: price }] };
}

function content(points: StoredPoint[], range: TrendRange): TrendsContent {
  const view = trendsView(sourceOf(points), range, ['H100_SXM5_80GB']);
  const state: TrendsState = { range, models: view.models, chosen: ['H100_SXM5_80GB'], trends: view.trends, from: view.from, to: view.end, latest: view.latest, stepMs: view.stepMs };
  return trendsContent(state);
}

/** The length of what a line or dot covers on screen: a line through one point has none. */
function visible(shape: Shape): boolean {
  if (shape.kind === 'dot') return shape.r > 0;
  if (shape.kind !== 'polyline') return false;
  const points = shape.points.split(' ').filter(Boolean);
  return new Set(points).size > 1;
}

/** Where a metric's mark is: the dot's centre, or the polyline's first point. */
function markAt(shape: Shape): { x: number; y: number } {
  if (shape.kind === 'dot') return { x: shape.cx, y: shape.cy };
  if (shape.kind === 'polyline') {
    const [x, y] = shape.points.split(' ')[0].split(',').map(Number);
    return { x, y };
  }
  throw new Error(`not a mark: ${shape.kind}`);
}

/** A tick's words take about 0.62 em each at the chart's 11 px (a wide estimate for digits and short month names). */
function extentOf(shape: Extract<Shape, { kind: 'text' }>): { left: number; right: number } {
  const width = shape.text.length * 11 * 0.62;
  const anchor = shape.anchor ?? (shape.className.includes('tick y') ? 'end' : 'middle');
  const left = anchor === 'start' ? shape.x : anchor === 'end' ? shape.x - width : shape.x - width / 2;
  return { left, right: left + width };
}

function yOf(chart: TrendsChart, value: number): number {
  return PLOT.bottom - ((value - chart.min) / (chart.max - chart.min)) * (PLOT.bottom - PLOT.top);
}

function checkChart(what: string, chart: TrendsChart, metrics: string[], value: number): void {
  const shapes = chartShapes(chart);
  for (const metric of metrics) {
    const marks = shapes.filter((s) => (s.kind === 'polyline' || s.kind === 'dot') && s.className.split(' ').some((c) => c.endsWith(`-${metric}`)));
    assert.ok(marks.some(visible), `${what}: a visible mark for ${metric} (drawn: ${JSON.stringify(marks)})`);
    const at = markAt(marks.find(visible)!);
    assert.ok(at.x >= PLOT.left && at.x <= PLOT.right, `${what}: the ${metric} mark inside the plot (x ${at.x})`);
    assert.ok(Math.abs(at.y - yOf(chart, value)) < 0.1 && at.y >= PLOT.top && at.y <= PLOT.bottom, `${what}: the ${metric} mark at its value (y ${at.y})`);
  }
  const ticks = chart.yTicks.map((t) => t.at);
  assert.ok(ticks.length >= 2, `${what}: a scale of at least two ticks (${JSON.stringify(chart.yTicks)})`);
  assert.ok(Math.min(...ticks) <= value && value <= Math.max(...ticks), `${what}: the axis ${ticks[0]}–${ticks.at(-1)} holds the value ${value}`);
  assert.ok(chart.min <= Math.min(...ticks) && Math.max(...ticks) <= chart.max, `${what}: the ticks within the chart's ${chart.min}–${chart.max}`);
  const words = shapes.filter((s): s is Extract<Shape, { kind: 'text' }> => s.kind === 'text');
  for (const word of words) {
    const { left, right } = extentOf(word);
    assert.ok(left >= 0 && right <= CHART_WIDTH, `${what}: "${word.text}" within the chart's width (${left.toFixed(0)}–${right.toFixed(0)} of ${CHART_WIDTH})`);
    assert.ok(word.y > 0 && word.y <= CHART_HEIGHT, `${what}: "${word.text}" within its height`);
  }
  assert.ok(words.some((w) => w.className.includes('tick x')), `${what}: the time axis has its words`);
}

describe('trends page on the first day', () => {
  const one = [list(FIRST, 0.55, 8)];

  for (const range of TREND_RANGES) {
    it(`one list, ${range}: each line is a visible mark at its value, the axes hold it, the words fit`, () => {
      const page = content(one, range);
      assert.equal(page.sections.length, 1);
      const [section] = page.sections;
      checkChart(`price, ${range}`, section.price, ['low', 'p25', 'median'], 0.55);
      checkChart(`GPUs, ${range}`, section.gpus, ['gpus'], 8);
    });
  }

  it('says since when it has been recording while the history is under a day old, and not after', () => {
    const first = content(one, 'week');
    assert.match(first.notice, /Nov 27, 01:23/, `the notice: "${first.notice}"`);
    const later = content([...one, list(FIRST + 23 * HOUR, 0.6, 8)], 'week');
    assert.match(later.notice, /Nov 27, 01:23/, 'still under a day');
    assert.equal(content([...one, list(FIRST + 25 * HOUR, 0.6, 8)], 'week').notice, '', 'a day and more: the charts speak for themselves');
  });

  it('two lists an hour apart: a line, and its axes hold both values', () => {
    const [section] = content([list(FIRST, 0.55, 8), list(FIRST + HOUR, 0.75, 16)], 'day').sections;
    const line = chartShapes(section.price).find((s) => s.kind === 'polyline' && s.className.includes('line-low'));
    assert.ok(line && visible(line), 'a line, not a dot');
    for (const v of [0.55, 0.75]) assert.ok(section.price.min <= v && v <= section.price.max);
    assert.ok(section.gpus.min <= 8 && 16 <= section.gpus.max);
  });

  it('says the history is off, not "not yet", where it could not be opened (VS Code 1.100: no SQLite)', () => {
    const state: TrendsState = { range: 'week', models: [], chosen: ['H100_SXM5_80GB'], trends: [], from: 0, to: 0, stepMs: 86_400_000, off: true };
    assert.match(trendsContent(state).notice, /^The market history is off here: it could not be opened, so nothing is recorded/);
    assert.match(trendsContent({ ...state, off: undefined }).notice, /^No market history yet/);
  });
});
