// The market history in words, where people decide: a GPU model's 7-day low
// and median with a trend line (a group's tooltip, the details panel), a
// machine's price against its model's 7-day median (a short mark on its row,
// the words in its tooltip, its accessible label, the chat tools and the
// hover), and since when it has been listed. Before a week of history the
// words say how much there is ("3 days of history"); with none, or a value
// that is not a number, they say so or say nothing, never "NaN". Pure: the
// history answers through MarketFacts (src/market/history/store.ts).
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import { dateTimeFormat, displayName, formatPercent, formatPricePerGpu, getDisplayLocale } from './format';
import { lowest, pricePerGpu } from './price';

/** A price per GPU this far (a fraction) or more below or above its model's 7-day median is "well" below or above it: marked on its row. */
export const WELL_OFF_MEDIAN = 0.1;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** A GPU model's figures over the 7 days before the history's latest list. */
export interface WeekFacts {
  low: number;
  median: number;
  /** How much of the week the history covers (ms). */
  coveredMs: number;
  /** The lowest price per GPU in equal parts of the week, oldest first; NaN for a part without a list. */
  trend: readonly number[];
}

/** What the history knows of a machine's current listing. */
export interface ListingFacts {
  /** When its current listing began (epoch ms). */
  since: number;
  /** Hours from then to the history's latest list. */
  hours: number;
  /** Listed since the oldest list the history still has: at least this long. */
  fromStart: boolean;
}

/** What the views ask the market history; each answer is undefined (or NaN) where it does not know. */
export interface MarketFacts {
  /** Changes whenever an answer may change. */
  readonly version: number;
  modelWeek(gpu: string): WeekFacts | undefined;
  listing(nodeId: string): ListingFacts | undefined;
  belowMedian(machine: Machine): number;
}

const lowestByModel = new WeakMap<readonly Machine[], Map<string, number>>();

/** The lowest price per GPU of a GPU model in a list (NaN when it has none): one pass per list, then a lookup. */
export function lowestPerGpu(machines: readonly Machine[], gpu: string): number {
  let byModel = lowestByModel.get(machines);
  if (!byModel) {
    byModel = new Map();
    for (const m of machines) {
      const perGpu = pricePerGpu(m);
      if (Number.isFinite(perGpu) && !(byModel.get(m.gpu_name)! <= perGpu)) byModel.set(m.gpu_name, perGpu);
    }
    lowestByModel.set(machines, byModel);
  }
  return byModel.get(gpu) ?? NaN;
}

/** Whether the history covers the whole week (a week's window starts with a point at most an hour into it: hourly points start on the hour). */
export function fullWeek(coveredMs: number): boolean {
  return coveredMs >= WEEK_MS - HOUR_MS;
}

/** "3 days of history", "1 day of history", "less than a day of history"; "7 days of history" for a whole week. */
export function historySpan(coveredMs: number): string {
  const days = fullWeek(coveredMs) ? 7 : Number.isFinite(coveredMs) ? Math.floor(Math.max(0, coveredMs) / DAY_MS) : 0;
  if (days === 0) return l10n.t('less than a day of history');
  return days === 1 ? l10n.t('1 day of history') : l10n.t('{0} days of history', days);
}

const BLOCKS = '▁▂▃▄▅▆▇█';
/** A part of the week without a list: a gap the width of a figure, which Markdown does not collapse. */
const GAP = '\u2007';

/**
 * A line of block characters, low to high, for at most `width` values (each
 * character the lowest of its share): `▁▂▃▅▇`. NaN (no list then) is a gap;
 * all the same is a flat middle line; nothing known is ''.
 */
