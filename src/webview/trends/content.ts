// The market trends page: its shell (the range and model pickers, the Export
// CSV button and an empty place for the charts, rendered once) and its
// content: per chosen GPU model, a chart of its prices per GPU, one of its GPUs
// listed, and a table of the same numbers, as plain text and numbers that the
// page draws (SVG it builds itself) and writes with textContent. Pure.
import * as l10n from '@vscode/l10n';
import { dateTimeFormat, displayName, formatOneDecimal, formatPricePerGpu, getDisplayLocale } from '../../model/format';
import { escapeHtml, stripControls } from '../../model/escape';
import { pageHtml, statusParagraph, type ShellFrame } from '../frame';
import { timeSpan, valueAxis, type ValueAxis } from './axes';
import { MAX_TREND_MODELS, TREND_RANGES, type TrendRange, type TrendsChart, type TrendsContent, type TrendsLine, type TrendsSection, type TrendsTick } from './protocol';

/** A table row of one model: a UTC hour or day, its lowest of the lows and its weighted means. */
export interface TrendRow {
  t: number;
  low: number;
  p25: number;
  median: number;
  gpus: number;
}

export type Pairs = readonly (readonly [number, number])[];

/** One chosen model: its lines (already thinned to the chart's width) and its table rows. */
export interface ModelTrend {
  gpu: string;
  lines: { low: Pairs; p25: Pairs; median: Pairs; gpus: Pairs };
  rows: readonly TrendRow[];
}

