// Palette fallbacks: commands run without a tree item ask which item to use.
import * as vscode from 'vscode';
import type { Machine, Template } from '../../api/types';
import { machinePickText } from '../../model/machines';
import { isDefaultTemplate, templateImage, templateTitle } from '../../model/templates';
import { noIcons, oneLine } from '../../model/escape';

export type Pick<T> = vscode.QuickPickItem & { value: T };

/** A machine as every machine quick pick shows it: searchable by GPU, region, price, CUDA version and node ID. */
export function machinePick(machine: Machine, picked = false): Pick<Machine> {
  const text = machinePickText(machine);
  return { label: noIcons(text.label), description: noIcons(text.description), detail: noIcons(text.detail), value: machine, picked };
}

/** A template's quick pick label and description: name, then "platform default · Type 0 · image". */
export function templatePickText(template: Template): { label: string; description: string } {
  const typeAndImage = vscode.l10n.t('Type {0} · {1}', template.image_type, oneLine(templateImage(template), 120));
  return {
    label: noIcons(templateTitle(template)),
    description: noIcons(isDefaultTemplate(template) ? vscode.l10n.t('platform default · {0}', typeAndImage) : typeAndImage),
  };
}

/** Offers the templates in the order given (the tree's order). */
export async function pickTemplate(templates: readonly Template[], title: string): Promise<Template | undefined> {
  const picks: Pick<Template>[] = templates.map((template) => ({
    ...templatePickText(template),
    detail: noIcons(template.description ? vscode.l10n.t('ID {0} · {1}', template.id, oneLine(template.description, 160)) : vscode.l10n.t('ID {0}', template.id)),
    value: template,
  }));
  const choice = await vscode.window.showQuickPick(picks, {
    title,
    placeHolder: vscode.l10n.t('Search by name, image or ID'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return choice?.value;
}
