// Pure formatting of values for display. The spec gives no units for price,
// memory, disk, speeds or up time, so numbers are shown as sent, never with a
// unit we would have to guess.
import type { Json } from '../api/types';
import { oneLine } from './escape';

/** "RTX_4090" → "RTX 4090": the spec joins words with underscores. */
export function displayName(raw: string): string {
  return oneLine(raw.replace(/_+/g, ' '), 2000) || oneLine(raw, 2000);
}

/** 0.9973 → "99.73%", without trailing zeros: 1 → "100%". */
export function formatPercent(fraction: number): string {
  const percent = Math.round(fraction * 10000) / 100;
  return `${percent}%`;
}

export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

/** The price exactly as the service sent it, only trimmed. */
export function formatPrice(price: string): string {
  return price.trim();
}

/**
 * A derived price per GPU. The service's prices carry two or three decimals;
 * show at most three, and at least two ("1.80", "1.665").
 */
export function formatPricePerGpu(value: number): string {
  if (!Number.isFinite(value)) {
    return '—';
  }
  const text = value.toFixed(3);
  return text.endsWith('0') ? text.slice(0, -1) : text;
}

export function formatInteger(value: number): string {
  return value.toLocaleString('en-US');
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatInteger(count)} ${count === 1 ? one : many}`;
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
  return labels.length === 0 ? 'none' : labels.map((l) => formatJson(l)).join(', ');
}

// The one truncate lives in api, which must not import model; the views get it from here.
export { truncate } from '../api/text';
