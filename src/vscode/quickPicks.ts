// Palette fallbacks: commands run without a tree item ask which item to use.
import * as vscode from 'vscode';
import type { MachineRecord, Template } from '../api/types';
import { machinePickText } from '../model/machines';
import { isDefaultTemplate, templateImage } from '../model/templates';
import { noIcons, oneLine } from '../model/escape';

interface Pick<T> extends vscode.QuickPickItem {
  value: T;
}

/** Offers the machines in the order given (the tree's order: filtered, grouped, sorted). */
export async function pickMachine(machines: readonly MachineRecord[], title: string): Promise<MachineRecord | undefined> {
  const picks: Pick<MachineRecord>[] = machines.map((machine) => {
    const text = machinePickText(machine);
    return { label: noIcons(text.label), description: noIcons(text.description), detail: noIcons(text.detail), value: machine };
  });
  const choice = await vscode.window.showQuickPick(picks, {
    title,
    placeHolder: 'Search by GPU, region, price, CUDA version or node ID',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return choice?.value;
}

/**
 * Several machines at once (canPickMany), searchable by the same words as
 * pickMachine; undefined when the person cancels.
 */
export async function pickMachines(machines: readonly MachineRecord[], title: string, preselected: readonly MachineRecord[]): Promise<MachineRecord[] | undefined> {
  const ticked = new Set(preselected.map((m) => m.node_name));
  const picks: (Pick<MachineRecord> & { picked: boolean })[] = machines.map((machine) => {
    const text = machinePickText(machine);
    return { label: noIcons(text.label), description: noIcons(text.description), detail: noIcons(text.detail), value: machine, picked: ticked.has(machine.node_name) };
  });
  const choice = await vscode.window.showQuickPick(picks, {
    title,
    placeHolder: 'Tick 2 to 8 machines; search by GPU, region, price, CUDA version or node ID',
    canPickMany: true,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return choice?.map((c) => c.value);
}

/** Offers the templates in the order given (the tree's order). */
export async function pickTemplate(templates: readonly Template[], title: string): Promise<Template | undefined> {
  const picks: Pick<Template>[] = templates.map((template) => ({
      label: noIcons(oneLine(template.name, 120) || `Template ${template.id}`),
      description: noIcons(`${isDefaultTemplate(template) ? 'platform default · ' : ''}Type ${template.image_type} · ${oneLine(templateImage(template), 120)}`),
      detail: noIcons(`ID ${template.id}${template.description ? ` · ${oneLine(template.description, 160)}` : ''}`),
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
