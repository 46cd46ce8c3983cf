// Where the IDs go: Insert Node ID… / Insert Template ID… put IDs at the
// cursors of the active editor; Copy As… copies machines or templates as IDs,
// a shell variable line, JSON or Markdown rows.
import * as vscode from 'vscode';
import type { MachineRecord, Template } from '../api/types';
import { copyMachines, copyTemplates, type CopyForm } from '../model/copyFormats';
import { machinePickText } from '../model/machines';
import { isDefaultTemplate, templateImage } from '../model/templates';
import { noIcons, oneLine } from '../model/escape';
import { machinesInOrder, templatesInOrder } from '../market/views';
import type { CommandDeps } from './commands';
import { showInfo } from './notify';

interface Pick<T> extends vscode.QuickPickItem {
  value: T;
}

export async function insertNodeIds(deps: CommandDeps): Promise<void> {
  const editor = activeEditor();
  if (!editor || !(await deps.controller.ensureData('machines'))) return;
  const machines = machinesInOrder(deps.machines.current());
  const picks: Pick<MachineRecord>[] = machines.map((machine) => {
    const text = machinePickText(machine);
    return { label: noIcons(text.label), description: noIcons(text.description), detail: noIcons(text.detail), value: machine };
  });
  const chosen = await pickMany(picks, 'Insert Node ID', editor.selections.length, 'Search by GPU, region, price, CUDA version or node ID');
  await insert(editor, chosen.map((m) => m.node_name));
}

export async function insertTemplateIds(deps: CommandDeps): Promise<void> {
  const editor = activeEditor();
  if (!editor || !(await deps.controller.ensureData('templates'))) return;
  const picks: Pick<Template>[] = templatesInOrder(deps.templates.current()).map((template) => ({
    label: noIcons(oneLine(template.name, 120) || `Template ${template.id}`),
    description: noIcons(`${isDefaultTemplate(template) ? 'platform default · ' : ''}Type ${template.image_type} · ${oneLine(templateImage(template), 120)}`),
    detail: `ID ${template.id}`,
    value: template,
  }));
  const chosen = await pickMany(picks, 'Insert Template ID', editor.selections.length, 'Search by name, image or ID');
  await insert(editor, chosen.map((t) => String(t.id)));
}

function activeEditor(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void showInfo('GPU Rental: open a file to insert IDs into, and place the cursor where they go.');
  }
  return editor;
}

async function pickMany<T>(picks: Pick<T>[], title: string, cursors: number, placeHolder: string): Promise<T[]> {
  const hint = cursors > 1 ? ` (pick ${cursors} for one per cursor)` : '';
  const chosen = await vscode.window.showQuickPick(picks, { title: `${title}${hint}`, placeHolder, canPickMany: true, matchOnDescription: true, matchOnDetail: true });
  return chosen?.map((p) => p.value) ?? [];
}

/**
 * As many IDs as cursors: one per cursor, in the order the cursors were
 * placed. Otherwise every cursor gets all of them, one per line.
 */
async function insert(editor: vscode.TextEditor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const selections = editor.selections;
  const each = ids.length === selections.length ? ids : selections.map(() => ids.join('\n'));
  await editor.edit((edit) => selections.forEach((selection, i) => edit.replace(selection, each[i])));
}

const FORMS: { form: CopyForm; label: string; detail: string }[] = [
  { form: 'id', label: 'IDs', detail: 'One per line' },
  { form: 'shell', label: 'Shell Variable', detail: 'NODE_ID=… (NODE_IDS="…" for several)' },
  { form: 'json', label: 'JSON', detail: 'Every field as the service sent it (template secrets masked)' },
  { form: 'markdown', label: 'Markdown Table', detail: 'A row each, with a header' },
];

export async function copyAs(machines: MachineRecord[], templates: Template[]): Promise<void> {
  if (machines.length === 0 && templates.length === 0) {
    void showInfo('GPU Rental: choose "Copy As…" on a machine or a template in the GPU Rental views.');
    return;
  }
  const what = machines.length ? `${machines.length === 1 ? 'machine' : `${machines.length} machines`}` : templates.length === 1 ? 'template' : `${templates.length} templates`;
  const choice = await vscode.window.showQuickPick(
    FORMS.map((f) => ({ label: f.label, detail: f.detail, form: f.form })),
    { title: `Copy ${what} as…` },
  );
  if (!choice) return;
  const text = machines.length ? copyMachines(machines, choice.form) : copyTemplates(templates, choice.form);
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(check) Copied ${what} as ${choice.label}`, 4000);
}
