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

const num = (pick: (m: Machine) => number) => (m: Machine) => pick(m);
const int = (pick: (m: Machine) => number) => (m: Machine) => formatInteger(pick(m));
const version = (pick: (m: Machine) => string) => (m: Machine) => (pick(m).trim() === '' ? undefined : pick(m));

/** The rows, in the order people weigh them: what it is, what it costs, what it has, how reliable it is. */
export function compareFields(): readonly CompareField[] {
  // Built on each call: the labels are in the display language, known only after activation.
  const label = fieldLabels();
  return [
    { key: 'gpu_name', label: label.gpu_name, text: (m) => displayName(m.gpu_name) },
    { key: 'gpu_count', label: label.gpu_count, text: int((m) => m.gpu_count) },
    { key: 'price', label: label.price, better: 'lower', text: (m) => formatPrice(m.price), rank: (m) => Number(m.price) },
    { key: 'price_per_gpu', label: label.price_per_gpu, better: 'lower', text: (m) => formatPricePerGpu(pricePerGpu(m)), rank: pricePerGpu },
    { key: 'gpu_memory', label: label.gpu_memory, better: 'higher', text: int((m) => m.gpu_memory), rank: num((m) => m.gpu_memory) },
    { key: 'vram_total', label: label.vram_total, better: 'higher', text: int(vramTotal), rank: num(vramTotal) },
    { key: 'cpu_name', label: label.cpu_name, text: (m) => displayName(m.cpu_name) },
    { key: 'cpu_count', label: label.cpu_count, better: 'higher', text: int((m) => m.cpu_count), rank: num((m) => m.cpu_count) },
    { key: 'cpu_per_gpu', label: label.cpu_per_gpu, better: 'higher', text: int((m) => m.cpu_per_gpu), rank: num((m) => m.cpu_per_gpu) },
    { key: 'memory_total', label: label.memory_total, better: 'higher', text: int((m) => m.memory_total), rank: num((m) => m.memory_total) },
    { key: 'memory_per_gpu', label: label.memory_per_gpu, better: 'higher', text: int((m) => m.memory_per_gpu), rank: num((m) => m.memory_per_gpu) },
    { key: 'disk_total', label: label.disk_total, better: 'higher', text: int((m) => m.disk_total), rank: num((m) => m.disk_total) },
    { key: 'disk_per_gpu', label: label.disk_per_gpu, better: 'higher', text: int((m) => m.disk_per_gpu), rank: num((m) => m.disk_per_gpu) },
    { key: 'network_upload_speed', label: label.network_upload_speed, better: 'higher', text: int((m) => m.network_upload_speed), rank: num((m) => m.network_upload_speed) },
    { key: 'network_download_speed', label: label.network_download_speed, better: 'higher', text: int((m) => m.network_download_speed), rank: num((m) => m.network_download_speed) },
    { key: 'online_rate', label: label.online_rate, better: 'higher', text: (m) => formatPercent(m.online_rate), rank: num((m) => m.online_rate) },
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
  const best = new Set<number>();
  if (!field.better || !field.rank) {
    return best;
  }
  const ranked: { index: number; value: number | string }[] = [];
  columns.forEach((column, index) => {
    const value = column.missing ? undefined : field.rank!(column.machine);
    if (value !== undefined && !(typeof value === 'number' && Number.isNaN(value))) {
      ranked.push({ index, value });
    }
  });
  if (ranked.length < 2) {
    return best;
  }
  const order = orderOf(field.better);
  let top = ranked[0].value;
  for (const { value } of ranked) {
    if (order(value, top) > 0) top = value;
  }
  if (ranked.every(({ value }) => order(value, top) === 0)) {
    return best;
  }
  for (const { index, value } of ranked) {
    if (order(value, top) === 0) best.add(index);
  }
  return best;
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
