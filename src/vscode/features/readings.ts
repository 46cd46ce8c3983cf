// Told once (issue 26): saved filters and watches written when every value of
// gpu, region and cpu_name was a whole name may find other machines now that a
// bare value starts names. At the first activation after the change, this
// profile is told which ones, with the quoted form that keeps the old meaning;
// a flag in globalState makes it the only time (filters written later were
// written with the new reading).
import * as vscode from 'vscode';
import { changedReadings } from '../../model/query';
import { noIcons, oneLine } from '../../model/escape';
import type { Config } from '../services/config';
import type { WatchService } from './watches';

export const READING_TOLD_KEY = 'gpuRental.readingChangeTold';

/** Tells this profile once; returns whether it told anything. */
export async function tellChangedReadings(globalState: vscode.Memento, config: Config, watches: Pick<WatchService, 'watches'>): Promise<boolean> {
  if (globalState.get<boolean>(READING_TOLD_KEY) === true) {
    return false;
  }
  await globalState.update(READING_TOLD_KEY, true);
  const entries = [
    ...Object.entries(config.savedFilters).map(([name, query]) => ({ name, query })),
    ...watches.watches.map((watch) => ({ name: watch.label, query: watch.setting.query })),
  ];
  const changed = changedReadings(entries);
  if (changed.length === 0) {
    return false;
  }
  const list = changed.map((c) => `"${noIcons(oneLine(c.name, 60))}" (${noIcons(oneLine(c.query, 120))})`).join(', ');
  const example = changed[0];
  const text = vscode.l10n.t('GPU Rental: a bare value of gpu, region or cpu_name now matches names that start with its words (gpu=h100 finds H100_SXM5_80GB), so these saved filters and watches may find other machines: {0}. To keep the old meaning, quote the value: {1} instead of {2}.', list, noIcons(oneLine(example.before, 120)), noIcons(oneLine(example.query, 120)));
  void vscode.window.showInformationMessage(text);
  return true;
}
