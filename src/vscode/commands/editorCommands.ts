// Where the IDs go: Insert Node ID… / Insert Template ID… put IDs at the
// cursors of the active editor; Copy As… copies machines or templates as IDs,
// a shell variable line, JSON or Markdown rows.
import * as vscode from 'vscode';
import type { Machine, Template } from '../../api/types';
import { COPY_FORMS, copyMachines, copyTemplates, type CopyForm } from '../../model/copyFormats';
import { formatInteger } from '../../model/format';
import { lazyMachinePick, visibleMachines } from './lazyPick';
import { flash } from '../services/notify';
import { nodeIdsDelivered } from '../services/walkthroughProgress';
import { templatePickText, type Pick } from './quickPicks';
import type { TargetDeps } from './targets';

export async function insertNodeIds({ controller, view, marketHost }: TargetDeps): Promise<void> {
  const editor = activeEditor();
  if (!editor || !(await controller.ensureData('machines'))) return;
  const source = visibleMachines(marketHost, view);
  const first = await source('');
  const title = withCursors(vscode.l10n.t('Insert Node ID'), editor.selections.length);
  const chosen = (await lazyMachinePick(source, first, { title, placeHolder: vscode.l10n.t('Search by GPU, region, price, CUDA version or node ID'), many: true })) ?? [];
  await insert(editor, chosen.map((m) => m.node_name));
  nodeIdsDelivered(chosen.length);
}

export async function insertTemplateIds({ controller, templatesShown }: TargetDeps): Promise<void> {
  const editor = activeEditor();
  if (!editor || !(await controller.ensureData('templates'))) return;
  const picks: Pick<Template>[] = (await templatesShown.inOrder()).map((template) => ({
    ...templatePickText(template),
    detail: vscode.l10n.t('ID {0}', template.id),
    value: template,
  }));
  const title = withCursors(vscode.l10n.t('Insert Template ID'), editor.selections.length);
  const chosen = await vscode.window.showQuickPick(picks, { title, placeHolder: vscode.l10n.t('Search by name, image or ID'), canPickMany: true, matchOnDescription: true, matchOnDetail: true });
  await insert(editor, chosen?.map((p) => String(p.value.id)) ?? []);
}

function activeEditor(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('GPU Rental: open a file to insert IDs into, and place the cursor where they go.'));
  }
  return editor;
}

/** "Insert Node ID (pick 3 for one per cursor)" with several cursors. */
function withCursors(title: string, cursors: number): string {
  return cursors > 1 ? vscode.l10n.t('{0} (pick {1} for one per cursor)', title, cursors) : title;
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

/** The words for each form of COPY_FORMS, in the display language. */
function formLabels(): Record<CopyForm, { label: string; detail: string }> {
  return {
    id: { label: vscode.l10n.t('IDs'), detail: vscode.l10n.t('One per line') },
    shell: { label: vscode.l10n.t('Shell Variable'), detail: vscode.l10n.t('NODE_ID=… (NODE_IDS="…" for several)') },
    json: { label: vscode.l10n.t('JSON'), detail: vscode.l10n.t('Every field as the service sent it (template secrets masked)') },
    markdown: { label: vscode.l10n.t('Markdown Table'), detail: vscode.l10n.t('A row each, with a header') },
  };
}

/** "machine", "3 machines", "template", "2 templates": what Copy As… copies. */
function copiedWhat(machines: number, templates: number): string {
  if (machines) {
    return machines === 1 ? vscode.l10n.t('machine') : vscode.l10n.t('{0} machines', formatInteger(machines));
  }
  return templates === 1 ? vscode.l10n.t('template') : vscode.l10n.t('{0} templates', formatInteger(templates));
}

export async function copyAs(machines: Machine[], templates: Template[]): Promise<void> {
  if (machines.length === 0 && templates.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('GPU Rental: choose "Copy As…" on a machine or a template in the GPU Rental views.'));
    return;
  }
  const what = copiedWhat(machines.length, templates.length);
  const labels = formLabels();
  const choice = await vscode.window.showQuickPick(
    COPY_FORMS.map((form) => ({ ...labels[form], form })),
    { title: vscode.l10n.t('Copy {0} as…', what) },
  );
  if (!choice) return;
  const text = machines.length ? copyMachines(machines, choice.form) : copyTemplates(templates, choice.form);
  await vscode.env.clipboard.writeText(text);
  nodeIdsDelivered(machines.length);
  flash(vscode.l10n.t('Copied {0} as {1}', what, choice.label));
}
