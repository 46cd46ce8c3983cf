// What a watch's alert says: what a person decides on. One machine: its title,
// price per GPU and region; several: how many, and the cheapest of them; then
// the watch's name (or its query).
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import { oneLine } from '../model/escape';
import { formatInteger, formatPricePerGpu } from '../model/format';
import { machineTitle } from '../model/machines';
import { pricePerGpu } from '../model/price';
import type { Watch } from './watch';

/** "8× H200 SXM5 141GB at 3.20/GPU in cn-east" */
export function machineOffer(machine: Machine): string {
  const region = oneLine(machine.region, 40);
  const price = formatPricePerGpu(pricePerGpu(machine));
  return region ? l10n.t('{0} at {1}/GPU in {2}', machineTitle(machine), price, region) : l10n.t('{0} at {1}/GPU', machineTitle(machine), price);
}

/** The cheapest per GPU; the first of equals (the order the news came in). */
export function cheapest<T extends Machine>(machines: readonly T[]): T | undefined {
  return machines.reduce<T | undefined>((best, machine) => (!best || pricePerGpu(machine) < pricePerGpu(best) ? machine : best), undefined);
}

/**
 * From how many machines there are and the cheapest of them (what the market answers for an alert):
 * `GPU Rental: 8× H200 SXM5 141GB at 3.20/GPU in cn-east newly matches "H200 under 3.5"`,
 * `GPU Rental: 3 new machines, the cheapest 8× H200 SXM5 141GB at 3.20/GPU in cn-east, match "H200 under 3.5"`.
 */
export function alertTextOf(watch: Pick<Watch, 'label'>, count: number, best: Machine | undefined): string {
  if (!best || count === 0) return l10n.t('GPU Rental: no new machine matches "{0}"', watch.label);
  if (count === 1) return l10n.t('GPU Rental: {0} newly matches "{1}"', machineOffer(best), watch.label);
  return l10n.t('GPU Rental: {0} new machines, the cheapest {1}, match "{2}"', formatInteger(count), machineOffer(best), watch.label);
}
