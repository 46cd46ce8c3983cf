// What the copy commands and the panels' buttons write to the clipboard, each
// with its confirmation in the status bar.
import * as vscode from 'vscode';
import { flash } from '../services/notify';
import { nodeIdsDelivered } from '../services/walkthroughProgress';
import type { Template } from '../../api/types';
import { formatInteger } from '../../model/format';
import { imageReference } from '../../model/imageRef';
import { maskedTemplate } from '../../model/secrets';

export async function copyIds(ids: string[], what: 'node' | 'template'): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await vscode.env.clipboard.writeText(ids.join('\n'));
  if (what === 'node') nodeIdsDelivered(ids.length);
  const count = formatInteger(ids.length);
  const message =
    what === 'node'
      ? ids.length === 1
        ? vscode.l10n.t('Copied node ID {0}', ids[0])
        : vscode.l10n.t('Copied {0} node IDs', count)
      : ids.length === 1
        ? vscode.l10n.t('Copied template ID {0}', ids[0])
        : vscode.l10n.t('Copied {0} template IDs', count);
  flash(message);
}

export async function writeImageReference(template: Template): Promise<void> {
  const reference = imageReference(template);
  await vscode.env.clipboard.writeText(reference);
  flash(vscode.l10n.t('Copied image reference of template {0}', template.id));
}

export async function writeTemplateJson(template: Template): Promise<void> {
  // Secrets are masked: this JSON ends up in chats, issues and scripts.
  await vscode.env.clipboard.writeText(JSON.stringify(maskedTemplate(template), null, 2));
  flash(vscode.l10n.t('Copied template {0} as JSON (secrets masked)', template.id));
}