export function sparkline(values: readonly number[], width = 14): string {
  const parts: number[] = [];
  const per = Math.max(1, Math.ceil(values.length / Math.max(1, width)));
  for (let i = 0; i < values.length; i += per) parts.push(lowest(values.slice(i, i + per)));
  const known = parts.filter(Number.isFinite);
  if (known.length === 0) return '';
  const min = Math.min(...known);
  const max = Math.max(...known);
  return parts
    .map((v) => {
      if (!Number.isFinite(v)) return GAP;
      if (max === min) return BLOCKS[3];
      return BLOCKS[Math.min(BLOCKS.length - 1, Math.floor(((v - min) / (max - min)) * BLOCKS.length))];
    })
    .join('');
}

/** The first and last known values of a trend, or undefined when it has none. */
export function trendEnds(values: readonly number[]): { first: number; last: number } | undefined {
  const known = values.filter(Number.isFinite);
  return known.length ? { first: known[0], last: known[known.length - 1] } : undefined;
}

/** Whether a fraction below the median is marked (well below or above it). */
export function wellOffMedian(below: number): boolean {
  return Number.isFinite(below) && Math.abs(below) >= WELL_OFF_MEDIAN;
}

/** 0.1234 → "12%", rounded to whole percents, without its sign. */
function percentOff(below: number, locale: string): string {
  return formatPercent(Math.round(Math.abs(below) * 100) / 100, locale);
}

/**
 * The marks and their words, per whole percent and language: a row asks for
 * its mark every time it is drawn, and formatting a percent costs a few
 * microseconds; there are only a few hundred different marks.
 */
const markTexts = new Map<string, string>();

function memoText(kind: 'mark' | 'words', below: number, locale: string): string {
  if (!wellOffMedian(below)) return '';
  const percent = Math.round(below * 100);
  const key = `${kind}\u0000${locale}\u0000${percent}`;
  let text = markTexts.get(key);
  if (text === undefined) {
    const p = percentOff(below, locale);
    text =
      kind === 'mark'
        ? below > 0
          ? l10n.t('↓{0} vs 7-day median', p)
          : l10n.t('↑{0} vs 7-day median', p)
        : below > 0
          ? l10n.t("{0} below its model's 7-day median", p)
          : l10n.t("{0} above its model's 7-day median", p);
    if (markTexts.size > 10_000) markTexts.clear();
    markTexts.set(key, text);
  }
  return text;
}

/** The short mark on a machine's row: "↓12% vs 7-day median", "↑15% vs 7-day median"; '' when not well off it (or unknown). */
export function medianMark(below: number, locale = getDisplayLocale()): string {
  return memoText('mark', below, locale);
}

/** The mark in words, for the accessible label: "12% below its model's 7-day median"; '' when not well off it. */
export function medianMarkWords(below: number, locale = getDisplayLocale()): string {
  return memoText('words', below, locale);
}

/**
 * A price's place in its model's week: "12% below the 7-day median 2.39 of
 * H100 SXM5 80GB, 7-day low 1.95" (with "(3 days of history)" before a week);
 * '' when the history knows nothing of the model.
 */
export function medianPlace(machine: Machine, week: WeekFacts | undefined, locale = getDisplayLocale()): string {
  if (!week || !(week.median > 0)) return '';
  const below = (week.median - pricePerGpu(machine)) / week.median;
  if (!Number.isFinite(below)) return '';
  const [median, low, model] = [formatPricePerGpu(week.median, locale), formatPricePerGpu(week.low, locale), displayName(machine.gpu_name)];
  const place =
    Math.round(below * 100) === 0
      ? l10n.t('at the 7-day median {0} of {1}, 7-day low {2}', median, model, low)
      : below > 0
        ? l10n.t('{0} below the 7-day median {1} of {2}, 7-day low {3}', percentOff(below, locale), median, model, low)
        : l10n.t('{0} above the 7-day median {1} of {2}, 7-day low {3}', percentOff(below, locale), median, model, low);
  return fullWeek(week.coveredMs) ? place : l10n.t('{0} ({1})', place, historySpan(week.coveredMs));
}

