// Pure grouping and describing of image templates for the Templates view.
import { TEMPLATE_FIELDS, type Json, type Template } from '../api/types';
import { formatJson } from './format';
import { compareText } from './machines';
import { normalizeText } from './text';
import { isSecretField } from './secrets';

export interface TemplateGroup {
  imageType: number;
  label: string;
  templates: Template[];
}

/** The platform default template (spec 4.1: image_type and id both 0). */
export function isDefaultTemplate(template: Template): boolean {
  return template.id === 0 && template.image_type === 0;
}

/** One group per image_type in ascending order; the default template first, then by name. */
export function groupByImageType(templates: readonly Template[]): TemplateGroup[] {
  const byType = new Map<number, Template[]>();
  for (const template of templates) {
    const list = byType.get(template.image_type);
    if (list) {
      list.push(template);
    } else {
      byType.set(template.image_type, [template]);
    }
  }
  return [...byType.entries()]
    .sort(([a], [b]) => a - b)
    .map(([imageType, list]) => ({
      imageType,
      label: `Type ${imageType}`,
      templates: list.sort(
        (a, b) => Number(isDefaultTemplate(b)) - Number(isDefaultTemplate(a)) || compareText(a.name, b.name) || a.id - b.id,
      ),
    }));
}

/** "pytorch/pytorch:2.4.0" */
export function templateImage(template: Template): string {
  return template.image_tag ? `${template.image_name}:${template.image_tag}` : template.image_name;
}

export interface TemplateRow {
  field: keyof Template;
  value: string;
}

/** Every field except the secret ones, for tooltips. */
export function templatePublicRows(template: Template): TemplateRow[] {
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
  if (words.length === 0) {
    return [...templates];
  }
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

const TEMPLATE_LABELS: Record<keyof Template, string> = {
  name: 'Name',
  description: 'Description',
  image_name: 'Image name',
  image_tag: 'Image tag',
  image_label: 'Image label',
  docker_username: 'Registry user name',
  docker_passwd: 'Registry password',
  docker_registry: 'Registry',
  public_port: 'Public port',
  onstart: 'On start script',
  options: 'Options',
  image_type: 'Image type',
  id: 'Template ID',
};

export const SECRET_SET = 'set';
export const SECRET_NOT_SET = 'not set';

/**
 * Every field of a template for its details page. A secret field shows only
 * whether it is set; its value never leaves this function. Strings are shown
 * as they are (onstart as a block of code), other values as formatted JSON,
 * null as "—".
 */
export function templateDetails(template: Template): TemplateDetailRow[] {
  return TEMPLATE_FIELDS.map((field) => {
    const label = TEMPLATE_LABELS[field];
    const value: Json = template[field];
    if (isSecretField(field)) {
      const set = value !== null && value !== '';
      return { field, label, kind: 'text', value: set ? SECRET_SET : SECRET_NOT_SET };
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
