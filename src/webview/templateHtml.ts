// Renders the template details page: every field of a template, the secret
// ones as "set" / "not set" only. Pure and as strict as the details page.
import * as l10n from '@vscode/l10n';
import type { Template } from '../api/types';
import { escapeHtml, oneLine, stripControls } from '../model/escape';
import { imageReference } from '../model/imageRef';
import { isDefaultTemplate, templateDetails } from '../model/templates';
import { asOfText, staleNotice } from './detailsHtml';
import { fieldTable, pageHtml, statusParagraph } from './page';
import type { TemplateContent } from './compareProtocol';

export interface TemplateState {
  template: Template;
  fetchedAt?: Date;
  missing?: boolean;
  stale?: boolean;
}

export interface TemplatePage extends TemplateState {
  nonce: string;
  cspSource: string;
  /** The shared details stylesheet, then the template page's own. */
  styleUris: readonly string[];
  scriptUri: string;
}

export function defaultBadge(): string {
  return l10n.t('Platform default template');
}

export function templateMissingNotice(): string {
  return l10n.t('This template is no longer in the list of image templates. The values below are the last ones seen.');
}

/** "Template 12" when the name is empty. */
export function templateTitle(template: Template): string {
  return oneLine(template.name, 120) || l10n.t('Template {0}', template.id);
}

export function templateContent(state: TemplateState): TemplateContent {
  // Control characters go; line breaks stay where a value is a block (onstart, JSON).
  const keepLines = (text: string) => text.split('\n').map(stripControls).join('\n');
  return {
    title: templateTitle(state.template),
    badge: isDefaultTemplate(state.template) ? defaultBadge() : '',
    reference: stripControls(imageReference(state.template)),
    rows: templateDetails(state.template).map((row) => ({ ...row, value: row.kind === 'text' ? stripControls(row.value) : keepLines(row.value) })),
    notice: state.missing ? templateMissingNotice() : state.stale ? staleNotice() : '',
    asOf: asOfText(state.fetchedAt),
  };
}

export function renderTemplateHtml(page: TemplatePage): string {
  const content = templateContent(page);
  const text = escapeHtml;
  const attr = escapeHtml;
  const rows = content.rows
    .map(
      (row) =>
        `<tr><th scope="row">${text(row.label)} <code class="field">${text(row.field)}</code></th><td><div data-field="${attr(row.field)}" class="value kind-${row.kind}">${text(row.value)}</div></td></tr>`,
    )
    .join('\n        ');
  const main = `    <header>
      <h1 id="title">${text(content.title)}</h1>
      <p id="badge" class="badge"${content.badge ? '' : ' hidden'}><span class="icon-default" aria-hidden="true"></span>${text(content.badge)}</p>
      <div class="node">
        <code id="reference">${text(content.reference)}</code>
        <button id="copy-image-reference" type="button">${text(l10n.t('Copy Image Reference'))}</button>
        <button id="copy-template-json" type="button" class="secondary">${text(l10n.t('Copy as JSON'))}</button>
        <span id="copy-status" class="copy-status" role="status" aria-live="polite"></span>
      </div>
      ${statusParagraph('notice', 'notice', content.notice, 'status')}
    </header>
    ${fieldTable(l10n.t('Template details'), rows)}
    ${statusParagraph('as-of', 'meta', content.asOf)}`;
  return pageHtml({ title: content.title, nonce: page.nonce, cspSource: page.cspSource, styleUris: page.styleUris, scriptUri: page.scriptUri }, main);
}
