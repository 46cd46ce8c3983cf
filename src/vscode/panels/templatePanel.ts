// One webview panel per image template, with every field (secrets as "set" /
// "not set" only), Copy Image Reference and Copy as JSON. Like the machine
// details panels (./recordPanels.ts), it follows the market by messages.
import * as vscode from 'vscode';
import type { Template } from '../../api/types';
import { templateContent, templateShell, templateWithoutTemplate } from '../../webview/template/content';
import { parseTemplateRequest, templateKey, type TemplateContent, type TemplateKey, type TemplateRequest } from '../../webview/template/protocol';
import type { ReadyRequest } from '../../webview/protocol';
import type { PageKind } from './host';
import type { Log } from '../services/log';
import { RecordPanels, type PanelMarket, type Seen } from './recordPanels';

export const TEMPLATE_VIEW_TYPE = 'gpuRental.templateDetails';

export interface TemplateActions {
  copyImageReference(template: Template): Promise<void>;
  copyTemplateJson(template: Template): Promise<void>;
}

const TEMPLATE_PAGE: PageKind<TemplateKey, TemplateContent, TemplateRequest> = {
  viewType: TEMPLATE_VIEW_TYPE,
  script: 'template',
  // The shared details stylesheet, then the template page's own.
  styles: ['details.css', 'template.css'],
  shell: templateShell,
  id: String,
  restoredKey: templateKey,
  parse: parseTemplateRequest,
};

export class TemplatePanels extends RecordPanels<TemplateKey, Template, TemplateContent, TemplateRequest> {
  constructor(
    extensionUri: vscode.Uri,
    market: PanelMarket,
    private readonly actions: TemplateActions,
    log: Pick<Log, 'warn'>,
  ) {
    super(extensionUri, market, 'templates', TEMPLATE_PAGE, log);
  }

  protected find(id: number, _last: Template | undefined, signal: AbortSignal): Promise<Template | undefined> {
    return this.market.client.request('template', { id }, signal);
  }

  protected keyOf(template: Template): number {
    return template.id;
  }

  protected render(template: Template, seen: Seen): TemplateContent {
    return templateContent({ template, ...seen });
  }

  protected without(id: number, listed: boolean): TemplateContent {
    return templateWithoutTemplate(id, listed);
  }

  protected async act(_id: number, template: Template | undefined, request: Exclude<TemplateRequest, ReadyRequest>): Promise<string | undefined> {
    if (!template) return undefined;
    if (request.type === 'copyImageReference') {
      await this.actions.copyImageReference(template);
      return vscode.l10n.t('Copied the image reference');
    }
    await this.actions.copyTemplateJson(template);
    return vscode.l10n.t('Copied as JSON, secrets masked');
  }
}
