// Pure formatting of values for display, in VS Code's display language. The
// spec gives no units for price, memory, disk, speeds or up time, so numbers
// are shown without a unit we would have to guess. What is copied never comes
// from here in another language: copies keep the service's values (see
// copyFormats.ts, which formats with INVARIANT_LOCALE).
import * as l10n from '@vscode/l10n';
import type { Json } from '../api/types';
import { oneLine } from './escape';

/** The language of copies and tool answers: numbers a script or a query can read back ("1.85"). */
export const INVARIANT_LOCALE = 'en';

let displayLocale = INVARIANT_LOCALE;

/**
 * Sets the language numbers and times are shown in: VS Code's display
 * language (`vscode.env.language`, e.g. "de" or "zh-cn"), set once at
 * activation. A tag Intl does not know (the pseudo-locale "qps-ploc") falls
 * back to English rather than to whatever the process's default locale is.
 */
export function setDisplayLocale(tag: string | undefined): void {
  const [supported] = tag ? safeSupported(tag) : [];
  displayLocale = supported ?? INVARIANT_LOCALE;
}

export function getDisplayLocale(): string {
  return displayLocale;
}

function safeSupported(tag: string): string[] {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]);
  } catch {
    return []; // not a well-formed language tag
  }
}

// Building an Intl formatter costs far more than using one (toLocaleString builds one per call, 0.1 ms):
// one per locale and kind.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function memoised<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}
export function numberFormat(locale: string, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return memoised(`number\n${locale}\n${kind}`, () => new Intl.NumberFormat(locale, options));
}
export function dateTimeFormat(locale: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return memoised(`date\n${locale}\n${kind}`, () => new Intl.DateTimeFormat(locale, options));
}

/** "RTX_4090" → "RTX 4090": the spec joins words with underscores. */
export function displayName(raw: string): string {
  return oneLine(raw.replace(/_+/g, ' '), 2000) || oneLine(raw, 2000);
}

/** 157.93 → "157.9" ("157,9" in German): one decimal, always shown. */
export function formatOneDecimal(value: number, locale = displayLocale): string {
  return numberFormat(locale, 'oneDecimal', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** 0.9973 → "99.73%" ("99,73 %" in German), without trailing zeros: 1 → "100%". */
export function formatPercent(fraction: number, locale = displayLocale): string {
  // Rounded to hundredths of a percent first, so that every language rounds the same way.
  const rounded = Math.round(fraction * 10000) / 10000;
  return numberFormat(locale, 'percent', { style: 'percent', maximumFractionDigits: 2 }).format(rounded);
}

export function yesNo(value: boolean): string {
  return value ? l10n.t('yes') : l10n.t('no');
}

const PLAIN_DECIMAL = /^[+-]?\d{1,15}(\.\d{1,6})?$/;

/**
 * The price as the service sent it, in the display language's digits: the
 * same decimals ("7.40" → "7,40" in German). Anything that is not a plain
 * decimal is shown as sent, only trimmed. Copies use `price` itself.
 */
export function formatPrice(price: string, locale = displayLocale): string {
  const text = price.trim();
  if (!PLAIN_DECIMAL.test(text)) {
    return text;
  }
  const decimals = text.split('.')[1]?.length ?? 0;
  return numberFormat(locale, `price${decimals}`, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Number(text));
}

/**
 * A derived price per GPU. The service's prices carry two or three decimals;
 * show at most three, and at least two ("1.80", "1.665"; "1,80" in German).
 */
export function formatPricePerGpu(value: number, locale = displayLocale): string {
  if (!Number.isFinite(value)) {
    return '—';
  }
  // Rounded like toFixed(3) first, so that every language shows the same digits.
  const rounded = Number(value.toFixed(3));
  return numberFormat(locale, 'perGpu', { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(rounded);
}

export function formatInteger(value: number, locale = displayLocale): string {
  return numberFormat(locale, 'integer', {}).format(value);
}

/** "14:02:11": the display language's separators, always 24-hour (as VS Code's own logs). */
export function formatTime(date: Date, locale = displayLocale): string {
  return dateTimeFormat(locale, 'time', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(date);
}

/** "1 machine", "12 machines". */
export function machineCount(count: number): string {
  return count === 1 ? l10n.t('1 machine') : l10n.t('{0} machines', formatInteger(count));
}

/** "1 template", "12 templates". */
export function templateCount(count: number): string {
  return count === 1 ? l10n.t('1 template') : l10n.t('{0} templates', formatInteger(count));
}

/** "1 GPU", "8 GPUs". */
export function gpuCount(count: number): string {
  return count === 1 ? l10n.t('1 GPU') : l10n.t('{0} GPUs', formatInteger(count));
}

/** Any JSON value as one line of text: null as "—", strings as they are, the rest as JSON. */
export function formatJson(value: Json | undefined): string {
  if (value === null || value === undefined) {
    return '—';
  }
  if (typeof value === 'string') {
    return value;
  }
  return JSON.stringify(value);
}

/** A list of labels, each as text; "none" for an empty list. */
export function formatLabels(labels: readonly Json[]): string {
  return labels.length === 0 ? l10n.t({ message: 'none', comment: ['Shown for an empty list of machine labels.'] }) : labels.map((l) => formatJson(l)).join(', ');
}

// The one truncate lives in api, which must not import model; the views get it from here.
export { truncate } from '../api/text';