/** "listed for 3 days", "listed for 5 hours", "listed for less than an hour"; "at least" when listed since the history began; '' when unknown. */
export function listedFor(listing: ListingFacts | undefined): string {
  if (!listing || !Number.isFinite(listing.hours)) return '';
  const hours = Math.max(0, listing.hours);
  const days = Math.floor(hours / 24);
  const whole = Math.floor(hours);
  if (listing.fromStart) {
    if (whole === 0) return l10n.t('listed since the history began, less than an hour ago');
    if (days >= 2) return l10n.t('listed for at least {0} days (since the history began)', days);
    return whole === 1 ? l10n.t('listed for at least 1 hour (since the history began)') : l10n.t('listed for at least {0} hours (since the history began)', whole);
  }
  if (whole === 0) return l10n.t('listed for less than an hour');
  if (days >= 2) return l10n.t('listed for {0} days', days);
  return whole === 1 ? l10n.t('listed for 1 hour') : l10n.t('listed for {0} hours', whole);
}

/** "since 12 Mar, 14:05" in the display language; '' when unknown. */
export function listedSince(listing: ListingFacts | undefined, locale = getDisplayLocale()): string {
  if (!listing || !Number.isFinite(listing.since)) return '';
  // A formatter made once (toLocaleString makes one per call): a slice of 200 rows asks for 200 of these.
  const when = dateTimeFormat(locale, 'since', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(listing.since);
  return l10n.t('since {0}', when);
}

/** A model's week as lines of text (a group's tooltip, the details panel): lowest now, 7-day low and median, the trend, how much history. */
export function weekLines(week: WeekFacts | undefined, lowestNow: number, locale = getDisplayLocale()): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  if (Number.isFinite(lowestNow)) lines.push({ label: l10n.t('Lowest price per GPU now'), value: formatPricePerGpu(lowestNow, locale) });
  if (!week) {
    lines.push({ label: l10n.t('Market history'), value: l10n.t('none yet for this GPU model') });
    return lines;
  }
  const span = fullWeek(week.coveredMs) ? '' : ` (${historySpan(week.coveredMs)})`;
  lines.push({ label: l10n.t('7-day low'), value: `${formatPricePerGpu(week.low, locale)}${span}` });
  lines.push({ label: l10n.t('7-day median'), value: `${formatPricePerGpu(week.median, locale)}${span}` });
  if (trendEnds(week.trend)) lines.push({ label: trendLabel(), value: trendWords(week.trend, locale) });
  return lines;
}

/** The label of the trend's line. */
export function trendLabel(): string {
  return l10n.t('Lowest per GPU over 7 days');
}

/**
 * What the history says of a machine, in one line (its tooltip, the details
 * panel, the chat tools, the hover): "12% below the 7-day median 2.39 of H100
 * SXM5 80GB, 7-day low 1.95; listed for 3 days (since Mar 12, 14:05)"; ''
 * when the history knows nothing of it.
 */
export function pricePlace(machine: Machine, week: WeekFacts | undefined, listing: ListingFacts | undefined, locale = getDisplayLocale(), withSince = true): string {
  const place = medianPlace(machine, week, locale);
  const listed = listedFor(listing);
  const since = withSince ? listedSince(listing, locale) : '';
  const listedText = listed && since ? l10n.t('{0} ({1})', listed, since) : listed;
  return place && listedText ? l10n.t('{0}; {1}', place, listedText) : place || listedText;
}

/** The trend in words (the sparkline's text, the chart's accessible name): "from 2.10 to 1.95, between 1.90 and 2.20". */
export function trendWords(trend: readonly number[], locale = getDisplayLocale()): string {
  const ends = trendEnds(trend);
  if (!ends) return '';
  const known = trend.filter(Number.isFinite);
  const [min, max] = [Math.min(...known), Math.max(...known)];
  return min === max
    ? l10n.t('{0} throughout', formatPricePerGpu(min, locale))
    : l10n.t('from {0} to {1}, between {2} and {3}', formatPricePerGpu(ends.first, locale), formatPricePerGpu(ends.last, locale), formatPricePerGpu(min, locale), formatPricePerGpu(max, locale));
}
