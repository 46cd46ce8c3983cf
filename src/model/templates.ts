// Pure grouping and describing of image templates for the Templates view.
import * as l10n from '@vscode/l10n';
import { TEMPLATE_FIELDS, type Json, type Template } from '../api/types';
import { oneLine } from './escape';
import { formatJson } from './format';
import { compareText, groupedBy } from './machines';
import { normalizeText } from './text';
import { isSecretField } from './secrets';

export interface TemplateGroup {
  imageType: number;
  label: string;
  templates: Template[];
}

/** "Template 12" when the name is empty: how trees, quick picks and the template page title a template. */
export function templateTitle(template: Template): string {
  return oneLine(template.name, 120) || l10n.t('Template {0}', template.id);
}

/** The platform default template (spec 4.1: image_type and id both 0). */
export function isDefaultTemplate(template: Template): boolean {
  return template.id === 0 && template.image_type === 0;
}

/** One group per image_type in ascending order; the default template first, then by name. */
export function groupByImageType(templates: readonly Template[]): TemplateGroup[] {
  return [...groupedBy(templates, (t) => t.image_type)]
    .sort(([a], [b]) => a - b)
    .map(([imageType, list]) => ({
      imageType,
      label: l10n.t('Type {0}', imageType),
      templates: list.sort(
        (a, b) => Number(isDefaultTemplate(b)) - Number(isDefaultTemplate(a)) || compareText(a.name, b.name) || a.id - b.id,
      ),
    }));
}

/** "pytorch/pytorch:2.4.0" */
export function templateImage(template: Template): string {
  return template.image_tag ? `${template.image_name}:${template.image_tag}` : template.image_name;
}

/** Every field except the secret ones, for tooltips. */
export function templatePublicRows(template: Template): Pick<TemplateDetailRow, 'field' | 'value'>[] {
  return TEMPLATE_FIELDS.filter((field) => !isSecretField(field)).map((field) => {
    const value = template[field];
    return { field, value: typeof value === 'number' ? String(value) : formatJson(value) };
  });
}

/**
 * Keeps the templates whose name, image or label contain every word of the
 * text (ignoring case, with "_" and spaces alike).
 */
export function filterTemplates(templates: readonly Template[], text: string): Template[] {
  const words = normalizeText(text).split(' ').filter(Boolean);
  return templates.filter((template) => {
    const haystack = normalizeText(`${template.name} ${templateImage(template)} ${template.image_label}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** How a template value is laid out: one line of text, a monospace block of text, or formatted JSON. */
export type TemplateValueKind = 'text' | 'code' | 'json';

export interface TemplateDetailRow {
  field: keyof Template;
  label: string;
  kind: TemplateValueKind;
  value: string;
}

/** The label of every template field, in the display language (looked up when asked, after activation). */
export function templateFieldLabels(): Record<keyof Template, string> {
  return {
    name: l10n.t('Name'),
    description: l10n.t('Description'),
    image_name: l10n.t('Image name'),
    image_tag: l10n.t('Image tag'),
    image_label: l10n.t('Image label'),
    docker_username: l10n.t('Registry user name'),
    docker_passwd: l10n.t('Registry password'),
    docker_registry: l10n.t('Registry'),
    public_port: l10n.t('Public port'),
    onstart: l10n.t('On start script'),
    options: l10n.t('Options'),
    image_type: l10n.t('Image type'),
    id: l10n.t('Template ID'),
  };
}

/** What a secret field shows instead of its value. */
export function secretState(set: boolean): string {
  return set ? l10n.t({ message: 'set', comment: ['A secret field (the registry password) has a value; the value is never shown.'] }) : l10n.t({ message: 'not set', comment: ['A secret field (the registry password) is empty.'] });
}

/**
 * Every field of a template for its details page. A secret field shows only
 * whether it is set; its value never leaves this function. Strings are shown
 * as they are (onstart as a block of code), other values as formatted JSON,
 * null as "—".
 */
export function templateDetails(template: Template): TemplateDetailRow[] {
  const labels = templateFieldLabels();
  return TEMPLATE_FIELDS.map((field) => {
    const label = labels[field];
    const value: Json = template[field];
    if (isSecretField(field)) {
      const set = value !== null && value !== '';
      return { field, label, kind: 'text', value: secretState(set) };
    }
    if (typeof value === 'string') {
      return { field, label, kind: field === 'onstart' ? 'code' : 'text', value };
    }
    if (value === null || typeof value === 'number' || typeof value === 'boolean') {
      return { field, label, kind: 'text', value: formatJson(value) };
    }
    return { field, label, kind: 'json', value: JSON.stringify(value, null, 2) };
  });
}