export interface TrendsState {
  range: TrendRange;
  /** Every model the history has, sorted. */
  models: readonly string[];
  chosen: readonly string[];
  trends: readonly ModelTrend[];
  /** The time the charts span (the range before the latest list). */
  from: number;
  to: number;
  /** The time of the latest list, when the history has one. */
  latest?: number;
  /** The table's step: an hour or a day. */
  stepMs: number;
  /** The history could not be opened here: nothing will be recorded (the log says why). */
  off?: boolean;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export function rangeNames(): Record<TrendRange, string> {
  return { day: l10n.t('Last 24 hours'), week: l10n.t('Last 7 days'), month: l10n.t('Last 30 days'), all: l10n.t('All recorded') };
}

/** The table's column headers, also the legend's words (after the first). */
export function trendColumns(stepMs: number): string[] {
  return [stepMs < 86_400_000 ? l10n.t('Hour (UTC)') : l10n.t('Day (UTC)'), l10n.t('Lowest per GPU'), l10n.t('25th percentile per GPU'), l10n.t('Median per GPU'), l10n.t('GPUs listed')];
}

const DATE_OPTIONS: Record<'day' | 'hour' | 'tick' | 'clock', Intl.DateTimeFormatOptions> = {
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  hour: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  clock: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  tick: { month: 'short', day: 'numeric' },
};
function dateFormat(kind: keyof typeof DATE_OPTIONS): Intl.DateTimeFormat {
  return dateTimeFormat(getDisplayLocale(), `utc ${kind}`, { ...DATE_OPTIONS[kind], timeZone: 'UTC' });
}

/** A table row's time: "Nov 18, 2026" for a day, "Nov 18, 14:00" for an hour (UTC). */
export function rowTime(t: number, stepMs: number): string {
  return dateFormat(stepMs < 86_400_000 ? 'hour' : 'day').format(new Date(t));
}

/** Times for the x axis: whole hours over a day, whole days otherwise, about five. */
export function timeTicks(from: number, to: number): TrendsTick[] {
  if (!(to > from)) return [];
  const unit = to - from <= 2 * 86_400_000 ? HOUR_MS : 86_400_000;
  const steps = Math.max(1, Math.ceil((to - from) / unit / 5));
  const step = steps * unit;
  const ticks: TrendsTick[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) {
    ticks.push({ at: t, text: dateFormat(unit === HOUR_MS ? 'clock' : 'tick').format(new Date(t)) });
  }
  return ticks;
}

function* valuesOf(lines: readonly Pairs[]): Generator<number> {
  for (const line of lines) for (const [, v] of line) yield v;
}

export function chart(label: string, range: { from: number; to: number }, lines: TrendsLine[], axis: ValueAxis, format: (v: number) => string): TrendsChart {
  const { from, to } = timeSpan(range.from, range.to);
  return { label, from, to, min: axis.min, max: axis.max, lines, xTicks: timeTicks(from, to), yTicks: axis.ticks.map((at) => ({ at, text: format(at) })) };
}

function span(line: Pairs, format: (v: number) => string): string {
  const values = [...valuesOf([line])];
  const [min, max] = [Math.min(...values), Math.max(...values)];
  return Number.isFinite(min) ? (min === max ? format(min) : l10n.t('{0} to {1}', format(min), format(max))) : '—';
}

function section(trend: ModelTrend, state: TrendsState, priceAxis: ValueAxis): TrendsSection {
  const name = stripControls(displayName(trend.gpu));
  const range = rangeNames()[state.range];
  const gpus = (v: number) => formatOneDecimal(v);
  return {
    heading: name,
    price: chart(
      l10n.t('Price per GPU of {0}, {1}: lowest {2}, 25th percentile {3}, median {4}. The table below has the numbers.', name, range, span(trend.lines.low, formatPricePerGpu), span(trend.lines.p25, formatPricePerGpu), span(trend.lines.median, formatPricePerGpu)),
      state,
      (['low', 'p25', 'median'] as const).map((metric) => ({ metric, points: trend.lines[metric].flat() })),
      priceAxis,
      formatPricePerGpu,
    ),
    gpus: chart(l10n.t('GPUs listed of {0}, {1}: {2}.', name, range, span(trend.lines.gpus, gpus)), state, [{ metric: 'gpus', points: trend.lines.gpus.flat() }], valueAxis(valuesOf([trend.lines.gpus]), { fromZero: true }), gpus),
    caption: l10n.t('{0}: prices per GPU and GPUs listed, {1}', name, range),
    rows: trend.rows.map((r) => [rowTime(r.t, state.stepMs), formatPricePerGpu(r.low), formatPricePerGpu(r.p25), formatPricePerGpu(r.median), formatOneDecimal(r.gpus)]),
  };
}

/**
 * The first recorded time of the models shown, while the history of the
 * latest list is under a day old; undefined after that. Every range reaches a
 * day back, so the lines begin where the recording began.
 */
export function recordingSince(state: Pick<TrendsState, 'trends' | 'latest'>): number | undefined {
  if (state.latest === undefined) return undefined;
  let first = Infinity;
  for (const trend of state.trends) for (const line of Object.values(trend.lines)) if (line.length > 0) first = Math.min(first, line[0][0]);
  return Number.isFinite(first) && state.latest - first < DAY_MS ? first : undefined;
}

export function trendsTitle(): string {
  return l10n.t('Market Trends');
}

export function trendsContent(state: TrendsState): TrendsContent {
  // One price scale for every model shown, so that models compare at a glance.
  const priceAxis = valueAxis(valuesOf(state.trends.flatMap((t) => [t.lines.low, t.lines.p25, t.lines.median])));
  const sections = state.trends.map((trend) => section(trend, state, priceAxis));
  const since = recordingSince(state);
  const notice = state.off
    ? l10n.t('The market history is off here: it could not be opened, so nothing is recorded (the GPU Rental log says why; VS Code before 1.101 has no SQLite for it).')
    : state.models.length === 0
      ? l10n.t('No market history yet. It is recorded as machine lists load (setting gpuRental.history.enabled).')
      : state.chosen.length === 0
        ? l10n.t('Choose a GPU model to see its trends.')
        : sections.every((s) => s.rows.length === 0)
          ? l10n.t('The history has no prices of these models in this range.')
          : since === undefined
            ? ''
            : l10n.t('Recording since {0} (UTC): under a day of market history so far, so the charts show few points.', rowTime(Math.floor(since / 60_000) * 60_000, HOUR_MS));
  return {
    title: trendsTitle(),
    range: state.range,
    models: state.models.map((name) => ({ name: stripControls(name), label: stripControls(displayName(name)), chosen: state.chosen.includes(name) })),
    sections,
    notice,
    asOf: state.latest === undefined ? '' : l10n.t('Latest list recorded: {0} (UTC)', rowTime(Math.floor(state.latest / 60_000) * 60_000, HOUR_MS)),
    columns: trendColumns(state.stepMs),
  };
}

/** The page's HTML: the pickers, the export button and an empty place for the charts. */
export function trendsShell(frame: ShellFrame): string {
  const text = escapeHtml;
  const names = rangeNames();
  const radios = TREND_RANGES.map((r) => `<label><input type="radio" name="range" value="${r}"> ${text(names[r])}</label>`).join('\n          ');
  const main = `    <header>
      <h1 id="title"></h1>
      <div class="toolbar">
        <fieldset id="range">
          <legend>${text(l10n.t('Range'))}</legend>
          ${radios}
        </fieldset>
        <fieldset id="models">
          <legend>${text(l10n.t('GPU models (up to {0})', MAX_TREND_MODELS))}</legend>
        </fieldset>
        <div class="actions">
          <button id="export-csv" type="button">${text(l10n.t('Export CSV'))}</button>
          <span id="status" class="status" role="status" aria-live="polite"></span>
        </div>
      </div>
      ${statusParagraph('notice', 'notice', '', 'status')}
    </header>
    <section id="outlook" class="outlook" aria-labelledby="outlook-heading" hidden></section>
    <div id="legend" class="legend" aria-hidden="true"></div>
    <div id="sections"></div>
    ${statusParagraph('as-of', 'meta', '')}`;
  return pageHtml({ ...frame, title: trendsTitle() }, main);
}
