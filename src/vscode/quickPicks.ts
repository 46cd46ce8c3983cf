// Palette fallbacks: commands run without a tree item ask which item to use.
import * as vscode from 'vscode';
import type { MachineRecord, Template } from '../api/types';
import { machinePickText } from '../model/machines';
import { isDefaultTemplate, templateImage } from '../model/templates';
import { truncate } from '../model/format';

interface Pick<T> extends vscode.QuickPickItem {
  value: T;
}

/** Offers the machines in the order given (the tree's order: filtered, grouped, sorted). */
export async function pickMachine(machines: readonly MachineRecord[], title: string): Promise<MachineRecord | undefined> {
  const picks: Pick<MachineRecord>[] = machines.map((machine) => ({ ...machinePickText(machine), value: machine }));
  const choice = await vscode.window.showQuickPick(picks, {
    title,
    placeHolder: 'Search by GPU, region, price, CUDA version or node ID',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return choice?.value;
}

/** Offers the templates in the order given (the tree's order). */
export async function pickTemplate(templates: readonly Template[], title: string): Promise<Template | undefined> {
  const picks: Pick<Template>[] = templates.map((template) => ({
      label: truncate(template.name || `Template ${template.id}`, 120),
      description: `${isDefaultTemplate(template) ? 'platform default · ' : ''}Type ${template.image_type} · ${truncate(templateImage(template), 120)}`,
      detail: `ID ${template.id}${template.description ? ` · ${truncate(template.description, 160)}` : ''}`,
      value: template,
    }));
  const choice = await vscode.window.showQuickPick(picks, {
    title,
    placeHolder: 'Search by name, image or ID',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return choice?.value;
}
