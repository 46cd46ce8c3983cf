// Messages between the market trends page (./page.ts) and the extension. The
// page chooses a range by its name and models by their index in the list the
// content gave it; the extension checks both against what it holds, and
// exports what it shows: the page never sends data the extension trusts.
import { messageType, stateKey, type ReadyRequest } from '../protocol';

export const TREND_RANGES = ['day', 'week', 'month', 'all'] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

/** Models compared at once, at most. */
export const MAX_TREND_MODELS = 8;

/** Page → extension. */
export type TrendsRequest = ReadyRequest | { type: 'choose'; range: TrendRange; models: number[] } | { type: 'exportCsv' };

/** What the page keeps (and a panel brought back after a reload shows): the range and the models chosen, by name. */
export interface TrendsKey {
  range: TrendRange;
  models: string[];
}

/** One line of a chart: its class (the theme colour and dash of its metric) and its points as t0, v0, t1, v1, … */
export interface TrendsLine {
  metric: 'low' | 'p25' | 'median' | 'gpus' | 'best' | 'appeared';
  points: number[];
  /** Drawn as bars this wide (a time span), from each point's time on, instead of a line. */
  barMs?: number;
}

/** A tick on an axis: where (a time, or a value) and its words. */
export interface TrendsTick {
  at: number;
  text: string;
}

export interface TrendsChart {
  /** The chart's accessible name (role="img"): what it shows and its range of values. */
  label: string;
  from: number;
  to: number;
  min: number;
  max: number;
  lines: TrendsLine[];
  xTicks: TrendsTick[];
  yTicks: TrendsTick[];
  /** A shaded band behind the lines, from low to high (the typical price of the outlook). */
  band?: { low: number; high: number };
}

export interface TrendsModel {
  /** The model as the service names it; the page shows `label`. */
  name: string;
  label: string;
  chosen: boolean;
}

export interface TrendsSection {
  heading: string;
  price: TrendsChart;
  gpus: TrendsChart;
  /** The table of the same numbers: its caption and rows of formatted cells (time, lowest, 25th percentile, median, GPUs listed). */
  caption: string;
  rows: string[][];
}

/** The outlook of the Machines view's filter (issue 36): its words, and its charts and table when the history has days of it. */
export interface TrendsOutlook {
  heading: string;
  /** The outlook in one line, or why there is none, in one sentence. */
  line: string;
  /** The daily best price per GPU with the typical band, and appearances per day; absent without days recorded. */
  price?: TrendsChart;
  supply?: TrendsChart;
  /** The legend's words: the daily best, the typical band, appearances. */
  legend: string[];
  caption: string;
  columns: string[];
  rows: string[][];
}

/** What the page shows, as plain text and numbers: the page writes every string with textContent. */
export interface TrendsContent {
  title: string;
  range: TrendRange;
  models: TrendsModel[];
  sections: TrendsSection[];
  /** Why there is nothing to draw (no history yet, no model chosen); empty for none. */
  notice: string;
  /** "Latest list: 14:02:11"; empty when unknown. */
  asOf: string;
  /** The table's column headers and the legend's words, in the display language. */
  columns: string[];
  /** The outlook of the Machines view's filter; absent when there is no filter. */
  outlook?: TrendsOutlook;
}

function isRange(value: unknown): value is TrendRange {
  return typeof value === 'string' && (TREND_RANGES as readonly string[]).includes(value);
}

/** Accepts only the known requests, with a known range and distinct whole indices below `models`; anything else is ignored. */
export function parseTrendsRequest(message: unknown, models: number): TrendsRequest | undefined {
  const type = messageType(message);
  if (type === 'ready' || type === 'exportCsv') {
    return { type };
  }
  if (type === 'choose') {
    const { range, models: chosen } = message as { range?: unknown; models?: unknown };
    if (!isRange(range) || !Array.isArray(chosen) || chosen.length > MAX_TREND_MODELS) return undefined;
    if (!chosen.every((i) => typeof i === 'number' && Number.isInteger(i) && i >= 0 && i < models) || new Set(chosen).size !== chosen.length) return undefined;
    return { type, range, models: chosen as number[] };
  }
  return undefined;
}

/** The key a restored page kept in its state, if it is one. */
export function trendsKey(state: unknown): TrendsKey | undefined {
  const key = stateKey(state) as { range?: unknown; models?: unknown } | undefined;
  if (!key || typeof key !== 'object' || !isRange(key.range) || !Array.isArray(key.models) || key.models.length > MAX_TREND_MODELS) return undefined;
  return key.models.every((m) => typeof m === 'string' && m !== '' && m.length <= 512) ? { range: key.range, models: key.models as string[] } : undefined;
}
