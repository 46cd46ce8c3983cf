// The template details page: its shell and its content, as for the machine
// details (../details/content.ts). Every field of a template, the secret ones
// as "set" / "not set" only: the password's value never reaches the page.
import * as l10n from '@vscode/l10n';
import { TEMPLATE_FIELDS, type Template } from '../../api/types';
import { escapeHtml, stripControls } from '../../model/escape';
import { imageReference } from '../../model/imageRef';
import { isDefaultTemplate, templateDetails, templateFieldLabels, templateTitle } from '../../model/templates';
import { asOfText, fieldTable, pageHtml, staleNotice, statusParagraph, type ShellFrame } from '../frame';
import type { TemplateContent } from './protocol';

export interface TemplateState {
  template: Template;
  fetchedAt?: Date;
  missing?: boolean;
  stale?: boolean;
}

export function templateContent(state: TemplateState): TemplateContent {
  // Control characters go; line breaks stay where a value is a block (onstart, JSON).
  const keepLines = (text: string) => text.split('\n').map(stripControls).join('\n');
  return {
    title: templateTitle(state.template),
    badge: isDefaultTemplate(state.template) ? l10n.t('Platform default template') : '',
    reference: stripControls(imageReference(state.template)),
    rows: templateDetails(state.template).map((row) => ({ ...row, value: row.kind === 'text' ? stripControls(row.value) : keepLines(row.value) })),
    notice: state.missing ? l10n.t('This template is no longer in the list of image templates. The values below are the last ones seen.') : state.stale ? staleNotice() : '',
    asOf: asOfText(state.fetchedAt),
  };
}

/**
 * A panel brought back after a reload, before its template is known: its ID
 * and why there is nothing else yet (the list is loading, or the template is
 * not in it).
 */
export function templateWithoutTemplate(id: number, listed: boolean): TemplateContent {
  return {
    title: l10n.t('Template {0}', id),
    badge: '',
    reference: '',
    rows: [],
    notice: listed ? l10n.t('This template is not in the list of image templates.') : l10n.t('Waiting for the list of image templates…'),
    asOf: '',
  };
}

/** The page's HTML: one empty value per field, filled by the content. */
export function templateShell(frame: ShellFrame): string {
  const text = escapeHtml;
  const labels = templateFieldLabels();
  const rows = TEMPLATE_FIELDS.map(
    (field) => `<tr><th scope="row">${text(labels[field])} <code class="field">${text(field)}</code></th><td><div data-field="${field}" class="value kind-text"></div></td></tr>`,
  ).join('\n        ');
  const main = `    <header>
      <h1 id="title"></h1>
      <p id="badge" class="badge" hidden><span class="icon-default" aria-hidden="true"></span><span></span></p>
      <div class="node">
        <code id="reference"></code>
        <button id="copy-image-reference" type="button">${text(l10n.t('Copy Image Reference'))}</button>
        <button id="copy-template-json" type="button" class="secondary">${text(l10n.t('Copy as JSON'))}</button>
        <span id="copy-status" class="copy-status" role="status" aria-live="polite"></span>
      </div>
      ${statusParagraph('notice', 'notice', '', 'status')}
    </header>
    ${fieldTable(l10n.t('Template details'), rows)}
    ${statusParagraph('as-of', 'meta', '')}`;
  return pageHtml({ ...frame, title: l10n.t('Template details') }, main);
}
