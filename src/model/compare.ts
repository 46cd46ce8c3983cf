// Comparing machines side by side: one row per field, one cell per machine,
// the best value of each comparable row marked, and each value checked
// against the one seen when the comparison opened. Pure: the panel feeds it
// the machines as the market has them now and as they were.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import { displayName, formatInteger, formatLabels, formatPercent, formatPrice, formatPricePerGpu, yesNo } from './format';
import { fieldLabels, vramTotal } from './machines';
import { pricePerGpu } from './price';
import { compareVersions } from './version';

/** Which end of a row is best; rows without one are shown but never marked. */
export type Better = 'lower' | 'higher' | 'newer';

export interface CompareField {
  key: string;
  label: string;
  better?: Better;
  text(machine: Machine): string;
  /** The value the best mark is decided by: a number, or a version for 'newer'. Undefined or NaN takes no part. */
  rank?(machine: Machine): number | string | undefined;
}

const int = (pick: (m: Machine) => number) => (m: Machine) => formatInteger(pick(m));
const version = (pick: (m: Machine) => string) => (m: Machine) => (pick(m).trim() === '' ? undefined : pick(m));
type NumberField = { [K in keyof Machine]: Machine[K] extends number ? K : never }[keyof Machine];

/** The rows, in the order people weigh them: what it is, what it costs, what it has, how reliable it is. */
export function compareFields(): readonly CompareField[] {
  // Built on each call: the labels are in the display language, known only after activation.
  const label = fieldLabels();
  const more = (key: NumberField): CompareField => ({ key, label: label[key], better: 'higher', text: int((m) => m[key]), rank: (m) => m[key] });
  return [
    { key: 'gpu_name', label: label.gpu_name, text: (m) => displayName(m.gpu_name) },
    { key: 'gpu_count', label: label.gpu_count, text: int((m) => m.gpu_count) },
    { key: 'price', label: label.price, better: 'lower', text: (m) => formatPrice(m.price), rank: (m) => Number(m.price) },
    { key: 'price_per_gpu', label: label.price_per_gpu, better: 'lower', text: (m) => formatPricePerGpu(pricePerGpu(m)), rank: pricePerGpu },
    more('gpu_memory'),
    { key: 'vram_total', label: label.vram_total, better: 'higher', text: int(vramTotal), rank: vramTotal },
    { key: 'cpu_name', label: label.cpu_name, text: (m) => displayName(m.cpu_name) },
    ...(['cpu_count', 'cpu_per_gpu', 'memory_total', 'memory_per_gpu', 'disk_total', 'disk_per_gpu', 'network_upload_speed', 'network_download_speed'] as const).map(more),
    { key: 'online_rate', label: label.online_rate, better: 'higher', text: (m) => formatPercent(m.online_rate), rank: (m) => m.online_rate },
    { key: 'up_time', label: label.up_time, text: int((m) => m.up_time) },
    { key: 'cuda_version', label: label.cuda_version, better: 'newer', text: (m) => m.cuda_version, rank: version((m) => m.cuda_version) },
    { key: 'driver_version', label: label.driver_version, better: 'newer', text: (m) => m.driver_version, rank: version((m) => m.driver_version) },
    { key: 'nvlink_status', label: label.nvlink_status, text: (m) => yesNo(m.nvlink_status) },
    { key: 'region', label: label.region, text: (m) => m.region },
    { key: 'labels', label: label.labels, text: (m) => formatLabels(m.labels) },
  ];
}

export interface CompareInput {
  /** The machine as the market has it now, or its last values when it is gone. */
  machine: Machine;
  /** The machine when the comparison opened (or the column was added). */
  baseline: Machine;
  /** No longer in the listing: shown, but never marked best (it cannot be rented). */
  missing: boolean;
}

export interface CompareCell {
  text: string;
  best: boolean;
  /** The text when the comparison opened, when it differs from `text` now; undefined when unchanged. */
  was?: string;
}

export interface CompareRow {
  key: string;
  label: string;
  /** True when the row can have a best value (price, memory, versions…). */
  comparable: boolean;
  /** Every column shows the same text: the "Only differences" toggle hides the row. */
  same: boolean;
  cells: CompareCell[];
}

export function compareMachines(columns: readonly CompareInput[], fields: readonly CompareField[] = compareFields()): CompareRow[] {
  return fields.map((field) => {
    const texts = columns.map((c) => field.text(c.machine));
    const best = bestColumns(field, columns);
    return {
      key: field.key,
      label: field.label,
      comparable: field.better !== undefined,
      same: texts.every((t) => t === texts[0]),
      cells: columns.map((column, i) => {
        const was = field.text(column.baseline);
        return { text: texts[i], best: best.has(i), was: was === texts[i] ? undefined : was };
      }),
    };
  });
}

/**
 * The columns holding the best value of a row. Ties are all best. Nothing is
 * best when fewer than two listed machines have a value, or when they all
 * have the same one: a mark must tell the machines apart.
 */
export function bestColumns(field: CompareField, columns: readonly CompareInput[]): Set<number> {
  const rank = field.rank;
  if (!field.better || !rank) {
    return new Set();
  }
  const ranked = columns.flatMap((column, index) => {
    const value = column.missing ? undefined : rank(column.machine);
    return value === undefined || Number.isNaN(value) ? [] : [{ index, value }];
  });
  if (ranked.length < 2) {
    return new Set();
  }
  const order = orderOf(field.better);
  const top = ranked.reduce((a, b) => (order(b.value, a.value) > 0 ? b : a)).value;
  const best = ranked.filter(({ value }) => order(value, top) === 0);
  return new Set(best.length === ranked.length ? [] : best.map(({ index }) => index));
}

/** Positive when `a` is better than `b`. */
function orderOf(better: Better): (a: number | string, b: number | string) => number {
  switch (better) {
    case 'lower':
      return (a, b) => Math.sign(Number(b) - Number(a));
    case 'higher':
      return (a, b) => Math.sign(Number(a) - Number(b));
    case 'newer':
      return (a, b) => compareVersions(String(a), String(b));
  }
}

/** "Compare 3 machines" */
export function compareTitle(count: number): string {
  return count === 1 ? l10n.t('Compare 1 machine') : l10n.t('Compare {0} machines', formatInteger(count));
}

/** The most machines one comparison shows: more columns stop fitting side by side. */
export const MAX_COMPARED = 8;
