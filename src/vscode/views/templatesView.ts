// The Image Templates tree: one group per image_type.
import * as vscode from 'vscode';
import type { Template } from '../../api/types';
import { escapeMarkdownCell, oneLine } from '../../model/escape';
import { templateCount } from '../../model/format';
import { isDefaultTemplate, templateImage, templateTitle, templatePublicRows, type TemplateGroup } from '../../model/templates';
import type { Controller } from '../services/controller';
import { Disposable } from '../services/lifecycle';
import { fieldTable, untrusted } from './machineItems';
import type { TemplatesModel } from './templatesModel';

export type TemplateNode = { kind: 'group'; group: TemplateGroup } | { kind: 'template'; template: Template; imageType: number };

export class TemplatesProvider extends Disposable implements vscode.TreeDataProvider<TemplateNode> {
  private readonly changed = this._register(new vscode.EventEmitter<TemplateNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  /** The root last drawn had rows: a setup change must clear them. */
  private rootShown = false;

  constructor(
    /** What the tree shows: the market's answer for the template filter. */
    private readonly model: TemplatesModel,
    private readonly controller: Controller,
  ) {
    super();
    // Each answer (a new snapshot, another filter) changes the rows; a load starting or failing is told by the view's message.
    this._register(model.onDidChange(() => this.changed.fire(undefined)));
    // Only when the root changes: a tree refresh that draws the same nothing would hold the next one (the first rows) back 200 ms.
    this._register(controller.onDidChangeSetup(() => (this.rootShown || (controller.setup === 'ready' && Boolean(model.answer?.groups.length))) && this.changed.fire(undefined)));
  }

  async getChildren(node?: TemplateNode): Promise<TemplateNode[]> {
    if (!node) {
      this.controller.loadForView('templates');
      const answer = this.controller.setup === 'ready' ? await this.model.current() : undefined;
      const root = (answer?.groups ?? []).map((group): TemplateNode => ({ kind: 'group', group }));
      this.rootShown = root.length > 0;
      return root;
    }
    if (node.kind === 'group') {
      return node.group.templates.map((template) => ({ kind: 'template', template, imageType: node.group.imageType }));
    }
    return [];
  }

  getParent(node: TemplateNode): TemplateNode | undefined {
    if (node.kind === 'template') {
      const group = (this.model.answer?.groups ?? []).find((g) => g.imageType === node.imageType);
      return group ? { kind: 'group', group } : undefined;
    }
    return undefined;
  }

  getTreeItem(node: TemplateNode): vscode.TreeItem {
    return node.kind === 'group' ? groupItem(node.group) : templateItem(node.template);
  }
}

function groupItem(group: TemplateGroup): vscode.TreeItem {
  const item = new vscode.TreeItem(group.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `type:${group.imageType}`;
  const hasDefault = group.templates.some(isDefaultTemplate);
  item.description = hasDefault ? vscode.l10n.t('{0} · platform default', templateCount(group.templates.length)) : templateCount(group.templates.length);
  item.contextValue = 'templateGroup';
  item.iconPath = new vscode.ThemeIcon('folder-library');
  item.accessibilityInformation = { label: vscode.l10n.t('Image type {0}, {1}', group.imageType, item.description) };
  return item;
}

function templateItem(template: Template): vscode.TreeItem {
  const isDefault = isDefaultTemplate(template);
  const item = new vscode.TreeItem(templateTitle(template), vscode.TreeItemCollapsibleState.None);
  item.id = `template:${template.id}`;
  const image = oneLine(templateImage(template), 160);
  item.description = isDefault ? vscode.l10n.t('platform default · {0}', image) : image;
  item.tooltip = templateTooltip(template);
  item.contextValue = 'template';
  item.command = { command: 'gpuRental.showTemplateDetails', title: vscode.l10n.t('Show Template Details'), arguments: [{ kind: 'template', template }] };
  item.iconPath = new vscode.ThemeIcon(isDefault ? 'star-full' : 'package');
  item.accessibilityInformation = { label: `${item.label as string}, ${item.description}` };
  return item;
}

/** Description first, then every non-secret field; docker_passwd is never included. */
function templateTooltip(template: Template): vscode.MarkdownString {
  const description = template.description ? [escapeMarkdownCell(template.description), ''] : [];
  return untrusted([...description, ...fieldTable(templatePublicRows(template).map((row) => [row.field, row.value]))].join('\n'));
}
